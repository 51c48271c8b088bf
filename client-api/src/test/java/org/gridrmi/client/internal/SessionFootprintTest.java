package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.testing.HeapUse;
import org.junit.jupiter.api.Test;

/**
 * What a Grid's count of its reference objects costs per reference (the references, their ids and their context made
 * before the baseline): its watch and its place in the count, by value id.
 */
class SessionFootprintTest {
  @Test
  void countingAReferenceCostsItsWatchAndNoMapEntry() {
    int n = 100_000;
    try (Session session = TestSessions.on(new InProcessNetwork())) {
      CallContext context = CallContext.forPut(session, "put byte[]");
      Ref<?>[] refs = new Ref<?>[n];
      for (int i = 0; i < n; i++) refs[i] = new Ref<>(ValueIds.forPut(), "home", context);
      long before = HeapUse.afterGc();
      for (Ref<?> r : refs) session.track(r, context);
      long perReference = (HeapUse.afterGc() - before) / n;
      UUID last = refs[n - 1].id();
      assertThat(session.references(last)).isEqualTo(1);
      // the watch (48 bytes) and the count's table; before, also a ConcurrentHashMap node
      // (32) and that map's table: 90 bytes
      assertThat(perReference).as("heap per reference counted, bytes").isLessThan(72);
      java.lang.ref.Reference.reachabilityFence(refs);
    }
  }
}
