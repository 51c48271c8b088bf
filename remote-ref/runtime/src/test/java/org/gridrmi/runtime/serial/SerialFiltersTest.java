package org.gridrmi.runtime.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.UUID;
import javax.management.BadAttributeValueExpException;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

/** The JEP 290 allowlist and limits of GridRMI streams, on real serialized bytes. */
class SerialFiltersTest {
  record Point(int x, int y) implements Serializable {}

  static byte[] serialize(Object o) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(o);
    }
    return b.toByteArray();
  }

  /** Each test reads with a policy of its own: what one allows, another does not. */
  final SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());

  Object read(byte[] bytes) throws Exception {
    return read(policy, bytes);
  }

  static Object read(SerialPolicy p, byte[] bytes) throws Exception {
    try (ObjectInputStream in = p.open(bytes)) {
      return in.readObject();
    }
  }

  GridException refusal(byte[] bytes) {
    return refusal(policy, bytes);
  }

  static GridException refusal(SerialPolicy p, byte[] bytes) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> read(p, bytes));
    assertThat(t).as("the stream was refused").isNotNull();
    GridException g = SerialFilters.refusal(t);
    assertThat(g).as("a GridRMI refusal behind %s", t).isNotNull();
    return g;
  }

  @Test
  void jdkValueTypesAndGridRmiTypesPass() throws Exception {
    Map<String, Object> map = new HashMap<>();
    map.put("list", new ArrayList<>(List.of(1, 2L, 3.0, "four")));
    map.put("ints", new int[] {1, 2, 3});
    map.put("strings", new String[] {"a", "b"});
    map.put("uuid", UUID.randomUUID());
    map.put("big", new BigDecimal("1.25"));
    map.put("time", Duration.ofMillis(5));
    map.put("date", LocalDate.of(2020, 1, 2));
    map.put("immutable", List.of("x", "y"));
    map.put("point", new Point(1, 2)); // org.gridrmi.**
    map.put("status", Status.NOT_FOUND);
    map.put("failure", new IllegalStateException("boom", new java.io.IOException("cause")));
    assertThat(read(serialize(map)))
        .usingRecursiveComparison()
        .ignoringFields("failure")
        .isEqualTo(map);
    assertThat(read(serialize(new GridException(Status.UNAVAILABLE, "x"))))
        .isInstanceOf(GridException.class);
  }

  @Test
  void knownGadgetEntryClassesAreRefusedByNameWithPermissionDenied() throws Exception {
    long before = SerialFilters.refusals();
    PriorityQueue<Integer> queue =
        new PriorityQueue<>(List.of(3, 1, 2)); // CommonsCollections2/4 entry point
    GridException g = refusal(serialize(queue));
    assertThat(g.status()).isEqualTo(Status.PERMISSION_DENIED);
    // a known gadget is refused for safety, and the hint never tells the operator how to allow it
    assertThat(g.getMessage())
        .contains("java.util.PriorityQueue")
        .contains("refused for safety")
        .doesNotContain("--allow");

    // URLDNS: a HashMap (allowed) whose key is a URL (not): refused at the key, before its hashCode
    // runs
    Map<Object, String> urldns = new HashMap<>();
    urldns.put(new URL("http://example.invalid/"), "x");
    assertThat(refusal(serialize(urldns)).getMessage()).contains("java.net.URL");

    // CommonsCollections5 entry point: an exception outside the allowed exception packages
    assertThat(refusal(serialize(new BadAttributeValueExpException("v"))).getMessage())
        .contains("javax.management.BadAttributeValueExpException")
        .contains("refused for safety")
        .doesNotContain("--allow");
    // not even an operator's pattern lets one in
    policy.allow("javax.management.*");
    assertThat(refusal(serialize(new BadAttributeValueExpException("v"))).getMessage())
        .contains("refused for safety");
    assertThat(SerialFilters.refusals()).isGreaterThanOrEqualTo(before + 3);
  }

  @Test
  void aClassNotOnTheClassPathNeverBecomesAnObject() throws Exception {
    byte[] bytes = serialize(new Point(1, 2));
    String from = Point.class.getName();
    String gadget = "org.apache.commons.collections.functors.InvokerTransformer"
        .substring(0, from.length()); // same length, so the stream stays well formed
    byte[] patched = new String(bytes, StandardCharsets.ISO_8859_1)
        .replace(from, gadget)
        .getBytes(StandardCharsets.ISO_8859_1);
    assertThatThrownBy(() -> read(patched))
        .isInstanceOfAny(ClassNotFoundException.class, IOException.class);
  }

  @Test
  void operatorPatternsAllowMoreClassesForTheirInstanceOnly() throws Exception {
    BitSet bits = new BitSet();
    bits.set(3);
    assertThat(refusal(serialize(bits)).getMessage()).contains("java.util.BitSet");
    policy.allow("java.util.BitSet");
    assertThat(read(serialize(bits))).isEqualTo(bits);
    SerialPolicy other = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    assertThat(refusal(other, serialize(bits)).getMessage()).contains("java.util.BitSet");
  }

  @Test
  void aRefusalsAdviceFitsTheSideThatRefused() throws Exception {
    byte[] bits = serialize(new BitSet());
    SerialPolicy client =
        new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of(), SerialPolicy.Side.CLIENT);
    SerialPolicy server =
        new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of(), SerialPolicy.Side.SERVER);

    assertThat(refusal(client, bits).getMessage())
        .contains("this client refused it", "Grid.builder().allow(\"java.util.BitSet\")")
        .doesNotContain("start the server");
    assertThat(refusal(server, bits).getMessage())
        .contains(
            "this server refused it",
            "start the server with --allow java.util.BitSet",
            "GridServer.builder().allow(\"java.util.BitSet\")")
        .doesNotContain("Grid.builder()");
  }

  @Test
  void limitsAreAnInstancesOwn() throws Exception {
    SerialPolicy small =
        new SerialPolicy(new SerialPolicy.Limits(10, 64, 1000, 1_000_000), List.of());
    assertThat(refusal(small, serialize(new int[11])).getMessage())
        .contains("int[]")
        .contains("maxArray=10");
    assertThat(read(serialize(new int[11]))).isEqualTo(new int[11]);
  }

  @Test
  void deepGraphsAreRefusedWithResourceExhausted() throws Exception {
    List<Object> root = new ArrayList<>();
    List<Object> cur = root;
    for (int i = 0; i < 200; i++) {
      List<Object> next = new ArrayList<>();
      cur.add(next);
      cur = next;
    }
    GridException g = refusal(serialize(root));
    assertThat(g.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
    assertThat(g.getMessage()).contains("depth").contains("maxDepth=64");
  }

  @Test
  void anOversizedArrayLengthIsRefusedBeforeAnythingIsAllocated() throws Exception {
    byte[] bytes = serialize(new long[] {1, 2, 3});
    // the length is the int just before the 3 * 8 bytes of elements at the end of the stream
    int at = bytes.length - 3 * 8 - 4;
    assertThat(ByteBuffer.wrap(bytes, at, 4).getInt()).isEqualTo(3);
    ByteBuffer.wrap(bytes, at, 4).putInt(Integer.MAX_VALUE - 8);
    GridException g = refusal(bytes);
    assertThat(g.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
    assertThat(g.getMessage()).contains("long[]").contains(String.valueOf(Integer.MAX_VALUE - 8));
  }

  @Test
  void refusalOfFindsTheFilterErrorInsideTheJdkWrapping() {
    assertThat(SerialFilters.refusal(new IOException("plain"))).isNull();
    GridException inner = new GridException(Status.PERMISSION_DENIED, "no");
    assertThat(SerialFilters.refusal(new java.io.InvalidClassException("x") {
          {
            initCause(inner);
          }
        }))
        .isSameAs(inner);
  }
}
