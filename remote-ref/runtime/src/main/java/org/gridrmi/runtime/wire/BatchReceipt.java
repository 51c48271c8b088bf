package org.gridrmi.runtime.wire;

import java.io.Serializable;

/**
 * What a server answers to an accepted batch.
 *
 * @param storeUnderPressure its store is more than half full: a client should let go of what it no longer needs soon
 *     (a Grid then has its JVM collect garbage, so that references it dropped are released; see the Grid's builder)
 */
public record BatchReceipt(boolean storeUnderPressure) implements Serializable {
  private static final long serialVersionUID = 1L;
  public static final BatchReceipt CALM = new BatchReceipt(false);
  public static final BatchReceipt PRESSED = new BatchReceipt(true);
}
