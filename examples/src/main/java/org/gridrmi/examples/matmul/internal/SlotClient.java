package org.gridrmi.examples.matmul.internal;

import Jama.Matrix;

/** A plain manager's handle on one worker's slots: every block it stores or loads passes through the manager. */
public interface SlotClient extends AutoCloseable {
  void store(String key, Matrix m);

  void zeros(String key, int rows, int cols);

  Matrix load(String key);

  void multiplyAccumulate(String c, String a, String b, int row0, int col0);

  void clear(String prefix);

  @Override
  default void close() {}
}
