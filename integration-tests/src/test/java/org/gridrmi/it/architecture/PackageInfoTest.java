package org.gridrmi.it.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every main package of every module has a package-info.java, and that of a public package (no segment
 * "internal") lists under "Public API:" exactly the package's public top-level types, so that the list a reader
 * trusts to learn a module's API cannot drift from the code when a class moves, appears or goes.
 *
 * <p>It reads the sources of the checkout, not the compiled classes: Javadoc is not in a class file, and the
 * modules outside the reactor's test class path (benchmarks/jmh, the standalone examples/starter) count too. A
 * module is a directory with a pom.xml and src/main/java; a package is a directory there holding .java files,
 * counted per module (org.gridrmi.ref is split between remote-ref/api and remote-ref/inprocess, and each half
 * lists its own types). A public top-level type is a type declared {@code public} outside any braces of its file,
 * found after comments and string literals are removed. A package-info.java alone in its folder documents a package
 * with no types, which fails too.
 *
 * <p>The list is the {@code <li>{@link Type}: ...} items between "Public API:" and the next {@code </ul>}; each
 * public type once, nothing else. A failure names every package at fault with its missing and stale types.
 */
class PackageInfoTest {

  private static final Pattern LIST_ITEM = Pattern.compile("<li>\\s*\\{@link\\s+([\\w.]+)\\s*}");
  private static final Pattern TYPE_KEYWORD =
      Pattern.compile("(?<![\\w.])(class|interface|enum|record)\\s+([A-Za-z_$][\\w$]*)");
  private static final Pattern PUBLIC = Pattern.compile("(?<![\\w.@-])public(?![\\w-])");

  @Test
  void everyMainPackageHasAPackageInfoAndPublicOnesListTheirPublicTypes() throws IOException {
    Path root = checkoutRoot();
    Map<String, Path> packages = mainPackages(root);
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, Path> e : packages.entrySet()) {
      problems.addAll(problemsOf(e.getKey(), e.getValue()));
    }
    assertThat(problems)
        .as(
            "package-info.java problems (a main package needs one; a public package's \"Public API:\" list names"
                + " exactly its public top-level types, one <li>{@link Type}: ... each)")
        .isEmpty();
  }

  /** Guards the test above against passing on nothing: it finds the modules and packages it is meant to check. */
  @Test
  void findsTheModulesAndTheirPackages() throws IOException {
    Map<String, Path> packages = mainPackages(checkoutRoot());
    assertThat(packages.keySet())
        .contains(
            "remote-ref/api: org.gridrmi.ref",
            "remote-ref/inprocess: org.gridrmi.ref",
            "remote-ref/runtime: org.gridrmi.runtime",
            "remote-ref/runtime: org.gridrmi.runtime.internal.rmi",
            "client-api: org.gridrmi.client",
            "server-runtime: org.gridrmi.server",
            "perf-model: org.gridrmi.perf",
            "cli: org.gridrmi.cli",
            "benchmarks: org.gridrmi.benchmarks",
            "benchmarks/jmh: org.gridrmi.benchmarks.jmh",
            "examples/starter: org.example.starter");
    assertThat(publicTopLevelTypes(packages.get("remote-ref/api: org.gridrmi.ref")))
        .contains("RemoteReference", "GridException", "GridService", "AsyncView");
  }

  @Test
  void findsOnlyPublicTopLevelDeclarations() {
    String source = """
        package p;
        import java.util.List; // public class InAComment {}
        /** public class InJavadoc {} */
        @SuppressWarnings({"unchecked", "rawtypes"})
        public final class Outer<T extends Comparable<T>> {
          public static final class Nested {}
          String s = "public class InAString {";
          char c = '{';
          Class<?> k = Outer.class;
        }
        final class PackagePrivate {}
        @Deprecated public sealed interface Sealed permits A {}
        public record Rec(int a) implements java.io.Serializable {}
        public @interface Ann { String value() default "}"; }
        enum NotPublic { A }
        """;
    assertThat(publicTopLevelTypesOf(source)).containsExactly("Ann", "Outer", "Rec", "Sealed");
  }

  // --- the pieces

  /** What is wrong with one package's package-info: nothing, or each fault as one line naming the package. */
  private static List<String> problemsOf(String name, Path dir) throws IOException {
    Path info = dir.resolve("package-info.java");
    if (!Files.exists(info)) return List.of(name + ": no package-info.java");
    if (!hasSourcesBesidesPackageInfo(dir))
      return List.of(name + ": a package-info.java in a folder with no other source: delete it");
    String pkg = name.substring(name.indexOf(": ") + 2);
    if (isInternal(pkg)) return List.of();
    String javadoc = Files.readString(info);
    int at = javadoc.indexOf("Public API:");
    if (at < 0)
      return List.of(name + ": a public package whose package-info has no \"Public API:\" list");
    int end = javadoc.indexOf("</ul>", at);
    String list = javadoc.substring(at, end < 0 ? javadoc.length() : end);
    List<String> listed = new ArrayList<>();
    Matcher m = LIST_ITEM.matcher(list);
    while (m.find()) listed.add(m.group(1));
    Set<String> types = publicTopLevelTypes(dir);
    Set<String> missing = new TreeSet<>(types);
    missing.removeAll(listed);
    Set<String> stale = new TreeSet<>(listed);
    stale.removeAll(types);
    Set<String> twice = new TreeSet<>();
    Set<String> seen = new TreeSet<>();
    for (String t : listed) if (!seen.add(t)) twice.add(t);
    List<String> problems = new ArrayList<>();
    if (!missing.isEmpty())
      problems.add(name + ": public types missing from \"Public API:\": " + missing);
    if (!stale.isEmpty())
      problems.add(name
          + ": listed under \"Public API:\" but no public top-level type of the package: " + stale);
    if (!twice.isEmpty())
      problems.add(name + ": listed more than once under \"Public API:\": " + twice);
    return problems;
  }

  private static boolean isInternal(String pkg) {
    return ("." + pkg + ".").contains(".internal.");
  }

  /** The root of the checkout: surefire runs in integration-tests/, the root is the folder above with mvnw. */
  private static Path checkoutRoot() {
    Path dir = Path.of("").toAbsolutePath();
    for (Path d = dir; d != null; d = d.getParent()) {
      if (Files.exists(d.resolve("mvnw")) && Files.isDirectory(d.resolve("remote-ref"))) return d;
    }
    throw new AssertionError(
        "no GridRMI checkout (a folder with mvnw and remote-ref/) above " + dir);
  }

  /** Every package with .java files under a module's src/main/java, keyed "module/dir: package". */
  private static Map<String, Path> mainPackages(Path root) throws IOException {
    Map<String, Path> packages = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      List<Path> sourceRoots = all.filter(p -> p.endsWith(Path.of("src", "main", "java")))
          .filter(p -> Files.exists(p.getParent().getParent().getParent().resolve("pom.xml")))
          .filter(p -> !isBuildOutputOrHidden(root.relativize(p)))
          .toList();
      for (Path src : sourceRoots) {
        String module = root.relativize(src.getParent().getParent().getParent()).toString();
        try (Stream<Path> dirs = Files.walk(src)) {
          for (Path dir : dirs.filter(Files::isDirectory).toList()) {
            if (!hasJavaFiles(dir)) continue;
            String pkg =
                src.relativize(dir).toString().replace(dir.getFileSystem().getSeparator(), ".");
            packages.put(module + ": " + pkg, dir);
          }
        }
      }
    }
    return packages;
  }

  /** Whether a path lies in a build's output (target/) or a hidden folder such as .git. */
  private static boolean isBuildOutputOrHidden(Path relative) {
    for (Path segment : relative) {
      String s = segment.toString();
      if (s.equals("target") || s.startsWith(".")) return true;
    }
    return false;
  }

  private static boolean hasSourcesBesidesPackageInfo(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.anyMatch(f -> f.toString().endsWith(".java")
          && !f.getFileName().toString().equals("package-info.java"));
    }
  }

  private static boolean hasJavaFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.anyMatch(f -> f.toString().endsWith(".java"));
    }
  }

  private static Set<String> publicTopLevelTypes(Path dir) {
    Set<String> types = new TreeSet<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        if (f.getFileName().toString().equals("package-info.java")) continue;
        types.addAll(publicTopLevelTypesOf(Files.readString(f)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return types;
  }

  /**
   * The public types declared at the top level of one source file: the code outside any braces, cut into
   * declarations at each semicolon or closing brace, with comments and literals removed first.
   */
  static Set<String> publicTopLevelTypesOf(String source) {
    String code = withoutCommentsAndLiterals(source);
    Set<String> types = new TreeSet<>();
    StringBuilder declaration = new StringBuilder();
    int depth = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c == '{') {
        if (depth == 0) {
          String d = declaration.toString();
          Matcher m = TYPE_KEYWORD.matcher(d);
          String name = null;
          int keywordAt = -1;
          while (m.find()) {
            name = m.group(2);
            keywordAt = m.start();
          }
          if (name != null && PUBLIC.matcher(d.substring(0, keywordAt)).find()) types.add(name);
        }
        depth++;
        declaration.setLength(0);
      } else if (c == '}') {
        depth--;
        declaration.setLength(0);
      } else if (depth == 0) {
        if (c == ';') declaration.setLength(0);
        else declaration.append(c);
      }
    }
    return types;
  }

  /** The source with comments, string and character literals and text blocks replaced by a space. */
  private static String withoutCommentsAndLiterals(String s) {
    StringBuilder out = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      if (s.startsWith("/*", i)) {
        i = skipPast(s, "*/", i + 2);
      } else if (s.startsWith("//", i)) {
        int eol = s.indexOf('\n', i);
        i = eol < 0 ? s.length() : eol;
      } else if (s.startsWith("\"\"\"", i)) {
        int j = i + 3;
        while (j < s.length() && !s.startsWith("\"\"\"", j)) j += s.charAt(j) == '\\' ? 2 : 1;
        i = Math.min(j + 3, s.length());
        out.append(' ');
      } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
        char quote = s.charAt(i);
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != quote) j += s.charAt(j) == '\\' ? 2 : 1;
        i = Math.min(j + 1, s.length());
        out.append(' ');
      } else {
        out.append(s.charAt(i++));
      }
    }
    return out.toString();
  }

  private static int skipPast(String s, String end, int from) {
    int at = s.indexOf(end, from);
    return at < 0 ? s.length() : at + end.length();
  }
}
