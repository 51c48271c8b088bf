package org.gridrmi.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.io.ObjectOutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.UUID;
import org.apache.commons.collections.functors.InvokerTransformer;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.Task;
import org.gridrmi.runtime.internal.rmi.CallGateway;
import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.runtime.serial.SerialFilters;
import org.gridrmi.runtime.store.ValueTable;
import org.gridrmi.runtime.transport.Addresses;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.MethodKeys;
import org.gridrmi.runtime.wire.SerializedValue;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * Feeds a server JVM malformed and hostile input on its port (raw JRMP bytes, hostile object graphs through RMI,
 * mutated by-value arguments), bounded in count and time; afterwards the same process still answers.
 */
class HostileInputIT {
  /** Transfer ids for the batches sent straight to the gateway: a batch names one (not 0), as a Grid chooses it. */
  static final java.util.concurrent.atomic.AtomicLong BATCHES =
      new java.util.concurrent.atomic.AtomicLong();

  static final String SVC = Echo.class.getName();
  /** How this test reaches the server's registry: GridRMI's sockets, which prove the user's default grid secret. */
  static final org.gridrmi.runtime.net.GridSocketFactory GRID_SOCKETS =
      NetContexts.defaultPlain().clientFactory(null);
  /** What this test names itself as when it fetches (a node at no address: the server keeps no borrow for it). */
  static final org.gridrmi.runtime.wire.Requester IT =
      new org.gridrmi.runtime.wire.Requester("it", null, null);

  @Test
  void hostileStreamsAreRefusedByNameAndTheServerKeepsServing() throws Exception {
    Path logs = Files.createDirectories(Path.of("target", "it-logs"));
    try (ServerProcess p = ServerProcess.start(
        "F1",
        ServerCommand.class.getName(),
        List.of(),
        List.of(
            "--name",
            "F1",
            "--port",
            "0",
            "--allow",
            "evil.EvilTask",
            "--service",
            SVC + "=" + Echo.Impl.class.getName()),
        logs.resolve("F1.log"),
        Duration.ofSeconds(60))) {
      java.net.URI uri = Addresses.rmi(p.address());
      CallGateway gw = CallGateway.lookup(uri.getHost(), uri.getPort(), GRID_SOCKETS);
      String echo = MethodKeys.of(Echo.class.getMethod("echo", String.class));
      String run = MethodKeys.of(Echo.class.getMethod("run", Task.class, String.class));
      assertThat(gw.invokePlain(SVC, echo, new Object[] {"hi"}, null).value()).isEqualTo("hi");
      long start = System.nanoTime();
      int port = uri.getPort();
      int tried = 0;
      Random rnd = new Random(42);

      // 1. hostile object graphs through the real RMI path: refused by the export's filter, by name
      // or limit
      Object deep = "x";
      for (int i = 0; i < 100; i++) deep = new Object[] {deep};
      PriorityQueue<Object> pq = new PriorityQueue<>(new evil.EvilComparator());
      pq.add("a");
      pq.add("b");
      Map<Object, Object> map = new HashMap<>();
      map.put(new InvokerTransformer(), "v");
      Object[][] hostile = {
        {new InvokerTransformer(), "org.apache.commons.collections.functors.InvokerTransformer"},
        {pq, "java.util.PriorityQueue"},
        {map, "InvokerTransformer"},
        {deep, "depth"}
      };
      for (int round = 0; round < 50; round++) {
        for (Object[] h : hostile) {
          tried++;
          try {
            gw.invokePlain(SVC, echo, new Object[] {h[0]}, null);
            throw new AssertionError("accepted " + h[1]);
          } catch (java.rmi.RemoteException e) {
            GridException refused = SerialFilters.refusal(e);
            assertThat(refused).as("refusal of " + h[1]).isNotNull();
            assertThat(refused.getMessage()).contains((String) h[1]);
          }
        }
      }

      // 2. by-value arguments: hostile and mutated streams fail that one call, with a clear status
      byte[] good = SerializedValue.of("hello").bytes();
      List<UUID> ids = new ArrayList<>();
      Map<UUID, String> expect = new HashMap<>();
      List<Command> batch = new ArrayList<>();
      expect.put(
          call(
              batch,
              ids,
              echo,
              new SerializedValue(
                  "x", SerializedValue.of(new InvokerTransformer()).bytes())),
          "PERMISSION_DENIED InvokerTransformer");
      expect.put(
          call(batch, ids, echo, new SerializedValue("x", SerializedValue.of(pq).bytes())),
          "PERMISSION_DENIED java.util.PriorityQueue");
      expect.put(
          call(batch, ids, echo, new SerializedValue("x", oversizedArray())),
          "RESOURCE_EXHAUSTED maxArray=");
      expect.put(
          call(batch, ids, run, SerializedValue.of(new evil.EvilTask()), SerializedValue.of("a")),
          "PERMISSION_DENIED --allow-task evil.EvilTask");
      tried += 4;
      for (int i = 0; i < 1000; i++, tried++) {
        byte[] m = good.clone();
        switch (i % 4) {
          case 0 -> m = java.util.Arrays.copyOf(m, rnd.nextInt(m.length)); // truncated
          case 1 -> m[rnd.nextInt(m.length)] ^= (byte) (1 + rnd.nextInt(255)); // bit flips
          case 2 -> {
            int at = rnd.nextInt(m.length - 4);
            m[at] = 0x7f;
            m[at + 1] = m[at + 2] = m[at + 3] = -1;
          }
          default -> {
            m = new byte[rnd.nextInt(300)];
            rnd.nextBytes(m);
          } // random bytes
        }
        call(batch, ids, echo, new SerializedValue("x", m));
        if (batch.size() >= 100) {
          gw.submit(UUID.randomUUID(), BATCHES.incrementAndGet(), null, batch);
          batch.clear();
        }
      }
      gw.submit(UUID.randomUUID(), BATCHES.incrementAndGet(), null, batch);
      for (UUID id : ids) {
        FetchResult r = gw.fetch(id, 10_000, IT, false, null);
        assertThat(r.state()).isNotEqualTo(FetchResult.State.PENDING);
        String want = expect.get(id);
        if (want != null) {
          assertThat(r.state()).isEqualTo(FetchResult.State.FAILED);
          String[] w = want.split(" ", 2);
          assertThat(r.failure().status()).as(want).isEqualTo(Status.valueOf(w[0]));
          assertThat(r.failure().message()).contains(w[1]);
        }
      }

      // 3. a reference naming an owner nobody introduced: refused before any connection, naming the
      // address
      List<Command> strange = new ArrayList<>();
      UUID viaStranger = call(
          strange,
          new ArrayList<>(),
          echo,
          new org.gridrmi.runtime.wire.Ref<>(
              UUID.randomUUID(),
              "rmi://10.255.255.1:1099",
              org.gridrmi.runtime.wire.RefContexts.unbound()));
      gw.submit(UUID.randomUUID(), BATCHES.incrementAndGet(), null, strange);
      FetchResult refusedOwner = gw.fetch(viaStranger, 10_000, IT, false, null);
      assertThat(refusedOwner.failure().status()).isEqualTo(Status.PERMISSION_DENIED);
      assertThat(refusedOwner.failure().message())
          .contains("rmi://10.255.255.1:1099")
          .contains("not a known peer");
      tried++;

      // 4. a release or a cancel from a holder that does not hold the value changes nothing
      UUID holder = UUID.randomUUID();
      List<Command> mine = new ArrayList<>();
      UUID kept = call(mine, new ArrayList<>(), echo, "kept");
      gw.submit(holder, BATCHES.incrementAndGet(), null, mine);
      assertThat(gw.fetch(kept, 10_000, IT, false, null).state())
          .isEqualTo(FetchResult.State.READY);
      UUID stranger = UUID.randomUUID();
      assertThat(gw.cancel(stranger, kept)).isFalse();
      org.assertj.core.api.Assertions.assertThatThrownBy(() ->
              gw.release(stranger, 0, List.of(org.gridrmi.runtime.wire.Release.explicit(kept))))
          .as("a release from a holder that does not hold the value is refused")
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED));
      assertThat(gw.fetch(kept, 10_000, IT, false, null).state())
          .isEqualTo(FetchResult.State.READY);
      tried += 2;

      // 5. 100,000 calls from one client: past its pending limit they fail RESOURCE_EXHAUSTED
      // naming the limit,
      //    and another client is served meanwhile
      UUID greedy = UUID.randomUUID();
      String slow = MethodKeys.of(Echo.class.getMethod("slow", String.class, int.class));
      List<UUID> flood = new ArrayList<>();
      for (int b = 0; b < 100; b++) {
        List<Command> many = new ArrayList<>();
        for (int i = 0; i < 1000; i++) flood.add(call(many, new ArrayList<>(), slow, "f", 10_000));
        gw.submit(greedy, BATCHES.incrementAndGet(), null, many);
      }
      tried += 100_000;
      FetchResult last = gw.fetch(flood.get(flood.size() - 1), 10_000, IT, false, null);
      assertThat(last.failure().status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
      assertThat(last.failure().message())
          .contains("F1")
          .contains("calls pending")
          .contains("--max-pending-per-client");
      assertThat(gw.invokePlain(SVC, echo, new Object[] {"served"}, null).value())
          .isEqualTo("served");
      // the slow ones are cancelled with their holder's release, in calls of at most
      // MAX_IDS_PER_CALL ids (a longer one is refused)
      for (int from = 0; from < flood.size(); from += ValueTable.MAX_IDS_PER_CALL) {
        gw.release(
            greedy,
            0, // unnumbered: no holder link speaks here
            flood.subList(from, Math.min(flood.size(), from + ValueTable.MAX_IDS_PER_CALL)).stream()
                .map(org.gridrmi.runtime.wire.Release::explicit)
                .toList());
      }

      // 5b. the same flood with a new holder id per batch: the limit is the peer's (its address
      // here, its
      // certificate under TLS), not the holder id's it chooses
      List<UUID> holders = new ArrayList<>();
      List<List<UUID>> floods = new ArrayList<>();
      for (int b = 0; b < 15; b++) {
        UUID h = UUID.randomUUID();
        List<Command> many = new ArrayList<>();
        List<UUID> batchIds = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
          batchIds.add(call(many, new ArrayList<>(), slow, "f", 10_000));
        }
        gw.submit(h, BATCHES.incrementAndGet(), null, many);
        holders.add(h);
        floods.add(batchIds);
      }
      tried += 15_000;
      List<UUID> lastBatch = floods.get(floods.size() - 1);
      FetchResult past = gw.fetch(lastBatch.get(lastBatch.size() - 1), 10_000, IT, false, null);
      assertThat(past.failure())
          .as("a call past the peer's limit, under a holder id of its own")
          .isNotNull();
      assertThat(past.failure().status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
      assertThat(past.failure().message())
          .contains("127.0.0.1")
          .contains("--max-pending-per-client");
      for (int b = 0; b < holders.size(); b++) {
        gw.release(
            holders.get(b),
            0,
            floods.get(b).stream()
                .map(org.gridrmi.runtime.wire.Release::explicit)
                .toList());
      }

      // 6. raw bytes on the port: random, JRMP header + garbage, JRMP call with a truncated or
      // hostile stream
      byte[] hostileCall = jrmpCall(new InvokerTransformer());
      for (int i = 0; i < 800; i++, tried++) {
        byte[] b = switch (i % 4) {
          case 0 -> {
            byte[] r = new byte[rnd.nextInt(512)];
            rnd.nextBytes(r);
            yield r;
          }
          case 1 -> concat(new byte[] {0x4a, 0x52, 0x4d, 0x49, 0, 2, 0x4c}, random(rnd, 200));
          case 2 -> java.util.Arrays.copyOf(hostileCall, 7 + rnd.nextInt(hostileCall.length - 7));
          default -> hostileCall;
        };
        raw(port, b, i % 8 < 4); // half as a stranger, half as a peer holding the grid secret
      }
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      assertThat(p.isAlive()).isTrue();
      CallGateway again = CallGateway.lookup(uri.getHost(), uri.getPort(), GRID_SOCKETS);
      assertThat(again.invokePlain(SVC, echo, new Object[] {"still here"}, null).value())
          .isEqualTo("still here");
      assertThat(took).isLessThan(Duration.ofSeconds(60));
      System.out.printf(
          "fuzz: %d hostile or malformed inputs in %d ms, server alive and answering%n",
          tried, took.toMillis());
    }
  }

  private static UUID call(List<Command> batch, List<UUID> ids, String method, Object... args) {
    UUID id = ValueIds.forCall();
    batch.add(new Command.Call(id, SVC, method, args, 0, "Echo.fuzz", null));
    ids.add(id);
    return id;
  }

  /**
   * A by-value argument holding a long[] whose length field says 2^31-1, inside a list that goes by Java serialization
   * (a long[] alone has a codec of its own, and an ArrayList goes by the fast codec, whose lying counts FastCodecTest
   * covers; a Vector the fast codec leaves to Java serialization).
   */
  private static byte[] oversizedArray() {
    byte[] b = SerializedValue.of(new java.util.Vector<>(List.of(new long[] {0x1122334455667788L})))
        .bytes();
    for (int i = 4; i < b.length - 8; i++) {
      if (b[i] == 0x11 && b[i + 1] == 0x22 && b[i + 2] == 0x33 && b[i + 7] == (byte) 0x88) {
        b[i - 4] = 0x7f;
        b[i - 3] = b[i - 2] = b[i - 1] = -1;
        return b;
      }
    }
    throw new AssertionError("marker not found");
  }

  /** JRMP single-op call to the registry (ObjID 0, lookup) whose argument is {@code arg}. */
  private static byte[] jrmpCall(Object arg) throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream d = new DataOutputStream(b);
    d.writeInt(0x4a524d49);
    d.writeShort(2);
    d.writeByte(0x4c); // single-op protocol
    d.writeByte(0x50); // call
    ObjectOutputStream o = new ObjectOutputStream(d);
    o.writeLong(0); // registry ObjID
    o.writeInt(0);
    o.writeLong(0);
    o.writeShort(0);
    o.writeInt(2); // lookup
    o.writeLong(4905912898345647071L); // registry interface hash
    o.writeObject(arg);
    o.flush();
    return b.toByteArray();
  }

  /**
   * Sends {@code bytes} on a new connection: as a stranger (refused at the grid secret's handshake) or after proving
   * the secret (the user's default one, which the server shares), so that RMI's own parsing meets them too.
   */
  private static void raw(int port, byte[] bytes, boolean stranger) {
    try (Socket s = stranger
        ? new Socket("127.0.0.1", port)
        : NetContexts.defaultPlain().connect("127.0.0.1", port)) {
      s.setSoTimeout(300);
      s.getOutputStream().write(bytes);
      s.shutdownOutput();
      InputStream in = s.getInputStream();
      while (in.read(new byte[512]) >= 0) {}
    } catch (java.io.IOException expected) {
      // reset, timeout or refusal: all fine, the server decides
    }
  }

  private static byte[] random(Random r, int n) {
    byte[] b = new byte[r.nextInt(n)];
    r.nextBytes(b);
    return b;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
