package org.gridrmi.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.security.MessageDigest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.runtime.net.NetContext;

/**
 * An RMI call written byte by byte (JRMP's single-operation protocol), as a peer with a codec of its own would write
 * it: so an attack can send what no GridRMI stub sends (a length that lies, a stream that stops half way). The call
 * names the node's exported object as its stub does (the object id, from the stub's description) and its method by
 * RMI's method hash.
 */
final class RawJrmp {
  private static final Pattern OBJ_ID =
      Pattern.compile("objID:\\[([-0-9a-f]+):([-0-9a-f]+):([-0-9a-f]+), (-?\\d+)\\]");

  private final NetContext net;
  private final String host;
  private final int port;
  private final int unique;
  private final long time;
  private final short count;
  private final long objNum;

  /**
   * @param net the sockets the calls go through (they prove the grid secret: the attacks are a member's)
   * @param stub the node's stub, as its registry hands it out
   */
  RawJrmp(NetContext net, String host, int port, Object stub) {
    this.net = net;
    this.host = host;
    this.port = port;
    String ref = ((RemoteObjectInvocationHandler) Proxy.getInvocationHandler(stub))
        .getRef()
        .remoteToString();
    Matcher m = OBJ_ID.matcher(ref);
    if (!m.find()) throw new IllegalStateException("no object id in " + ref);
    unique = (int) Long.parseLong(m.group(1), 16);
    time = Long.parseLong(m.group(2), 16);
    count = (short) Integer.parseInt(m.group(3), 16);
    objNum = Long.parseLong(m.group(4));
  }

  /** What changes the serialized call before it is sent: patched bytes, and where to stop sending (or -1). */
  interface Patch {
    /** @return the index after which nothing more is sent (the peer then stalls), or -1 to send it all */
    int apply(byte[] call);
  }

  /** The bytes of a call of {@code method} with {@code args}, as RMI's stubs write them. */
  byte[] call(Method method, Object... args) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream d = new DataOutputStream(b);
    d.writeInt(0x4a524d49); // "JRMI"
    d.writeShort(2);
    d.writeByte(0x4c); // single-operation protocol: no handshake
    d.writeByte(0x50); // a call
    ObjectOutputStream o = new ObjectOutputStream(d) {
      @Override
      protected void annotateClass(Class<?> c) throws IOException {
        writeObject(null); // RMI's marshal streams carry a codebase per class: none
      }

      @Override
      protected void annotateProxyClass(Class<?> c) throws IOException {
        writeObject(null);
      }
    };
    o.writeLong(objNum);
    o.writeInt(unique);
    o.writeLong(time);
    o.writeShort(count);
    o.writeInt(-1); // a call by method hash
    o.writeLong(hash(method));
    for (Object a : args) o.writeObject(a);
    o.flush();
    return b.toByteArray();
  }

  /** An open call: its socket, which the attack holds (a stall) or reads the answer from. */
  Socket send(byte[] call, int stopAfter) throws IOException {
    Socket s = net.connect(host, port);
    s.getOutputStream().write(call, 0, stopAfter < 0 ? call.length : stopAfter);
    s.getOutputStream().flush();
    return s;
  }

  /**
   * What the node answered within {@code millis}: "closed" if it closed the connection with no answer, "silent" if
   * it said nothing, else the answer's text (a refusal names its status there).
   */
  static String answer(Socket s, int millis) {
    try {
      s.setSoTimeout(millis);
      InputStream in = s.getInputStream();
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      try {
        for (int n; got.size() < 1 << 20 && (n = in.read(buf)) >= 0; ) got.write(buf, 0, n);
      } catch (java.net.SocketTimeoutException e) {
        if (got.size() == 0) return "silent";
      }
      return got.size() == 0
          ? "closed"
          : new String(got.toByteArray(), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      return "closed";
    }
  }

  /** RMI's method hash: the first 8 bytes (little-endian) of the SHA-1 of the method's name and descriptor. */
  static long hash(Method m) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-1");
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      new DataOutputStream(b).writeUTF(m.getName() + descriptor(m));
      byte[] h = md.digest(b.toByteArray());
      long hash = 0;
      for (int i = 0; i < Math.min(8, h.length); i++) hash += ((long) (h[i] & 0xff)) << (i * 8);
      return hash;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String descriptor(Method m) {
    StringBuilder s = new StringBuilder("(");
    for (Class<?> p : m.getParameterTypes()) s.append(descriptor(p));
    return s.append(')').append(descriptor(m.getReturnType())).toString();
  }

  private static String descriptor(Class<?> c) {
    if (c.isArray()) return "[" + descriptor(c.getComponentType());
    if (c == void.class) return "V";
    if (c == boolean.class) return "Z";
    if (c == byte.class) return "B";
    if (c == char.class) return "C";
    if (c == short.class) return "S";
    if (c == int.class) return "I";
    if (c == long.class) return "J";
    if (c == float.class) return "F";
    if (c == double.class) return "D";
    return "L" + c.getName().replace('.', '/') + ";";
  }

  /** The index just past the first occurrence of {@code what} in {@code in}, or -1. */
  static int after(byte[] in, byte[] what) {
    outer:
    for (int i = 0; i + what.length <= in.length; i++) {
      for (int j = 0; j < what.length; j++) if (in[i + j] != what[j]) continue outer;
      return i + what.length;
    }
    return -1;
  }
}
