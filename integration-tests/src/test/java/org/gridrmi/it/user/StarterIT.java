package org.gridrmi.it.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The user's path, as the README tells it: examples/starter, a project of its own outside this build, is built
 * with Maven against the artifacts this build just made (installed by maven-invoker-plugin into a repository of
 * this module's own, target/it-repo, whose other artifacts come from the machine's Maven repository, offline), on
 * each JDK, and run across JVMs: its own server main twice and its client, then the stock server loading the
 * starter's jar with --classpath, twice, and the same client.
 */
class StarterIT {
  private static final Duration START = Duration.ofSeconds(60);
  private static final String EXPECTED_TOP = "[the, grid, data]";
  private final List<JvmProcess> processes = new ArrayList<>();

  @AfterEach
  void stop() throws InterruptedException {
    for (JvmProcess p : processes) p.close();
  }

  static List<Path> jdks() throws IOException {
    return Jdks.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("jdks")
  void theStarterBuildsAgainstTheInstalledArtifactsAndRunsAcrossJvms(Path jdk) throws Exception {
    Path project = copyStarter(Path.of("target", "starter-" + Jdks.name(jdk)));
    build(jdk, project);
    assertThat(project.resolve(
            "target/generated-sources/annotations/org/example/starter/TextStatsAsync.java"))
        .as("the processor wrote the async view")
        .exists();
    String starterPath = project.resolve("target/starter.jar") + java.io.File.pathSeparator
        + project.resolve("target/lib") + "/*";

    // 1. the user's own server main, two JVMs, and the client
    String s1 =
        server(jdk, "S1", starterPath, "org.example.starter.StarterServer", List.of("S1", "0"));
    String s2 =
        server(jdk, "S2", starterPath, "org.example.starter.StarterServer", List.of("S2", "0"));
    assertThat(client(jdk, starterPath, s1, s2))
        .contains("top words (S1 -> S2 -> S1): " + EXPECTED_TOP)
        .contains("distinct words (plain RMI): 14");

    // 2. the stock server with the starter's jar on --classpath (its WordCounts values go server to
    // server)
    String stockPath = System.getProperty("java.class.path");
    List<String> stock = List.of(
        "--port",
        "0",
        "--classpath",
        project.resolve("target/starter.jar").toString(),
        "--service",
        "org.example.starter.TextStats=org.example.starter.TextStatsImpl");
    String s3 = server(
        jdk, "S3", stockPath, ServerCommand.class.getName(), with(List.of("--name", "S3"), stock));
    String s4 = server(
        jdk, "S4", stockPath, ServerCommand.class.getName(), with(List.of("--name", "S4"), stock));
    assertThat(client(jdk, starterPath, s3, s4))
        .contains("top words (S3 -> S4 -> S3): " + EXPECTED_TOP)
        .contains("distinct words (plain RMI): 14");

    // the client given a server without TextStats keeps GridRMI's NOT_FOUND message, in one line
    String s5 = server(
        jdk,
        "S5",
        stockPath,
        ServerCommand.class.getName(),
        List.of("--name", "S5", "--port", "0"));
    assertThat(client(jdk, starterPath, 1, s5))
        .contains("StarterClient: NOT_FOUND: no server offers org.example.starter.TextStats")
        .contains("registered: [S5 [")
        .doesNotContain("Exception");

    // 3. deploy/gridrmi-cluster passes --classpath and --service to every host; status and the
    // client find the
    //    starter's service through the lookup service (registered under proxies of TextStats)
    //    (on each JDK: a JDK 24+ client could not read a proxy class annotated with the users' jar
    // as its codebase)
    cluster(jdk, project, starterPath);
  }

  private void cluster(Path jdk, Path project, String starterPath) throws Exception {
    Path root = Path.of(System.getProperty("gridrmi.it.root"));
    Path dir = Files.createDirectories(project.resolve("cluster"));
    String name = Jdks.name(jdk);
    Path hosts = dir.resolve("hosts");
    int port;
    try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    Files.writeString(hosts, "lookup 127.0.0.1 " + port + "\n127.0.0.1 C1\n127.0.0.1 C2\n");
    Map<String, String> env = Map.of(
        "GRIDRMI_CMD",
        jdk.resolve("bin/java") + " -Xmx256m -cp " + System.getProperty("java.class.path")
            + " org.gridrmi.cli.GridRmiCli",
        "GRIDRMI_RUN_DIR",
        dir.resolve("run").toString(),
        "GRIDRMI_READY_TIMEOUT",
        "60",
        "GRIDRMI_JOIN_LEASE",
        "2s");
    String script = root.resolve("deploy/gridrmi-cluster").toString();
    try {
      try (JvmProcess up = JvmProcess.start(
          "cluster-up-" + name,
          List.of(
              "bash",
              script,
              "up",
              hosts.toString(),
              "--classpath",
              project.resolve("target/starter.jar").toString(),
              "--service",
              "org.example.starter.TextStats=org.example.starter.TextStatsImpl"),
          env,
          Launch.log("cluster-up-" + name))) {
        assertThat(up.exitCode(Duration.ofMinutes(2))).as(Launch.text(up)).isZero();
      }
      try (JvmProcess status = JvmProcess.start(
          "cluster-status-" + name,
          List.of("bash", script, "status", hosts.toString(), "--csv"),
          env,
          Launch.log("cluster-status-" + name))) {
        assertThat(status.exitCode(START)).as(Launch.text(status)).isZero();
        assertThat(Launch.text(status))
            .containsPattern("C1,rmi://127\\.0\\.0\\.1:\\d+,org\\.example\\.starter\\.TextStats,")
            .containsPattern("C2,rmi://127\\.0\\.0\\.1:\\d+,org\\.example\\.starter\\.TextStats,");
      }
      assertThat(client(jdk, starterPath, "jini://127.0.0.1:" + port))
          .containsPattern(
              // grid.choose takes the least loaded server first: either may be
              "top words \\((C1 -> C2 -> C1|C2 -> C1 -> C2)\\): "
                  + java.util.regex.Pattern.quote(EXPECTED_TOP));
    } finally {
      try (JvmProcess down = JvmProcess.start(
          "cluster-down-" + name,
          List.of("bash", script, "down", hosts.toString()),
          env,
          Launch.log("cluster-down-" + name))) {
        down.exitCode(START);
      }
    }
  }

  /** Builds the project as a user does ({@code mvn package}), against this build's repository only. */
  private static void build(Path jdk, Path project) throws Exception {
    Path root = Path.of(System.getProperty("gridrmi.it.root"));
    Path settings = project.resolve("it-settings.xml");
    // every artifact not installed by this build comes from the machine's own repository: no
    // download
    Files.writeString(
        settings,
        "<settings><mirrors><mirror><id>central</id><mirrorOf>*</mirrorOf><url>"
            + Path.of(System.getProperty("gridrmi.it.seed")).toUri()
            + "</url></mirror></mirrors></settings>\n");
    List<String> mvn = List.of(
        root.resolve("mvnw").toString(),
        "-B",
        "-q",
        "-s",
        settings.toString(),
        "-Dmaven.repo.local=" + Path.of(System.getProperty("gridrmi.it.repo")).toAbsolutePath(),
        "-Dgridrmi.version=" + System.getProperty("gridrmi.it.version"),
        "-f",
        project.resolve("pom.xml").toString(),
        "package");
    try (JvmProcess maven = JvmProcess.start(
        "mvn-starter-" + Jdks.name(jdk),
        mvn,
        Map.of("JAVA_HOME", jdk.toString()),
        Launch.log("mvn-starter-" + Jdks.name(jdk)))) {
      int code = maven.exitCode(Duration.ofMinutes(5));
      assertThat(code)
          .as("mvn package of the starter on %s:\n%s", jdk, Launch.text(maven))
          .isZero();
    }
  }

  private String server(Path jdk, String name, String classPath, String main, List<String> args)
      throws Exception {
    JvmProcess p = Launch.java(name + "-" + Jdks.name(jdk), jdk, classPath, main, args);
    processes.add(p);
    return p.awaitLine(" ready at (rmi://[^\\s,]+)", START).group(1);
  }

  private static String client(Path jdk, String classPath, String... servers) throws Exception {
    return client(jdk, classPath, 0, servers);
  }

  /** Runs the starter's client, checks it exits with {@code exitCode}, and returns what it printed. */
  private static String client(Path jdk, String classPath, int exitCode, String... servers)
      throws Exception {
    try (JvmProcess client = Launch.java(
        "client-" + Jdks.name(jdk),
        jdk,
        classPath,
        "org.example.starter.StarterClient",
        List.of(servers))) {
      int code = client.exitCode(START);
      assertThat(code).as("client exit code; output:\n%s", Launch.text(client)).isEqualTo(exitCode);
      return Launch.text(client);
    }
  }

  private static List<String> with(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** A fresh copy of examples/starter without build output, so each JDK builds from the sources. */
  private static Path copyStarter(Path to) throws IOException {
    Path from = Path.of(System.getProperty("gridrmi.it.root"), "examples", "starter");
    if (Files.exists(to)) {
      try (Stream<Path> old = Files.walk(to)) {
        old.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
    try (Stream<Path> files = Files.walk(from)) {
      files.filter(p -> !from.relativize(p).startsWith("target")).forEach(p -> {
        try {
          Files.copy(
              p, to.resolve(from.relativize(p).toString()), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
    return to.toAbsolutePath();
  }
}
