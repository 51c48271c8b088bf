package org.gridrmi.runtime.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

/** The node protocol's operations as transports forward them: their names in messages, their bounds, the proxy. */
class OperationTest {
  static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(2), Duration.ofSeconds(5));

  static Operation named(String name) {
    return Operation.all().stream()
        .filter(o -> o.method().getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void everyOperationIsNamedAndBoundedAsItsTransportsDidByHand() {
    UUID id = UUID.fromString("00000000-0000-0001-0000-000000000002");
    Map<String, String> what = Operation.all().stream()
        .collect(Collectors.toMap(
            o -> o.method().getName(), o -> o.what(new Object[o.method().getParameterCount()])));
    assertThat(what)
        .containsEntry("info", "info")
        .containsEntry("hold", "a hold")
        .containsEntry("abandon", "an abandon")
        .containsEntry("transferred", "a transfer acknowledgement")
        .containsEntry("awaitingHolds", "a transfer check")
        .containsEntry("vouches", "a requester check")
        .containsEntry("release", "a release")
        .containsEntry("renew", "a lease renewal")
        .containsEntry("listHeld", "a list of held values")
        .containsEntry("cancel", "a cancel")
        .containsEntry("stats", "stats")
        .containsEntry("services", "services")
        .containsEntry("probeLinks", "a link probe")
        .containsEntry("push", "a value's push")
        .hasSize(17);
    assertThat(Operation.FETCH.what(new Object[] {id, 0L, null, false, null}))
        .isEqualTo("the fetch of value " + id);
    assertThat(named("submit").what(new Object[] {id, 7L, null, List.of(1, 2, 3)}))
        .isEqualTo("a batch of 3 commands");
    assertThat(named("invokePlain").what(new Object[] {"S", "m(int)", new Object[0], null}))
        .isEqualTo("the plain call m(int)");

    long call = TIMEOUTS.call().toNanos();
    for (String shortOne : List.of(
        "info",
        "hold",
        "abandon",
        "transferred",
        "awaitingHolds",
        "release",
        "renew",
        "listHeld",
        "cancel",
        "stats",
        "submit")) {
      assertThat(named(shortOne).sampled()).as(shortOne).isTrue();
      assertThat(named(shortOne).boundNanos(TIMEOUTS, new Object[3], 7))
          .as(shortOne)
          .isEqualTo(call);
    }
    for (String unsampled : List.of("vouches", "services", "push")) {
      assertThat(named(unsampled).sampled()).as(unsampled).isFalse();
      assertThat(named(unsampled).boundNanos(TIMEOUTS, new Object[2], 7))
          .as(unsampled)
          .isEqualTo(call);
    }
    assertThat(Operation.FETCH.sampled()).isFalse();
    assertThat(Operation.FETCH.boundNanos(TIMEOUTS, new Object[] {id, 300L, null, true, null}, 7))
        .isEqualTo(300_000_000L + TIMEOUTS.fetchSlack().toNanos());
    for (String callers : List.of("invokePlain", "probeLinks")) {
      assertThat(named(callers).sampled()).as(callers).isFalse();
      assertThat(named(callers).boundNanos(TIMEOUTS, new Object[4], 7))
          .as(callers)
          .isEqualTo(7);
      assertThat(named(callers).boundNanos(TIMEOUTS, new Object[4], 0))
          .as(callers + ": none")
          .isZero();
    }
  }

  @Test
  void aClientForwardsEachOperationWithItsArgumentsAndTheCallersBound() throws Exception {
    AtomicReference<Object[]> seen = new AtomicReference<>();
    NodeClient client = Operation.client("inproc://N", (op, args, callerNanos) -> {
      seen.set(new Object[] {op, args, callerNanos});
      return op.method().getName().equals("renew")
          ? new org.gridrmi.runtime.wire.Renewal(
              42L, true, org.gridrmi.runtime.wire.HeldDigest.EMPTY)
          : null;
    });
    assertThat(client.address()).isEqualTo("inproc://N");
    UUID holder = UUID.randomUUID();
    assertThat(client.renew(holder, org.gridrmi.runtime.wire.HeldDigest.EMPTY).leaseMillis())
        .isEqualTo(42L);
    assertThat(seen.get()[0]).isEqualTo(named("renew"));
    assertThat((Object[]) seen.get()[1])
        .containsExactly(holder, org.gridrmi.runtime.wire.HeldDigest.EMPTY);
    assertThat(seen.get()[2]).isEqualTo(0L);

    client.within(9_000).invokePlain("S", "m()", new Object[0], null);
    assertThat(seen.get()[0]).isEqualTo(named("invokePlain"));
    assertThat(seen.get()[2]).isEqualTo(9_000L);
    assertThat(client.within(9_000).address()).isEqualTo("inproc://N");
  }

  @Test
  void aFailureOfTheFarSideComesBackAsItWasThrown() throws Exception {
    GridException refused = new GridException(Status.PERMISSION_DENIED, "no");
    NodeService node = (NodeService) java.lang.reflect.Proxy.newProxyInstance(
        NodeService.class.getClassLoader(), new Class<?>[] {NodeService.class}, (p, m, a) -> {
          throw refused;
        });
    Method renew = NodeProtocol.class.getMethod(
        "renew", UUID.class, org.gridrmi.runtime.wire.HeldDigest.class);
    assertThatThrownBy(() -> Operation.of(renew)
            .serve(
                node, new Object[] {UUID.randomUUID(), org.gridrmi.runtime.wire.HeldDigest.EMPTY}))
        .isSameAs(refused);
    assertThat(Operation.of(Object.class.getMethod("toString"))).isNull();
  }
}
