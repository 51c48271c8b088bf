package org.gridrmi.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The checks of the Grid's and the server's builder methods, so that both refuse a bad argument the same way: at the
 * call that passes it, with an {@link IllegalArgumentException} (or a {@link NullPointerException} for null) whose
 * message names the option and the value ({@code threads must be at least 1, got 0}). What can only be checked once
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

  /** @throws NullPointerException naming {@code option} if {@code value} is null */
  public static <T> T notNull(String option, T value) {
    return Objects.requireNonNull(value, () -> option + " must not be null");
  }

  /** @throws IllegalArgumentException naming {@code option} and the value if it is null, empty or blank */
  public static String notBlank(String option, String value) {
    notNull(option, value);
    if (value.isBlank()) throw new IllegalArgumentException(option + " must not be blank, got '" + value + "'");
    return value;
  }

  /** @throws IllegalArgumentException naming {@code option} and the value unless it is longer than zero */
  public static Duration positive(String option, Duration value) {
    notNull(option, value);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(option + " must be positive, got " + value);
    }
    return value;
  }

  /** @throws IllegalArgumentException naming {@code option} and the value if it is below {@code min} */
  public static long atLeast(String option, long min, long value) {
    if (value < min) throw new IllegalArgumentException(option + " must be at least " + min + ", got " + value);
    return value;
  }

  /** @throws IllegalArgumentException naming {@code option} and the value unless it is in {@code min..max} */
  public static int between(String option, int min, int max, int value) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(option + " must be " + min + " to " + max + ", got " + value);
    }
    return value;
  }

  /**
   * The values of a varargs option, copied.
   *
   * @throws NullPointerException naming {@code option} and the position if the array or one of its values is null
   * @throws IllegalArgumentException naming {@code option} and the value if one is blank
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
   * @throws NullPointerException naming {@code option} if the array or one of its values is null
   * @throws IllegalArgumentException naming {@code option} and the pattern that is none of these forms
   */
  public static List<String> classPatterns(String option, String... values) {
    notNull(option, values);
    List<String> patterns = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      for (String p : notNull(option + "[" + i + "]", values[i]).split(",", -1)) {
        String t = p.trim();
        if (!CLASS_PATTERN.matcher(t).matches()) {
          throw new IllegalArgumentException(option + " takes class patterns a.B, c.d.* or e.**, got '" + t + "'"
              + (values[i].equals(t) ? "" : " in '" + values[i] + "'"));
        }
        patterns.add(t);
      }
    }
    return patterns;
  }
}
