package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.FailureCarrier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValueStoreTest {
  final UUID self = UUID.randomUUID();
  final UUID client = UUID.randomUUID();

  @TempDir
  Path tmp;

  static byte[] bytes(int n, int seed) {
    byte[] b = new byte[n];
    new java.util.Random(seed).nextBytes(b);
    return b;
  }

  @Test
  void theLeastRecentlyUsedGoToDiskAndComeBackOnUse() {
    ValueStore store = TestStores.bounded(250_000, tmp, 10_000_000);
    ValueTable table = new ValueTable(self, 60_000, store);
    UUID a = UUID.randomUUID();
    UUID b = UUID.randomUUID();
    UUID c = UUID.randomUUID();
    table.put(a, client, "a", bytes(100_000, 1));
    table.put(b, client, "b", bytes(100_000, 2));
    table.get(a).value(); // a is now more recent than b
    table.put(c, client, "c", bytes(100_000, 3));
    assertThat(table.get(b).inMemory).as("b, least recently used, went to disk").isFalse();
    assertThat(table.get(a).inMemory).isTrue();
    assertThat(store.usage().memoryBytes()).isLessThanOrEqualTo(250_000);
    assertThat(store.usage().spilledBytes()).isGreaterThan(100_000);
    assertThat((byte[]) table.get(b).value()).isEqualTo(bytes(100_000, 2));
    assertThat(store.usage().readBacks()).isEqualTo(1);
    assertThat(store.usage().memoryBytes()).isLessThanOrEqualTo(250_000);
  }

  /**
   * Values stored by many threads at once over a small budget: each is written to disk at most once at a time and
   * reads back whole. A value whose own store found no other to move out used to be written by its storing thread
   * while another thread, storing a value of its own, had already chosen it and was writing the same file: one of
   * the two renames found no file, and the value failed with RESOURCE_EXHAUSTED (a fresh clone's test run hit it).
   */
  @Test
  void valuesStoredInParallelOverTheBudgetAreAllKeptAndReadBack() throws Exception {
    ValueStore store = TestStores.bounded(8_000, tmp, 100_000_000);
    ValueTable table = new ValueTable(self, 60_000, store);
    int threads = 8;
    int perThread = 400;
    java.util.concurrent.ConcurrentLinkedQueue<Throwable> failures =
        new java.util.concurrent.ConcurrentLinkedQueue<>();
    java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
    List<Thread> running = new java.util.ArrayList<>();
    UUID[][] ids = new UUID[threads][perThread];
    for (int t = 0; t < threads; t++) {
      int thread = t;
      Thread worker = new Thread(() -> {
        try {
          start.await();
          for (int i = 0; i < perThread; i++) {
            UUID id = UUID.randomUUID();
            ids[thread][i] = id;
            table.put(id, client, "v" + thread + "." + i, bytes(2_000, thread * perThread + i));
            // a call reads it for a while, as calls do: what is being read cannot be moved out
            table.get(id).beginRead();
            if (i >= 2) table.get(ids[thread][i - 2]).endRead();
          }
        } catch (Throwable e) {
          failures.add(e);
        }
      });
      worker.start();
      running.add(worker);
    }
    for (Thread t : running) t.join(60_000);
    for (int t = 0; t < threads; t++) {
      for (int i = perThread - 2; i < perThread; i++) table.get(ids[t][i]).endRead();
    }
    assertThat(failures).as("failures while storing").isEmpty();
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < perThread; i++) {
        assertThat((byte[]) table.get(ids[t][i]).value())
            .as("value %d.%d read back", t, i)
            .isEqualTo(bytes(2_000, t * perThread + i));
      }
    }
    assertThat(store.usage().memoryBytes()).isLessThanOrEqualTo(8_000);
  }

  @Test
  void aValueAboutToBeReadByACallStaysInMemory() {
    ValueStore store = TestStores.bounded(250_000, tmp, 10_000_000);
    ValueTable table = new ValueTable(self, 60_000, store);
    UUID a = UUID.randomUUID();
    table.put(a, client, "a", bytes(100_000, 1));
    table.get(a).beginRead();
    table.put(UUID.randomUUID(), client, "b", bytes(100_000, 2));
    table.put(UUID.randomUUID(), client, "c", bytes(100_000, 3));
    assertThat(table.get(a).inMemory).as("a is being read: the others go first").isTrue();
    table.get(a).endRead();
  }

  @Test
  void freeingASpilledValueDeletesItsFileAndClosingDeletesTheDirectory() throws IOException {
    ValueStore store = TestStores.bounded(100, tmp, 10_000_000);
    store.openSpill();
    ValueTable table = new ValueTable(self, 60_000, store);
    UUID a = UUID.randomUUID();
    table.put(a, client, "a", bytes(1_000, 1)); // larger than memory: straight to disk
    assertThat(files(tmp)).isEqualTo(1);
    table.release(client, List.of(a));
    assertThat(files(tmp)).isZero();
    assertThat(store.usage().spilledBytes()).isZero();
    store.close();
    try (var dirs = Files.list(tmp)) {
      assertThat(dirs.count()).as("the node's spill directory is gone").isZero();
    }
  }

  @Test
  void aWriteThatFailsLeavesNoFileAndFailsTheValueNamingTheCause() throws IOException {
    ValueIo failing = new ValueIo() {
      @Override
      public List<Object> write(Object value, OutputStream out) throws IOException {
        out.write(new byte[500]); // half a value, then the disk is full
        throw new IOException("No space left on device");
      }

      @Override
      public Object read(InputStream in) {
        throw new AssertionError("nothing was written");
      }
    };
    ValueStore store = new ValueStore("S9", new StoreBudget(100, tmp, 10_000_000), failing);
    ValueTable table = new ValueTable(self, 60_000, store);
    Slot s = table.put(UUID.randomUUID(), client, "a", bytes(1_000, 1));
    assertThat(s.failed()).isTrue();
    assertThatThrownBy(() -> s.done().join())
        .hasCauseInstanceOf(FailureCarrier.class)
        .cause()
        .satisfies(c -> {
          var f = ((FailureCarrier) c).failure();
          assertThat(f.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
          assertThat(f.message())
              .contains("server S9 cannot keep a")
              .contains("No space left on device");
        });
    assertThat(files(tmp)).as("no half-written file").isZero();
    assertThat(store.usage().memoryBytes()).isZero();
  }

  @Test
  void aValueBeyondBothBudgetsFailsNamingThem() {
    ValueStore store = TestStores.bounded(1_000, tmp, 1_500);
    ValueTable table = new ValueTable(self, 60_000, store);
    Slot s = table.put(UUID.randomUUID(), client, "big", bytes(2_000, 1));
    assertThat(s.failed()).isTrue();
    assertThatThrownBy(() -> s.value()).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> s.future().join())
        .cause()
        .isInstanceOfSatisfying(
            FailureCarrier.class,
            c -> assertThat(c.failure().message())
                .contains("server test cannot keep big")
                .contains("--max-store")
                .contains("--max-spill"));
  }

  @Test
  void aSpillDirectoryInsideAFileIsRefusedNamingIt() throws IOException {
    Path file = Files.writeString(tmp.resolve("f"), "x");
    ValueStore store = TestStores.bounded(1_000, file.resolve("spill"), 1_000);
    assertThatThrownBy(store::openSpill)
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining(
            "the spill directory " + file.resolve("spill") + " cannot be used by test");
  }

  static long files(Path dir) throws IOException {
    try (var s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).count();
    }
  }
}
