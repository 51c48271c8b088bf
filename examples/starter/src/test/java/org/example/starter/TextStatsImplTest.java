package org.example.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The implementation is plain Java, so it is tested without any server. */
class TextStatsImplTest {
  private final TextStats stats = new TextStatsImpl();

  @Test
  void countsWordsAndRanksThem() {
    WordCounts counts = stats.count(stats.words(StarterClient.TEXT));
    assertEquals(List.of("the", "grid", "data"), stats.top(counts, 3));
    assertEquals(14, counts.distinct());
  }
}
