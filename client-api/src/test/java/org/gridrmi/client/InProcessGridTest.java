package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The core contracts with two servers inside the test JVM: fast and deterministic. */
class InProcessGridTest {
  static GridServer s1;
  static GridServer s2;
  static Grid grid;

  @BeforeAll
  static void start() {
    s1 = GridServer.builder()
        .name("S1")
        .export(Fig2Service.class, new Fig2ServiceImpl())
        .start();
    s2 = GridServer.builder()
        .name("S2")
        .export(Fig2Service.class, new Fig2ServiceImpl())
        .start();
    grid = Grid.connect(s1.address(), s2.address());
  }

  @AfterAll
  static void stop() {
    grid.close();
    s1.close();
    s2.close();
  }

  Fig2ServiceAsync on(String name) {
    return grid.async(Fig2ServiceAsync.class, grid.server(name));
  }

  @Test
  void composesAcrossServersWithTypedReferences() {
    RemoteReference<byte[]> r1 = on("S1").method1(1000, 7);
    RemoteReference<Long> r2 = on("S2").method2(r1);
    long expected = new Fig2ServiceImpl().method2(new Fig2ServiceImpl().method1(1000, 7));
    assertThat(r2.get(Duration.ofSeconds(10))).isEqualTo(expected);
  }

  @Test
  void aPutIsASnapshotThatLaterChangesDoNotReach() {
    byte[] value = {1, 2, 3};
    RemoteReference<byte[]> ref = grid.put(value);
    value[0] = 9; // after the put: neither this Grid's copy nor a server's sees it
    assertThat(ref.get()).containsExactly(1, 2, 3);
    assertThat(on("S1").length(ref).get(Duration.ofSeconds(10))).isEqualTo(3);
    assertThat(on("S1").echo(grid.put("text")).get(Duration.ofSeconds(10))).isEqualTo("text");
  }

  @Test
  void aValueOfAServerIsResolvedInPlaceByAServerOfTheSameJvm() {
    // S1 and S2 share this JVM: S2 takes S1's result as the object itself (localized), and nothing
    // is fetched
    RemoteReference<byte[]> made = on("S1").method1(1000, 5);
    assertThat(on("S2").length(made).get(Duration.ofSeconds(10))).isEqualTo(1000);
    assertThat(s2.fetchesInFlight()).isZero();
  }

  @Test
  void plainViewReturnsValues() {
    Fig2Service plain = grid.plain(Fig2Service.class, grid.server("S1"));
    assertThat(plain.concat("a", "b")).isEqualTo("ab");
    assertThatThrownBy(() -> plain.fail("bad"))
        .isInstanceOf(GridException.class)
        .satisfies(e -> assertThat(((GridException) e).status()).isEqualTo(Status.REMOTE_FAILURE))
        .hasCauseInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Fig2Service.fail on S1");
  }

  @Test
  void chainOfTenReturnsAllReferencesBeforeTheFirstFinishes() {
    Fig2ServiceAsync srv = on("S1");
    long start = System.nanoTime();
    List<RemoteReference<String>> refs = new ArrayList<>();
    // the first call takes 2 s, so that a caller descheduled on a loaded machine still makes the
    // chain before it ends: what is asserted is that no call waited for it, not how fast calls are
    RemoteReference<String> r = srv.slowAppend(RemoteReference.of(""), "0", 2000);
    refs.add(r);
    for (int i = 1; i < 10; i++) {
      r = srv.slowAppend(r, String.valueOf(i), 1);
      refs.add(r);
    }
    long issuedMillis = (System.nanoTime() - start) / 1_000_000;
    assertThat(refs).noneMatch(RemoteReference::isDone);
    assertThat(issuedMillis).isLessThan(2000);
    assertThat(r.get(Duration.ofSeconds(10))).isEqualTo("0123456789");
  }

  @Test
  void failureTravelsAlongTheChainWithItsCause() {
    Fig2ServiceAsync srv = on("S1");
    RemoteReference<String> a = srv.fail("boom");
    RemoteReference<String> b = on("S2").concat(a, RemoteReference.of("x"));
    RemoteReference<String> c = srv.echo(b);
    assertThatThrownBy(() -> c.get(Duration.ofSeconds(10)))
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.REMOTE_FAILURE);
          assertThat(e.chain())
              .containsExactly(
                  "Fig2Service.fail on S1", "Fig2Service.concat on S2", "Fig2Service.echo on S1");
          assertThat(e.getCause()).isInstanceOf(IllegalStateException.class).hasMessage("boom");
        });
  }

  @Test
  void releaseFreesTheValueOnItsOwner() {
    int before = s1.storeSize();
    RemoteReference<byte[]> r = on("S1").method1(10, 1);
    r.get(Duration.ofSeconds(5));
    assertThat(s1.storeSize()).isEqualTo(before + 1);
    r.release();
    await().atMost(Duration.ofSeconds(5)).until(() -> s1.storeSize() == before);
  }

  @Test
  void scopeReleasesEverythingMadeInside() {
    int before = s1.storeSize();
    String result;
    try (GridScope scope = grid.scope()) {
      Fig2ServiceAsync srv = on("S1");
      result = srv.concat(srv.echo(RemoteReference.of("a")), RemoteReference.of("b"))
          .get(Duration.ofSeconds(5));
    }
    assertThat(result).isEqualTo("ab");
    await().atMost(Duration.ofSeconds(5)).until(() -> s1.storeSize() == before);
  }

  @Test
  void badInputGetsAClearStatus() {
    Fig2ServiceAsync srv = on("S1");
    assertThatThrownBy(() -> srv.echo(null))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("Fig2Service.echo");
    RemoteReference<byte[]> wrongType = grid.put(new byte[3]);
    @SuppressWarnings({"unchecked", "rawtypes"})
    RemoteReference<String> disguised = (RemoteReference) wrongType;
    assertThatThrownBy(() -> srv.echo(disguised).get(Duration.ofSeconds(5)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("argument 1 of Fig2Service.echo is a [B");
    assertThatThrownBy(() -> Grid.connect("rmi://nohost"))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("rmi://nohost");
  }

  @Test
  void noServerOfferingTheServiceIsNotFoundListingWhatIsRegistered() {
    assertThatThrownBy(() -> grid.async(org.gridrmi.client.UnofferedServiceAsync.class))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.NOT_FOUND))
        .hasMessageContaining("no server offers org.gridrmi.client.UnofferedService")
        .hasMessageContaining("S1 [org.gridrmi.client.Fig2Service]");
  }

  @Test
  void releasedIdIsNotFound() throws Exception {
    RemoteReference<byte[]> r = on("S1").method1(10, 1);
    r.get(Duration.ofSeconds(5));
    RemoteReference<byte[]> copy =
        serializedCopy(r); // the same id, as another holder would pass it on
    r.release();
    // the client that released it refuses it at once, whether or not the release has reached S1 yet
    assertThatThrownBy(() -> on("S2").length(r))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.NOT_FOUND))
        .hasMessageContaining("argument 1")
        .hasMessageContaining("length on S2")
        .hasMessageContaining("was released");
    // once S1 has dropped it, a server asked for it answers NOT_FOUND
    var made = (org.gridrmi.runtime.wire.Ref<byte[]>)
        r; // its context: no node of this JVM holds it set any more
    await().atMost(Duration.ofSeconds(10)).until(() -> !made.context().isDone(made));
    RemoteReference<Integer> len = on("S2").length(copy);
    assertThatThrownBy(() -> len.get(Duration.ofSeconds(5)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.NOT_FOUND));
  }

  @SuppressWarnings("unchecked")
  private static <T> RemoteReference<T> serializedCopy(RemoteReference<T> r) throws Exception {
    var bytes = new java.io.ByteArrayOutputStream();
    try (var out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(r);
    }
    try (var in =
        new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
      return (RemoteReference<T>) in.readObject();
    }
  }

  @Test
  void referencesOfAClosedGridAreCancelled() {
    Grid other = Grid.connect(s1.address());
    RemoteReference<String> r = other.async(Fig2ServiceAsync.class).echo(RemoteReference.of("x"));
    other.close();
    assertThatThrownBy(() -> r.get(Duration.ofSeconds(5)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.CANCELLED));
    assertThatThrownBy(() -> on("S1").echo(r))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.CANCELLED))
        .hasMessageContaining("closed Grid");
  }

  @Test
  void deadlineAndCancel() {
    Fig2ServiceAsync srv = grid.async(
        Fig2ServiceAsync.class,
        CallOptions.on(grid.server("S1")).withDeadline(Duration.ofMillis(200)));
    RemoteReference<String> slow = srv.slowAppend(RemoteReference.of("a"), "b", 3000);
    assertThatThrownBy(() -> slow.get(Duration.ofSeconds(5)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED));
    RemoteReference<String> other = on("S1").slowAppend(RemoteReference.of("a"), "b", 3000);
    assertThatThrownBy(() -> other.get(Duration.ofMillis(100)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED));
    assertThat(other.cancel()).isTrue();
    assertThatThrownBy(() -> other.get(Duration.ofSeconds(5)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.CANCELLED));
  }
}
