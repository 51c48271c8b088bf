package org.gridrmi.runtime;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The packages of gridrmi-runtime import one way: from the bottom, {@code cost} and {@code serial} (serialization
 * policy, filters, codecs), {@code net}, {@code wire} (what travels, references included), {@code telemetry},
 * {@code store}, {@code transport} (the seam), {@code internal} (the RMI transport and its data plane), and the root
 * package (the node, its runtime and fetches) on top. A cycle is fixed by moving a type to the package it belongs
 * below, or by an interface in the lower package, never by leaving a package out here.
 */
@AnalyzeClasses(
    packages = PackageCyclesTest.ROOT,
    importOptions = ImportOption.DoNotIncludeTests.class)
class PackageCyclesTest {
  static final String ROOT = "org.gridrmi.runtime";

  /** Each subpackage with everything under it (internal.* is one slice). */
  @ArchTest
  static final ArchRule subpackagesAreFreeOfCycles =
      slices().matching(ROOT + ".(*)..").should().beFreeOfCycles();

  /** As above, with the root package a slice of its own: nothing below uses the node's runtime. */
  @ArchTest
  static final ArchRule theRootPackageIsOnTop =
      slices().assignedFrom(new TopLevel()).should().beFreeOfCycles();

  /** Every package a slice of its own (internal.rmi uses internal.data, and not the other way). */
  @ArchTest
  static final ArchRule everyPackageIsFreeOfCycles =
      slices().assignedFrom(new EachPackage()).should().beFreeOfCycles();

  /** The root package, and each first-level subpackage with its subpackages. */
  private static final class TopLevel implements SliceAssignment {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass c) {
      String p = c.getPackageName();
      if (p.equals(ROOT)) return SliceIdentifier.of("(root)");
      if (!p.startsWith(ROOT + ".")) return SliceIdentifier.ignore();
      return SliceIdentifier.of(p.substring(ROOT.length() + 1).split("\\.")[0]);
    }

    @Override
    public String getDescription() {
      return "the root package of " + ROOT + " and each of its first-level subpackages";
    }
  }

  /** Each package of the module on its own. */
  private static final class EachPackage implements SliceAssignment {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass c) {
      String p = c.getPackageName();
      return p.equals(ROOT) || p.startsWith(ROOT + ".")
          ? SliceIdentifier.of(p)
          : SliceIdentifier.ignore();
    }

    @Override
    public String getDescription() {
      return "each package of " + ROOT;
    }
  }
}
