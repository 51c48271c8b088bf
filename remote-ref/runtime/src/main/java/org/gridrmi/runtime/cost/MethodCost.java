package org.gridrmi.runtime.cost;

import java.io.Serializable;

/**
 * A server's compute time of one service method, from its own calls.
 *
 * @param method {@code Service.method}, as calls are labelled ({@code MatrixOps.times})
 * @param meanSeconds the mean time the method ran, from the start of its invocation to its result (no waiting)
 * @param calls how many calls the mean is over
 */
public record MethodCost(String method, double meanSeconds, long calls) implements Serializable {
  private static final long serialVersionUID = 1L;
}
