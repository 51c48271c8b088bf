package org.gridrmi.it.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The stock server running a user's services from a jar that is not on its class path ({@code --classpath}): the
 * user's own types travel in every way GridRMI moves values, and each is read in the user's class loader: results,
 * references fetched server to server, by-value arguments, a task from the jar, plain RMI arguments; a failure of
 * the user's own exception type reaches the client with its cause.
 */
class UserJarServerIT {
  private static final Duration START = Duration.ofSeconds(60);
  private final List<JvmProcess> processes = new ArrayList<>();

  @AfterEach
  void stop() throws InterruptedException {
    for (JvmProcess p : processes) p.close();
  }

  static final List<String> SOURCES = List.of("""
      package acme;
      public record Shape(String kind, double w, double h) implements java.io.Serializable {}
      """, """
      package acme;
      public record Area(String of, double value) implements java.io.Serializable {}
      """, """
      package acme;
      public class NoSuchShape extends RuntimeException {
        public NoSuchShape(String kind) { super("no shape " + kind); }
      }
      """, """
      package acme;
      public final class Scale implements org.gridrmi.ref.Task<Shape, Shape> {
        private final double factor;
        public Scale(double factor) { this.factor = factor; }
        @Override public Shape apply(Shape s) { return new Shape(s.kind(), s.w() * factor, s.h() * factor); }
      }
      """, """
      package acme;
      import org.gridrmi.ref.*;
      @GridService
      public interface Shapes {
        Shape square(double side);
        Area area(Shape s);
        Shape widen(@ByValue Shape s, double by);
        Shape named(String kind);
        <T, R> R run(Task<T, R> task, T arg);
      }
      """, """
      package acme;
      public class ShapesImpl implements Shapes {
        public Shape square(double side) { return new Shape("square", side, side); }
        public Area area(Shape s) { return new Area(s.kind(), s.w() * s.h()); }
        public Shape widen(Shape s, double by) { return new Shape(s.kind(), s.w() * by, s.h()); }
        public Shape named(String kind) { throw new NoSuchShape(kind); }
        public <T, R> R run(org.gridrmi.ref.Task<T, R> task, T arg) {
          try { return task.apply(arg); } catch (Exception e) { throw new IllegalStateException(e); }
        }
      }
      """, """
      package acme;
      import org.gridrmi.client.*;
      import org.gridrmi.ref.*;
      public final class ShapesClient {
        public static void main(String[] args) {
          try (Grid grid = Grid.connect(args)) {
            ShapesAsync a = grid.async(ShapesAsync.class, grid.servers().get(0));
            ShapesAsync b = grid.async(ShapesAsync.class, grid.servers().get(1));
            RemoteReference<Shape> square = a.square(3);
            System.out.println("by reference, server to server: " + b.area(square).get());
            System.out.println("by value: " + b.area(b.widen(new Shape("rect", 1, 2), 2)).get());
            System.out.println("task: " + a.area(b.run(new Scale(2), square)).get());
            Shapes plain = grid.plain(Shapes.class, grid.servers().get(1));
            System.out.println("plain: " + plain.area(plain.widen(new Shape("rect", 1, 2), 3)));
            try {
              a.named(RemoteReference.of("circle")).get();
            } catch (GridException e) {
              System.out.println("failure: " + e.status() + " cause " + e.getCause());
            }
          }
        }
      }
      """);

  @Test
  void usersTypesAndTasksFromTheJarWorkInEveryPath() throws Exception {
    Path dir = Files.createDirectories(Path.of("target", "user-jar"));
    Path jar = UserJar.build(dir, SOURCES).toAbsolutePath();
    Path java = Path.of(System.getProperty("java.home"));
    String gridrmi =
        System.getProperty("java.class.path"); // the stock server's class path: no acme classes
    List<String> addresses = new ArrayList<>();
    for (String name : List.of("U1", "U2")) {
      JvmProcess server = Launch.java(
          name,
          java,
          gridrmi,
          ServerCommand.class.getName(),
          List.of(
              "--name",
              name,
              "--port",
              "0",
              "--classpath",
              jar.toString(),
              "--service",
              "acme.Shapes=acme.ShapesImpl",
              "--allow-task",
              "acme.Scale"));
      processes.add(server);
      addresses.add(server.awaitLine(" ready at (rmi://[^\\s,]+)", START).group(1));
    }
    try (JvmProcess client = Launch.java(
        "shapes-client",
        java,
        jar + File.pathSeparator + gridrmi,
        "acme.ShapesClient",
        addresses)) {
      assertThat(client.exitCode(START)).as(Launch.text(client)).isZero();
      assertThat(Launch.text(client))
          .contains("by reference, server to server: Area[of=square, value=9.0]")
          .contains("by value: Area[of=rect, value=4.0]")
          .contains("task: Area[of=square, value=36.0]")
          .contains("plain: Area[of=rect, value=6.0]")
          .contains("failure: REMOTE_FAILURE cause")
          .contains("acme.NoSuchShape: no shape circle");
    }
  }
}
