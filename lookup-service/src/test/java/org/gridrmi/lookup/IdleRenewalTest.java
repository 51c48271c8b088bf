package org.gridrmi.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.gridrmi.lookup.it.Echo;
import org.gridrmi.lookup.it.StubBytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An idle registration costs a renewal about every half lease, not a spin: River's LeaseRenewalManager renews a lease
 * {@code roundTripTime} (10 s by default) before it ends when fewer than two round trips are left, so with its default
 * a 10 s lease was renewed the moment each renewal returned (about 1,000 renewals and new threads a second). Counted
 * with River's own per-renewal log records, so nothing in the product exists only for this test.
 */
class IdleRenewalTest {
  private static final Logger RENEWALS = Logger.getLogger("net.jini.lease.LeaseRenewalManager");
  private final AtomicInteger renewals = new AtomicInteger();
  private final Handler counter = new Handler() {
    @Override
    public void publish(LogRecord r) {
      if (r.getMessage() != null && r.getMessage().startsWith("Renewing lease"))
        renewals.incrementAndGet();
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };
  private Level before;

  @BeforeEach
  void countRenewals() {
    before = RENEWALS.getLevel();
    RENEWALS.setLevel(Level.FINE);
    RENEWALS.addHandler(counter);
  }

  @AfterEach
  void stopCounting() {
    RENEWALS.removeHandler(counter);
    RENEWALS.setLevel(before);
  }

  @Test
  void anIdleRegistrationRenewsAboutTwicePerLeaseAndStaysRegistered() throws Exception {
    Echo impl = text -> text;
    Echo stub = StubBytes.of(UnicastRemoteObject.exportObject(impl, 0));
    Duration lease = Duration.ofSeconds(1);
    try (LookupServer server = LookupServer.start("127.0.0.1", 0);
        LookupRegistration registration = LookupRegistration.join(
            URI.create(server.url()),
            stub,
            new ServerRecord(
                "IDLE", "127.0.0.1", 1, List.of(Echo.class.getName(), Runnable.class.getName())),
            lease);
        LookupDirectory directory =
            LookupDirectory.unicast(URI.create(server.url()), Duration.ofSeconds(5))) {
      assertThat(registration.awaitRegistered(Duration.ofSeconds(5))).isTrue();
      int atStart = renewals.get();
      Thread.sleep(4 * lease.toMillis()); // idle for four leases
      int idle = renewals.get() - atStart;
      System.out.println("IDLE renewals in 4 leases of 1 s: " + idle);
      // two services, renewed together or apart: at most ~2 renewals per lease each; a spin makes
      // thousands
      assertThat(idle).isBetween(2, 24);
      assertThat(registration.isRegistered()).isTrue();
      assertThat(directory.servers(Echo.class.getName()))
          .extracting(ServerRecord::name)
          .containsExactly("IDLE");
    } finally {
      UnicastRemoteObject.unexportObject(impl, true);
    }
  }
}
