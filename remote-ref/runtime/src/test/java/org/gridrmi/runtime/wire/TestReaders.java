package org.gridrmi.runtime.wire;

import org.gridrmi.runtime.serial.SerialPolicy;

/** Readers for tests that decode values with no instance to bind their references to. */
public final class TestReaders {
  private TestReaders() {}

  /** The thread's policy (see {@link SerialPolicy#current()}), references bound to nothing. */
  public static ValueReader current() {
    return ValueReader.unbound(SerialPolicy.current());
  }
}
