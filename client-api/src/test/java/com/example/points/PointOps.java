package com.example.points;

import java.util.List;
import org.gridrmi.ref.GridService;

/** A user's service moving a user's record type, for the fast codec's chain test. */
@GridService
public interface PointOps {
  /** A point of a user's own record type. */
  record Pt(int id, String name, double weight) implements java.io.Serializable {}

  /** {@code n} points. */
  List<Pt> make(int n);

  /** The sum of the points' ids. */
  long sumIds(List<Pt> points);
}
