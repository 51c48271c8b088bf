package org.gridrmi.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The processor's rules, checked by compiling small services with javac. */
class AsyncViewProcessorTest {
  @TempDir
  Path out;

  record Result(boolean ok, String diagnostics, Path dir) {}

  Result compile(String source) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    var file =
        new SimpleJavaFileObject(
            URI.create("string:///p/Svc.java"), javax.tools.JavaFileObject.Kind.SOURCE) {
          @Override
          public CharSequence getCharContent(boolean ignore) {
            return source;
          }
        };
    StringWriter diag = new StringWriter();
    var task = javac.getTask(
        diag,
        null,
        null,
        List.of(
            "-d",
            out.toString(),
            "-s",
            out.toString(),
            "-cp",
            System.getProperty("java.class.path")),
        null,
        List.of(file));
    task.setProcessors(List.of(new AsyncViewProcessor()));
    return new Result(task.call(), diag.toString(), out);
  }

  @Test
  void referencesBecomeTypedRemoteReferencesAndValuesStayValues() throws Exception {
    Result r = compile("""
        package p;
        import org.gridrmi.ref.*;
        @GridService public interface Svc {
          String join(String a, @ByValue String sep, int times);
          double norm(double[] v);
          void reset();
          <T, R> R run(Task<T, R> task, T arg);
        }""");
    assertThat(r.ok()).as(r.diagnostics()).isTrue();
    String view = Files.readString(out.resolve("p/SvcAsync.java"));
    assertThat(view)
        .contains("extends org.gridrmi.ref.AsyncView<p.Svc>")
        .contains(
            "org.gridrmi.ref.RemoteReference<java.lang.String> join("
                + "org.gridrmi.ref.RemoteReference<java.lang.String> a, java.lang.String sep, int times)")
        .contains(
            "org.gridrmi.ref.RemoteReference<java.lang.Double> norm(org.gridrmi.ref.RemoteReference<double[]> v)")
        .contains("org.gridrmi.ref.RemoteReference<java.lang.Void> reset()")
        .contains("<T, R> org.gridrmi.ref.RemoteReference<R> run(org.gridrmi.ref.Task<T,R> task, "
            + "org.gridrmi.ref.RemoteReference<T> arg)");
  }

  @Test
  void overloadsThatCollideInTheViewAreACompileError() {
    Result r = compile("""
        package p;
        import org.gridrmi.ref.*;
        @GridService public interface Svc {
          String f(String a);
          String f(Integer a);
        }""");
    assertThat(r.ok()).isFalse();
    assertThat(r.diagnostics())
        .contains("methods f(java.lang.String) and f(java.lang.Integer) of Svc collide in SvcAsync")
        .contains("give one of them another name");
  }

  @Test
  void aMethodUsingATypeVariableOfAGenericSuperInterfaceIsACompileErrorNamingItAndTheFix() {
    Result r = compile("""
        package p;
        import org.gridrmi.ref.*;
        interface Base<T> { T get(T key); }
        @GridService public interface Svc extends Base<String> {
          <V> V same(V v);
        }""");
    assertThat(r.ok()).isFalse();
    assertThat(r.diagnostics())
        .contains("method Svc.get(T) uses the type variable T of the generic interface Base")
        .contains("declare the method in Svc with concrete types")
        .doesNotContain("same(V)"); // a generic method of its own is fine
  }

  @Test
  void aParameterOrResultThatCannotBeSerializedIsACompileErrorNamingTheMethodAndTheFix() {
    Result r = compile("""
        package p;
        import org.gridrmi.ref.*;
        import java.util.*;
        @GridService public interface Svc {
          int count(Thread t);
          Optional<String> find(String key);
          int sum(List<Widget[]> parts);
          List<String> fine(Map<String, int[]> m, Object any, Number n, java.time.Duration d);
        }
        class Widget {}""");
    assertThat(r.ok()).isFalse();
    assertThat(r.diagnostics())
        .contains(
            "parameter t of Svc.count(java.lang.Thread) has type java.lang.Thread, which is not "
                + "java.io.Serializable")
        .contains("use a serializable type instead")
        .contains(
            "the result of Svc.find(java.lang.String) has type java.util.Optional<java.lang.String>, "
                + "and java.util.Optional is not java.io.Serializable")
        .contains(
            "parameter parts of Svc.sum(java.util.List<p.Widget[]>) has type java.util.List<p.Widget[]>, and "
                + "p.Widget is not java.io.Serializable")
        .contains("make p.Widget implement java.io.Serializable")
        .doesNotContain("Svc.fine");
  }

  @Test
  void aTypeErrorInUserCodeIsACompileError() {
    Result r = compile("""
        package p;
        import org.gridrmi.ref.*;
        @GridService public interface Svc {
          String twice(String a);
        }
        class User {
          Integer wrong(SvcAsync s, RemoteReference<String> a) { return s.twice(a).get(); }
        }""");
    assertThat(r.ok()).isFalse();
    assertThat(r.diagnostics()).contains("incompatible types");
  }
}
