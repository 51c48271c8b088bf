package org.gridrmi.runtime;

import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockingDetails;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Closing a holder link whose resend waits for a long pause: its last word goes at once, not after the pause. */
class HolderLinkCloseTest {
  static final String OWNER = "rmi://owner:1";
  final Transport transport = mock(Transport.class);
  final NodeClient owner = mock(NodeClient.class);
  final NodeRuntime runtime = new NodeRuntime(
      "t",
      transport,
      new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()),
      RuntimeSettings.DEFAULT.withTimeouts(Timeouts.DEFAULT));

  @AfterEach
  void close() {
    runtime.close();
  }

  @Test
  void aClosedLinkSendsAResendThatWaitsForItsPauseAtOnce() {
    when(transport.client(OWNER)).thenReturn(owner);
    HolderLinkTest.answerRenewals(owner, 600_000L);
    AtomicBoolean down = new AtomicBoolean(true);
    org.mockito.Mockito.doAnswer(i -> {
          if (down.get()) throw new GridException(Status.UNAVAILABLE, "down");
          return null;
        })
        .when(owner)
        .hold(any(), anyLong(), anyList());
    HolderLink link = new HolderLink(runtime, UUID.randomUUID(), OWNER, 600_000);
    link.hold(UUID.randomUUID());
    // six attempts (0, 50, 150, 350, 750, 1550 ms): the next waits 1.6 s
    await().atMost(Duration.ofSeconds(10)).until(() -> holds() >= 6);
    down.set(false);
    link.close();
    // the hold goes once more, then the release; a second after the close, well before the pause
    verify(owner, timeout(1_000)).release(any(), anyLong(), anyList());
  }

  private long holds() {
    return mockingDetails(owner).getInvocations().stream()
        .filter(i -> i.getMethod().getName().equals("hold"))
        .count();
  }
}
