package org.gridrmi.benchmarks.values;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * The shapes of users' values {@code gridrmi bench values} moves, made deterministically: a list of small records, a
 * map of strings, a nested object graph like the jvm-serializers benchmark's {@code MediaContent}, and arrays of
 * primitives. They are users' types: GridRMI knows nothing of them.
 */
public final class Shapes {
  private Shapes() {}

  /** A small record: the element of the record list. */
  public record Item(int id, String name, double price) implements Serializable {}

  /** How a media is played (an enum inside the graph). */
  public enum Player {
    JAVA,
    FLASH
  }

  /** An image's size class. */
  public enum Size {
    SMALL,
    LARGE
  }

  /** A media, as jvm-serializers' {@code Media}: fields of each kind, a list of strings, an enum. */
  public record Media(
      String uri,
      String title,
      int width,
      int height,
      String format,
      long duration,
      long size,
      int bitrate,
      boolean hasBitrate,
      List<String> persons,
      Player player,
      String copyright)
      implements Serializable {}

  /** An image of a media. */
  public record Image(String uri, String title, int width, int height, Size size)
      implements Serializable {}

  /** jvm-serializers' {@code MediaContent}: a media and its images. */
  public record MediaContent(Media media, List<Image> images) implements Serializable {}

  /** {@code n} items. */
  public static ArrayList<Item> items(int n) {
    ArrayList<Item> l = new ArrayList<>(n);
    for (int i = 0; i < n; i++) l.add(new Item(i, "item-" + i, i * 0.25));
    return l;
  }

  /** {@code n} entries {@code "key-i" -> i}. */
  public static HashMap<String, Integer> strings(int n) {
    HashMap<String, Integer> m = new HashMap<>();
    for (int i = 0; i < n; i++) m.put("key-" + i, i);
    return m;
  }

  /** {@code n} media contents, each as jvm-serializers' sample (two images, two persons). */
  public static ArrayList<MediaContent> media(int n) {
    ArrayList<MediaContent> l = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Media m = new Media(
          "http://javaone.com/keynote-" + i + ".mpg",
          i % 2 == 0 ? "Javaone Keynote" : null, // null fields too
          640,
          480,
          "video/mpg4",
          18_000_000L + i,
          58_982_400L,
          262_144,
          true,
          new ArrayList<>(List.of("Bill Gates", "Steve Jobs")),
          Player.JAVA,
          null);
      List<Image> images = new ArrayList<>(List.of(
          new Image(
              "http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Size.LARGE),
          new Image(
              "http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Size.SMALL)));
      l.add(new MediaContent(m, images));
    }
    return l;
  }

  /** {@code n} doubles. */
  public static double[] doubles(int n) {
    double[] d = new double[n];
    for (int i = 0; i < n; i++) d[i] = i * 0.5;
    return d;
  }

  /** {@code n} ints. */
  public static int[] ints(int n) {
    int[] v = new int[n];
    for (int i = 0; i < n; i++) v[i] = i;
    return v;
  }

  /**
   * A checksum of any shape's content, so that a value cannot arrive broken and pass; the same in every JVM (an enum's
   * own hash code is its identity's, so MediaContent is hashed with its enums' names).
   */
  public static long checksum(Object v) {
    if (v instanceof double[] d) {
      long s = 0;
      for (double x : d) s = 31 * s + Double.doubleToLongBits(x);
      return s;
    }
    if (v instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof MediaContent) {
      long s = 0;
      for (Object c : l) s = 31 * s + checksum((MediaContent) c);
      return s;
    }
    return v instanceof int[] a ? java.util.Arrays.hashCode(a) : v.hashCode();
  }

  private static int checksum(MediaContent c) {
    Media m = c.media();
    int h = java.util.Objects.hash(
        m.uri(),
        m.title(),
        m.width(),
        m.height(),
        m.format(),
        m.duration(),
        m.size(),
        m.bitrate(),
        m.hasBitrate(),
        m.persons(),
        m.player() == null ? null : m.player().name(),
        m.copyright());
    for (Image i : c.images()) {
      h = 31 * h
          + java.util.Objects.hash(
              i.uri(),
              i.title(),
              i.width(),
              i.height(),
              i.size() == null ? null : i.size().name());
    }
    return h;
  }
}
