package org.gridrmi.runtime.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

/** The compact forms of commands and fetch answers carry everything the records carried. */
class WireFormatTest {

  static byte[] bytes(Object o) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(o);
    }
    return b.toByteArray();
  }

  @SuppressWarnings("unchecked")
  static <T> T roundTrip(T o) throws Exception {
    try (ObjectInputStream in =
        org.gridrmi.runtime.serial.SerialPolicy.current().open(bytes(o))) {
      return (T) in.readObject();
    }
  }

  /** An object stream holding a value's header (its codec id, then its length), then {@code body}, then nothing. */
  static ObjectInputStream claim(String codec, int length, byte[] body) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeUTF(codec);
      out.writeInt(length);
      out.write(body);
    }
    return new ObjectInputStream(new java.io.ByteArrayInputStream(b.toByteArray()));
  }

  static WireValue read(ObjectInputStream in) throws Exception {
    WireValue w = new WireValue();
    w.readExternal(in);
    return w;
  }

  @Test
  void aHeaderClaimingMoreThanTheLimitsIsRefusedAtOnce() {
    for (String codec : new String[] {"", "jdk.bytes", "jdk.string"}) {
      Throwable t = org.assertj.core.api.Assertions.catchThrowable(
          () -> read(claim(codec, Integer.MAX_VALUE, new byte[0])));
      assertThat(org.gridrmi.runtime.serial.SerialFilters.refusal(t))
          .as(codec)
          .isNotNull()
          .satisfies(g -> assertThat(g.status()).isEqualTo(Status.RESOURCE_EXHAUSTED));
    }
  }

  @Test
  void aPlausibleClaimThenSilenceEndsTheReadWithoutAllocatingTheClaim() {
    long before = usedHeap();
    // 200 MB claimed, 10 bytes sent: the read fails at the end of the data, having allocated one
    // first chunk
    assertThatThrownBy(() -> read(claim("jdk.bytes", 200_000_000, new byte[10])))
        .isInstanceOf(java.io.EOFException.class);
    assertThat(usedHeap() - before).as("heap grown by the read").isLessThan(50_000_000L);
  }

  private static long usedHeap() {
    Runtime r = Runtime.getRuntime();
    return r.totalMemory() - r.freeMemory();
  }

  @Test
  void aCallKeepsItsFieldsAndEveryKindOfArgument() throws Exception {
    UUID id = UUID.randomUUID();
    String longText = "x".repeat(70_000);
    Object[] args = {1, 2L, 3.5, true, "s", null, longText, new byte[] {1, 2}, List.of(4, 5)};
    Command.Call c = roundTrip(new Command.Call(id, "a.Svc", "m(int)", args, 42L, "Svc.m", null));
    assertThat(c.valueId()).isEqualTo(id);
    assertThat(c.service()).isEqualTo("a.Svc");
    assertThat(c.method()).isEqualTo("m(int)");
    assertThat(c.timeoutNanos()).isEqualTo(42L);
    assertThat(c.label()).isEqualTo("Svc.m");
    assertThat(c.args())
        .containsExactly(1, 2L, 3.5, true, "s", null, longText, new byte[] {1, 2}, List.of(4, 5));
    assertThat(roundTrip(new Command.Call(id, "a.Svc", "m()", null, 0, "Svc.m", null))
            .args())
        .isNull();
  }

  @Test
  void aCallKeepsTheIdsOfItsArgumentsStillOnTheirWayToTheirOwners() throws Exception {
    List<UUID> ids = List.of(UUID.randomUUID(), UUID.randomUUID());
    Command.Call c =
        roundTrip(new Command.Call(UUID.randomUUID(), "S", "m()", null, 0, "S.m", null, ids));
    assertThat(c.announced()).isEqualTo(ids);
    assertThat(c.withTimeoutNanos(5).announced()).isEqualTo(ids);
    assertThat(roundTrip(new Command.Call(UUID.randomUUID(), "S", "m()", null, 0, "S.m", null))
            .announced())
        .isEmpty();
  }

  @Test
  void aReplicaAndEveryFetchAnswerSurviveTheWire() throws Exception {
    Command.Replica r =
        roundTrip(new Command.Replica(UUID.randomUUID(), UUID.randomUUID(), new WireValue("v")));
    assertThat(r.value().value(TestReaders.current())).isEqualTo("v");
    assertThat(roundTrip(FetchResult.ready(new int[] {7})).value().value(TestReaders.current()))
        .isEqualTo(new int[] {7});
    assertThat(roundTrip(FetchResult.ready(null)).value().value(TestReaders.current()))
        .isNull();
    assertThat(roundTrip(FetchResult.PENDING).state()).isEqualTo(FetchResult.State.PENDING);
    FetchResult f =
        roundTrip(FetchResult.failed(Failure.of(Status.NOT_FOUND, "gone", null, "site")));
    assertThat(f.failure().status()).isEqualTo(Status.NOT_FOUND);
    assertThat(f.failure().chain()).containsExactly("site");
  }

  @Test
  void aCallCarriesItsTraceContextAndAFetchAnswerItsProducers() throws Exception {
    String trace = "traceparent=00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    assertThat(roundTrip(new Command.Call(UUID.randomUUID(), "S", "m()", null, 0, "S.m", trace))
            .trace())
        .isEqualTo(trace);
    assertThat(roundTrip(new Command.Call(UUID.randomUUID(), "S", "m()", null, 0, "S.m", null))
            .trace())
        .isNull();
    FetchResult r = roundTrip(FetchResult.ready("v").producedBy(trace));
    assertThat(r.producer()).isEqualTo(trace);
    assertThat(r.value().value(TestReaders.current())).isEqualTo("v");
    assertThat(roundTrip(FetchResult.ready("v")).producer()).isNull();
  }

  @Test
  void aForgedArgumentCountIsRefusedBeforeAnythingIsAllocated() throws Exception {
    byte[] ok =
        bytes(new Command.Call(UUID.randomUUID(), "S", "m()", new Object[0], 0, "S.m", null));
    // the argument count is the short after the label, the (empty) trace context, the count of
    // announced ids (one byte, 0 here), the answer wait (an int), the count of servers the value is
    // pushed to and of arguments pushed here (one byte each, 0 here)
    int at = afterLabel(ok) + 9;
    ok[at] = (byte) 0x7f;
    ok[at + 1] = (byte) 0xff;
    assertRefused(ok, "32767 arguments");
  }

  @Test
  void aCallKeepsItsAnswerWaitAndAForgedNegativeOneIsRefused() throws Exception {
    Command.Call asks = new Command.Call(
            UUID.randomUUID(), "S", "m()", new Object[0], 0, "S.m", null)
        .answeredWithin(20)
        .withTimeoutNanos(5);
    byte[] ok = bytes(asks);
    try (ObjectInputStream in =
        org.gridrmi.runtime.serial.SerialPolicy.current().open(ok)) {
      Command.Call read = (Command.Call) in.readObject();
      assertThat(read.answerWaitMillis()).isEqualTo(20);
      assertThat(read.timeoutNanos()).isEqualTo(5);
    }
    // the answer wait is the int after the label, the empty trace context and no announced ids
    ok[afterLabel(ok) + 3] = (byte) 0xff;
    assertRefused(ok, "negative answer wait");
  }

  @Test
  void aCallKeepsWhereItsValueIsPushedAndAForgedCountOfServersIsRefused() throws Exception {
    UUID arg = UUID.randomUUID();
    Command.Call pushes = new Command.Call(
            UUID.randomUUID(), "S", "m()", new Object[0], 0, "S.m", null, List.of(arg))
        .withPushes(List.of("rmi://a:1", "rmi://b:2"), List.of(arg))
        .answeredWithin(3)
        .withTimeoutNanos(5);
    byte[] ok = bytes(pushes);
    try (ObjectInputStream in =
        org.gridrmi.runtime.serial.SerialPolicy.current().open(ok)) {
      Command.Call read = (Command.Call) in.readObject();
      assertThat(read.pushTo()).containsExactly("rmi://a:1", "rmi://b:2");
      assertThat(read.pushed()).containsExactly(arg);
      assertThat(read.answerWaitMillis()).isEqualTo(3);
    }
    // the count of servers is the byte after the label, the empty trace context, one announced id
    // (a count byte and 16 bytes) and the answer wait (an int)
    ok[afterLabel(ok) + 2 + 1 + 16 + 4] = (byte) 9;
    assertRefused(ok, "goes to 9 servers");
    assertThatThrownBy(() -> pushes.withPushes(List.of(), List.of(UUID.randomUUID())))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** Where the label "S.m" of a serialized call ends (the index of its last byte). */
  private static int afterLabel(byte[] call) {
    int at = -1;
    for (int i = 0; i + 2 < call.length; i++) {
      if (call[i] == 'S' && call[i + 1] == '.' && call[i + 2] == 'm') at = i + 3;
    }
    return at;
  }

  private static void assertRefused(byte[] forged, String why) {
    assertThatThrownBy(() -> {
          try (ObjectInputStream in =
              org.gridrmi.runtime.serial.SerialPolicy.current().open(forged)) {
            in.readObject();
          }
        })
        .isInstanceOf(InvalidObjectException.class)
        .hasMessageContaining(why);
  }
}
