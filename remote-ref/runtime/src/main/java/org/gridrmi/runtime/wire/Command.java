package org.gridrmi.runtime.wire;

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * One entry of a batch sent to a server. Both kinds are Externalizable with a compact form (ids as longs, common
 * JDK arguments tagged inline), because every batch is a fresh RMI stream: as records each batch carried the class
 * descriptors of the record, UUID, Object[] and the boxes, and a record is slow to read while the code is cold.
 */
public sealed interface Command extends Serializable permits Command.Replica, Command.Call {

  /** The id of the value this command makes on the server. */
  UUID valueId();

  /** A copy of a value the client owns, pushed ahead of the calls that take it, so no fetch is needed. */
  final class Replica implements Command, Externalizable {
    private static final long serialVersionUID = 1L;
    private UUID owner;
    private UUID valueId;
    private WireValue value;

    /** For deserialization only. */
    public Replica() {}

    public Replica(UUID owner, UUID valueId, WireValue value) {
      this.owner = owner;
      this.valueId = valueId;
      this.value = value;
    }

    public UUID owner() {
      return owner;
    }

    @Override
    public UUID valueId() {
      return valueId;
    }

    public WireValue value() {
      return value;
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
      writeId(out, owner);
      writeId(out, valueId);
      value.writeExternal(out);
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
      owner = readId(in);
      valueId = readId(in);
      value = new WireValue();
      try {
        value.readExternal(in);
      } catch (ClassNotFoundException e) {
        throw new InvalidObjectException(
            "replica of a value whose class is not here: " + e.getMessage());
      }
    }

    @Override
    public String toString() {
      return "Replica[" + ValueIds.shortForm(valueId) + " of " + owner + "]";
    }
  }

  /**
   * An async call.
   *
   * <p>{@code valueId} is the id of its result, chosen by the client so that it can pipeline; {@code service} the
   * service interface name; {@code method} the method key, {@code name(type,type)}; {@code args} per parameter a
   * reference, or a {@link SerializedValue} for a by-value argument (JDK values that every server loads travel as
   * they are); {@code timeoutNanos} the time the call had left when the batch was sent (it fails with
   * DEADLINE_EXCEEDED that long after it arrives), or 0 for none: time remaining, not an instant, so that clocks of
   * different hosts need not agree; {@code label} the call as users read it, such as {@code MatrixOps.svd};
   * {@code trace} the trace context of the client's span for the call ({@link
   * org.gridrmi.runtime.telemetry.TraceHeaders}), or null: never trusted, a malformed one is ignored;
   * {@code announced} the ids of reference arguments made by calls that the client sent to their owners but that may
   * not have arrived there yet: the server fetches them saying so, and their owners wait for those calls (for a
   * bounded time) instead of answering NOT_FOUND. Sending such a call at once, not once the owner acknowledged the
   * call making its argument, takes a round trip to the owner off every link of a chain across servers;
   * {@code answerWaitMillis} how long the server may hold the batch's receipt for this call's value, which the client
   * is blocked on ({@code get()} on a reference whose batch had not left): if the value or its failure is known within
   * that wait and is small, the receipt carries it ({@link BatchReceipt#answer}), so the client needs no fetch; 0 for
   * none; {@code pushTo} the addresses of servers that take this call's value as an argument of a call the client
   * sent them (at most {@link #MAX_PUSH_TARGETS}): when the value or its failure is known and small (as a receipt's
   * answer), this server sends it to each of them unasked ({@code push}), so that they need not fetch it;
   * {@code pushed} the ids of this call's reference arguments whose calls were asked to push them here (a subset of
   * {@code announced}): this server waits a little for them before it fetches them.
   */
  final class Call implements Command, Externalizable {
    private static final long serialVersionUID = 1L;
    /** Java methods take at most 255 parameters: a longer argument list is a forged stream. */
    private static final int MAX_ARGS = 255;

    /** The most servers one call's value is pushed to: a longer list is a forged stream. */
    public static final int MAX_PUSH_TARGETS = 8;

    private static final byte NULL = 0,
        INT = 1,
        LONG = 2,
        DOUBLE = 3,
        STRING = 4,
        BOOLEAN = 5,
        OBJECT = 9;
    private UUID valueId;
    private String service;
    private String method;
    private Object[] args;
    private long timeoutNanos;
    private String label;
    private String trace;
    private List<UUID> announced = List.of();
    private int answerWaitMillis;
    private List<String> pushTo = List.of();
    private List<UUID> pushed = List.of();

    /** For deserialization only. */
    public Call() {}

    public Call(
        UUID valueId,
        String service,
        String method,
        Object[] args,
        long timeoutNanos,
        String label,
        String trace) {
      this(valueId, service, method, args, timeoutNanos, label, trace, List.of());
    }

    public Call(
        UUID valueId,
        String service,
        String method,
        Object[] args,
        long timeoutNanos,
        String label,
        String trace,
        List<UUID> announced) {
      if (announced.size() > MAX_ARGS)
        throw new IllegalArgumentException("more announced ids than arguments");
      this.announced = List.copyOf(announced);
      this.valueId = valueId;
      this.service = service;
      this.method = method;
      this.args = args;
      this.timeoutNanos = timeoutNanos;
      this.label = label;
      this.trace = trace;
    }

    /** The same call with the time it has left now (set just before its batch is sent). */
    public Call withTimeoutNanos(long nanos) {
      return copy(nanos, answerWaitMillis, pushTo, pushed);
    }

    /**
     * The same call, asking the server to push its value to the servers at {@code addresses} and telling it that the
     * arguments {@code pushedHere} will be pushed to it (see the class comment).
     *
     * @throws IllegalArgumentException past {@link #MAX_PUSH_TARGETS} addresses, or if {@code pushedHere} names an id
     *     that is not among {@link #announced}
     */
    public Call withPushes(List<String> addresses, List<UUID> pushedHere) {
      if (addresses.size() > MAX_PUSH_TARGETS)
        throw new IllegalArgumentException(
            "a value pushed to " + addresses.size() + " servers: at most " + MAX_PUSH_TARGETS);
      if (!announced.containsAll(pushedHere))
        throw new IllegalArgumentException("a pushed argument that is not announced");
      return copy(timeoutNanos, answerWaitMillis, List.copyOf(addresses), List.copyOf(pushedHere));
    }

    /**
     * The same call, asking the server to answer its batch with this call's value if it is known within
     * {@code millis} (see the class comment).
     *
     * @throws IllegalArgumentException if {@code millis} is negative
     */
    public Call answeredWithin(int millis) {
      if (millis < 0) throw new IllegalArgumentException("a negative answer wait: " + millis);
      return copy(timeoutNanos, millis, pushTo, pushed);
    }

    private Call copy(long timeout, int answerWait, List<String> to, List<UUID> here) {
      Call c = new Call(valueId, service, method, args, timeout, label, trace, announced);
      c.answerWaitMillis = answerWait;
      c.pushTo = to;
      c.pushed = here;
      return c;
    }

    /** The servers this call's value is pushed to once it is known (see the class comment); empty for none. */
    public List<String> pushTo() {
      return pushTo;
    }

    /** The ids of reference arguments whose owners push them here (see the class comment); empty for none. */
    public List<UUID> pushed() {
      return pushed;
    }

    /**
     * How long the server may hold the batch's receipt for this call's value (see the class comment); 0 for none.
     */
    public int answerWaitMillis() {
      return answerWaitMillis;
    }

    @Override
    public UUID valueId() {
      return valueId;
    }

    public String service() {
      return service;
    }

    public String method() {
      return method;
    }

    public Object[] args() {
      return args;
    }

    public long timeoutNanos() {
      return timeoutNanos;
    }

    public String label() {
      return label;
    }
    /** The client's trace context for the call, or null. */
    public String trace() {
      return trace;
    }
    /** Ids of reference arguments whose calls may still be on their way to their owners (see the class comment). */
    public List<UUID> announced() {
      return announced;
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
      writeId(out, valueId);
      out.writeUTF(service);
      out.writeUTF(method);
      out.writeLong(timeoutNanos);
      out.writeUTF(label);
      out.writeUTF(trace == null ? "" : trace); // TraceHeaders keeps it far below writeUTF's 64 KB
      out.writeByte(announced.size());
      for (UUID id : announced) writeId(out, id);
      out.writeInt(answerWaitMillis);
      out.writeByte(pushTo.size());
      for (String address : pushTo) out.writeUTF(address);
      out.writeByte(pushed.size());
      for (UUID id : pushed) writeId(out, id);
      if (args == null) {
        out.writeShort(-1);
        return;
      }
      out.writeShort(args.length);
      for (Object a : args) {
        if (a == null) {
          out.writeByte(NULL);
        } else if (a instanceof Integer i) {
          out.writeByte(INT);
          out.writeInt(i);
        } else if (a instanceof Long l) {
          out.writeByte(LONG);
          out.writeLong(l);
        } else if (a instanceof Double d) {
          out.writeByte(DOUBLE);
          out.writeDouble(d);
        } else if (a instanceof Boolean b) {
          out.writeByte(BOOLEAN);
          out.writeBoolean(b);
        } else if (a instanceof String s
            && s.length() <= 16_000) { // writeUTF takes at most 65535 bytes
          out.writeByte(STRING);
          out.writeUTF(s);
        } else {
          out.writeByte(OBJECT);
          out.writeObject(a);
        }
      }
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
      valueId = readId(in);
      service = in.readUTF();
      method = in.readUTF();
      timeoutNanos = in.readLong();
      if (timeoutNanos < 0) throw new InvalidObjectException("a call with a negative timeout");
      label = in.readUTF();
      String t = in.readUTF();
      trace = t.isEmpty() ? null : t;
      int k = in.readUnsignedByte();
      UUID[] ids = new UUID[k];
      for (int i = 0; i < k; i++) ids[i] = readId(in);
      announced = List.of(ids);
      answerWaitMillis = in.readInt();
      if (answerWaitMillis < 0)
        throw new InvalidObjectException("a call with a negative answer wait");
      int targets = in.readUnsignedByte();
      if (targets > MAX_PUSH_TARGETS)
        throw new InvalidObjectException("a call whose value goes to " + targets + " servers");
      String[] to = new String[targets];
      for (int i = 0; i < targets; i++) to[i] = in.readUTF();
      pushTo = List.of(to);
      int p = in.readUnsignedByte();
      if (p > announced.size())
        throw new InvalidObjectException("a call with more pushed arguments than announced ones");
      UUID[] here = new UUID[p];
      for (int i = 0; i < p; i++) here[i] = readId(in);
      pushed = List.of(here);
      int n = in.readShort();
      if (n < -1 || n > MAX_ARGS)
        throw new InvalidObjectException("a call with " + n + " arguments");
      if (n < 0) return;
      args = new Object[n];
      for (int i = 0; i < n; i++) {
        byte tag = in.readByte();
        args[i] = switch (tag) {
          case NULL -> null;
          case INT -> in.readInt();
          case LONG -> in.readLong();
          case DOUBLE -> in.readDouble();
          case BOOLEAN -> in.readBoolean();
          case STRING -> in.readUTF();
          case OBJECT -> in.readObject();
          default -> throw new InvalidObjectException("argument tag " + tag);
        };
      }
    }

    @Override
    public String toString() {
      return "Call[" + label + " -> " + ValueIds.shortForm(valueId) + " " + Arrays.toString(args)
          + "]";
    }
  }

  private static void writeId(ObjectOutput out, UUID id) throws IOException {
    out.writeLong(id.getMostSignificantBits());
    out.writeLong(id.getLeastSignificantBits());
  }

  private static UUID readId(ObjectInput in) throws IOException {
    return new UUID(in.readLong(), in.readLong());
  }
}
