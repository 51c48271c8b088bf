package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.runtime.serial.Codecs;
import org.gridrmi.runtime.serial.SerialFilters;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.wire.TestReaders;
import org.gridrmi.runtime.wire.WireValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A value's header that claims more than the reading instance's limits is refused with RESOURCE_EXHAUSTED before
 * anything of that size is allocated, on every path; a claim within the limits followed by silence costs, on the
 * paths anyone may write to (RMI, plain Data streams), no more than the bytes that came.
 */
class CodecLimitsTest {
  private static final long LIMIT = 1 << 20;
  private static final SerialPolicy ONE_MB =
      new SerialPolicy(new SerialPolicy.Limits(LIMIT, 64, 10_000, LIMIT), List.of());

  /** A claim: a codec id, then what its header says. */
  record Claim(String codec, String what, long elementBytes) {
    void write(DataOutput out, int count) throws IOException {
      out.writeUTF(codec);
      if (codec.equals("jdk.double-rows") && what.equals("row")) {
        out.writeInt(1); // one row, whose length is the claim
      }
      out.writeInt(count);
      out.write(new byte[10]); // a little data, then the stream ends
    }

    @Override
    public String toString() {
      return codec + " " + what;
    }
  }

  static List<Claim> claims() {
    return List.of(
        new Claim("jdk.bytes", "length", 1),
        new Claim("jdk.doubles", "length", 8),
        new Claim("jdk.floats", "length", 4),
        new Claim("jdk.ints", "length", 4),
        new Claim("jdk.longs", "length", 8),
        new Claim("jdk.string", "length", 1),
        new Claim("jdk.double-rows", "rows", 4),
        new Claim("jdk.double-rows", "row", 8));
  }

  static Stream<Arguments> everyClaimOnEveryWire() {
    List<Arguments> cases = new ArrayList<>();
    for (Claim c : claims()) {
      for (Wire w : new Wire[] {Wire.CHUNKED, Wire.VALUE_STREAMS, Wire.RMI})
        cases.add(Arguments.of(c, w));
    }
    return cases.stream();
  }

  /** Reads a value whose header is {@code claim} of {@code count} elements, the way {@code wire} carries it. */
  private static Object read(Claim claim, int count, Wire wire) throws Exception {
    switch (wire) {
      case CHUNKED -> {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ChunkedOutput out = new ChunkedOutput(bytes);
        claim.write(out, count);
        out.endMessage();
        return WireValue.readStreamed(
            new ChunkedInput(new ByteArrayInputStream(bytes.toByteArray())), TestReaders.current());
      }
      case VALUE_STREAMS -> {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        claim.write(new DataOutputStream(bytes), count);
        java.io.DataInputStream in =
            new java.io.DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        return Codecs.forId(in.readUTF()).read(ValueInput.of(in));
      }
      case RMI -> {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
          claim.write(out, count);
        }
        WireValue w = new WireValue();
        try (ObjectInputStream in =
            new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
          w.readExternal(in);
        }
        return w.value(TestReaders.current());
      }
      default -> throw new AssertionError(wire);
    }
  }

  private static Throwable readUnder(SerialPolicy policy, Claim claim, int count, Wire wire) {
    return SerialPolicy.using(policy, () -> catchThrowable(() -> read(claim, count, wire)));
  }

  @ParameterizedTest(name = "{0} over {1}")
  @MethodSource("everyClaimOnEveryWire")
  void aClaimOverTheInstancesLimitIsRefusedAsResourceExhausted(Claim claim, Wire wire) {
    int over = (int) (LIMIT / claim.elementBytes()) + 1;
    Throwable t = readUnder(ONE_MB, claim, over, wire);
    GridException refusal = SerialFilters.refusal(t);
    assertThat(refusal).as("refusal of %s", t).isNotNull();
    assertThat(refusal.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
    assertThat(refusal.getMessage()).contains(String.valueOf(over));
  }

  @ParameterizedTest(name = "{0} over {1}")
  @MethodSource("everyClaimOnEveryWire")
  void aClaimAtTheLimitIsReadAndEndsWithTheData(Claim claim, Wire wire) {
    int atLimit = (int) (LIMIT / claim.elementBytes());
    Throwable t = readUnder(ONE_MB, claim, atLimit, wire);
    assertThat(SerialFilters.refusal(t)).as("refusal of %s", t).isNull();
    assertThat(t).isInstanceOf(EOFException.class);
  }

  @ParameterizedTest(name = "{0} over {1}")
  @MethodSource("everyClaimOnEveryWire")
  void theLargestClaimAnArrayCanMakeIsRefusedBeforeAllocating(Claim claim, Wire wire) {
    long before = allocatedBytes();
    Throwable t = readUnder(SerialPolicy.current(), claim, Integer.MAX_VALUE - 8, wire);
    assertThat(SerialFilters.refusal(t))
        .as("refusal of %s", t)
        .isNotNull()
        .satisfies(g -> assertThat(g.status()).isEqualTo(Status.RESOURCE_EXHAUSTED));
    assertThat(allocatedBytes() - before).as("bytes allocated by the read").isLessThan(10_000_000L);
  }

  /**
   * The paths anyone may write to (an RMI call or answer, a plain stream) do not trust a plausible claim: a header
   * within the limits followed by silence costs a first buffer, not the claim.
   */
  @ParameterizedTest(name = "{0} over {1}")
  @MethodSource("everyClaimOnEveryWire")
  void aPlausibleClaimThenSilenceCostsLittleOnTheUntrustedPaths(Claim claim, Wire wire) {
    if (wire == Wire.CHUNKED)
      return; // a data connection's peer proved it may connect: it allocates at once
    long limit = SerialPolicy.current().limits().maxBytes();
    int plausible = (int) Math.min(Integer.MAX_VALUE - 8, limit / claim.elementBytes());
    long before = allocatedBytes();
    Throwable t = readUnder(SerialPolicy.current(), claim, plausible, wire);
    long allocated = allocatedBytes() - before;
    assertThat(t).isInstanceOf(EOFException.class);
    assertThat(allocated)
        .as(
            "bytes allocated reading a claim of %d elements (%d MB)",
            plausible, plausible * claim.elementBytes() >> 20)
        .isLessThan(10_000_000L);
  }

  /** Bytes this thread allocated so far (GC does not lower it, so the difference is what the read allocated). */
  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }
}
