package org.gridrmi.it.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static java.util.stream.Collectors.joining;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which GridRMI module may use which classes, checked on the compiled production classes of every module (not their
 * tests, not third-party code). Each rule's "because" says why it exists; a failure lists every offending
 * dependency as "Class A calls/extends/has a field of class B (File.java:line)".
 *
 * <p>Run it alone with {@code ./mvnw -B -o test -pl integration-tests -am -Dsurefire.failIfNoSpecifiedTests=false
 * -Dtest=ArchitectureTest}. The {@code -am} matters: it makes Maven load each module from its target/classes in this
 * checkout rather than from whatever jar an earlier install left in the local repository. docs/contributing.md
 * explains the rules for newcomers.
 */
@AnalyzeClasses(
    packages = "org.gridrmi",
    importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.GridRmiModulesOnly.class
    })
class ArchitectureTest {

  /** Imports only classes loaded from a GridRMI module (so not the tests' own helpers under org.gridrmi.it). */
  static final class GridRmiModulesOnly implements ImportOption {
    @Override
    public boolean includes(Location location) {
      return GridModule.ofLocation(location.asURI()).isPresent();
    }
  }

  /** A package whose name has a segment "internal": the module's own business, reached by others only via a gate. */
  private static final Pattern INTERNAL_PACKAGE = Pattern.compile("(^|.*\\.)internal(\\..*|$)");

  // --- the rules

  /** (a) A module's internal packages are its own. */
  @ArchTest
  static final ArchRule no_module_reaches_into_another_modules_internal_packages = classes()
      .should(notDependOnAnotherModulesInternalPackages())
      .because("a package named *.internal belongs to the module that holds it and may change "
          + "in any release; another GridRMI module that needs something from it goes "
          + "through a gate: a public class named Internal* in a public package of the "
          + "owning module (gRPC's pattern, e.g. org.gridrmi.ref.InternalInProcess), so "
          + "that every cross-module use of internals is visible in one place");

  /** (b) River (Jini) is a detail of lookup-service. */
  @ArchTest
  static final ArchRule only_lookup_service_uses_jini = noClasses()
      .that(areNotIn(GridModule.LOOKUP_SERVICE))
      .should()
      .dependOnClassesThat()
      .resideInAnyPackage("net.jini..", "com.sun.jini..", "org.apache.river..")
      .because("Apache River (Jini) is the lookup service's implementation: the rest of "
          + "GridRMI reaches lookup through org.gridrmi.lookup's own types, so River stays "
          + "replaceable and off every other class path");

  /** (c) JAMA is a detail of jama-adapter (and of the examples and benchmarks that use matrices). */
  @ArchTest
  static final ArchRule core_modules_do_not_use_jama = noClasses()
      .that(areIn(
          GridModule.REMOTE_REF,
          GridModule.RUNTIME,
          GridModule.INPROCESS,
          GridModule.CLIENT_API,
          GridModule.SERVER_RUNTIME,
          GridModule.LOOKUP_SERVICE,
          GridModule.PERF_MODEL))
      .should()
      .dependOnClassesThat()
      .resideInAPackage("Jama..")
      .because("the core of GridRMI moves any user's values; the JAMA matrix library is one "
          + "such user type and lives in jama-adapter (MatrixCodec, MatrixOps), so that the "
          + "core never needs JAMA on its class path");

  /** (d) The command line's libraries stay in the command line. */
  @ArchTest
  static final ArchRule only_the_command_line_uses_picocli_and_the_opentelemetry_sdk = noClasses()
      .that(areNotIn(GridModule.CLI, GridModule.BENCHMARKS))
      .should()
      .dependOnClassesThat()
      .resideInAnyPackage("picocli..", "io.opentelemetry.sdk..", "io.opentelemetry.exporter..")
      .because("picocli and the OpenTelemetry SDK (with its exporters) belong to the gridrmi "
          + "command (gridrmi-cli) and to gridrmi-benchmarks, whose benchmarks and demo are "
          + "commands of that same gridrmi command (added through "
          + "org.gridrmi.cli.CommandProvider); a library such as client-api uses only the "
          + "OpenTelemetry API and leaves the choice of SDK and exporter to the application "
          + "that embeds it");

  /** (e) The API users compile against needs nothing but the JDK. */
  @ArchTest
  static final ArchRule the_api_depends_on_the_jdk_only = classes()
      .that(areIn(GridModule.REMOTE_REF))
      .should()
      .onlyDependOnClassesThat(resideInAPackage("java..").or(areIn(GridModule.REMOTE_REF)))
      .because("remote-ref (org.gridrmi.ref, org.gridrmi.ref.spi) is the API users compile "
          + "against and implement: it must stay a JDK-only jar that any application can "
          + "take without pulling in GridRMI's runtime or its libraries (InProcessNetwork "
          + "and InternalInProcess share its package but live in gridrmi-inprocess)");

  /**
   * (f) Inside each module, packages depend on each other in one direction. A public package X and its own
   * X.internal count as one (the public types and their implementation use each other by design: Grid holds a
   * Session, Session implements GridScope); any other cycle fails.
   */
  @ArchTest
  static final ArchRule no_package_cycles_inside_a_module = slices()
      .assignedFrom(packagesOfEachModule())
      .should()
      .beFreeOfCycles()
      .because("packages that depend on each other in a circle cannot be understood, tested or "
          + "split apart one at a time; inside a module, a lower package never depends on a "
          + "higher one (a package X and its X.internal count as one)");

  /** Guards the rules above against passing on nothing: every module is found, and every class has a module. */
  @ArchTest
  static void every_module_is_imported_and_every_class_has_a_module(JavaClasses classes) {
    EnumSet<GridModule> found = EnumSet.noneOf(GridModule.class);
    for (JavaClass c : classes) {
      GridModule.of(c).ifPresentOrElse(found::add, () -> {
        throw new AssertionError(c.getName() + " was imported but is of no known module (from "
            + c.getSource().map(s -> s.getUri().toString()).orElse("nowhere")
            + "): add its module to GridModule");
      });
    }
    Set<GridModule> missing = EnumSet.complementOf(found);
    if (!missing.isEmpty()) {
      throw new AssertionError(
          "no production class was found of " + missing + ": is it a test dependency of "
              + "integration-tests, and did Maven build it (run with -am)?");
    }
  }

  // --- the pieces the rules are made of

  private static DescribedPredicate<JavaClass> areIn(GridModule... modules) {
    List<GridModule> in = Arrays.asList(modules);
    return DescribedPredicate.describe(
        "are in " + names(in), c -> GridModule.of(c).map(in::contains).orElse(false));
  }

  private static DescribedPredicate<JavaClass> areNotIn(GridModule... modules) {
    List<GridModule> out = Arrays.asList(modules);
    return DescribedPredicate.describe(
        "are not in " + names(out),
        c -> GridModule.of(c).map(m -> !out.contains(m)).orElse(false));
  }

  private static String names(List<GridModule> modules) {
    return modules.stream().map(GridModule::artifactId).collect(joining(", "));
  }

  private static ArchCondition<JavaClass> notDependOnAnotherModulesInternalPackages() {
    return new ArchCondition<>("not depend on classes in another module's internal packages") {
      @Override
      public void check(JavaClass origin, ConditionEvents events) {
        Optional<GridModule> from = GridModule.of(origin);
        for (Dependency d : origin.getDirectDependenciesFromSelf()) {
          JavaClass target = d.getTargetClass().getBaseComponentType();
          if (!INTERNAL_PACKAGE.matcher(target.getPackageName()).matches()) continue;
          Optional<GridModule> to = GridModule.of(target);
          if (to.isPresent() && !to.equals(from)) {
            String module = from.map(GridModule::artifactId).orElse("?");
            String message = module + " uses the internal package " + target.getPackageName()
                + " of " + to.get() + ": " + d.getDescription();
            events.add(SimpleConditionEvent.violated(d, message));
          }
        }
      }
    };
  }

  private static SliceAssignment packagesOfEachModule() {
    return new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        Optional<GridModule> module = GridModule.of(c);
        if (module.isEmpty()) return SliceIdentifier.ignore();
        // X.internal is one slice with X (named X); X.internal.sub is a slice of its own
        String p = c.getPackageName();
        String unit =
            p.endsWith(".internal") ? p.substring(0, p.length() - ".internal".length()) : p;
        return SliceIdentifier.of(module.get().artifactId() + ": " + unit);
      }

      @Override
      public String getDescription() {
        return "the packages of each module (X.internal counted with X)";
      }
    };
  }
}
