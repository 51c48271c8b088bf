package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.gridrmi.runtime.internal.data.Samples.assertBitExact;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.internal.rmi.RmiTransport;
import org.gridrmi.runtime.net.KeyFiles;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.TestReaders;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data plane under mutual TLS, as the rest of a TLS node: its data connections are TLS on the RMI port, the node
 * sees who fetches (the certificate's subject), and a peer without a certificate of the Grid's CA is refused before
 * it can ask for anything.
 */
class DataPlaneTlsTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(2), Duration.ofSeconds(5));
  private static final long BOUND = TimeUnit.SECONDS.toNanos(5);

  @TempDir
  static Path keys;

  @TempDir
  static Path otherCa;

  private static char[] password;
  private static DataNode node;

  @BeforeAll
  static void start() throws Exception {
    password = KeyFiles.newPassword();
    KeyFiles.make(keys, List.of("S1", "S2"), password, true);
    KeyFiles.make(otherCa, List.of("S2"), password, true);
    node = DataNode.start("S1", stores(keys, "S1"), LinkPlan.NONE, TIMEOUTS);
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  private static TlsStores stores(Path dir, String name) {
    return new TlsStores(KeyFiles.keystore(dir, name), dir.resolve(KeyFiles.TRUSTSTORE), password);
  }

  private static FetchResult fetchWith(TlsStores tls, UUID id) throws IOException {
    try (Fetching fetching = new Fetching(tls)) {
      return fetching.fetch(node, id, BOUND);
    }
  }

  @Test
  void aPeerWithTheGridsCertificateFetchesAndTheNodeKnowsWhoItIs() throws IOException {
    double[] value = Samples.doubles(1_000_000);
    UUID id = node.service.ready(value);
    FetchResult r = fetchWith(stores(keys, "S2"), id);
    assertBitExact(r.value().value(TestReaders.current()), value);
    FakeNode.Request seen = node.service.requests.stream()
        .filter(q -> q.id().equals(id))
        .findFirst()
        .orElseThrow();
    assertThat(seen.caller().tlsIdentity())
        .as("the fetching peer as TLS proved it")
        .isEqualTo("CN=S2");
  }

  /**
   * The JDK tells handshake listeners on a thread of its own, maybe after the connection's first request was read:
   * the identity must come from the connection itself, for every connection from its first request on.
   */
  @Test
  void everyTlsConnectionIsKnownByItsPeerFromItsFirstRequest() throws IOException {
    for (int i = 0; i < 20; i++) {
      fetchWith(stores(keys, "S2"), node.service.ready(i)); // a new connection each time
    }
    assertThat(node.service.requests)
        .hasSizeGreaterThanOrEqualTo(20)
        .allSatisfy(r ->
            assertThat(r.caller().tlsIdentity()).as("identity of %s", r.id()).isEqualTo("CN=S2"));
  }

  @Test
  void aPlainPeerIsRefusedBeforeItCanAskAndTheNodeKeepsServing() throws IOException {
    UUID id = node.service.ready("secret");
    long refusedBefore = node.net.tlsRefusals();
    assertThatThrownBy(() -> fetchWith(null, id)).isInstanceOf(IOException.class);
    await().atMost(Duration.ofSeconds(5)).until(() -> node.net.tlsRefusals() > refusedBefore);
    assertThat(node.service.requestsFor(id))
        .as("requests served to the plain peer")
        .isZero();
    assertThat(fetchWith(stores(keys, "S2"), id).value().value(TestReaders.current()))
        .isEqualTo("secret");
  }

  @Test
  void aPeerWithACertificateOfAnotherCaIsRefused() throws IOException {
    UUID id = node.service.ready("secret");
    long refusedBefore = node.net.tlsRefusals();
    // it trusts this node, so it is the node that refuses its certificate (and counts it)
    TlsStores stranger = new TlsStores(
        KeyFiles.keystore(otherCa, "S2"), keys.resolve(KeyFiles.TRUSTSTORE), password);
    assertThatThrownBy(() -> fetchWith(stranger, id)).isInstanceOf(IOException.class);
    await().atMost(Duration.ofSeconds(5)).until(() -> node.net.tlsRefusals() > refusedBefore);
    assertThat(node.service.requestsFor(id)).isZero();
    assertThat(fetchWith(stores(keys, "S2"), id).value().value(TestReaders.current()))
        .isEqualTo("secret");
  }

  /**
   * RMI serves connections on pooled threads: a thread that served a TLS peer and then serves a plain connection (a
   * plain node in the same JVM) must not see the TLS peer's identity there.
   */
  @Test
  void aPlainNodeInTheSameJvmNeverSeesAnIdentityLeftByATlsConnection() throws Exception {
    try (DataNode plain = DataNode.plain("P1", TIMEOUTS)) {
      for (int i = 0; i < 10; i++) {
        fetchWith(
            stores(keys, "S2"),
            node.service.ready("over TLS")); // its connection closes: the thread is free
        try (Fetching fetching = new Fetching(null)) {
          fetching.fetch(plain, plain.service.ready("plain"), BOUND);
        }
      }
      assertThat(plain.service.requests)
          .hasSize(10)
          .allSatisfy(r -> assertThat(r.caller().tlsIdentity())
              .as("identity on a plain connection")
              .isNull());
    }
  }

  @Test
  void aTlsTransportFetchesOverTheDataConnectionWithTheTicketFromInfo() throws Exception {
    double[][] value = Samples.rows(200_000);
    UUID id = node.service.ready(value);
    int connectionsBefore = node.connections();
    try (RmiTransport transport = new RmiTransport(
        new NetContext(stores(keys, "S2"), LinkPlan.NONE, 2_000, null),
        TIMEOUTS,
        DataNode.POLICY.filter())) {
      FetchResult r = transport.client(node.address()).fetch(id, 0, null, false, null);
      assertBitExact(r.value().value(TestReaders.current()), value);
    }
    assertThat(node.connections()).as("data connections made").isEqualTo(connectionsBefore + 1);
  }
}
