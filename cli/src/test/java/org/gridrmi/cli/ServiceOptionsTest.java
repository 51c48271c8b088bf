package org.gridrmi.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --classpath} and {@code --service} mistakes, against a user's classes compiled here (not on this
 * JVM's class path): each is refused before the server starts, in one line naming the jar or class and what was
 * expected, with exit code 2.
 */
class ServiceOptionsTest {
  @TempDir
  static Path dir;

  static Path classes;

  @BeforeAll
  static void userJar() throws IOException {
    classes = compile(
        dir,
        List.of(
            "package acme; @org.gridrmi.ref.GridService public interface Svc { String hi(); }",
            "package acme; public interface Plain { String hi(); }",
            "package acme; public class Good implements Svc, Plain { public String hi() { return \"hi\"; } }",
            "package acme; public class NoCtor implements Svc { public NoCtor(String s) {} public String hi() { return s(); }"
                + " String s() { return \"\"; } }",
            "package acme; public abstract class Half implements Svc {}",
            "package acme; public class NotSvc {}"));
  }

  record Outcome(int exit, String err) {}

  static Outcome server(String... args) {
    StringWriter err = new StringWriter();
    int exit = CommandRunner.execute(
        new PrintWriter(new StringWriter(), true),
        new PrintWriter(err, true),
        new ServerCommand(),
        args);
    return new Outcome(exit, err.toString());
  }

  static void refused(Outcome o, String... parts) {
    assertThat(o.exit()).as("exit code; stderr: " + o.err()).isEqualTo(2);
    assertThat(o.err().strip().split("\\R")).as("stderr").hasSize(1);
    assertThat(o.err()).contains(parts).doesNotContain("Exception", "\tat ");
  }

  Outcome service(String spec) {
    return server("--port", "0", "--classpath", classes.toString(), "--service", spec);
  }

  @Test
  void aMissingJarIsNamed() {
    refused(
        server(
            "--classpath",
            classes + java.io.File.pathSeparator + dir.resolve("nope.jar"),
            "--service",
            "acme.Svc=acme.Good"),
        "--classpath",
        "no such jar or directory " + dir.resolve("nope.jar"));
  }

  @Test
  void anUnknownClassIsNamedWithWhereItWasLookedFor() {
    refused(
        service("acme.Svc=acme.Nope"),
        "--service 'acme.Svc=acme.Nope'",
        "no class acme.Nope",
        "in --classpath " + classes);
    refused(
        server("--port", "0", "--service", "acme.Svc=acme.Good"),
        "no interface acme.Svc",
        "give its jar with --classpath");
  }

  @Test
  void aClassThatDoesNotImplementTheInterfaceIsRefused() {
    refused(service("acme.Svc=acme.NotSvc"), "acme.NotSvc does not implement acme.Svc");
  }

  @Test
  void anInterfaceThatIsNotAGridServiceIsRefused() {
    refused(
        service("acme.Plain=acme.Good"),
        "acme.Plain is not a @GridService interface",
        "annotate it with @org.gridrmi.ref.GridService");
    refused(service("acme.Good=acme.Good"), "acme.Good is a class, not an interface");
  }

  @Test
  void anImplementationTheServerCannotMakeIsRefused() {
    refused(service("acme.Svc=acme.NoCtor"), "acme.NoCtor has no public no-argument constructor");
    refused(service("acme.Svc=acme.Half"), "acme.Half is abstract");
  }

  @Test
  void aMalformedPairIsRefused() {
    refused(service("acme.Svc"), "--service 'acme.Svc'", "expected INTERFACE=IMPLEMENTATION");
  }

  /** Compiles one-class sources (the test's class path visible) into a class directory, a --classpath entry too. */
  static Path compile(Path dir, List<String> sources) throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    List<JavaFileObject> files = new ArrayList<>();
    for (String src : sources) {
      String name = src.replaceAll("(?s).*?(?:interface|class) (\\w+).*", "$1");
      files.add(
          new SimpleJavaFileObject(
              URI.create("string:///acme/" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignore) {
              return src;
            }
          });
    }
    StringWriter diagnostics = new StringWriter();
    boolean ok = ToolProvider.getSystemJavaCompiler()
        .getTask(
            diagnostics,
            null,
            null,
            List.of(
                "-proc:none",
                "-d",
                classes.toString(),
                "-cp",
                System.getProperty("java.class.path")),
            null,
            files)
        .call();
    assertThat(ok).as(diagnostics.toString()).isTrue();
    return classes;
  }
}
