package org.example.starter;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The implementation runs on the servers; it is ordinary Java and knows nothing of GridRMI. */
public class TextStatsImpl implements TextStats {
  @Override
  public List<String> words(String text) {
    return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")).filter(w -> !w.isEmpty()).toList();
  }

  @Override
  public WordCounts count(List<String> words) {
    Map<String, Integer> counts = new HashMap<>();
    words.forEach(w -> counts.merge(w, 1, Integer::sum));
    return new WordCounts(counts);
  }

  @Override
  public List<String> top(WordCounts counts, int n) {
    return counts.counts().entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
        .limit(n).map(Map.Entry::getKey).toList();
  }
}
