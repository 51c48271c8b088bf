package org.gridrmi.ref.internal;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * A pool with a bound on its threads and on its queue, whose refusal is a {@link GridException} naming the pool and
 * its limits. Threads are daemons, named for what they do, and end when idle.
 */
public final class BoundedExecutor implements Executor, AutoCloseable {
  private final String name;
  private final int threads;
  private final int queue;
  private final ThreadPoolExecutor pool;

  public BoundedExecutor(String name, int threads, int queue) {
    this.name = name;
    this.threads = threads;
    this.queue = queue;
    this.pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue),
        Daemons.factory(name));
    pool.allowCoreThreadTimeOut(true);
  }

  /**
   * @throws GridException RESOURCE_EXHAUSTED when the pool's threads are busy and its queue is full, or CANCELLED
   *     once it is closed
   */
  @Override
  public void execute(Runnable task) {
    try {
      pool.execute(task);
    } catch (RejectedExecutionException e) {
      if (pool.isShutdown()) throw new GridException(Status.CANCELLED, name + " is closed", e);
      throw new GridException(Status.RESOURCE_EXHAUSTED, name + " is full: " + threads + " threads busy and " + queue
          + " tasks queued", e);
    }
  }

  /** Tasks queued and running now. */
  public int load() {
    return pool.getQueue().size() + pool.getActiveCount();
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
