package org.gridrmi.runtime;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * A pool with a bound on its threads and on its queue, whose refusal is a {@link GridException} naming the pool and
 * its limits. Threads are daemons, named for what they do, and end when idle for 30 s.
 *
 * <p>A task goes to an idle thread if there is one, else to a new thread up to the limit, else to the queue. A plain
 * {@link ThreadPoolExecutor} does not do that: below its core size it starts a new thread for every task even when
 * others are idle, and with the core size at the limit (so that it may grow at all before the queue fills) a pool of
 * 64 started a thread per fetch for the first 64 fetches after each idle spell, about half a millisecond each on a
 * small machine, on the critical path of every server-to-server chain. So the queue itself refuses a task while no
 * thread is idle and the pool may still grow (the way Tomcat's task queue does), and takes it when the pool is full.
 *
 * <p>"Idle" is counted by tasks, not by threads' states: a thread is free for a new task when the tasks given and not
 * yet finished (this one included) are no more than the threads. A thread that has just taken a task from the queue
 * but not yet started it looks idle to {@link ThreadPoolExecutor#getActiveCount}, and tasks queued for such threads
 * waited, with the pool below its limit, until some other task ended.
 */
public final class BoundedExecutor implements Executor, AutoCloseable {
  private final String name;
  private final int threads;
  private final int queue;
  private final IdleFirstQueue tasks;
  private final CountingPool pool;
  /** Where every task goes instead of the pool (a simulation's scheduler), or null for the pool. */
  private final Executor onto;

  public BoundedExecutor(String name, int threads, int queue) {
    this.onto = null;
    this.name = name;
    this.threads = threads;
    this.queue = queue;
    this.tasks = new IdleFirstQueue(queue);
    this.pool = new CountingPool(threads, tasks, Daemons.factory(name), (task, p) -> {
      throw new RejectedExecutionException(name + " has no thread free");
    });
    pool.allowCoreThreadTimeOut(true);
    tasks.pool = pool;
  }

  /**
   * A pool that hands every task to {@code onto} and has no threads of its own: the seam through which a deterministic
   * simulation ({@link LifetimeSimulation}) runs what a runtime sends, one task at a time, in the order it chooses.
   */
  BoundedExecutor(String name, Executor onto) {
    this.name = name;
    this.threads = 0;
    this.queue = 0;
    this.tasks = null;
    this.pool = null;
    this.onto = onto;
  }

  /**
   * @throws GridException RESOURCE_EXHAUSTED when the pool's threads are busy and its queue is full, or CANCELLED
   *     once it is closed
   */
  @Override
  public void execute(Runnable task) {
    if (onto != null) {
      onto.execute(task);
      return;
    }
    pool.unfinished.incrementAndGet();
    try {
      pool.execute(task);
    } catch (RejectedExecutionException e) {
      if (pool.isShutdown()) {
        pool.unfinished.decrementAndGet();
        throw new GridException(Status.CANCELLED, name + " is closed", e);
      }
      // every thread is busy and the pool is at its limit: the task waits in the queue if there is
      // room (a busy thread takes it when its task ends)
      if (tasks.enqueue(task)) return;
      pool.unfinished.decrementAndGet();
      throw new GridException(
          Status.RESOURCE_EXHAUSTED,
          name + " is full: " + threads + " threads busy and " + queue + " tasks queued",
          e);
    }
  }

  /** Tasks queued and running now. */
  public int load() {
    if (onto != null) return 0;
    return tasks.size() + pool.getActiveCount();
  }

  @Override
  public void close() {
    if (pool != null) pool.shutdownNow();
  }

  /** A pool that counts the tasks given to it and not yet finished (running or queued). */
  private static final class CountingPool extends ThreadPoolExecutor {
    final AtomicInteger unfinished = new AtomicInteger();

    CountingPool(
        int threads,
        IdleFirstQueue tasks,
        java.util.concurrent.ThreadFactory factory,
        java.util.concurrent.RejectedExecutionHandler refusal) {
      super(1, threads, 30, TimeUnit.SECONDS, tasks, factory, refusal);
    }

    @Override
    protected void afterExecute(Runnable task, Throwable failure) {
      unfinished.decrementAndGet();
    }
  }

  /** The pool's queue: it takes a task only when a thread is idle to run it or the pool cannot grow. */
  private static final class IdleFirstQueue extends LinkedBlockingQueue<Runnable> {
    private static final long serialVersionUID = 1L;
    private transient volatile CountingPool pool;

    IdleFirstQueue(int capacity) {
      super(capacity);
    }

    @Override
    public boolean offer(Runnable task) {
      CountingPool p = pool;
      int size = p.getPoolSize();
      // this task is counted already: a thread is free for it if no more tasks are unfinished than
      // there are threads
      boolean idleThreadFree = p.unfinished.get() <= size;
      if (!idleThreadFree && size < p.getMaximumPoolSize())
        return false; // the pool starts a thread for it
      return super.offer(task);
    }

    /** Queues a task the pool refused (it is at its limit), if there is room. */
    boolean enqueue(Runnable task) {
      return super.offer(task);
    }
  }
}
