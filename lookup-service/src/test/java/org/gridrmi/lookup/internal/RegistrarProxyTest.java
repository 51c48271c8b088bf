package org.gridrmi.lookup.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.InetAddress;
import java.net.URI;
import java.rmi.Remote;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gridrmi.lookup.LookupDirectory;
import org.gridrmi.lookup.LookupServer;
import org.gridrmi.lookup.it.Echo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.testing.CountingPort;
import org.gridrmi.testing.FakeLookupService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A program answering Jini unicast discovery at a lookup service's port hands out a registrar proxy whose stub names an
 * address of its choosing: a directory must not connect there (reading a stub makes the JVM's distributed GC call the
 * address it names at once), and must fail at once with PERMISSION_DENIED naming the lookup address, not wait out its
 * timeout.
 */
class RegistrarProxyTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(8);
  private final List<AutoCloseable> open = new CopyOnWriteArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
  }

  private <T extends AutoCloseable> T track(T t) {
    open.add(t);
    return t;
  }

  @Test
  void aGridRmiRegistrarProxyNamingAnotherHostIsRefusedBeforeAnyConnection() throws Exception {
    CountingPort trap = new CountingPort(InetAddress.getByName("127.0.0.2"));
    Remote stub = bait(trap, "127.0.0.2");
    FakeLookupService fake = track(new FakeLookupService(InheritingInvocationHandler.wrap(stub)));

    GridException e = directoryFailure(fake);

    assertNothingDialedAndRefusedAtOnce(trap, e);
    assertThat(e.getMessage())
        .contains(fake.url())
        .contains("127.0.0.2:")
        .contains("not to the host of a lookup service this program follows");
  }

  @Test
  void aLiveStubInDiscoverysAnswerIsRefusedBeforeAnyConnection() throws Exception {
    CountingPort trap = new CountingPort();
    FakeLookupService fake = track(new FakeLookupService(bait(trap, "127.0.0.1")));

    GridException e = directoryFailure(fake);

    assertNothingDialedAndRefusedAtOnce(trap, e);
    assertThat(e.getMessage())
        .contains(fake.url())
        .contains("answer to unicast discovery")
        .contains("remote reference");
  }

  @Test
  void aRegistrarProxyNamingTheLookupHostWithAnotherTlsSettingIsRefused() {
    FollowedLookups.check(new org.gridrmi.runtime.InternalStubs.Target("127.0.0.1", 1, false));
    try (AutoCloseable followed =
        FollowedLookups.follow("127.0.0.1", false, "jini://127.0.0.1:4160")) {
      FollowedLookups.check(
          new org.gridrmi.runtime.InternalStubs.Target("localhost", 40000, false));
      GridException e = catchThrowableOfType(
          () -> FollowedLookups.check(
              new org.gridrmi.runtime.InternalStubs.Target("127.0.0.1", 40000, true)),
          GridException.class);
      assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
      // TLS on one side only is said as a GridRMI connection says it, with the fix
      assertThat(e.getMessage())
          .contains("127.0.0.1:40000 uses TLS, and this program has no TLS settings")
          .contains("give it --tls");
      assertThat(FollowedLookups.tlsOnOneSide(e.getMessage())).isTrue();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aRealLookupServiceStillAnswersAndItsRegistrarIsCalled() {
    LookupServer lookup = track(LookupServer.start("127.0.0.1", 0));
    LookupDirectory directory = track(LookupDirectory.unicast(URI.create(lookup.url()), TIMEOUT));
    assertThat(directory.servers()).isEmpty();
    assertThat(directory.unloadable()).isEmpty();
  }

  private long failedAfterNanos;

  /** The failure of a directory following {@code fake}, timed. */
  private GridException directoryFailure(FakeLookupService fake) {
    long start = System.nanoTime();
    GridException e = catchThrowableOfType(
        () -> track(LookupDirectory.unicast(URI.create(fake.url()), TIMEOUT)), GridException.class);
    failedAfterNanos = System.nanoTime() - start;
    assertThat(e).as("the directory's failure").isNotNull();
    assertThat(fake.answered()).as("discovery answers sent").isPositive();
    return e;
  }

  private void assertNothingDialedAndRefusedAtOnce(CountingPort trap, GridException e)
      throws InterruptedException {
    Thread.sleep(1_500); // the distributed GC's "dirty" call comes at once; leave it time to show
    assertThat(trap.accepted()).as("connections to the address the stub names").isZero();
    assertThat(e.status()).as(e.getMessage()).isEqualTo(Status.PERMISSION_DENIED);
    assertThat(Duration.ofNanos(failedAfterNanos))
        .as("time to refuse (not the timeout)")
        .isLessThan(TIMEOUT.dividedBy(2));
  }

  /** An exported object whose stub's calls (GridRMI's plain sockets) go to {@code host} at the trap's port. */
  private Remote bait(CountingPort trap, String host) throws Exception {
    Echo bait = text -> text; // never called: only its stub matters
    Remote stub = UnicastRemoteObject.exportObject(
        bait, 0, NetContexts.defaultPlain().clientFactory(host), trap);
    open.add(() -> UnicastRemoteObject.unexportObject(bait, true));
    return stub;
  }
}
