package org.gridrmi.lookup.it;

import java.util.concurrent.CountDownLatch;
import org.gridrmi.lookup.LookupServer;

/**
 * A lookup service in a JVM of its own for this module's process tests, started through the library as
 * {@code gridrmi lookup} starts it: {@code LookupProcess PORT HOST [GROUP...]}. Prints {@code lookup service ready at
 * URL} once clients can use it and serves until killed.
 */
public final class LookupProcess {
  private LookupProcess() {}

  public static void main(String[] args) throws InterruptedException {
    String[] groups = java.util.Arrays.copyOfRange(args, 2, args.length);
    LookupServer server = LookupServer.start(args[1], Integer.parseInt(args[0]), groups);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      stopped.countDown();
    }));
    System.out.println("lookup service ready at " + server.url());
    System.out.flush();
    stopped.await();
  }
}
