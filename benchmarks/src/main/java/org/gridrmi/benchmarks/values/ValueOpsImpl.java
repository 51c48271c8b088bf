package org.gridrmi.benchmarks.values;

import java.util.ArrayList;
import java.util.HashMap;
import org.gridrmi.benchmarks.values.Shapes.Item;
import org.gridrmi.benchmarks.values.Shapes.MediaContent;

/** {@link ValueOps}: each value made afresh (the benchmark times moving it, and making it on both sides alike). */
public final class ValueOpsImpl implements ValueOps {
  @Override
  public ArrayList<Item> items(int n) {
    return Shapes.items(n);
  }

  @Override
  public HashMap<String, Integer> strings(int n) {
    return Shapes.strings(n);
  }

  @Override
  public ArrayList<MediaContent> media(int n) {
    return Shapes.media(n);
  }

  @Override
  public double[] doubles(int n) {
    return Shapes.doubles(n);
  }

  @Override
  public int[] ints(int n) {
    return Shapes.ints(n);
  }

  @Override
  public long itemsChecksum(ArrayList<Item> v) {
    return Shapes.checksum(v);
  }

  @Override
  public long stringsChecksum(HashMap<String, Integer> v) {
    return Shapes.checksum(v);
  }

  @Override
  public long mediaChecksum(ArrayList<MediaContent> v) {
    return Shapes.checksum(v);
  }

  @Override
  public long doublesChecksum(double[] v) {
    return Shapes.checksum(v);
  }

  @Override
  public long intsChecksum(int[] v) {
    return Shapes.checksum(v);
  }
}
