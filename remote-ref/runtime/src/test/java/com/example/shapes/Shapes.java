package com.example.shapes;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A user's value types, outside GridRMI's packages, for the fast codec's tests. */
public final class Shapes {
  private Shapes() {}

  /** A small record. */
  public record Point(int id, String name, double weight) {}

  /** An enum inside a graph. */
  public enum Player {
    JAVA,
    FLASH
  }

  /** A nested graph with a null field allowed. */
  public record Media(
      String uri, String title, int width, Player player, List<String> persons, Image cover) {}

  /** An image of a media. */
  public record Image(String uri, int width, int height) {}

  /** Counts how many instances were ever made, to show a refused value made none. */
  public record Counted(int value) {
    public static final AtomicInteger MADE = new AtomicInteger();

    public Counted {
      MADE.incrementAndGet();
    }
  }

  /** A mutable node, for cycles. */
  public static final class Node implements java.io.Serializable {
    public Node next;
    public int value;
  }

  /** A record holding arrays, for lying lengths inside a graph. */
  public record Holder(List<Object> items) {}

  /** A record with a map field: Fory's generated code writes the map through its serializer's hooks. */
  public record Index(java.util.HashMap<String, Integer> entries, String note) {}

  /** A record with an array field: the record's generated serializer reads the array. */
  public record WithArray(int[] values) {}

  /** A list of {@code n} points. */
  public static List<Point> points(int n) {
    List<Point> l = new ArrayList<>(n);
    for (int i = 0; i < n; i++) l.add(new Point(i, "p" + i, i * 0.5));
    return l;
  }
}
