package org.gridrmi.runtime.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.shapes.Shapes;
import com.example.shapes.Shapes.Counted;
import com.example.shapes.Shapes.Image;
import com.example.shapes.Shapes.Media;
import com.example.shapes.Shapes.Node;
import com.example.shapes.Shapes.Player;
import com.example.shapes.Shapes.Point;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.spi.ValueCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;
import org.gridrmi.runtime.store.ValueSizes;
import org.junit.jupiter.api.Test;

class FastCodecTest {
  private static final SerialPolicy ALLOWS_SHAPES =
      new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of("com.example.shapes.**"));
  private static final SerialPolicy ALLOWS_NOTHING_MORE =
      new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());

  private static byte[] write(SerialPolicy policy, Object value) {
    return SerialPolicy.using(policy, () -> {
      ValueCodec<?> codec = Codecs.forValue(value);
      assertThat(codec).as("codec of " + value.getClass()).isNotNull();
      assertThat(codec.id()).isEqualTo(FastCodec.ID);
      return bytesOf(codec, value);
    });
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static byte[] bytesOf(ValueCodec codec, Object value) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try {
      codec.write(value, ValueOutput.of(new DataOutputStream(b)));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return b.toByteArray();
  }

  private static Object read(SerialPolicy policy, byte[] bytes) {
    return SerialPolicy.using(policy, () -> {
      try {
        return Codecs.forId(FastCodec.ID)
            .read(ValueInput.of(new DataInputStream(new ByteArrayInputStream(bytes))));
      } catch (IOException e) {
        GridException refused = SerialFilters.refusal(e);
        if (refused != null) throw refused;
        if (e.getCause() instanceof GridException g) throw g;
        throw new AssertionError(e);
      }
    });
  }

  private static Object roundTrip(Object value) {
    return read(ALLOWS_SHAPES, write(ALLOWS_SHAPES, value));
  }

  @Test
  void movesEachShape() {
    List<Point> points = Shapes.points(10_000);
    assertThat(roundTrip(points)).isEqualTo(points);

    HashMap<String, Integer> map = new HashMap<>();
    for (int i = 0; i < 10_000; i++) map.put("k" + i, i);
    assertThat(roundTrip(map)).isEqualTo(map);

    Media media = new Media(
        "http://a/b",
        null,
        640,
        Player.JAVA,
        new ArrayList<>(List.of("x", "y")),
        new Image("http://a/c", 10, 20));
    assertThat(roundTrip(media)).isEqualTo(media);
    Media bare = new Media(null, null, 0, null, null, null);
    assertThat(roundTrip(bare)).isEqualTo(bare);
  }

  @Test
  void mapsAndSetsAreReadIntoTablesLargeEnoughForTheirEntries() {
    // HashMap's Javadoc: no rehash ever happens once the initial capacity exceeds the entries
    // divided by the load factor (0.75); a map read at a capacity of its count rehashed all its
    // entries once more while it filled
    for (int n : new int[] {0, 1, 2, 3, 7, 12, 13, 1000, 98_305, 100_000, 1 << 20}) {
      assertThat((double) FastCodec.capacityFor(n))
          .as("capacity for %d entries", n)
          .isGreaterThan(n / 0.75);
    }
  }

  @Test
  void aBufferIsKeptForTheNextValueUpToTheBound() {
    int bytes = write(ALLOWS_SHAPES, Shapes.points(50_000)).length;
    assertThat(bytes).isBetween(500_000, FastCodec.KEPT_BUFFER_BYTES);
    assertThat(FastCodec.largestIdleBuffer())
        .as("a value of %d bytes leaves a buffer that holds the next one", bytes)
        .isGreaterThanOrEqualTo(bytes - 4096);

    assertThat(write(ALLOWS_SHAPES, Shapes.points(500_000)).length)
        .isGreaterThan(FastCodec.KEPT_BUFFER_BYTES);
    assertThat(FastCodec.largestIdleBuffer())
        .as("after a value larger than the bound")
        .isLessThanOrEqualTo(FastCodec.KEPT_BUFFER_BYTES);
  }

  @Test
  void aValueOverHalfTheBoundLeavesABufferWithinTheBoundThatHoldsTheNextOne() {
    // Fory grows a buffer to twice what it needs: a value of 2-4 MB grew one past the bound, which
    // was dropped, so every such value grew a new one from 64 KB again (a list of 100,000 small
    // records is 2.3 MB)
    double perPoint = write(ALLOWS_SHAPES, Shapes.points(100_000)).length / 100_000.0;
    for (double share : new double[] {0.55, 0.65, 0.75, 0.85}) {
      int n = (int) (share * FastCodec.KEPT_BUFFER_BYTES / perPoint);
      FastCodec.dropIdleBuffers(); // as a fresh JVM starts: the buffer grows from 64 KB
      int bytes = write(ALLOWS_SHAPES, Shapes.points(n)).length;
      assertThat(bytes).isBetween(FastCodec.KEPT_BUFFER_BYTES / 2, FastCodec.KEPT_BUFFER_BYTES);
      assertThat(FastCodec.largestIdleBuffer())
          .as("a value of %d bytes leaves a buffer that holds the next one", bytes)
          .isGreaterThanOrEqualTo(bytes)
          .isLessThanOrEqualTo(FastCodec.KEPT_BUFFER_BYTES);
    }
  }

  @Test
  void aValueJustReadIsCountedByTheBytesItArrivedAsWithoutEncodingItAgain() {
    byte[] bytes = write(ALLOWS_SHAPES, Shapes.points(1000));
    Object replica = read(ALLOWS_SHAPES, bytes);
    long encodes = FastCodec.encodes();
    long size = SerialPolicy.using(ALLOWS_SHAPES, () -> ValueSizes.of(replica));
    assertThat(size).isEqualTo(bytes.length);
    assertThat(FastCodec.encodes()).as("encodes to count the value").isEqualTo(encodes);

    // the size is taken once: a value counted again (changed since, perhaps) is encoded again
    assertThat(SerialPolicy.using(ALLOWS_SHAPES, () -> ValueSizes.of(replica)))
        .isEqualTo(bytes.length);
    assertThat(FastCodec.encodes()).isEqualTo(encodes + 1);
  }

  /** Bytes this thread has allocated so far (HotSpot's count). */
  private static long allocated() {
    return ((com.sun.management.ThreadMXBean)
            java.lang.management.ManagementFactory.getThreadMXBean())
        .getThreadAllocatedBytes(Thread.currentThread().getId());
  }

  /** A value of about {@code bytes} bytes made of few objects: a record holding one long string. */
  private static Point wide(int bytes, char fill) {
    return new Point(1, String.valueOf(fill).repeat(bytes), 2);
  }

  @Test
  void aValueIsCountedInAStoreWithoutACopyOfItsBytes() {
    Point value = wide(1 << 20, 'a');
    // the buffers grow once; the last two encodings are kept for a send right after
    for (int i = 0; i < 3; i++) SerialPolicy.using(ALLOWS_SHAPES, () -> ValueSizes.of(value));
    long before = allocated();
    long size = SerialPolicy.using(ALLOWS_SHAPES, () -> ValueSizes.of(value));
    long cost = allocated() - before;
    assertThat(size).isGreaterThan(1 << 20);
    // before: the encoded bytes were copied out of the instance's buffer only to be counted
    assertThat(cost).as("bytes allocated to count a value of %d bytes", size).isLessThan(size / 8);
  }

  /** A data connection's message, as far as a codec sees it: it counts what it is given, keeping none of it. */
  private static final class CountingMessage extends DataOutputStream implements ValueOutput {
    CountingMessage() {
      super(java.io.OutputStream.nullOutputStream());
    }

    // the runs of primitives element by element: no codec these tests write uses them
    @Override
    public void writeDoubles(double[] a, int off, int len) throws IOException {
      for (int i = off; i < off + len; i++) writeDouble(a[i]);
    }

    @Override
    public void writeFloats(float[] a, int off, int len) throws IOException {
      for (int i = off; i < off + len; i++) writeFloat(a[i]);
    }

    @Override
    public void writeInts(int[] a, int off, int len) throws IOException {
      for (int i = off; i < off + len; i++) writeInt(a[i]);
    }

    @Override
    public void writeLongs(long[] a, int off, int len) throws IOException {
      for (int i = off; i < off + len; i++) writeLong(a[i]);
    }
  }

  @Test
  void aValueSentOnADataConnectionIsWrittenFromTheInstancesBufferWithoutACopy() throws Exception {
    Point value = wide(1 << 20, 'b');
    SerialPolicy.using(ALLOWS_SHAPES, () -> streamed(value)); // the instance's buffer grows once
    long before = allocated();
    long sent = SerialPolicy.using(ALLOWS_SHAPES, () -> streamed(value));
    long cost = allocated() - before;
    assertThat(sent).isGreaterThan(1 << 20);
    // before: the whole value was copied into a byte[] of its own before the message took it
    assertThat(cost).as("bytes allocated to send a value of %d bytes", sent).isLessThan(sent / 8);
  }

  private static long streamed(Object value) {
    CountingMessage m = new CountingMessage();
    try {
      org.gridrmi.runtime.wire.WireValue.writeStreamed(value, m);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return m.size();
  }

  @Test
  void aValueSentRightAfterItWasCountedIsNotEncodedAgain() {
    // a server counts a value when it stores it, and a fetch that waited for it sends it at once
    Point value = new Point(5, "sent after counting", 1);
    long counted = SerialPolicy.using(ALLOWS_SHAPES, () -> ValueSizes.of(value));
    long encodes = FastCodec.encodes();
    long sent = SerialPolicy.using(ALLOWS_SHAPES, () -> streamed(value));
    assertThat(FastCodec.encodes()).as("encodes to send it").isEqualTo(encodes);
    assertThat(sent).isEqualTo(2 + FastCodec.ID.length() + counted); // the id (writeUTF), then it

    // the encoding is taken once: the value sent again is encoded again
    assertThat(SerialPolicy.using(ALLOWS_SHAPES, () -> streamed(value))).isEqualTo(sent);
    assertThat(FastCodec.encodes()).isEqualTo(encodes + 1);
  }

  @Test
  void aValueEncodedToBeWrittenLaterIsWrittenWithoutACopyAndTheSameAgain() throws IOException {
    Point value = wide(1 << 20, 'd');
    byte[] expected = write(ALLOWS_SHAPES, value); // the buffers grow once
    long before = allocated();
    ValueCodec<?> codec = SerialPolicy.using(ALLOWS_SHAPES, () -> Codecs.forValue(value));
    CountingMessage m = new CountingMessage();
    writeTo(codec, value, m);
    long cost = allocated() - before;
    assertThat(m.size()).isEqualTo(expected.length);
    // before: the encoded bytes were copied out of the buffer to be written later
    assertThat(cost)
        .as("bytes allocated to write a value of %d bytes", m.size())
        .isLessThan(m.size() / 8);
    // written again (a stream sent twice), it writes the same bytes
    assertThat(SerialPolicy.using(ALLOWS_SHAPES, () -> bytesOf(codec, value))).isEqualTo(expected);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void writeTo(ValueCodec codec, Object value, ValueOutput out) throws IOException {
    codec.write(value, out);
  }

  @Test
  void aValueReadAgainTakesNoBufferOfItsOwnForItsBytes() {
    byte[] bytes = write(ALLOWS_SHAPES, wide(1 << 20, 'c'));
    read(ALLOWS_SHAPES, bytes); // the read buffer grows once
    long before = allocated();
    Point back = (Point) read(ALLOWS_SHAPES, bytes);
    long cost = allocated() - before;
    assertThat(back).isEqualTo(wide(1 << 20, 'c'));
    // the string itself takes its bytes once; before, the bytes were also read into a buffer grown
    // by doubling (twice their size in garbage) for every value
    assertThat(cost)
        .as("bytes allocated to read a value of %d bytes", bytes.length)
        .isLessThan(bytes.length * 3L / 2);
  }

  @Test
  void aValueReadIntoAReusedBufferSharesNothingWithTheNextOne() {
    List<Point> first = Shapes.points(20_000);
    List<Point> second = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) second.add(new Point(-i, "q" + (i * 7), -i * 0.25));
    Object a = roundTrip(first);
    Object b = roundTrip(second);
    assertThat(a).isEqualTo(first);
    assertThat(b).isEqualTo(second);
  }

  /** The form byte of a top-level map's entries: after the Fory header (3 bytes) and the count. */
  private static byte mapForm(byte[] stream, int count) {
    int start = payloadStart(stream);
    int countBytes = count < 0x80 ? 1 : count < 0x4000 ? 2 : 3;
    return stream[start + 3 + countBytes];
  }

  @Test
  void aMapOfStringsToIntegersOrStringsTravelsAsOneRunAndReadsBackEqualInOrder() {
    HashMap<String, Integer> ints = new HashMap<>();
    for (int i = 0; i < 1000; i++) ints.put("key-" + i, i * 37 - 5000);
    ints.put("", Integer.MIN_VALUE);
    ints.put("\u00e9t\u00e9 \u4e2d\ud83d\ude00", Integer.MAX_VALUE); // Latin-1 and UTF-16 keys
    java.util.LinkedHashMap<String, String> strings = new java.util.LinkedHashMap<>();
    for (int i = 999; i >= 0; i--) strings.put("k" + i, i % 3 == 0 ? "" : "v\u4e2d" + i);
    for (Map<?, ?> map : List.<Map<?, ?>>of(ints, strings)) {
      byte[] bytes = write(ALLOWS_SHAPES, map);
      assertThat(mapForm(bytes, map.size()))
          .as("the form of a %s", map.getClass().getSimpleName())
          .isEqualTo(map == ints ? StringRuns.STRING_INTS : StringRuns.STRING_STRINGS);
      Map<?, ?> back = (Map<?, ?>) read(ALLOWS_SHAPES, bytes);
      assertThat(back).isEqualTo(map).hasSameClassAs(map);
      assertThat(List.copyOf(back.entrySet())).isEqualTo(List.copyOf(map.entrySet()));
    }
  }

  @Test
  void aMapOfAnyOtherShapeTakesTheGeneralFormAndReadsBackEqual() {
    HashMap<String, Object> nullValue = new HashMap<>(Map.of("a", 1));
    nullValue.put("b", null);
    HashMap<String, Integer> nullKey = new HashMap<>(Map.of("a", 1));
    nullKey.put(null, 2);
    HashMap<String, Object> mixed = new HashMap<>();
    for (int i = 0; i < 300; i++) mixed.put("k" + i, i); // mixed late: the run is abandoned
    mixed.put("k299", 299L);
    HashMap<Integer, String> intKeys = new HashMap<>(Map.of(1, "a", 2, "b"));
    HashMap<String, Point> records = new HashMap<>(Map.of("p", new Point(1, "x", 2)));
    for (Map<?, ?> map : List.<Map<?, ?>>of(nullValue, nullKey, mixed, intKeys, records)) {
      byte[] bytes = write(ALLOWS_SHAPES, map);
      assertThat(mapForm(bytes, map.size()))
          .as("the form of %s", map)
          .isEqualTo(StringRuns.GENERAL);
      assertThat(read(ALLOWS_SHAPES, bytes)).as("%s read back", map).isEqualTo(map);
    }
    HashMap<String, Integer> empty = new HashMap<>();
    assertThat(roundTrip(empty)).isEqualTo(empty);
    // inside a record, a map is written by Fory's generated code through the serializer's hooks
    Shapes.Holder nested = new Shapes.Holder(new ArrayList<>(List.of(
        new HashMap<>(Map.of("a", 1, "b", 2)), new java.util.LinkedHashMap<>(Map.of("c", "d")))));
    assertThat(roundTrip(nested)).isEqualTo(nested);
    Shapes.Index index = new Shapes.Index(new HashMap<>(Map.of("a", 1, "b", 2)), "after");
    assertThat(roundTrip(index)).isEqualTo(index);
  }

  /** The bytes of a top-level list's elements: after the Fory header (3 bytes) and the count. */
  private static byte[] listForm(byte[] stream, int count) {
    int start = payloadStart(stream);
    int countBytes = count < 0x80 ? 1 : count < 0x4000 ? 2 : 3;
    return Arrays.copyOfRange(stream, start + 3 + countBytes, stream.length);
  }

  /** The second form byte of a list whose first form is CLASS, after a class registered by name. */
  private static byte secondForm(byte[] elements, String className) {
    assertThat(elements[0]).isEqualTo(ListRuns.CLASS);
    byte[] name = className.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    String all = new String(elements, java.nio.charset.StandardCharsets.ISO_8859_1);
    int at = all.indexOf(new String(name, java.nio.charset.StandardCharsets.ISO_8859_1));
    assertThat(at).as("the class's name in the stream").isPositive();
    return elements[at + name.length];
  }

  @Test
  void aCollectionOfOneClassTravelsAsOneRunAndReadsBackEqualInOrder() {
    ArrayList<Point> points = new ArrayList<>(Shapes.points(1000));
    ArrayList<ArrayList<Point>> nested = new ArrayList<>();
    for (int i = 0; i < 3; i++) nested.add(new ArrayList<>(Shapes.points(i + 1)));
    assertThat(secondForm(listForm(write(ALLOWS_SHAPES, points), 1000), Point.class.getName()))
        .isEqualTo(ListRuns.SAME_CLASS);
    java.util.LinkedHashSet<Point> set = new java.util.LinkedHashSet<>(Shapes.points(300));
    java.util.ArrayDeque<String> deque = new java.util.ArrayDeque<>(List.of("a", "", "\u4e2d"));
    for (java.util.Collection<?> c : List.<java.util.Collection<?>>of(points, nested, set, deque)) {
      java.util.Collection<?> back = (java.util.Collection<?>) roundTrip(c);
      assertThat(back).hasSameClassAs(c);
      assertThat(List.copyOf(back)).isEqualTo(List.copyOf(c));
    }
  }

  @Test
  void aCollectionOfAnyOtherShapeTakesTheGeneralFormAndReadsBackEqual() {
    ArrayList<Object> nullFirst = new ArrayList<>();
    nullFirst.add(null);
    nullFirst.addAll(Shapes.points(5));
    assertThat(listForm(write(ALLOWS_SHAPES, nullFirst), 6)[0]).isEqualTo(ListRuns.GENERAL);
    ArrayList<Object> withNull = new ArrayList<>(Shapes.points(5));
    withNull.add(null);
    ArrayList<Object> mixedLate = new ArrayList<>(Shapes.points(300));
    mixedLate.add(new Image("u", 1, 2)); // another class after a run of one: the run is abandoned
    for (List<?> l : List.<List<?>>of(withNull, mixedLate)) {
      byte[] bytes = write(ALLOWS_SHAPES, l);
      assertThat(secondForm(listForm(bytes, l.size()), Point.class.getName()))
          .as("the form of %s", l)
          .isEqualTo(ListRuns.GENERAL);
      assertThat(read(ALLOWS_SHAPES, bytes)).as("%s read back", l).isEqualTo(l);
    }
    ArrayList<Object> numbers = new ArrayList<>(List.of(1, 2L, 3.0));
    for (List<?> l : List.<List<?>>of(nullFirst, numbers, new ArrayList<>()))
      assertThat(roundTrip(l)).as("%s read back", l).isEqualTo(l);
  }

  @Test
  void aFormThisNodeDoesNotKnowOrARunCutShortIsRefusedNamingTheReason() {
    byte[] list = write(ALLOWS_SHAPES, new ArrayList<>(Shapes.points(50)));
    byte[] map = write(ALLOWS_SHAPES, new HashMap<>(Map.of("a", 1, "b", 2)));
    int listForm = payloadStart(list) + 3 + 1, mapForm = payloadStart(map) + 3 + 1;
    for (byte[] unknown : List.of(withByte(list, listForm, 7), withByte(map, mapForm, 7))) {
      assertThatThrownBy(() -> read(ALLOWS_SHAPES, unknown))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
          .hasMessageContaining("in form 7, which this node does not know");
    }
    // the run's last records cut off, the stream's own length right: Fory's bounds end the read
    int start = payloadStart(list);
    byte[] cut =
        lengthRewritten(Arrays.copyOf(list, list.length - 30), start, list.length - 30 - start);
    assertThatThrownBy(() -> read(ALLOWS_SHAPES, cut))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("could not be read here");
  }

  private static byte[] withByte(byte[] b, int at, int value) {
    byte[] c = b.clone();
    c[at] = (byte) value;
    return c;
  }

  @Test
  void aLyingStringLengthInARunAllocatesNothing() {
    HashMap<String, Integer> map = new HashMap<>(Map.of("key", 1, "other", 2));
    byte[] bytes = write(ALLOWS_SHAPES, map);
    int start = payloadStart(bytes);
    int firstKey = start + 3 + 1 + 1; // header, count, form
    // a varint of 2^35-1: a string of 2^33 bytes, Latin-1
    byte[] big = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0x7f};
    byte[] lying = new byte[bytes.length + big.length - 1];
    System.arraycopy(bytes, 0, lying, 0, firstKey);
    System.arraycopy(big, 0, lying, firstKey, big.length);
    System.arraycopy(
        bytes, firstKey + 1, lying, firstKey + big.length, bytes.length - firstKey - 1);
    byte[] stream = lengthRewritten(lying, start, lying.length - start);
    assertThatThrownBy(() -> read(ALLOWS_SHAPES, stream))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED))
        .hasMessageContaining("bytes left");
  }

  @Test
  void primitiveArraysKeepTheirBulkCodecs() {
    assertThat(Codecs.forValue(new double[3]).id()).isEqualTo("jdk.doubles");
    assertThat(Codecs.forValue(new int[3]).id()).isEqualTo("jdk.ints");
  }

  @Test
  void aCycleFallsBackToJavaSerialization() {
    Node a = new Node();
    a.next = a;
    assertThat(SerialPolicy.using(ALLOWS_SHAPES, () -> Codecs.forValue(a))).isNull();
  }

  @Test
  void aValueHoldingGridRmisOwnClassesFallsBackToJavaSerialization() {
    // GridRMI's own types (references among them) go by Java serialization, which pins the
    // references
    List<Object> holding = new ArrayList<>(List.of(new Point(1, "a", 2), Status.NOT_FOUND));
    assertThat(SerialPolicy.using(ALLOWS_SHAPES, () -> Codecs.forValue(holding)))
        .isNull();
  }

  @Test
  void aClassTheReaderDoesNotAllowIsRefusedByNameBeforeItIsMade() {
    byte[] bytes = write(ALLOWS_SHAPES, new ArrayList<>(List.of(new Counted(7))));
    int made = Counted.MADE.get();
    assertThatThrownBy(() -> read(ALLOWS_NOTHING_MORE, bytes))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining(Counted.class.getName())
        .hasMessageContaining("--allow");
    assertThat(Counted.MADE.get()).isEqualTo(made);
  }

  @Test
  void aClassNamedByAPeerUnderItsOwnNameIsRefusedBeforeItIsMade() throws IOException {
    // a peer's Fory names the class by its real package and name, and the stream names no classes
    org.apache.fory.Fory peer = org.apache.fory.Fory.builder()
        .requireClassRegistration(true)
        .withRefTracking(false)
        .build();
    peer.register(Counted.class, Counted.class.getPackageName(), "Shapes$Counted");
    byte[] fory = peer.serialize(new ArrayList<>(List.of(new Counted(7))));
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(b);
    out.writeInt(0);
    out.writeInt(fory.length);
    out.write(fory);
    int made = Counted.MADE.get();
    for (SerialPolicy reader : List.of(ALLOWS_NOTHING_MORE, ALLOWS_SHAPES)) {
      assertThatThrownBy(() -> read(reader, b.toByteArray()))
          .as("read with " + reader)
          .isInstanceOf(GridException.class);
    }
    assertThat(Counted.MADE.get()).isEqualTo(made);
  }

  @Test
  void aTruncatedValueIsRefusedNamingTheReason() {
    byte[] bytes = write(ALLOWS_SHAPES, Shapes.points(100));
    byte[] cut = Arrays.copyOf(bytes, bytes.length - 40);
    // keep the stream's own length right: the Fory bytes themselves are cut
    int payload = bytes.length - 40;
    byte[] fixed = lengthRewritten(cut, payloadStart(bytes), payload - payloadStart(bytes));
    assertThatThrownBy(() -> read(ALLOWS_SHAPES, fixed))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("could not be read here");
  }

  @Test
  void aLyingCountInsideTheValueAllocatesNothing() {
    for (Object value : List.<Object>of(
        new ArrayList<>(List.of(1, 2)),
        new HashMap<>(Map.of("a", 1)),
        new ArrayList<>(List.<Object>of(new int[] {1, 2, 3})),
        new ArrayList<>(List.of(new Shapes.WithArray(new int[] {1, 2, 3}))))) {
      byte[] bytes = write(ALLOWS_SHAPES, value);
      boolean intArray = value instanceof ArrayList<?> l
          && (l.get(0) instanceof int[] || l.get(0) instanceof Shapes.WithArray);
      byte[] lying = withCountReplaced(bytes, intArray);
      assertThatThrownBy(() -> read(ALLOWS_SHAPES, lying))
          .as("a lying count in " + value)
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED))
          .hasMessageContaining("claims 2147483647");
    }
  }

  @Test
  void aKnownGadgetAmongForysOwnJdkTypesIsNeverWrittenNorMade() throws IOException {
    List<Object> holding =
        new ArrayList<>(List.of(new java.util.PriorityQueue<>(List.of(3, 1, 2))));
    assertThat(SerialPolicy.using(ALLOWS_SHAPES, () -> Codecs.forValue(holding)))
        .as("falls back to Java serialization, whose filter refuses it")
        .isNull();

    // bytes a peer made with a Fory of its own: a PriorityQueue in a record's list field (which
    // Fory's generated code writes in Fory's own form, read through the fast codec's hooks), the
    // record named as the fast codec names it
    org.apache.fory.Fory peer = org.apache.fory.Fory.builder()
        .requireClassRegistration(true)
        .withRefTracking(false)
        .build();
    peer.register(Shapes.Holder.class, "gridrmi", Shapes.Holder.class.getName());
    byte[] fory = peer.serialize(new Shapes.Holder(holding));
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(b);
    out.writeInt(1);
    out.writeUTF(Shapes.Holder.class.getName());
    out.writeInt(fory.length);
    out.write(fory);
    assertThatThrownBy(() -> read(ALLOWS_SHAPES, b.toByteArray()))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining("java.util.PriorityQueue")
        .hasMessageContaining("known deserialization gadget");
  }

  /**
   * Every JDK container and array Fory makes, from a peer's bytes with each of the first varints replaced by
   * 2^31-1: refused with a GridException, never an allocation of the claim (an OutOfMemoryError).
   */
  @Test
  void noLyingCountInAnyJdkContainerForyMakesAllocatesIt() throws IOException {
    org.apache.fory.Fory peer = org.apache.fory.Fory.builder()
        .requireClassRegistration(true)
        .withRefTracking(false)
        .build();
    List<Object> values = List.of(
        new ArrayList<>(List.of(1, 2)),
        new int[] {1, 2, 3},
        new long[] {1, 2},
        new char[] {'a'},
        new boolean[] {true},
        new String[] {"a", "b"},
        new Object[] {1, 2},
        new HashMap<>(Map.of("a", 1)),
        new java.util.LinkedHashMap<>(Map.of("a", 1)),
        new java.util.HashSet<>(List.of(1)),
        new java.util.ArrayDeque<>(List.of(1)),
        new java.util.Vector<>(List.of(1, 2)),
        new java.util.concurrent.ConcurrentHashMap<>(Map.of("a", 1)),
        new java.util.concurrent.CopyOnWriteArrayList<>(List.of(1, 2)),
        java.util.BitSet.valueOf(new long[] {5}),
        new ArrayList<>(List.of(1, 2, 3)).subList(0, 2),
        java.util.Collections.unmodifiableList(new ArrayList<>(List.of(1))),
        List.of(1, 2, 3),
        Set.of(1, 2, 3),
        Map.of("a", 1, "b", 2),
        java.util.Arrays.asList(1, 2));
    byte[] big = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07};
    for (Object v : values) {
      byte[] fory = peer.serialize(v);
      for (int at = 2; at < Math.min(fory.length, 9); at++) {
        byte[] lying = new byte[fory.length + 4];
        System.arraycopy(fory, 0, lying, 0, at);
        System.arraycopy(big, 0, lying, at, big.length);
        System.arraycopy(fory, at + 1, lying, at + big.length, fory.length - at - 1);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        out.writeInt(0);
        out.writeInt(lying.length);
        out.write(lying);
        String what = v.getClass().getName() + " with 2^31-1 at byte " + at;
        Throwable thrown = null;
        try {
          read(ALLOWS_SHAPES, b.toByteArray());
        } catch (Throwable t) {
          thrown = t;
        }
        // Fory wraps what it meets, an OutOfMemoryError too: none may be anywhere in the chain
        for (Throwable t = thrown; t != null; t = t.getCause()) {
          assertThat(t).as(what).isNotInstanceOf(OutOfMemoryError.class);
        }
        if (thrown != null) assertThat(thrown).as(what).isInstanceOf(GridException.class);
      }
    }
  }

  /** Where the Fory bytes start in a stream with no class names: after the name count and the length. */
  private static int payloadStart(byte[] stream) {
    int names = readInt(stream, 0);
    int at = 4;
    for (int i = 0; i < names; i++) at += 2 + ((stream[at] & 0xff) << 8 | (stream[at + 1] & 0xff));
    return at + 4;
  }

  private static int readInt(byte[] b, int at) {
    return (b[at] & 0xff) << 24
        | (b[at + 1] & 0xff) << 16
        | (b[at + 2] & 0xff) << 8
        | (b[at + 3] & 0xff);
  }

  private static byte[] lengthRewritten(byte[] stream, int start, int length) {
    byte[] b = stream.clone();
    b[start - 4] = (byte) (length >>> 24);
    b[start - 3] = (byte) (length >>> 16);
    b[start - 2] = (byte) (length >>> 8);
    b[start - 1] = (byte) length;
    return b;
  }

  /**
   * The stream with the first count of its Fory bytes (a container's, right after its 3-byte header; or an int[]'s
   * byte count, found by its 12) replaced by 2^31-1 as a varint.
   */
  private static byte[] withCountReplaced(byte[] stream, boolean intArray) {
    int start = payloadStart(stream);
    byte[] fory = Arrays.copyOfRange(stream, start, stream.length);
    int at = 3;
    if (intArray) {
      at = -1;
      for (int i = 0; i + 1 < fory.length; i++) if (fory[i] == 12 && fory[i + 1] == 1) at = i;
      assertThat(at).isPositive();
    }
    byte[] big = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07};
    byte[] out = new byte[fory.length - 1 + big.length];
    System.arraycopy(fory, 0, out, 0, at);
    System.arraycopy(big, 0, out, at, big.length);
    System.arraycopy(fory, at + 1, out, at + big.length, fory.length - at - 1);
    byte[] whole = new byte[start + out.length];
    System.arraycopy(stream, 0, whole, 0, start);
    System.arraycopy(out, 0, whole, start, out.length);
    return lengthRewritten(whole, start, out.length);
  }
}
