package org.gridrmi.server.internal;

import io.opentelemetry.context.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.KnownPeers;
import org.gridrmi.runtime.LocalNode;
import org.gridrmi.runtime.NodeEndpoint;
import org.gridrmi.runtime.cost.PeerLinkEstimate;
import org.gridrmi.runtime.serial.Codecs;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.telemetry.FetchSpan;
import org.gridrmi.runtime.telemetry.ServerCall;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.CodedValue;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FailureCarrier;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.wire.ReadRefs;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.wire.ValueIds;

/** A server's node: its values plus async batches and plain calls. */
public final class ServerEndpoint extends NodeEndpoint {
  /** Servers one link probe may name. */
  static final int MAX_PROBED = 64;

  /** Probes of addresses that are not known peers, for the log (rate-limited). */
  private static final org.gridrmi.runtime.serial.RefusalLog PROBES_REFUSED =
      new org.gridrmi.runtime.serial.RefusalLog(ServerEndpoint.class.getName(), 10, 1000);

  /** Pushes refused (an untrusted sender, a value that is not small), for the log (rate-limited). */
  private static final org.gridrmi.runtime.serial.RefusalLog PUSHES_REFUSED =
      new org.gridrmi.runtime.serial.RefusalLog(ServerEndpoint.class.getName(), 10, 1000);

  private static final System.Logger LOG = System.getLogger(ServerEndpoint.class.getName());
  private final ServiceRegistry services;
  private final TaskAllowlist tasks;
  private final DataflowExecutor executor;
  private final KnownPeers peers;
  private final AtomicLong batches = new AtomicLong();

  public ServerEndpoint(
      LocalNode node,
      ServiceRegistry services,
      TaskAllowlist tasks,
      DataflowExecutor executor,
      KnownPeers peers) {
    super(node);
    this.services = services;
    this.tasks = tasks;
    this.executor = executor;
    this.peers = peers;
  }

  /** Every fetch, over RMI or a data connection, comes here. */
  @Override
  public FetchResult fetchForStream(
      UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
    String from = requester == null ? null : requester.address();
    peers.calledFrom(
        from, Caller.current()); // a server that fetches from this one is a peer it may fetch from
    Telemetry telemetry = node.runtime().telemetry();
    if (!telemetry.on()) return super.fetchForStream(id, waitMillis, requester, announced, trace);
    Slot made = node.table().get(id);
    FetchSpan served =
        telemetry.serving(trace, from, id, made == null ? null : made.trace(), node.name());
    FetchResult r = super.fetchForStream(id, waitMillis, requester, announced, trace);
    served.served(r.state() == FetchResult.State.FAILED ? new FailureCarrier(r.failure()) : null);
    if (r.state() != FetchResult.State.READY) return r;
    if (made == null) made = node.table().get(id); // its call arrived while the fetch waited
    String producer = made == null ? null : telemetry.headersOf(made.trace());
    return producer == null
        ? r
        : r.producedBy(producer); // the fetching end links its span to the producer's
  }

  /**
   * Takes a value its owner pushed ({@link Command.Call#pushTo}) as the answer of this server's fetch of it, in flight
   * or to come (see {@link DataflowExecutor#pushed}).
   *
   * @throws GridException PERMISSION_DENIED unless the caller speaks for {@code owner} ({@link KnownPeers#speaksFor}:
   *     a known peer, calling from its host); INVALID_ARGUMENT for a missing owner, id or value, or a value that is not
   *     small and written by a codec (at most {@link BatchReceipt#MAX_ANSWER_BYTES}: larger ones are fetched)
   */
  @Override
  public boolean push(String owner, UUID id, FetchResult value) {
    if (owner == null || id == null || value == null) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "server " + node.name()
              + " refused a pushed value: it names no owner, value id or value");
    }
    Caller caller = Caller.current();
    if (!peers.speaksFor(owner, caller)) {
      String why = "server " + node.name() + " refused a value pushed as from " + owner + " by "
          + caller.host() + ": only a known peer (a server a client's batch introduced, or --peers)"
          + " may push its values, from its own host";
      PUSHES_REFUSED.refused(why);
      throw new GridException(Status.PERMISSION_DENIED, why);
    }
    if (value.state() == FetchResult.State.READY
        && (value.value().serialized()
            || value.value().decoded() != null && carried(value.value().decoded()) == null)) {
      String why = "server " + node.name() + " refused a value pushed by " + owner
          + ": a push carries only a value a codec writes in at most "
          + BatchReceipt.MAX_ANSWER_BYTES + " bytes (larger ones are fetched)";
      PUSHES_REFUSED.refused(why);
      throw new GridException(Status.INVALID_ARGUMENT, why);
    }
    node.runtime().peerHealth().answered(owner); // it reached this node: a lost peer is back
    return executor.pushed(owner, id, value);
  }

  /**
   * Probes the links to the caller's Grid's servers, at most {@value #MAX_PROBED} of them, one after the other (a
   * probe is four round trips); the caller's bound covers them all. Only known peers are probed (see
   * {@link KnownPeers}: the Grid's batches introduced them): a caller cannot make this server connect to addresses
   * of its choosing, and the others are skipped (logged).
   */
  @Override
  public List<PeerLinkEstimate> probeLinks(List<String> gridServers) {
    if (gridServers.size() > MAX_PROBED) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a link probe of " + gridServers.size() + " servers: at most " + MAX_PROBED + " at once");
    }
    String self = node.address();
    for (String peer : gridServers) {
      if (peer.equals(self)) continue;
      if (!peers.known(peer)) {
        PROBES_REFUSED.refused("GridRMI " + node.name() + " did not probe its link to " + peer
            + ": not a known peer (no batch of a Grid introduced it, nor --peers)");
        continue;
      }
      try {
        node.runtime().transport().client(peer).probeLink(self);
      } catch (GridException e) {
        LOG.log(
            System.Logger.Level.INFO,
            "GridRMI " + node.name() + " could not probe its link to " + peer + ": "
                + e.getMessage());
      }
    }
    return List.copyOf(node.runtime().transport().linkCosts().estimates());
  }

  @Override
  public BatchReceipt submit(
      UUID holder, long transfer, Introduction introduction, List<Command> commands) {
    long arrived = System.nanoTime();
    authorize(holder);
    node.table().admit(holder); // a bounded number of holders keep values here
    // waiting from here, so that a question about the batch meanwhile is not answered "given up";
    // refused (running nothing) if its sender gave it up already
    node.runtime().received().receiving(holder, transfer, node.name());
    Command.Call asked = asked(commands);
    // the asked call, if ready at once, runs on this thread, which waits for its value anyway
    DataflowExecutor.OffPool batchThread =
        executor.onBatchThread(asked == null ? null : asked.valueId());
    CompletableFuture<Void> all = null;
    try {
      all = registered(holder, introduction, commands, arrived);
    } finally {
      batchThread.stopTaking();
      // its sender pins what is not held yet under the transfer, and asks later (awaitingHolds)
      node.runtime().received().received(holder, transfer, all);
      batchThread.run();
    }
    boolean held = referencesHeld(all, arrived);
    FetchResult answer = answer(asked, arrived);
    return new BatchReceipt(
        node.table().store().underPressure(), node.id(), held, held ? 0 : transfer, answer);
  }

  /**
   * Registers the batch's commands, in order, and holds the references inside its values.
   *
   * @return completed once this node holds every reference inside the batch's values
   */
  private CompletableFuture<Void> registered(
      UUID holder, Introduction introduction, List<Command> commands, long arrived) {
    refuseForeignWrites(commands);
    batches.incrementAndGet();
    node.runtime().telemetry().batchReceived(commands.size());
    peers.introduce(introduction, Caller.current());
    node.table().renew(holder);
    List<CompletableFuture<Void>> holds = new ArrayList<>();
    // the references read on this thread meanwhile are those inside the batch's pushed puts and
    // inline arguments, which are decoded (and held here) as their commands are registered
    List<Ref<?>> read = ReadRefs.collect(() -> {
          for (Command c : commands) {
            if (c instanceof Command.Replica r) {
              executor.replica(holder, r);
            } else if (c instanceof Command.Call call) {
              holds.add(executor.submit(holder, call, arrived));
            }
          }
          return null;
        })
        .refs();
    for (Ref<?> r : read) holds.add(r.context().held(r));
    return CompletableFuture.allOf(holds.toArray(CompletableFuture[]::new));
  }

  /**
   * The batch's call that asks for an answer in the receipt ({@link Command.Call#answerWaitMillis}; the last, if several
   * do), or null.
   */
  private static Command.Call asked(List<Command> commands) {
    Command.Call asked = null;
    for (Command c : commands) {
      if (c instanceof Command.Call call && call.answerWaitMillis() > 0) asked = call;
    }
    return asked;
  }

  /**
   * The value of the batch's {@link #asked} call, or its failure, as a fetch would answer it: waits for it at most that
   * long, never past half the call timeout from the batch's arrival (the bound {@link #referencesHeld} has: the wait
   * holds only the thread of the asking client's own batch). Null if none asked, it is not known by then, or it is not
   * {@linkplain #carried small}: the client then fetches it.
   */
  private FetchResult answer(Command.Call asked, long arrivedNanos) {
    if (asked == null) return null;
    Slot slot = node.table().get(asked.valueId());
    if (slot == null) return null; // released already, or refused
    long wait = Math.min(
        TimeUnit.MILLISECONDS.toNanos(asked.answerWaitMillis()),
        node.runtime().settings().timeouts().call().toNanos() / 2);
    try {
      return carried(slot.future()
          .get(Math.max(0, arrivedNanos + wait - System.nanoTime()), TimeUnit.NANOSECONDS));
    } catch (TimeoutException e) {
      return null;
    } catch (ExecutionException e) {
      return FetchResult.failed(FailureCarrier.unwrap(e, null));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /**
   * {@code value} as a receipt carries it, or null if it goes by fetch: only values a class's codec writes (JDK
   * arrays, boxes and strings, registered codecs such as JAMA's) of at most {@link BatchReceipt#MAX_ANSWER_BYTES},
   * since such a codec writes no references (a reference inside a value is pinned for its transfer, which a fetch
   * does) and knows its size without encoding.
   */
  static FetchResult carried(Object value) {
    if (value == null) return FetchResult.ready(null);
    if (Codecs.forClass(value.getClass()) == null) return null;
    return Codecs.size(value) <= BatchReceipt.MAX_ANSWER_BYTES ? FetchResult.ready(value) : null;
  }

  /**
   * Waits until this node holds every reference inside the batch's values (by-value and inline arguments, pushed puts:
   * their owners answered its holds: {@code all} completes), so that the client may let go of them at once; at most
   * half the call timeout from the batch's arrival, so that the client's own bound on the submit is never what ends it.
   * If they are not, the receipt names a transfer the client asks about later.
   *
   * @return whether they are all held
   */
  private boolean referencesHeld(CompletableFuture<Void> all, long arrivedNanos) {
    if (all.isDone()) return true;
    long left = arrivedNanos
        + node.runtime().settings().timeouts().call().toNanos() / 2
        - System.nanoTime();
    try {
      all.get(Math.max(0, left), TimeUnit.NANOSECONDS);
      return true;
    } catch (TimeoutException | ExecutionException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Refuses, before any command of the batch runs, a replica that does not name a put's value (a client may push
   * only its own puts; a call's result is written by the call) and a call whose result id names a put's value.
   */
  private void refuseForeignWrites(List<Command> commands) {
    for (Command c : commands) {
      boolean put = ValueIds.isPut(c.valueId());
      if (c instanceof Command.Replica && !put) {
        throw new GridException(
            Status.PERMISSION_DENIED,
            "server " + node.name() + " refused a batch: it pushes a "
                + "copy of value " + ValueIds.shortForm(c.valueId())
                + "..., which is a call's result (only the call "
                + "writes it)");
      }
      if (c instanceof Command.Call call && put) {
        throw new GridException(
            Status.PERMISSION_DENIED,
            "server " + node.name() + " refused a batch: its call " + call.label()
                + " would write value " + ValueIds.shortForm(c.valueId())
                + "..., which names a put");
      }
    }
  }

  @Override
  public PlainResult invokePlain(String service, String method, Object[] args, String trace) {
    long arrived = System.nanoTime();
    String label = service.substring(service.lastIndexOf('.') + 1) + "."
        + method.substring(0, method.indexOf('('));
    ServerCall call =
        node.runtime().telemetry().serverCall(trace, service, method, label, node.name());
    if (call != null) call.running();
    PlainResult r;
    try (Scope inCall = call == null ? null : call.makeCurrent()) {
      long started = System.nanoTime();
      r = runPlain(service, method, CodedValue.unwrapAll(args), label + " on " + node.name());
      executor.methodTimes().record(label, System.nanoTime() - started);
    }
    executor.callTimes().record(System.nanoTime() - arrived);
    if (call != null) call.end(r.failure() == null ? null : new FailureCarrier(r.failure()));
    if (r.failure() != null || r.value() == null || CodedValue.hasCodec(r.value())) return r;
    // written by the transport once this returns: the references inside wait for the caller's word
    // that it holds them, not for a period (the caller acknowledges the transfer, as a fetcher
    // does;
    // a value with a codec carries none)
    String receiver = receiver();
    long transfer = node.runtime().pins().newTransfer();
    return PlainResult.inTransfer(
        r.value(), transfer, refs -> node.runtime().pins().pin(receiver, transfer, refs));
  }

  private PlainResult runPlain(String service, String method, Object[] args, String site) {
    try {
      Object result = SerialPolicy.using(
          node.runtime().policy(),
          () -> Invocation.invokeUnchecked(
              services.find(service, method, node.name()),
              args,
              tasks,
              node.runtime().values()));
      return new PlainResult(result, null);
    } catch (Throwable t) {
      Throwable c = t instanceof Invocation.Thrown thrown ? thrown.getCause() : t;
      return new PlainResult(
          null,
          c instanceof OutOfMemoryError e
              ? Failure.outOfMemory(site, "server " + node.name(), e, site)
              : Failure.from(c, site));
    }
  }

  /** The executor of its async calls. */
  public DataflowExecutor executor() {
    return executor;
  }

  @Override
  public List<String> services() {
    return services.names();
  }

  @Override
  protected int heldByReference() {
    return executor.heldByReference();
  }

  @Override
  protected long callsRun() {
    return executor.callsRun();
  }

  @Override
  protected long batchesReceived() {
    return batches.get();
  }

  @Override
  protected int queuedCalls() {
    return executor.queued();
  }

  @Override
  protected List<org.gridrmi.runtime.cost.MethodCost> methodCosts() {
    return executor.methodTimes().snapshot();
  }

  @Override
  protected long[] callTimes() {
    return executor.callTimes().snapshot();
  }
}
