package org.gridrmi.it.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.Source;
import java.net.URI;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The GridRMI modules whose production classes the architecture test checks, and which module a class belongs to.
 *
 * <p>A class belongs to the module it was loaded from, not to its package: org.gridrmi.ref is split between
 * remote-ref (the API) and gridrmi-inprocess (InProcessNetwork, InternalInProcess), so a package name cannot tell.
 * In a reactor build a module's classes come from {@code DIR/target/classes/}; when Maven resolves the module from
 * a repository (or after {@code package}) they come from {@code ARTIFACT-VERSION.jar}. A new module must be added
 * here, or {@link ArchitectureTest} fails on its classes as "of no known module".
 */
enum GridModule {
  REMOTE_REF("remote-ref", "remote-ref/api"),
  RUNTIME("gridrmi-runtime", "remote-ref/runtime"),
  INPROCESS("gridrmi-inprocess", "remote-ref/inprocess"),
  CLIENT_API("client-api", "client-api"),
  SERVER_RUNTIME("server-runtime", "server-runtime"),
  LOOKUP_SERVICE("lookup-service", "lookup-service"),
  PERF_MODEL("perf-model", "perf-model"),
  JAMA_ADAPTER("jama-adapter", "jama-adapter"),
  EXAMPLES("gridrmi-examples", "examples"),
  CLI("gridrmi-cli", "cli"),
  BENCHMARKS("gridrmi-benchmarks", "benchmarks"),
  PROCESSOR("gridrmi-processor", "processor"),
  TEST_SUPPORT("test-support", "test-support");

  private final String artifactId;
  private final Pattern classesDirectory;
  private final Pattern jar;

  GridModule(String artifactId, String directory) {
    this.artifactId = artifactId;
    this.classesDirectory =
        Pattern.compile(".*/" + Pattern.quote(directory) + "/target/classes/.*");
    // ARTIFACT-VERSION.jar (a version starts with a digit), not ARTIFACT-VERSION-tests.jar
    this.jar =
        Pattern.compile(".*/" + Pattern.quote(artifactId) + "-\\d[^/!]*(?<!-tests)\\.jar!/.*");
  }

  /** The Maven artifactId, which is how the rules' messages name the module. */
  String artifactId() {
    return artifactId;
  }

  @Override
  public String toString() {
    return artifactId;
  }

  /** The module a class location (a URI of a .class file, in a directory or a jar) belongs to, if any. */
  static Optional<GridModule> ofLocation(URI location) {
    String uri = location.toString();
    for (GridModule m : values()) {
      if (m.classesDirectory.matcher(uri).matches() || m.jar.matcher(uri).matches())
        return Optional.of(m);
    }
    return Optional.empty();
  }

  /**
   * The module a class was loaded from; empty for the JDK's and third-party classes, and for classes ArchUnit only
   * knows as the target of a dependency.
   */
  static Optional<GridModule> of(JavaClass javaClass) {
    JavaClass c = javaClass.getBaseComponentType();
    return c.getSource().map(Source::getUri).flatMap(GridModule::ofLocation);
  }

  /** Whether the class was loaded from this module. */
  boolean contains(JavaClass javaClass) {
    return of(javaClass).orElse(null) == this;
  }
}
