package org.gridrmi.client.internal;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.Daemons;
import org.gridrmi.ref.internal.Nodes;
import org.gridrmi.ref.internal.Stubs;
import org.gridrmi.ref.internal.wire.CallGateway;
import org.gridrmi.ref.internal.wire.Command;

/**
 * The client's pipe to one server. Async calls are queued and sent in batches by one I/O task at a time, so the
 * caller never waits for the network and calls reach the server in the order they were made; a batch waits only
 * for commands it depends on that go to other servers. Keeps the lease on the values the client holds there.
 */
final class ServerChannel {
  private final ServerInfo server;
  private final Session session;
  private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean draining = new AtomicBoolean();
  /** Values of this client already pushed to the server, so each crosses the network once. */
  final Set<UUID> pushed = ConcurrentHashMap.newKeySet();
  /** Values the client holds on this server, released when the Grid closes. */
  final Set<UUID> held = ConcurrentHashMap.newKeySet();
  private volatile ScheduledFuture<?> renewal;
  private static final long MAX_LINGER_NANOS = 2_000_000;
  /** Smoothed round trip of submits to this server (0 until the first), which sizes the linger. */
  private volatile long submitRttNanos;

  record Pending(Command command, CompletableFuture<Void> accepted, List<CompletableFuture<?>> after) {}

  ServerChannel(ServerInfo server, Session session) {
    this.server = server;
    this.session = session;
  }

  ServerInfo server() { return server; }

  CallGateway gateway() {
    try {
      return (CallGateway) Stubs.node(server.address());
    } catch (ClassCastException e) {
      throw new GridException(Status.NOT_FOUND, server.address() + " is a GridRMI client, not a server");
    }
  }

  void send(Pending p) {
    queue.add(p);
    if (draining.compareAndSet(false, true)) Daemons.IO.execute(this::drain);
  }

  /**
   * Sends the queue in order, in batches. A command that takes a reference made by a command for another server
   * must not overtake it, so a batch ends before the first command whose dependencies are not yet accepted, and
   * that command waits at the head. Since a dependency is always made before the command that takes it, the
   * earliest waiting command anywhere has its dependencies sent already: channels never wait on each other in
   * a cycle.
   */
  private void drain() {
    while (true) {
      linger();
      List<Pending> batch = new ArrayList<>();
      for (Pending p; (p = queue.peek()) != null; ) {
        if (!accepted(p.after())) {
          if (!batch.isEmpty()) break;
          CompletableFuture.allOf(p.after().toArray(CompletableFuture[]::new)).handle((x, t) -> null).join();
        }
        batch.add(queue.poll());
      }
      if (batch.isEmpty()) {
        draining.set(false);
        if (queue.isEmpty() || !draining.compareAndSet(false, true)) return;
        continue;
      }
      submit(batch);
    }
  }

  /**
   * Waits a moment before taking a batch, so that a burst of calls made one after another by the caller (a whole
   * chain is made in microseconds) goes out as one message instead of one call followed by the rest one round
   * trip later. The wait is a twentieth of this server's measured submit round trip, at most 2 ms: nothing on
   * loopback, under 1% of the round trip anywhere.
   */
  private void linger() {
    long nanos = Math.min(MAX_LINGER_NANOS, submitRttNanos / 20);
    if (nanos > 10_000) java.util.concurrent.locks.LockSupport.parkNanos(nanos);
  }

  private static boolean accepted(List<CompletableFuture<?>> after) {
    for (CompletableFuture<?> f : after) if (!f.isDone()) return false;
    return true;
  }

  private void submit(List<Pending> batch) {
    List<Command> commands = batch.stream().map(Pending::command).toList();
    try {
      long start = System.nanoTime();
      gateway().submit(Nodes.JVM_ID, commands);
      long rtt = System.nanoTime() - start;
      submitRttNanos = submitRttNanos == 0 ? rtt : (3 * submitRttNanos + rtt) / 4;
      batch.forEach(p -> p.accepted().complete(null));
      startRenewal();
    } catch (RemoteException | GridException e) {
      Stubs.forget(server.address());
      for (Pending p : batch) {
        String what = p.command() instanceof Command.Call c ? c.label() : "a value";
        p.accepted().completeExceptionally(new GridException(Status.UNAVAILABLE, "server " + server.name() + " ("
            + server.address() + ") is unavailable, so " + what + " could not be sent to it: " + Stubs.rootMessage(e),
            e, List.of(what + " on " + server.name())));
      }
    }
  }

  private void startRenewal() {
    if (renewal != null) return;
    synchronized (this) {
      if (renewal == null) schedule(0);
    }
  }

  private void schedule(long delayMillis) {
    try {
      if (!session.closed()) renewal = session.timers().schedule(this::renew, delayMillis, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // the Grid closed meanwhile: no more renewals
    }
  }

  /** Renews the lease, then again after a third of what the server granted, so two renewals may fail in a row. */
  private void renew() {
    long next = session.renewMillis();
    try {
      next = Math.min(next, Math.max(20, gateway().renew(Nodes.JVM_ID) / 3));
    } catch (RemoteException | GridException e) {
      Stubs.forget(server.address()); // unreachable now; keep trying, it may come back
    }
    schedule(next);
  }

  void release(List<UUID> ids) {
    if (ids.isEmpty()) return;
    held.removeAll(ids);
    pushed.removeAll(ids);
    Daemons.IO.execute(() -> {
      try {
        gateway().release(Nodes.JVM_ID, ids);
      } catch (RemoteException | GridException ignored) {
        // unreachable: the lease will free them
      }
    });
  }

  void close() {
    ScheduledFuture<?> r = renewal;
    if (r != null) r.cancel(false);
    release(List.copyOf(held));
  }
}
