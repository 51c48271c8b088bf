package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store's disk: by default it may spill {@value StoreBudget#SPILL_PER_MEMORY} times its memory budget (at most half
 * the disk free when it opens), not half the free disk whatever its size, so that several servers on one machine do
 * not each count on the same half; and a node's spill directory, which a killed process leaves behind, is deleted
 * by the next node to open one there once its process is gone.
 */
class SpillDiskTest {
  @TempDir
  Path parent;

  @Test
  void theDefaultDiskBudgetFollowsTheMemoryBudget() {
    long memory = 1 << 20;
    ValueStore store = new ValueStore(
        "S", new StoreBudget(memory, parent, StoreBudget.DEFAULT_SPILL), TestStores.JAVA);
    store.openSpill();
    long spill = store.usage().maxSpillBytes();
    assertThat(spill).isPositive().isLessThanOrEqualTo(StoreBudget.SPILL_PER_MEMORY * memory);
    store.close();
  }

  @Test
  void aSpillDirectoryOfADeadProcessOfThisHostIsDeletedAtStart() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    long deadPid = gone.pid();
    Path dead = Files.createDirectory(parent.resolve(SpillFiles.prefix("Old", deadPid) + "123"));
    Files.writeString(dead.resolve("v.value"), "left behind by kill -9");
    Path live = Files.createDirectory(
        parent.resolve(SpillFiles.prefix("Other", ProcessHandle.current().pid()) + "456"));
    Path foreign = Files.createDirectory(parent.resolve("gridrmi-spill-notours"));
    ValueStore store = new ValueStore(
        "S", new StoreBudget(1 << 20, parent, StoreBudget.DEFAULT_SPILL), TestStores.JAVA);
    store.openSpill();
    assertThat(dead).as("the directory of a dead process").doesNotExist();
    assertThat(live).as("the directory of a live process").exists();
    assertThat(foreign).as("a directory not named by a node").exists();
    store.close();
  }
}
