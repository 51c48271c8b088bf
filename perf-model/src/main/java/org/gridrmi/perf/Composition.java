package org.gridrmi.perf;

import java.util.Arrays;
import java.util.StringJoiner;

/**
 * A chain of k composed calls: call 1 takes the client's input (n_0 bytes), call i &gt; 1 takes the result of call
 * i-1, call i returns n_i bytes after computing t_i seconds. The paper's example (Fig. 2) is k = 2 with n_0 = 0.
 * Immutable; the arrays are copied.
 */
public final class Composition {
  private final double inputBytes;
  private final double[] resultBytes;
  private final double[] computeSeconds;

  /**
   * @param inputBytes n_0, the argument the client sends to call 1
   * @param resultBytes n_1..n_k
   * @param computeSeconds t_1..t_k, same length as {@code resultBytes}
   * @throws IllegalArgumentException on a negative value, an empty chain or lengths that differ
   */
  public Composition(double inputBytes, double[] resultBytes, double[] computeSeconds) {
    if (resultBytes.length == 0 || resultBytes.length != computeSeconds.length) {
      throw new IllegalArgumentException(
          "a chain needs k >= 1 calls, each with a result size and a compute time");
    }
    check("n_0", inputBytes);
    for (int i = 0; i < resultBytes.length; i++) {
      check("n_" + (i + 1), resultBytes[i]);
      check("t_" + (i + 1), computeSeconds[i]);
    }
    this.inputBytes = inputBytes;
    this.resultBytes = resultBytes.clone();
    this.computeSeconds = computeSeconds.clone();
  }

  /** The paper's example: method1 returns n1 bytes after t1, method2 takes it and returns n2 after t2. */
  public static Composition twoCalls(double n1, double n2, double t1, double t2) {
    return new Composition(0, new double[] {n1, n2}, new double[] {t1, t2});
  }

  /** The number of calls k. */
  public int calls() {
    return resultBytes.length;
  }

  /** n_i for i in 0..k (n_0 is the client's input). */
  public double bytes(int i) {
    return i == 0 ? inputBytes : resultBytes[i - 1];
  }

  /** t_i for i in 1..k. */
  public double compute(int i) {
    return computeSeconds[i - 1];
  }

  /** The sum of t_i: the time computing, which no variant can hide. */
  public double totalCompute() {
    return Arrays.stream(computeSeconds).sum();
  }

  /** The sum of the intermediate results n_1..n_(k-1), those passed from call to call. */
  public double intermediateBytes() {
    double s = 0;
    for (int i = 1; i < calls(); i++) s += bytes(i);
    return s;
  }

  private static void check(String name, double v) {
    if (!(v >= 0) || Double.isInfinite(v))
      throw new IllegalArgumentException(name + " must be >= 0 and finite: " + v);
  }

  @Override
  public String toString() {
    StringJoiner j = new StringJoiner("; ");
    if (inputBytes > 0) j.add("n0 " + Units.formatSize(inputBytes));
    for (int i = 1; i <= calls(); i++) {
      j.add("n" + i + " " + Units.formatSize(bytes(i)) + ", t" + i + " "
          + Units.formatDuration(compute(i)));
    }
    return j.toString();
  }
}
