package org.example.starter;

import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;

/**
 * A client: {@code StarterClient rmi://HOST:PORT [rmi://HOST:PORT]} (or one {@code jini://HOST:4160}). Splits
 * the work over two servers; the intermediate values go from server to server, never through this client.
 */
public final class StarterClient {
  static final String TEXT = "The grid runs the calls where the data is; the client gets only the answer. "
      + "The data of the grid stays on the grid.";

  private StarterClient() {}

  public static void main(String[] args) {
    try (Grid grid = Grid.connect(args)) {
      // choose: the least loaded server offering TextStats, or GridException NOT_FOUND naming what is registered
      ServerInfo first = grid.choose(TextStats.class, s -> true);
      ServerInfo second = grid.servers(TextStats.class).stream()
          .filter(s -> !s.equals(first))
          .findFirst()
          .orElse(first); // one server: it does both parts
      TextStatsAsync a = grid.async(TextStatsAsync.class, first);
      TextStatsAsync b = grid.async(TextStatsAsync.class, second);

      // Each call returns a reference at once; the calls run as their arguments arrive.
      RemoteReference<List<String>> words = a.words(grid.put(TEXT));
      RemoteReference<WordCounts> counts = b.count(words);         // the second server fetches the words
      RemoteReference<List<String>> top = a.top(counts, 3);        // the first fetches the counts back
      System.out.println("top words (" + first.name() + " -> " + second.name() + " -> " + first.name() + "): "
          + top.get());

      // The same service as plain RMI: every value comes back to the client.
      TextStats plain = grid.plain(TextStats.class);
      System.out.println("distinct words (plain RMI): " + plain.count(plain.words(TEXT)).distinct());
    } catch (GridException e) {
      // GridRMI's message names what was wrong and what to do: show it as it is, in one line
      System.err.println("StarterClient: " + e.getMessage());
      System.exit(1);
    }
  }
}
