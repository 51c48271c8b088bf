package org.example.starter;

import org.gridrmi.server.GridServer;

/**
 * A server exporting TextStats: {@code StarterServer [NAME [PORT [jini://LOOKUP:4160]]]} (port 0: a free one).
 * Prints one line with its address once it serves, then serves until the process is stopped, and one line when it
 * stops.
 */
public final class StarterServer {
  private StarterServer() {}

  public static void main(String[] args) throws InterruptedException {
    String name = args.length > 0 ? args[0] : "S1";
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 0;
    GridServer.Builder builder = GridServer.builder().name(name).port(port)
        .export(TextStats.class, new TextStatsImpl());
    if (args.length > 2) builder.join(args[2], java.time.Duration.ofSeconds(10)); // register with a Jini lookup service
    GridServer server = builder.start();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      System.out.println(server.stoppedLine()); // GridRMI server S1 stopped after 12 s, 3 calls run
    }));
    System.out.println("TextStats server " + name + " ready at " + server.address());
    server.awaitTermination(); // serve until the process is stopped (the hook above closes the server)
  }
}
