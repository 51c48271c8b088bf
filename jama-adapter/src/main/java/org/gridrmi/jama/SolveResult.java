package org.gridrmi.jama;

import Jama.Matrix;
import java.io.Serializable;

/**
 * What the SVD solver returns: the solution and how well it solves the system.
 *
 * @param x the solution of {@code A x = b} (least squares if A is singular or tall), n x k
 * @param residual {@code normInf(A x - b)}, the paper's r
 */
public record SolveResult(Matrix x, double residual) implements Serializable {}
