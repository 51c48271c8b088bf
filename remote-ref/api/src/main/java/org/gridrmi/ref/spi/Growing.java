package org.gridrmi.ref.spi;

import java.io.IOException;
import java.util.function.IntFunction;

/**
 * Reading a new array whose length came from the stream, without allocating it ahead of its data: 64 KB first, then
 * doubling as bytes arrive, and the whole length claimed once a quarter of it arrived. So a peer that claims more than
 * it sends costs at most four times what it sent (plus 64 KB), and a whole large value costs at most 1.5 times its
 * size while it arrives (doubling all the way would cost twice: a 480 MB value no longer fit a 1 GB heap).
 */
final class Growing {
  static final int FIRST_BYTES = 64 * 1024;

  /** Fills part of an array from the stream. */
  @FunctionalInterface
  interface Fill<A> {
    void fill(A a, int off, int len) throws IOException;
  }

  private Growing() {}

  static <A> A read(int n, int elementBytes, IntFunction<A> make, Fill<A> fill) throws IOException {
    if (n < 0) throw new IOException("negative array length " + n);
    int size = Math.min(n, FIRST_BYTES / elementBytes);
    A a = make.apply(size);
    for (int done = 0; done < n; ) {
      if (done == size) {
        size = 4L * done >= n ? n : (int) Math.min(n, 2L * size);
        A bigger = make.apply(size);
        System.arraycopy(a, 0, bigger, 0, done);
        a = bigger;
      }
      fill.fill(a, done, size - done);
      done = size;
    }
    return a;
  }
}
