package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.Status;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/**
 * Both builders refuse a bad argument the same way, at the call that passes it: GridException
 * INVALID_ARGUMENT (null included) naming the option and the value. What only the whole configuration can tell stays
 * a GridException of {@code build()} / {@code start()}; and what a builder made keeps the settings it was made with.
 */
class BuilderArgumentsTest {
  private static final Duration ZERO = Duration.ZERO;
  private static final Duration NEGATIVE = Duration.ofMillis(-5);

  static void refused(ThrowingCallable call, String... named) {
    assertThatThrownBy(call)
        .isExactlyInstanceOf(GridException.class)
        .hasMessageContainingAll(named)
        .satisfies(
            e -> assertThat(((GridException) e).status()).isEqualTo(Status.INVALID_ARGUMENT));
  }

  static void refusedNull(ThrowingCallable call, String option) {
    assertThatThrownBy(call)
        .isExactlyInstanceOf(GridException.class)
        .hasMessageContaining(option)
        .satisfies(
            e -> assertThat(((GridException) e).status()).isEqualTo(Status.INVALID_ARGUMENT));
  }

  @Test
  void aGridBuilderRefusesABadArgumentNamingTheOptionAndTheValue() {
    Grid.Builder b = Grid.builder();
    refused(() -> b.callTimeout(ZERO), "callTimeout", "PT0S");
    refused(() -> b.fetchWait(NEGATIVE), "fetchWait", "PT-0.005S");
    refused(() -> b.referenceTransit(ZERO), "referenceTransit", "PT0S");
    refused(() -> b.discoveryTimeout(ZERO), "discoveryTimeout", "PT0S");
    refusedNull(() -> b.callTimeout(null), "callTimeout");
    refused(() -> b.host(" "), "host", "' '");
    refused(() -> b.link("warp"), "link", "warp");
    refused(() -> b.allow("com.acme.*", "com acme"), "allow", "com acme");
    refused(() -> b.allow("a.B,c..D"), "allow", "c..D", "a.B,c..D");
    refused(() -> b.store(0, null, 0), "maxStore", "0");
    refused(() -> b.store(1, null, -2), "maxSpill", "-2");
    refused(b::servers, "servers", "none");
    refused(() -> b.servers("rmi://h:1", ""), "servers[1]");
    refusedNull(() -> b.servers((String) null), "servers[0]");
    refused(() -> b.connect("jini://h:4160", "rmi://h:1"), "connect", "jini://h:4160");
    refused(b::connect, "connect", "none");
    refused(() -> b.lookup(""), "lookup");
    refusedNull(() -> b.discover((String) null), "discover[0]");
    refusedNull(() -> b.tls(null), "tls");
    refusedNull(() -> b.secret(null), "secret");
    refusedNull(() -> b.openTelemetry(null), "openTelemetry");
    refusedNull(() -> b.inProcess(null), "inProcess");
  }

  @Test
  void aGridBuilderTakesWhatItsMethodsAllowAndReturnsItself() {
    Grid.Builder b = Grid.builder();
    assertThat(b.callTimeout(Duration.ofMillis(1))
            .fetchWait(Duration.ofSeconds(1))
            .referenceTransit(Duration.ofSeconds(1))
            .discoveryTimeout(Duration.ofSeconds(1))
            .host("localhost")
            .link("default=lan,S3=paper-wan")
            .allow("a.B", "c.d.*,e.**", "f.G$H")
            .store(1, null, -1)
            .store(1, null, 0)
            .collectOnServerPressure(false)
            .connect("rmi://h:1", "rmi://h:2")
            .discover())
        .isSameAs(b);
  }

  @Test
  void aGridNeedsWhereItsServersAreWhenBuilt() {
    assertThatThrownBy(() -> Grid.builder().build())
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("a Grid needs servers");
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void aServerBuilderRefusesABadArgumentNamingTheOptionAndTheValue() {
    GridServer.Builder b = GridServer.builder();
    refused(() -> b.port(-1), "port", "-1");
    refused(() -> b.port(65536), "port", "65536");
    refused(() -> b.threads(0), "threads", "0");
    refused(() -> b.maxQueuedCalls(0), "maxQueuedCalls", "0");
    refused(() -> b.maxPendingCallsPerClient(-3), "maxPendingCallsPerClient", "-3");
    refused(() -> b.lease(ZERO), "lease", "PT0S");
    refused(() -> b.join("jini://h:4160", NEGATIVE), "join lease", "PT-0.005S");
    refused(() -> b.join(" ", Duration.ofSeconds(1)), "join lookupUrl");
    refused(() -> b.callTimeout(ZERO), "callTimeout", "PT0S");
    refused(() -> b.fetchWait(ZERO), "fetchWait", "PT0S");
    refused(() -> b.maxStore(0), "maxStore", "0");
    refused(() -> b.maxSpill(-1), "maxSpill", "-1");
    refused(() -> b.name(""), "name");
    refused(() -> b.host(""), "host");
    refused(() -> b.bind(" "), "bind");
    refused(() -> b.peers("rmi://h:1", " "), "peers[1]");
    refused(() -> b.link("default=lan,S3-S3=lan"), "link", "S3-S3");
    refused(() -> b.allow("*"), "allow", "'*'");
    refused(() -> b.allowTasks("com.acme.*.Task"), "allowTasks", "com.acme.*.Task");
    refused(
        () -> b.export(Fig2ServiceImpl.class, new Fig2ServiceImpl()),
        "export",
        Fig2ServiceImpl.class.getName());
    refused(
        () -> b.export((Class) Fig2Service.class, "not a service"),
        "export",
        Fig2Service.class.getName(),
        String.class.getName());
    refusedNull(() -> b.export(Fig2Service.class, null), "export impl");
    refusedNull(() -> b.spillDir(null), "spillDir");
    refusedNull(() -> b.serialLimits(null), "serialLimits");
    refusedNull(() -> b.tls(null), "tls");
    refusedNull(() -> b.secret(null), "secret");
    refusedNull(() -> b.openTelemetry(null), "openTelemetry");
    refusedNull(() -> b.inProcess(null), "inProcess");
  }

  @Test
  void aServerBuilderTakesWhatItsMethodsAllowAndReturnsItself() {
    GridServer.Builder b = GridServer.builder();
    assertThat(b.port(0)
            .port(65535)
            .threads(1)
            .maxQueuedCalls(1)
            .maxPendingCallsPerClient(1)
            .lease(Duration.ofMillis(1))
            .callTimeout(Duration.ofMillis(1))
            .fetchWait(Duration.ofMillis(1))
            .maxStore(1)
            .maxSpill(0)
            .allow("a.B")
            .allowTasks("c.d.*,e.**")
            .peers()
            .peers("rmi://h:1")
            .name("S1")
            .host("localhost")
            .bind("0.0.0.0")
            .link("lan")
            .export(Fig2Service.class, new Fig2ServiceImpl()))
        .isSameAs(b);
  }

  @Test
  void aServerNeedsAServiceWhenStarted() {
    assertThatThrownBy(() ->
            GridServer.builder().name("Empty").inProcess(new InProcessNetwork()).start())
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("server Empty exports no service");
  }

  @Test
  void aServerKeepsTheSettingsItWasStartedWithWhenItsBuilderChangesAfterwards() {
    InProcessNetwork net = new InProcessNetwork();
    GridServer.Builder b = GridServer.builder()
        .name("A")
        .inProcess(net)
        .export(Fig2Service.class, new Fig2ServiceImpl());
    try (GridServer a = b.start()) {
      b.name("B").export(Holder.class, () -> "held");
      try (GridServer other = b.start()) {
        assertThat(a.name()).isEqualTo("A");
        assertThat(a.services()).containsExactly(Fig2Service.class.getName());
        assertThat(other.name()).isEqualTo("B");
        assertThat(other.services())
            .containsExactlyInAnyOrder(Fig2Service.class.getName(), Holder.class.getName());
      }
    }
  }

  /** A second service for the test above. */
  public interface Holder {
    String held();
  }

  /** A grid secret file the builders cannot use stops build() / start() before anything connects or listens. */
  @Test
  void aSecretFileOthersMayReadOrThatIsMissingFailsBuildAndStartNamingIt(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path open = dir.resolve("open");
    org.gridrmi.runtime.net.GridSecret.create(open);
    java.nio.file.Files.setPosixFilePermissions(
        open, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-r--"));
    java.nio.file.Path missing = dir.resolve("missing");
    refused(
        () -> Grid.builder().servers("rmi://127.0.0.1:1").secret(open).build(),
        open.toString(),
        "chmod 600");
    refused(
        () -> Grid.builder().servers("rmi://127.0.0.1:1").secret(missing).build(),
        missing.toString(),
        "does not exist");
    refused(
        () -> GridServer.builder()
            .name("S")
            .export(Fig2Service.class, new Fig2ServiceImpl())
            .secret(open)
            .start(),
        open.toString(),
        "chmod 600");
    assertThat(missing).doesNotExist();
  }

  @Test
  void insecureAndSecretReplaceEachOther(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    java.nio.file.Path missing = dir.resolve("missing");
    // the last one set wins: insecure() after secret() needs no file, secret() after insecure()
    // does
    try (GridServer s = GridServer.builder()
        .name("S")
        .host("127.0.0.1")
        .export(Fig2Service.class, new Fig2ServiceImpl())
        .secret(missing)
        .insecure()
        .start()) {
      assertThat(s.describeTransport()).contains("INSECURE");
    }
    refused(
        () -> GridServer.builder()
            .name("S")
            .export(Fig2Service.class, new Fig2ServiceImpl())
            .insecure()
            .secret(missing)
            .start(),
        missing.toString());
  }
}
