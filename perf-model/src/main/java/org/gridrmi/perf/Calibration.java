package org.gridrmi.perf;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * A measured t_s/t_w (and tau_s/tau_w) with the quality of its least-squares fit, as written by
 * {@code gridrmi calibrate} and read by {@code gridrmi model --calibration} and the benchmarks.
 *
 * <p>File format: a Java properties file, conventionally {@code results/calibration.properties}, KB = 1000 B:
 * <pre>
 * ts_ms=21.3
 * tw_us_per_kb=322.8
 * tau_s_ms=0.41            # optional, 0 if absent
 * tau_w_us_per_kb=9.7      # optional, 0 if absent
 * r2=0.998
 * link=paper-wan (21 ms, 3.10 MB/s)
 * date=2025-01-31T12:00:00Z
 * </pre>
 *
 * @param ts startup time, seconds
 * @param tw time per byte, seconds
 * @param tauS local-socket startup time, seconds
 * @param tauW local-socket time per byte, seconds
 * @param r2 coefficient of determination of the t_s/t_w fit, in [0, 1]
 * @param link the link it was measured on, free text
 * @param date when it was measured, ISO-8601 text
 */
public record Calibration(
    double ts, double tw, double tauS, double tauW, double r2, String link, String date) {
  /** Below this R^2 a fit is poor and must not be used silently (issue 6). */
  public static final double MIN_GOOD_R2 = 0.9;

  /** Whether the fit is good enough to predict with. */
  public boolean isGoodFit() {
    return r2 >= MIN_GOOD_R2;
  }

  /** The model's parameters with this calibration and the given reference size n_r, bytes. */
  public CostParameters toCostParameters(double referenceBytes) {
    return new CostParameters(new LinkCost(ts, tw), new LinkCost(tauS, tauW), referenceBytes);
  }

  /**
   * Reads a calibration file.
   *
   * @throws IOException if it cannot be read
   * @throws IllegalArgumentException naming the file and key if a required key is missing or not a non-negative
   *     number
   */
  public static Calibration load(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    }
    return new Calibration(
        number(p, file, "ts_ms", true) / 1e3,
        number(p, file, "tw_us_per_kb", true) / 1e9,
        number(p, file, "tau_s_ms", false) / 1e3,
        number(p, file, "tau_w_us_per_kb", false) / 1e9,
        number(p, file, "r2", true),
        p.getProperty("link", "unknown"),
        p.getProperty("date", "unknown"));
  }

  /** Writes this calibration atomically (a temporary file moved into place), creating parent directories. */
  public void store(Path file) throws IOException {
    StringWriter w = new StringWriter();
    w.write("# GridRMI link calibration: t(n) = t_s + n t_w, KB = 1000 B\n");
    line(w, "ts_ms", ts * 1e3);
    line(w, "tw_us_per_kb", tw * 1e9);
    line(w, "tau_s_ms", tauS * 1e3);
    line(w, "tau_w_us_per_kb", tauW * 1e9);
    line(w, "r2", r2);
    w.write("link=" + link.replace("\n", " ") + "\n");
    w.write("date=" + date + "\n");
    AtomicFiles.write(file, w.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static void line(StringWriter w, String key, double v) {
    w.write(key + "=" + String.format(Locale.ROOT, "%.6g", v) + "\n");
  }

  private static double number(Properties p, Path file, String key, boolean required) {
    String v = p.getProperty(key);
    if (v == null) {
      if (!required) return 0;
      throw new IllegalArgumentException(
          file + ": missing " + key + "; expected keys ts_ms, tw_us_per_kb, r2"
              + " (and optionally tau_s_ms, tau_w_us_per_kb, link, date)");
    }
    try {
      double d = Double.parseDouble(v.trim());
      if (d >= 0 && !Double.isInfinite(d)) return d;
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException(
        file + ": " + key + "=" + v + " is not a non-negative number");
  }
}
