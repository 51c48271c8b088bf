package org.gridrmi.benchmarks.values;

import java.util.ArrayList;
import java.util.HashMap;
import org.gridrmi.benchmarks.values.Shapes.Item;
import org.gridrmi.benchmarks.values.Shapes.MediaContent;
import org.gridrmi.ref.GridService;

/**
 * The service of {@code gridrmi bench values}: one server makes a value of each shape, another takes it and reduces
 * it to a checksum, so that the value moves between them.
 */
@GridService
public interface ValueOps {
  /** {@link Shapes#items}. */
  ArrayList<Item> items(int n);

  /** {@link Shapes#strings}. */
  HashMap<String, Integer> strings(int n);

  /** {@link Shapes#media}. */
  ArrayList<MediaContent> media(int n);

  /** {@link Shapes#doubles}. */
  double[] doubles(int n);

  /** {@link Shapes#ints}. */
  int[] ints(int n);

  /** {@link Shapes#checksum} of a record list. */
  long itemsChecksum(ArrayList<Item> v);

  /** {@link Shapes#checksum} of a string map. */
  long stringsChecksum(HashMap<String, Integer> v);

  /** {@link Shapes#checksum} of media contents. */
  long mediaChecksum(ArrayList<MediaContent> v);

  /** {@link Shapes#checksum} of doubles. */
  long doublesChecksum(double[] v);

  /** {@link Shapes#checksum} of ints. */
  long intsChecksum(int[] v);
}
