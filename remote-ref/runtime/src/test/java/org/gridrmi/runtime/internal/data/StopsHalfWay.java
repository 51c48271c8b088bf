package org.gridrmi.runtime.internal.data;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A value that sends a megabyte of itself, then stops until the test lets it go on (having cut the connection, or
 * having seen the reader give up on the stall), then sends the rest.
 */
final class StopsHalfWay implements Serializable {
  private static final long serialVersionUID = 1L;
  final transient CountDownLatch halfSent = new CountDownLatch(1);
  final transient CountDownLatch goOn = new CountDownLatch(1);

  private void writeObject(ObjectOutputStream o) throws IOException {
    o.write(new byte[1 << 20]);
    o.flush();
    halfSent.countDown();
    try {
      goOn.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    o.write(new byte[1 << 20]);
  }

  /** Waits until the first megabyte went out. */
  void awaitHalfSent() throws InterruptedException {
    if (!halfSent.await(20, TimeUnit.SECONDS))
      throw new AssertionError("the value never started to go out");
  }
}
