package org.gridrmi.benchmarks.svd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.gridrmi.perf.Calibration;
import org.gridrmi.perf.CostParameters;
import org.gridrmi.runtime.net.EmulatedLink;
import org.gridrmi.runtime.net.LinkProfiles;
import org.gridrmi.runtime.net.LinkShaper;

/**
 * A simple, stated estimate of the three placements' times with the paper's cost model (a message of n bytes takes
 * t_s + n t_w; a call is two messages):
 * <ul>
 *   <li>plain: {@value SvdPlacements#PLAIN_CALLS} calls x 2 t_s + (the bytes of every matrix that crosses the
 *       client, counted as 8 B per double, see {@link #plainBytes}) t_w + compute;</li>
 *   <li>improved and ideal: 2 t_s + (A + b + x) bytes t_w + compute.</li>
 * </ul>
 * Compute is the server's own time for the whole solver, measured in the same run (not modelled). The model ignores
 * serialization and protocol overhead beyond t_s/t_w and the extra round trip improved needs for its second result,
 * so it is a lower bound for plain and improved.
 *
 * @param costs the model's parameters: t_s and t_w of the link
 * @param source where they come from, for the output (profile name or calibration file)
 */
public record SvdModel(CostParameters costs, String source) {

  /**
   * The costs of a link: from {@code calibration} if that file exists, fits well and was measured on the same link
   * spec, else from the link profile itself (loopback: 0).
   */
  public static SvdModel forLink(String linkSpec, Path calibration) {
    if (calibration != null && Files.isRegularFile(calibration)) {
      try {
        Calibration c = Calibration.load(calibration);
        if (c.isGoodFit()
            && c.link().trim().toLowerCase(Locale.ROOT).startsWith(normalize(linkSpec))) {
          return new SvdModel(
              c.toCostParameters(CostParameters.PAPER_REFERENCE_BYTES),
              "calibration " + calibration + " (" + c.link() + ", R^2 "
                  + String.format(Locale.ROOT, "%.3f", c.r2()) + ")");
        }
      } catch (IOException | IllegalArgumentException e) {
        // unreadable calibration: fall back to the profile, and say so below
        return fromProfile(
            linkSpec, " (calibration " + calibration + " unusable: " + e.getMessage() + ")");
      }
    }
    return fromProfile(linkSpec, "");
  }

  private static SvdModel fromProfile(String linkSpec, String note) {
    LinkShaper shaper = LinkProfiles.parse(linkSpec);
    if (shaper instanceof EmulatedLink e) {
      double tw = Double.isInfinite(e.bytesPerSecond()) ? 0 : e.secondsPerByte();
      return new SvdModel(
          CostParameters.of(e.delayNanos() / 1e9, tw), "link profile " + e.describe() + note);
    }
    return new SvdModel(CostParameters.of(0, 0), "link profile loopback (t_s = t_w = 0)" + note);
  }

  private static String normalize(String spec) {
    return spec == null ? "loopback" : spec.trim().toLowerCase(Locale.ROOT);
  }

  /**
   * Bytes of matrix data the plain placement moves through the client for an n x n system with one right-hand
   * side: A out; the decomposition (U, V, s) back; the decomposition out three times for U, S, V and each back;
   * U out and U' back; three matrix-vector products (n^2 + n out, n back each), A x (n^2 + n out, n back),
   * minus (2n out, n back), normInf (n out, 8 B back). Counted as 8 B per double; serialization headers left out.
   */
  public static double plainBytes(int n) {
    double nn = (double) n * n;
    double doubles = nn // svd(A): A out
        + (2 * nn + n) // the decomposition back
        + 3 * (2 * nn + n)
        + 3 * nn // svdU/S/V: decomposition out, a matrix back each
        + 2 * nn // transpose: U out, U' back
        + 4 * (nn + n + n) // U'b, S+y, V z, A x: matrix + vector out, vector back
        + 3 * n
        + n
        + 1; // minus, normInf
    return 8 * doubles;
  }

  /** Bytes the improved and ideal placements move: A and b out, x back (8 B per double). */
  public static double improvedBytes(int n) {
    return 8 * ((double) n * n + 2.0 * n);
  }

  /**
   * The predicted time of a placement.
   *
   * @param computeSeconds the server's time for the whole solver at this n, measured
   * @return seconds
   */
  public double predict(SvdPlacements.Variant v, int n, double computeSeconds) {
    return switch (v) {
      case PLAIN ->
        SvdPlacements.PLAIN_CALLS * 2 * costs.network().ts()
            + plainBytes(n) * costs.network().tw()
            + computeSeconds;
      case IMPROVED, IDEAL ->
        2 * costs.network().ts() + improvedBytes(n) * costs.network().tw() + computeSeconds;
    };
  }
}
