package com.example.points;

import java.util.ArrayList;
import java.util.List;

/** Makes and sums points. */
public final class PointOpsImpl implements PointOps {
  @Override
  public List<Pt> make(int n) {
    List<Pt> l = new ArrayList<>(n);
    for (int i = 0; i < n; i++) l.add(new Pt(i, "p" + i, i * 0.5));
    return l;
  }

  @Override
  public long sumIds(List<Pt> points) {
    long s = 0;
    for (Pt p : points) s += p.id();
    return s;
  }
}
