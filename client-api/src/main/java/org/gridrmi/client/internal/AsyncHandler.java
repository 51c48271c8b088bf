package org.gridrmi.client.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Idempotent;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.LocalNode;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.telemetry.ClientCall;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.InlineArgument;
import org.gridrmi.runtime.wire.MethodKeys;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.SerializedValue;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.runtime.wire.WireValue;
import org.gridrmi.runtime.wire.WrittenRefs;

/**
 * Turns a call on an async view into a command on the server's channel and returns the result's reference at
 * once (future-based). The result's id is chosen here, so that the reference can be passed on before the server
 * has even seen the call. A call's deadline travels as the time it has left when its batch goes, and bounds waits for
 * its value on the client too ({@link CallContext}).
 */
final class AsyncHandler implements InvocationHandler {
  /** The largest value pushed inside a batch (see {@link #pushable}). */
  static final long PUSH_LIMIT_BYTES = 1 << 20;

  private final Session session;
  private final ServerChannel channel;
  private final Class<?> service;
  private final Duration deadline;
  /** Whether this view makes calls again for {@link Recovery} (see {@link Lineage#remade}). */
  private final boolean remaking;

  private final Map<Method, Target> targets = new ConcurrentHashMap<>();

  private record Target(String key, String label, Parameter[] params, boolean idempotent) {}

  /**
   * A command for the channel, with the references written inside the values it carries (a pushed put, a value given
   * as {@code RemoteReference.of}, a by-value argument): its batch keeps them until the server says it holds them.
   */
  private record Outgoing(Command command, List<Ref<?>> carried) {}

  AsyncHandler(Session session, ServerChannel channel, Class<?> service, Duration deadline) {
    this(session, channel, service, deadline, false);
  }

  private AsyncHandler(
      Session session,
      ServerChannel channel,
      Class<?> service,
      Duration deadline,
      boolean remaking) {
    this.session = session;
    this.channel = channel;
    this.service = service;
    this.deadline = deadline;
    this.remaking = remaking;
  }

  /**
   * A view for a call made again: it keeps what is left of the original call's deadline.
   *
   * @throws GridException DEADLINE_EXCEEDED if nothing is left
   */
  static AsyncHandler remaking(Session session, ServerChannel channel, Lineage l) {
    if (l.deadlineNanos() == 0) return new AsyncHandler(session, channel, l.service(), null, true);
    long left = l.deadlineNanos() - System.nanoTime();
    if (left <= 0) {
      throw new GridException(
          Status.DEADLINE_EXCEEDED,
          l.label() + " cannot be made again: its deadline passed",
          null,
          List.of(l.label()));
    }
    return new AsyncHandler(session, channel, l.service(), Duration.ofNanos(left), true);
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) {
    if (method.getDeclaringClass() == Object.class)
      return ObjectMethods.handle(proxy, method, args, this);
    Target t = targets.computeIfAbsent(method, m -> {
      Method sm = ViewMethods.serviceMethod(service, m);
      return new Target(
          ViewMethods.key(sm),
          MethodKeys.label(service, sm),
          m.getParameters(),
          sm.isAnnotationPresent(Idempotent.class));
    });
    String site = session.sites().of(t.label(), channel.server().name());
    if (session.closed()) throw new GridException(Status.CANCELLED, site + ": the Grid is closed");
    Object[] a = args == null ? new Object[0] : args;
    Object[] wire = new Object[a.length];
    List<CompletableFuture<?>> after = new ArrayList<>();
    List<UUID> announced = new ArrayList<>();
    List<UUID> pushed = new ArrayList<>();
    List<Outgoing> commands = new ArrayList<>();
    List<Ref<?>> carried = new ArrayList<>();
    List<CallContext> inputs = new ArrayList<>();
    CompletableFuture<UUID> accepted = new CompletableFuture<>();
    long deadlineNanos = deadline == null ? 0 : System.nanoTime() + deadline.toNanos();
    try {
      for (int i = 0; i < a.length; i++) {
        if (t.params()[i].getType() == RemoteReference.class) {
          wire[i] = reference(
              a[i],
              i,
              t,
              site,
              announced,
              pushed,
              commands,
              carried,
              inputs,
              accepted,
              deadlineNanos);
        } else {
          wire[i] = a[i] == null || alwaysLoadable(a[i]) ? a[i] : SerializedValue.of(a[i]);
          // the server may read the references inside at once (the call may run before any argument
          // is fetched)
          if (wire[i] instanceof SerializedValue v) {
            for (Ref<?> r : v.refs()) afterItsCall(r, after);
            carried.addAll(List.of(v.refs()));
          }
        }
      }
    } catch (RuntimeException e) {
      accepted.completeExceptionally(
          e); // never sent: the arguments lent so far were not lent (see Session#lent)
      throw e;
    }
    UUID id = ValueIds.forCall();
    ClientCall trace = session
        .runtime()
        .telemetry()
        .clientCall(service.getName(), t.key(), t.label(), channel.server().address());
    commands.add(new Outgoing(
        new Command.Call(
                id,
                service.getName(),
                t.key(),
                wire,
                0,
                t.label(),
                trace == null ? null : trace.headers(),
                announced)
            .withPushes(List.of(), pushed),
        carried));
    if (trace != null)
      accepted.whenComplete((v, e) -> trace.end(e)); // the call is sent when its batch is accepted
    CompletableFuture<Void> sent = new CompletableFuture<>();
    channel.link().heldThere(id);
    Lineage lineage = t.idempotent()
        ? new Lineage(
            service, method, a.clone(), deadline, deadlineNanos, channel.server(), site, remaking)
        : null;
    CallContext ctx =
        CallContext.of(session, site, accepted, sent, channel, lineage, deadlineNanos);
    Ref<Object> ref = new Ref<>(id, channel.server().address(), ctx);
    failWithInputs(ctx, inputs, site);
    for (int i = 0; i < commands.size(); i++) {
      boolean last = i == commands.size() - 1;
      channel.send(new ServerChannel.Pending(
          commands.get(i).command(),
          commands.get(i).carried(),
          last ? accepted : new CompletableFuture<>(),
          i == 0 ? after : List.of(),
          last ? sent : null,
          last ? deadlineNanos : 0,
          commands.get(i).command() instanceof Command.Call ? new PushTargets() : null));
    }
    session.track(ref, ctx);
    return ref;
  }

  /** An input that fails here (its own deadline, or its inputs') fails this call here too, through this call. */
  private static void failWithInputs(CallContext ctx, List<CallContext> inputs, String site) {
    for (CallContext in : inputs) {
      in.localOutcome().whenComplete((v, e) -> {
        if (e != null) {
          ctx.failLocally(Failure.from(
                  e instanceof CompletionException c && c.getCause() != null ? c.getCause() : e,
                  null)
              .through(site)
              .toException());
        }
      });
    }
  }

  /** JDK values every server can load: sent as they are, without a serialized envelope. */
  private static boolean alwaysLoadable(Object v) {
    return v instanceof Number && v.getClass().getName().startsWith("java.lang.")
        || v instanceof String
        || v instanceof Boolean
        || v instanceof Character
        || v instanceof byte[]
        || v instanceof double[]
        || v instanceof int[]
        || v instanceof long[];
  }

  /**
   * Whether a value of this client's goes to a server inside the batch that uses it: small ones do (no round trip
   * for the server's fetch); larger ones are fetched by the server over a data connection, in chunks decoded as they
   * arrive, rather than read whole out of the batch's RMI stream.
   */
  private static boolean pushable(Slot s) {
    return s.size() >= 0 && s.size() <= PUSH_LIMIT_BYTES;
  }

  private Object reference(
      Object arg,
      int i,
      Target t,
      String site,
      List<UUID> announced,
      List<UUID> pushed,
      List<Outgoing> commands,
      List<Ref<?>> carried,
      List<CallContext> inputs,
      CompletableFuture<UUID> accepted,
      long deadlineNanos) {
    String name = t.params()[i].isNamePresent() ? " (" + t.params()[i].getName() + ")" : "";
    if (arg == null) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "argument " + (i + 1) + name + " of " + site + " is null");
    }
    // a reference made by RemoteReference.of carries its value: it goes inside the call
    if (!(arg instanceof Ref<?> r)) {
      WireValue inline = new WireValue(((RemoteReference<?>) arg).get());
      carried.addAll(writtenNow(inline, "argument " + (i + 1) + name + " of " + site));
      return new InlineArgument(inline);
    }
    if (r.released()) {
      // refused here, not by the owner: the release travels on its own and could arrive after this
      // call's fetch
      throw new GridException(
          Status.NOT_FOUND,
          "argument " + (i + 1) + name + " of " + site + " was released: " + r.describe());
    }
    if (r.context() instanceof CallContext c) {
      if (c.session().closed()) {
        throw new GridException(
            Status.CANCELLED,
            "argument " + (i + 1) + name + " of " + site + " is a reference from a closed Grid ("
                + c.label() + ")");
      }
      // made by a call queued for another server: this call goes at once, not once that server
      // accepted the other
      // (a round trip to it on every link of a chain), and says so; the server it goes to then
      // fetches the value
      // saying that its call may still be on its way, so the owner waits for it rather than answer
      // NOT_FOUND
      if (c.channel() != channel && c.channel() != null) {
        announced.add(r.id());
        // and if its call has not left yet, its server sends the value here the moment it is
        // made: no fetch (with telemetry on, the fetch's span shows where the value came from)
        if (!session.runtime().telemetry().on()
            && c.channel().pushTo(r.id(), channel.server().address())) pushed.add(r.id());
        c.channel()
            .takenElsewhere(r.id()); // nothing more of the chain goes there: no need to linger
      }
      if (c.session() == session) inputs.add(c);
    }
    LocalNode home = session.homeIfStarted();
    if (home != null && r.owner().equals(home.address())) {
      Slot s = home.table().get(r.id());
      if (s == null) {
        throw new GridException(
            Status.NOT_FOUND,
            "argument " + (i + 1) + name + " of " + site + " was released: " + r.describe());
      }
      if (s.isDone()
          && !s.future().isCompletedExceptionally()
          && pushable(s)
          && channel.pushed.add(r.id())) {
        WireValue copy = new WireValue(s.future().join());
        List<Ref<?>> inside = writtenNow(copy, "argument " + (i + 1) + name + " of " + site);
        commands.add(new Outgoing(new Command.Replica(session.holder(), r.id(), copy), inside));
        channel.link().heldThere(r.id());
      } else if (!channel.pushed.contains(r.id())) {
        // the server fetches it from this client's node, over a data connection (until the call's
        // deadline)
        session.lent(r.id(), channel, accepted, deadlineNanos);
      }
    } else if (!r.owner().equals(channel.server().address())) {
      // once accepted, the server fetches it (until the call's deadline) and keeps a replica for
      // this Grid
      session.lent(r.id(), channel, accepted, deadlineNanos);
    }
    return r;
  }

  /**
   * Serializes {@code value} now, as the batch will send it, and returns the references written inside it instead of
   * pinning them for a time: the batch keeps them until the server's receipt says it holds them (see
   * {@link ServerChannel#submit}).
   *
   * @throws GridException INVALID_ARGUMENT naming {@code what}, if it cannot be serialized
   */
  private static List<Ref<?>> writtenNow(WireValue value, String what) {
    try {
      return WrittenRefs.collect(value::encode);
    } catch (java.io.IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          what + " cannot be serialized: " + e
              + " (a value that leaves its node must be Serializable or have a ValueCodec)",
          e);
    }
  }

  /**
   * If {@code r}, a reference inside a by-value argument, is made by a call queued for another server, this command
   * goes once that server accepted it: the call may read {@code r} at any time while it runs, with no way to tell the
   * owner that the call making it may still be on its way (as an argument's fetch does, see {@link #reference}), and
   * a server that resolves it before its owner has heard of the call would be told NOT_FOUND.
   */
  private void afterItsCall(Ref<?> r, List<CompletableFuture<?>> after) {
    if (r.context() instanceof CallContext c && c.channel() != channel && c.channel() != null) {
      after.add(c.submitted());
    }
  }

  @Override
  public String toString() {
    return "async " + service.getSimpleName() + " on " + channel.server().name();
  }
}
