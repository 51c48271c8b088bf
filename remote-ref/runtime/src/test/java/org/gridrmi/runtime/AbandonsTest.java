package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.Borrower;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * A borrower's abandons, on a runtime whose pools run each task at once and whose timer runs a task only when the test
 * says: what leaves, in which call, and when.
 */
class AbandonsTest {
  static final String OWNER = "rmi://owner:1";
  static final String OTHER = "rmi://other:3";
  static final Borrower ME = new Borrower("rmi://me:2", UUID.randomUUID());
  final Transport transport = mock(Transport.class);
  final NodeClient owner = mock(NodeClient.class);
  final NodeClient other = mock(NodeClient.class);
  final ScheduledExecutorService timer = mock(ScheduledExecutorService.class);
  final NodeRuntime runtime = new NodeRuntime(
      "t",
      transport,
      new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()),
      RuntimeSettings.DEFAULT.withTimeouts(Timeouts.DEFAULT),
      Telemetry.OFF,
      Runnable::run,
      timer);
  final Abandons abandons = new Abandons(runtime);

  AbandonsTest() {
    when(transport.client(OWNER)).thenReturn(owner);
    when(transport.client(OTHER)).thenReturn(other);
  }

  @AfterEach
  void close() {
    runtime.close();
  }

  /** The tasks given to the timer with {@code delayMillis} since the last call, in order. */
  private List<Runnable> scheduled(long delayMillis, int times) {
    ArgumentCaptor<Runnable> tasks = ArgumentCaptor.forClass(Runnable.class);
    verify(timer, times(times))
        .schedule(tasks.capture(), eq(delayMillis), eq(TimeUnit.MILLISECONDS));
    return new ArrayList<>(tasks.getAllValues());
  }

  @Test
  void theAbandonsOfOneLingerGoToEachOwnerInOneCall() {
    UUID a = UUID.randomUUID(), b = UUID.randomUUID(), c = UUID.randomUUID();
    abandons.add(OWNER, ME, a);
    abandons.add(OWNER, ME, b);
    abandons.add(OTHER, ME, c);
    verify(owner, never()).abandon(any(), any());
    verify(other, never()).abandon(any(), any());
    assertThat(abandons.waiting()).isEqualTo(3);

    List<Runnable> lingers = scheduled(Abandons.LINGER_MILLIS, 2); // one per owner
    lingers.forEach(Runnable::run);

    verify(owner, times(1))
        .abandon(
            org.mockito.ArgumentMatchers.argThat(r ->
                r.address().equals(ME.address()) && ME.node().equals(r.node()) && r.key() != null),
            eq(List.of(a, b)));
    verify(other, times(1)).abandon(any(), eq(List.of(c)));
    assertThat(abandons.waiting()).isZero();
  }

  @Test
  void aFullListLeavesAtOnceAndTheNextStartsItsOwnLinger() {
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < Abandons.MAX_IDS; i++) {
      UUID id = UUID.randomUUID();
      ids.add(id);
      abandons.add(OWNER, ME, id);
    }
    verify(owner, times(1)).abandon(any(), eq(ids));
    assertThat(abandons.waiting()).isZero();

    UUID next = UUID.randomUUID();
    abandons.add(OWNER, ME, next);
    List<Runnable> lingers = scheduled(Abandons.LINGER_MILLIS, 2);
    lingers
        .get(0)
        .run(); // the first list's linger, spent: it finds the new list and sends it early
    lingers.get(1).run(); // the new list's own: nothing left
    verify(owner, times(1)).abandon(any(), eq(List.of(next)));
  }

  @Test
  void aFailedAbandonIsSentAgainWithTheSameIdsAfterAPauseThatDoubles() {
    UUID a = UUID.randomUUID(), b = UUID.randomUUID();
    org.mockito.Mockito.doThrow(new GridException(Status.UNAVAILABLE, "connection reset"))
        .doThrow(new GridException(Status.UNAVAILABLE, "connection reset"))
        .doNothing()
        .when(owner)
        .abandon(any(), any());
    abandons.add(OWNER, ME, a);
    abandons.add(OWNER, ME, b);
    scheduled(Abandons.LINGER_MILLIS, 1).get(0).run();
    scheduled(HolderLink.FIRST_RETRY_MILLIS, 1).get(0).run();
    scheduled(2 * HolderLink.FIRST_RETRY_MILLIS, 1).get(0).run();
    verify(owner, times(3)).abandon(any(), eq(List.of(a, b)));
    verify(timer, never())
        .schedule(any(Runnable.class), eq(4 * HolderLink.FIRST_RETRY_MILLIS), any());
  }

  @Test
  void aRefusedAbandonIsNotSentAgain() {
    org.mockito.Mockito.doThrow(new GridException(Status.PERMISSION_DENIED, "not that borrower"))
        .when(owner)
        .abandon(any(), any());
    abandons.add(OWNER, ME, UUID.randomUUID());
    scheduled(Abandons.LINGER_MILLIS, 1).get(0).run();
    verify(owner, times(1)).abandon(any(), any());
    verify(timer, times(1)).schedule(any(Runnable.class), anyLong(), any()); // its linger alone
  }
}
