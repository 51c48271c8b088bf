package org.gridrmi.it.server;

import org.gridrmi.ref.GridService;
import org.gridrmi.ref.Task;

/** A tiny service for the hostile-input test. */
@GridService
public interface Echo {
  String echo(String s);

  String run(Task<String, String> task, String arg);

  /** Waits {@code millis} (interruptibly), then returns the text. */
  String slow(String s, int millis);

  /** An implementation. */
  class Impl implements Echo {
    @Override
    public String echo(String s) {
      return s;
    }

    @Override
    public String slow(String s, int millis) {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return s;
    }

    @Override
    public String run(Task<String, String> task, String arg) {
      try {
        return task.apply(arg);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
