package org.gridrmi.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The checks of the Grid's and the server's builder methods, so that both refuse a bad argument the same way: at the
 * call that passes it, with a {@link GridException} of status {@link Status#INVALID_ARGUMENT} (as every bad input to GridRMI) whose
 * message names the option and the value ({@code threads must be at least 1, got 0}), null included. What can only be checked once
 * every option is known (an address that does not resolve, a port in use) is left to {@code build()} and
 * {@code start()}, which report it as a {@code GridException}.
 */
public final class OptionChecks {
  /**
   * A class pattern as the stream filters take it: a class name ({@code a.B}, {@code a.B$C}), a package's classes
   * ({@code c.d.*}) or a package's and its subpackages' ({@code e.**}).
   */
  private static final Pattern CLASS_PATTERN = Pattern.compile(
      "\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*(\\.\\p{javaJavaIdentifierStart}"
          + "\\p{javaJavaIdentifierPart}*)*(\\.\\*\\*?)?");

  private OptionChecks() {}

  /** @throws GridException INVALID_ARGUMENT naming {@code option} if {@code value} is null */
  public static <T> T notNull(String option, T value) {
    if (value == null) throw invalid(option + " must not be null");
    return value;
  }

  /** @throws GridException INVALID_ARGUMENT naming {@code option} and the value if it is null, empty or blank */
  public static String notBlank(String option, String value) {
    notNull(option, value);
    if (value.isBlank()) throw invalid(option + " must not be blank, got '" + value + "'");
    return value;
  }

  /** @throws GridException INVALID_ARGUMENT naming {@code option} and the value unless it is longer than zero */
  public static Duration positive(String option, Duration value) {
    notNull(option, value);
    if (value.isNegative() || value.isZero()) {
      throw invalid(option + " must be positive, got " + value);
    }
    return value;
  }

  /** @throws GridException INVALID_ARGUMENT naming {@code option} and the value if it is below {@code min} */
  public static long atLeast(String option, long min, long value) {
    if (value < min) throw invalid(option + " must be at least " + min + ", got " + value);
    return value;
  }

  /** @throws GridException INVALID_ARGUMENT naming {@code option} and the value unless it is in {@code min..max} */
  public static int between(String option, int min, int max, int value) {
    if (value < min || value > max) {
      throw invalid(option + " must be " + min + " to " + max + ", got " + value);
    }
    return value;
  }

  /**
   * The values of a varargs option, copied.
   *
   * @throws GridException INVALID_ARGUMENT naming {@code option} and the position if the array or one of its values is null
   * @throws GridException INVALID_ARGUMENT naming {@code option} and the value if one is blank
   */
  public static List<String> allNotBlank(String option, String... values) {
    notNull(option, values);
    List<String> copy = new ArrayList<>(values.length);
    for (int i = 0; i < values.length; i++) copy.add(notBlank(option + "[" + i + "]", values[i]));
    return copy;
  }

  /**
   * Class patterns, each given alone or several separated by commas: {@code a.B}, {@code c.d.*} or {@code e.**}.
   *
   * @return the patterns, one per element
   * @throws GridException INVALID_ARGUMENT naming {@code option} if the array or one of its values is null
   * @throws GridException INVALID_ARGUMENT naming {@code option} and the pattern that is none of these forms
   */
  public static List<String> classPatterns(String option, String... values) {
    notNull(option, values);
    List<String> patterns = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      for (String p : notNull(option + "[" + i + "]", values[i]).split(",", -1)) {
        String t = p.trim();
        if (!CLASS_PATTERN.matcher(t).matches()) {
          throw invalid(option + " takes class patterns a.B, c.d.* or e.**, got '" + t + "'"
              + (values[i].equals(t) ? "" : " in '" + values[i] + "'"));
        }
        patterns.add(t);
      }
    }
    return patterns;
  }

  /**
   * Parses {@code value} for {@code option} with {@code parser}, whose IllegalArgumentException (a malformed value,
   * naming its bad part) becomes the builders' refusal.
   *
   * @throws GridException INVALID_ARGUMENT with the parser's message
   */
  public static <T> T parsed(
      String option, String value, java.util.function.Function<String, T> parser) {
    notNull(option, value);
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw new GridException(Status.INVALID_ARGUMENT, option + ": " + e.getMessage(), e);
    }
  }

  private static GridException invalid(String message) {
    return new GridException(Status.INVALID_ARGUMENT, message);
  }
}
