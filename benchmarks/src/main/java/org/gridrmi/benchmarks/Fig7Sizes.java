package org.gridrmi.benchmarks;

import java.util.ArrayList;
import java.util.List;
import org.gridrmi.perf.Units;

/**
 * Parses the {@code --sizes} of Fig. 7: {@code A..B} is 10 evenly spaced sizes from A to B inclusive (10KB..100KB:
 * 10, 20, .., 100 KB; KB = 1000 B), {@code A..B:STEP} steps by STEP, and {@code 10KB,50KB} is an explicit list.
 * Sizes must be positive and strictly increasing.
 */
final class Fig7Sizes {
  static final String FORM =
      "expected A..B (10 sizes), A..B:STEP or a list A,B,C in increasing order,"
          + " such as 10KB..100KB";

  private Fig7Sizes() {}

  static int[] parse(String spec) {
    String s = spec.trim();
    List<Double> out = new ArrayList<>();
    try {
      if (s.contains("..")) {
        String[] ends = s.split("\\.\\.", 2);
        String hiPart = ends[1];
        Double step = null;
        int colon = hiPart.indexOf(':');
        if (colon >= 0) {
          step = Units.parseSize(hiPart.substring(colon + 1));
          hiPart = hiPart.substring(0, colon);
        }
        double lo = Units.parseSize(ends[0]), hi = Units.parseSize(hiPart);
        if (!(hi > lo)) throw bad(spec, "the range's end must be above its start");
        if (step == null) {
          for (int i = 0; i < 10; i++) out.add(lo + (hi - lo) * i / 9);
        } else {
          if (!(step > 0)) throw bad(spec, "the step must be positive");
          for (double v = lo; v <= hi * (1 + 1e-9); v += step) out.add(v);
        }
      } else {
        for (String p : s.split(",")) out.add(Units.parseSize(p));
      }
    } catch (IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("bad --sizes")) throw e;
      throw bad(spec, e.getMessage());
    }
    int[] sizes = new int[out.size()];
    for (int i = 0; i < sizes.length; i++) {
      double v = out.get(i);
      if (!(v >= 1) || v > 64e6)
        throw bad(spec, "size " + Units.formatSize(v) + " is outside 1 B..64 MB");
      sizes[i] = (int) Math.round(v);
      if (i > 0 && sizes[i] <= sizes[i - 1]) {
        throw bad(
            spec,
            "sizes out of order: " + Units.formatSize(sizes[i]) + " after "
                + Units.formatSize(sizes[i - 1]));
      }
    }
    return sizes;
  }

  private static IllegalArgumentException bad(String spec, String why) {
    return new IllegalArgumentException("bad --sizes '" + spec + "': " + why + "; " + FORM);
  }
}
