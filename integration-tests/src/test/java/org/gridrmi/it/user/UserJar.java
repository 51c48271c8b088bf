package org.gridrmi.it.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/** A user's jar made by the test: sources compiled with javac and GridRMI's processor on the processor path. */
final class UserJar {
  private UserJar() {}

  static Path build(Path dir, List<String> sources) throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    List<JavaFileObject> files = new ArrayList<>();
    for (String src : sources) {
      String name =
          src.replaceAll("(?s).*?public (?:final )?(?:interface|class|record) (\\w+).*", "$1");
      String pkg = src.replaceAll("(?s)package ([\\w.]+);.*", "$1");
      files.add(
          new SimpleJavaFileObject(
              URI.create("string:///" + pkg.replace('.', '/') + "/" + name + ".java"),
              JavaFileObject.Kind.SOURCE) {
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
                "-d",
                classes.toString(),
                "-s",
                classes.toString(),
                "-processorpath",
                processorPath(),
                "-cp",
                System.getProperty("java.class.path")),
            null,
            files)
        .call();
    assertThat(ok).as(diagnostics.toString()).isTrue();
    Path jar = dir.resolve("user.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        Stream<Path> all = Files.walk(classes)) {
      for (Path p : all.filter(f -> f.toString().endsWith(".class")).toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
        Files.copy(p, (OutputStream) out);
        out.closeEntry();
      }
    }
    return jar;
  }

  /** gridrmi-processor as this module's test class path has it (a jar, or the reactor's classes directory). */
  private static String processorPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(p ->
            p.contains("gridrmi-processor") || p.replace('\\', '/').contains("/processor/target/"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("gridrmi-processor is not on the test class path"));
  }
}
