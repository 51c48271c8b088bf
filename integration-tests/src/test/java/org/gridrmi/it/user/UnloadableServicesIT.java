package org.gridrmi.it.user;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.cli.GridRmiCli;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.jama.MatrixOps;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two servers registered with a user's service whose interface the asking JVM cannot load (its jar is not on the
 * class path): {@code gridrmi status} and a Grid count them and name them instead of reporting no server at all.
 */
class UnloadableServicesIT {
  private static final Duration START = Duration.ofSeconds(60);
  private static final List<JvmProcess> processes = new ArrayList<>();
  static Path jar;
  static String lookup;
  static final Path JAVA = Path.of(System.getProperty("java.home"));
  /** The stock class path: GridRMI and its examples, no acme classes. */
  static final String GRIDRMI = System.getProperty("java.class.path");

  @BeforeAll
  static void lookupAndTwoServersOfAUsersService() throws Exception {
    Path dir = Files.createDirectories(Path.of("target", "user-jar-unloadable"));
    jar = UserJar.build(dir, UserJarServerIT.SOURCES).toAbsolutePath();
    JvmProcess reggie = Launch.java(
        "unloadable-reggie", JAVA, GRIDRMI, LookupCommand.class.getName(), List.of("--port", "0"));
    processes.add(reggie);
    lookup = reggie.awaitLine("ready at (jini://\\S+)", START).group(1);
    for (String name : List.of("U1", "U2")) {
      JvmProcess server = Launch.java(
          "unloadable-" + name,
          JAVA,
          GRIDRMI,
          ServerCommand.class.getName(),
          List.of(
              "--name",
              name,
              "--port",
              "0",
              "--lookup",
              lookup,
              "--classpath",
              jar.toString(),
              "--service",
              "acme.Shapes=acme.ShapesImpl"));
      processes.add(server);
      server.awaitLine(" ready at rmi://\\S+ .*registered with", START);
    }
  }

  @AfterAll
  static void stop() throws InterruptedException {
    for (JvmProcess p : processes) p.close();
  }

  /** Runs {@code gridrmi ARGS} with the stock class path; checks its exit code and returns what it printed. */
  private static String gridrmi(int exitCode, List<String> args) throws Exception {
    try (JvmProcess command =
        Launch.java("unloadable-" + args.get(0), JAVA, GRIDRMI, GridRmiCli.class.getName(), args)) {
      assertThat(command.exitCode(START)).as(Launch.text(command)).isEqualTo(exitCode);
      return Launch.text(command);
    }
  }

  private static String status(String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of("status", "--lookup", lookup));
    args.addAll(List.of(extra));
    return gridrmi(0, args);
  }

  @Test
  void theDemoOnThatGridNamesThemWhenItFindsNoServerOfItsOwnServices() throws Exception {
    String out = gridrmi(1, List.of("demo", "--lookup", lookup, "--n", "20", "--runs", "1"));

    assertThat(out)
        .contains("registered: []")
        .contains("also 2 servers registered whose service interfaces are not on this class path:"
            + " U1 [acme.Shapes], U2 [acme.Shapes]");
  }

  @Test
  void statusWithoutTheJarCountsAndNamesTheServersItCannotRead() throws Exception {
    String out = status();

    assertThat(out)
        .contains("0 server(s) registered with " + lookup)
        .contains("2 servers registered whose service interfaces are not on this class path:"
            + " U1 [acme.Shapes], U2 [acme.Shapes]; add --classpath with their jars");
  }

  @Test
  void statusWithTheJarListsThemAndSaysNothingMore() throws Exception {
    String out = status("--classpath", jar.toString());

    assertThat(out)
        .contains("2 server(s) registered with " + lookup)
        .doesNotContain("not on this class path");
  }

  @Test
  void aGridWithoutTheJarNamesThemWhereItFindsNoServer() {
    try (Grid grid = Grid.connect(lookup)) {
      assertThat(grid.unloadableServers())
          .extracting(ServerInfo::name, ServerInfo::services)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("U1", List.of("acme.Shapes")),
              org.assertj.core.groups.Tuple.tuple("U2", List.of("acme.Shapes")));
      assertThatThrownBy(() -> grid.choose(MatrixOps.class, s -> true))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.NOT_FOUND))
          .hasMessageContaining("registered: none")
          .hasMessageContaining("2 servers registered whose service interfaces are not on this"
              + " class path: U1 [acme.Shapes], U2 [acme.Shapes]");
    }
  }
}
