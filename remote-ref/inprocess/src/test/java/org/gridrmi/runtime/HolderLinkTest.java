package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.Timeouts;
import org.junit.jupiter.api.Test;

class HolderLinkTest {
  @Test
  void aRenewalStillWaitingForAThreadWhenTheLinkClosesIsNeverSent() throws Exception {
    InProcessNetwork net = new InProcessNetwork();
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    RuntimeSettings oneIoThread = new RuntimeSettings(
        Timeouts.DEFAULT, Duration.ofSeconds(10), 1, 1, 10, Duration.ofSeconds(60));
    try (TestNodes.Started owner = TestNodes.node(net, "O", Timeouts.DEFAULT);
        NodeRuntime holder = new NodeRuntime(
            "H",
            InternalInProcess.transport(net, "H", Timeouts.DEFAULT, policy.filter()),
            policy,
            oneIoThread)) {
      CountDownLatch busy = new CountDownLatch(1);
      holder.io().execute(() -> {
        try {
          busy.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      HolderLink link = new HolderLink(holder, UUID.randomUUID(), owner.node().address(), 60_000);
      long before = net.delivered("O");
      link.startRenewal();
      await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> holder.io().load() == 2); // the renewal waits for the thread

      link.close();
      busy.countDown();
      HolderLink.awaitSent(List.of(link), Duration.ofSeconds(5));

      CountDownLatch after = new CountDownLatch(1);
      holder
          .io()
          .execute(
              after::countDown); // one thread, tasks in order: the renewal's task has run before
      // this
      assertThat(after.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(net.delivered("O"))
          .as("calls the owner got after the link closed")
          .isEqualTo(before);
    }
  }
}
