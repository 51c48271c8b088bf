package org.example.starter;

import java.util.List;
import org.gridrmi.ref.GridService;

/**
 * The service: a plain Java interface. {@code @GridService} makes the annotation processor write
 * {@code TextStatsAsync}, the same methods taking and returning {@code RemoteReference}s.
 */
@GridService
public interface TextStats {
  /** The words of a text, lower-cased, in order. */
  List<String> words(String text);

  /** How often each word occurs. */
  WordCounts count(List<String> words);

  /** The {@code n} most frequent words, most frequent first (ties in alphabetical order). */
  List<String> top(WordCounts counts, int n);
}
