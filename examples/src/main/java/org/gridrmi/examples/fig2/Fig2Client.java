package org.gridrmi.examples.fig2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.Traffic;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;

/**
 * The paper's Fig. 2, the composition of two remote methods on two servers, run both ways:
 * <pre>
 *   result1 = server1.method1();
 *   result2 = server2.method2(result1);
 * </pre>
 * With plain RMI, result1 comes back to the client and goes out again to server 2. With GridRMI's async view,
 * method1 returns a reference at once, method2 takes that reference, and server 2 fetches the value straight from
 * server 1. The program prints, for each, the result, the time and the bytes that went through the client.
 *
 * <p>{@code Fig2Client jini://HOST:PORT} uses the first two servers (by name) that the lookup service lists as
 * offering {@link Fig2Ops}; {@code Fig2Client rmi://HOST:PORT rmi://HOST:PORT} uses those two, in that order.
 * {@code --size BYTES} sets the size of result1 (default 1,000,000). Exit code 2 for a wrong argument, 1 when the
 * grid fails (its message is printed).
 */
public final class Fig2Client {
  private static final String USAGE =
      "usage: Fig2Client (jini://HOST:PORT | rmi://HOST:PORT rmi://HOST:PORT) [--size BYTES]";
  private static final Pattern ADDRESS = Pattern.compile("(jini|rmi)://[^/:\\s]+:\\d{1,5}");
  /** How long each method computes, ms (the paper's took 500 ms; shorter keeps the example quick). */
  private static final int COMPUTE_MILLIS = 50;
  /** The size of result2: small, so that result1 is the value that matters. */
  private static final int RESULT2_SIZE = 1024;

  private Fig2Client() {}

  public static void main(String[] args) {
    List<String> addresses = new ArrayList<>();
    int size = 1_000_000;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--size") && i + 1 < args.length) size = sizeArgument(args[++i]);
      else if (ADDRESS.matcher(args[i]).matches()) addresses.add(args[i]);
      else exitWithUsage("unknown argument, or an option without its value: " + args[i]);
    }
    boolean viaLookup = addresses.size() == 1 && addresses.get(0).startsWith("jini://");
    boolean twoServers =
        addresses.size() == 2 && addresses.stream().allMatch(a -> a.startsWith("rmi://"));
    if (!viaLookup && !twoServers)
      exitWithUsage("give one jini:// address or two rmi:// addresses");

    try (Grid grid = Grid.connect(addresses.toArray(String[]::new))) {
      List<ServerInfo> servers = new ArrayList<>(grid.servers(Fig2Ops.class));
      if (viaLookup)
        servers.sort(Comparator.comparing(ServerInfo::name)); // by address: in the order given
      if (servers.size() < 2) {
        throw new GridException(
            Status.NOT_FOUND,
            "Fig. 2 needs two servers offering Fig2Ops, found "
                + servers.stream().map(ServerInfo::name).toList());
      }
      ServerInfo s1 = servers.get(0);
      ServerInfo s2 = servers.get(1);

      // Two views of the same services. The plain view is Java RMI as Fig. 2 reads: each call
      // blocks until the
      // server is done and returns the value itself. The async view (Fig2OpsAsync, generated from
      // Fig2Ops at
      // compile time) returns a RemoteReference to the value at once and runs the call on the
      // server.
      Fig2Ops server1 = grid.plain(Fig2Ops.class, s1);
      Fig2Ops server2 = grid.plain(Fig2Ops.class, s2);
      Fig2OpsAsync async1 = grid.async(Fig2OpsAsync.class, s1);
      Fig2OpsAsync async2 = grid.async(Fig2OpsAsync.class, s2);

      // One small run of each, not timed: the first calls open the connections and load the
      // classes.
      server2.method2(server1.method1(16, 0), 16, 0);
      async2.method2(async1.method1(16, 0), 16, 0).get();

      System.out.printf(
          Locale.ROOT,
          "Fig. 2 on %s and %s: method1 makes %,d bytes, method2 consumes them "
              + "(%d ms of compute each)%n",
          s1.name(),
          s2.name(),
          size,
          COMPUTE_MILLIS);

      // Plain: result1 (size bytes) travels S1 -> client -> S2.
      Traffic before = grid.traffic();
      long start = System.nanoTime();
      byte[] result1 = server1.method1(size, COMPUTE_MILLIS);
      byte[] plain = server2.method2(result1, RESULT2_SIZE, COMPUTE_MILLIS);
      report("plain", plain, start, grid.traffic().since(before));

      // Improved: the same two lines on the async view.
      before = grid.traffic();
      start = System.nanoTime();
      // future-based: returns at once, before method1 has run; ref1 names a value that will exist
      // on S1
      RemoteReference<byte[]> ref1 = async1.method1(size, COMPUTE_MILLIS);
      // lazy: only the reference (about 120 bytes) goes to S2; S2 waits for method1 to finish and
      // fetches result1
      // from S1, server to server. (Were both on one server, it would be localized: a map look-up,
      // no copy.)
      RemoteReference<byte[]> ref2 = async2.method2(ref1, RESULT2_SIZE, COMPUTE_MILLIS);
      // get() blocks until result2 exists and brings it to the client: the only value that reaches
      // the client
      byte[] improved = ref2.get();
      report("improved", improved, start, grid.traffic().since(before));

      System.out.println("same result: " + Arrays.equals(plain, improved));
    } catch (
        GridException
            e) { // one exception type for everything that fails on the grid, with a status
      System.err.println("Fig2Client: " + e.getMessage());
      System.exit(1);
    }
    // Closing the Grid released every value its calls left on S1 and S2.
  }

  private static void report(String variant, byte[] result, long startNanos, Traffic traffic) {
    CRC32 crc = new CRC32();
    crc.update(result);
    System.out.printf(
        Locale.ROOT,
        "  %-9s result2 %,d bytes (CRC32 %08x) in %.1f ms; through the client: "
            + "%,d bytes sent, %,d received%n",
        variant + ":",
        result.length,
        crc.getValue(),
        (System.nanoTime() - startNanos) / 1e6,
        traffic.sentBytes(),
        traffic.receivedBytes());
  }

  private static int sizeArgument(String value) {
    try {
      int size = Integer.parseInt(value);
      if (size >= 0) return size;
    } catch (NumberFormatException e) {
      // reported below
    }
    exitWithUsage("--size must be a number of bytes >= 0, got " + value);
    return 0;
  }

  private static void exitWithUsage(String problem) {
    System.err.println("Fig2Client: " + problem + "; " + USAGE);
    System.exit(2);
  }
}
