package org.gridrmi.cli.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.gridrmi.perf.AtomicFiles;

/**
 * A CSV file written row by row (RFC 4180 quoting, UTF-8, {@code \n} line ends). Rows go to a temporary file
 * next to the target and are flushed as written; {@link #close()} moves it into place, so the target is either
 * absent, the previous version, or complete. Use with try-with-resources; {@link #abort()} discards the rows.
 * Not thread-safe.
 *
 * <pre>{@code
 * try (CsvWriter csv = CsvWriter.create(Path.of("results/fig7.csv"), "size_bytes", "variant", "millis")) {
 *   csv.row(10_000, "plain", 1234.5);
 * }
 * }</pre>
 */
public final class CsvWriter implements AutoCloseable {
  private final Path target;
  private final Path temp;
  private final BufferedWriter out;
  private final int columns;
  private boolean done;

  private CsvWriter(Path target, List<String> header) throws IOException {
    this.target = target;
    this.temp = AtomicFiles.temporaryFor(target);
    this.out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
    this.columns = header.size();
    writeLine(header.toArray());
  }

  /** Starts a CSV file with a header; parent directories are created. */
  public static CsvWriter create(Path target, String... header) throws IOException {
    if (header.length == 0) throw new IllegalArgumentException("a CSV file needs a header");
    return new CsvWriter(target, List.of(header));
  }

  /** Writes a whole table at once. */
  public static void write(Path target, List<String> header, List<? extends List<?>> rows)
      throws IOException {
    try (CsvWriter w = create(target, header.toArray(String[]::new))) {
      for (List<?> r : rows) w.row(r.toArray());
    }
  }

  /**
   * Appends a row and flushes it. Numbers are written with {@link Locale#ROOT}, doubles with up to 6 decimals;
   * {@code null} and NaN are written as empty fields.
   *
   * @throws IllegalArgumentException if the row's length differs from the header's
   */
  public void row(Object... values) throws IOException {
    if (done) throw new IllegalStateException("CSV writer for " + target + " is closed");
    if (values.length != columns) {
      throw new IllegalArgumentException(
          "row has " + values.length + " fields, header has " + columns);
    }
    writeLine(values);
    out.flush();
  }

  /** The file this writer produces. */
  public Path target() {
    return target;
  }

  /** Finishes the file and moves it into place. */
  @Override
  public void close() throws IOException {
    if (done) return;
    done = true;
    try {
      out.close();
      AtomicFiles.commit(temp, target);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** Discards what was written; the target is left as it was. */
  public void abort() throws IOException {
    if (done) return;
    done = true;
    try {
      out.close();
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  private void writeLine(Object[] values) throws IOException {
    for (int i = 0; i < values.length; i++) {
      if (i > 0) out.write(',');
      out.write(field(values[i]));
    }
    out.write('\n');
  }

  static String field(Object v) {
    if (v == null) return "";
    String s;
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d)) return "";
      s = d == Math.rint(d) && Math.abs(d) < 1e15
          ? Long.toString((long) d)
          : new java.math.BigDecimal(String.format(Locale.ROOT, "%.6f", d))
              .stripTrailingZeros()
              .toPlainString();
    } else {
      s = v.toString();
    }
    if (s.indexOf(',') >= 0
        || s.indexOf('"') >= 0
        || s.indexOf('\n') >= 0
        || s.indexOf('\r') >= 0) {
      return '"' + s.replace("\"", "\"\"") + '"';
    }
    return s;
  }
}
