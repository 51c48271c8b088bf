package org.gridrmi.runtime.transport;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One operation of {@link NodeProtocol}, as transports forward it: its method, how messages name a call of it and how
 * long the call may take (its {@link NodeProtocol.Op}). Read once from the protocol interface, so a transport forwards
 * every operation by one mechanism: a caller's {@link NodeClient} is a proxy whose calls reach the transport's
 * {@link Forwarder} ({@link #client}), and the transport invokes the operation on the far side by its method
 * ({@link #invoke}, {@link #serve}).
 */
public final class Operation {
  private static final Pattern ARGUMENT = Pattern.compile("\\{(\\d+)(\\.size)?}");
  private static final Map<Method, Operation> OPERATIONS = new HashMap<>();
  private static final Object[] NO_ARGUMENTS = {};

  static {
    for (Method m : NodeProtocol.class.getMethods()) {
      NodeProtocol.Op op = m.getAnnotation(NodeProtocol.Op.class);
      if (op == null)
        throw new ExceptionInInitializerError(m + " has no @Op: how would a transport bound it?");
      if (op.bound() == NodeProtocol.Bound.POLL
          && (op.waitArgument() < 0 || m.getParameterTypes()[op.waitArgument()] != long.class)) {
        throw new ExceptionInInitializerError(
            m + " polls: its @Op names no wait argument of type long");
      }
      OPERATIONS.put(m, new Operation(m, op));
    }
  }

  /** The fetch, which a transport may carry on a path of its own (RMI's data connections). */
  public static final Operation FETCH = named("fetch");

  private final Method method;
  private final NodeProtocol.Op op;

  private Operation(Method method, NodeProtocol.Op op) {
    this.method = method;
    this.op = op;
  }

  private static Operation named(String name) {
    for (Operation o : OPERATIONS.values()) if (o.method.getName().equals(name)) return o;
    throw new ExceptionInInitializerError("NodeProtocol has no " + name);
  }

  /** The operation {@code m} declares, or null if {@code m} is not one of {@link NodeProtocol}'s. */
  public static Operation of(Method m) {
    return OPERATIONS.get(m);
  }

  /** Every operation of the protocol. */
  public static Collection<Operation> all() {
    return OPERATIONS.values();
  }

  public Method method() {
    return method;
  }

  public NodeProtocol.Bound bound() {
    return op.bound();
  }

  /** Whether a call of it is a sample of its link's cost (one round trip: see {@link NodeProtocol.Bound}). */
  public boolean sampled() {
    return op.bound() == NodeProtocol.Bound.ROUND_TRIP;
  }

  /** What this operation is, before its arguments are filled in: {@code "a batch of {3.size} commands"}. */
  public String kind() {
    return op.what();
  }

  /** How messages name this call, such as {@code "the fetch of value 1b2c..."}. */
  public String what(Object[] args) {
    Matcher m = ARGUMENT.matcher(op.what());
    StringBuilder b = new StringBuilder();
    while (m.find()) {
      Object a = args[Integer.parseInt(m.group(1))];
      m.appendReplacement(
          b,
          Matcher.quoteReplacement(
              String.valueOf(m.group(2) != null && a instanceof Collection<?> c ? c.size() : a)));
    }
    return m.appendTail(b).toString();
  }

  /**
   * How long this call may take, in nanoseconds; 0 for no bound.
   *
   * @param callerNanos the caller's bound for operations it bounds ({@link NodeClient#within}); 0 for none
   */
  public long boundNanos(Timeouts timeouts, Object[] args, long callerNanos) {
    return switch (op.bound()) {
      case ROUND_TRIP, CALL -> timeouts.call().toNanos();
      case POLL ->
        (long) args[op.waitArgument()] * 1_000_000L + timeouts.fetchSlack().toNanos();
      case CALLER -> callerNanos;
    };
  }

  /**
   * Calls this operation on {@code target} (an RMI stub), throwing what the call threw.
   *
   * @throws Exception what the operation threw: a GridException, or the transport's checked exception
   */
  public Object invoke(NodeProtocol<?> target, Object[] args) throws Exception {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Error err) throw err;
      throw (Exception) cause;
    }
  }

  /** Calls this operation on a node, which throws nothing checked. */
  public Object serve(NodeProtocol<RuntimeException> node, Object[] args) {
    try {
      return invoke(node, args);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception impossible) { // the node's operations declare nothing checked
      throw new IllegalStateException(impossible);
    }
  }

  @Override
  public String toString() {
    return "operation " + method.getName();
  }

  /** What a transport does with a caller's call of an operation. */
  @FunctionalInterface
  public interface Forwarder {
    /**
     * Carries the call to the node and returns its answer.
     *
     * @param callerNanos the caller's bound for operations it bounds ({@link NodeClient#within}); 0 for none
     * @throws org.gridrmi.ref.GridException every failure, naming the node (see {@link NodeClient})
     */
    Object call(Operation op, Object[] args, long callerNanos);
  }

  /** The node at {@code address} as its callers use it, each call of an operation carried by {@code forwarder}. */
  public static NodeClient client(String address, Forwarder forwarder) {
    return client(address, forwarder, 0);
  }

  private static NodeClient client(String address, Forwarder forwarder, long callerNanos) {
    return (NodeClient) Proxy.newProxyInstance(
        NodeClient.class.getClassLoader(),
        new Class<?>[] {NodeClient.class},
        new Forwarding(address, forwarder, callerNanos));
  }

  /** The handler of a client proxy: operations to the forwarder, the rest of {@link NodeClient} here. */
  private record Forwarding(String address, Forwarder forwarder, long callerNanos)
      implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
      Operation op = OPERATIONS.get(m);
      if (op != null) return forwarder.call(op, args == null ? NO_ARGUMENTS : args, callerNanos);
      switch (m.getName()) {
        case "address":
          return address;
        case "within":
          return client(address, forwarder, (Long) args[0]);
        case "equals":
          return proxy == args[0];
        case "hashCode":
          return System.identityHashCode(proxy);
        case "toString":
          return forwarder + (callerNanos == 0 ? "" : " within " + callerNanos / 1_000_000 + " ms");
        default:
          if (m.isDefault()) return InvocationHandler.invokeDefault(proxy, m, args);
          throw new UnsupportedOperationException(m.toString());
      }
    }
  }
}
