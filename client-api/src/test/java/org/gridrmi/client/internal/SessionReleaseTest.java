package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.inprocess.Work;
import org.gridrmi.client.inprocess.WorkAsync;
import org.gridrmi.client.inprocess.WorkImpl;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.runtime.HolderLink;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client's count of reference objects and the holds and releases it sends, driven step by step. */
class SessionReleaseTest {
  final InProcessNetwork net = new InProcessNetwork();
  final GridServer s1 = GridServer.builder()
      .name("S1")
      .inProcess(net)
      .export(Work.class, new WorkImpl())
      .start();
  final Session session = new Session(new GridSettings(
      null,
      null, // no grid secret: an in-process network
      net,
      "127.0.0.1",
      LinkPlan.NONE,
      List.of(),
      Timeouts.DEFAULT,
      Duration.ofSeconds(10),
      Duration.ofSeconds(60),
      Duration.ofSeconds(5),
      StoreBudget.defaults(),
      false,
      OpenTelemetry.noop(),
      org.gridrmi.runtime.Ticker.SYSTEM));

  @AfterEach
  void close() {
    session.close();
    s1.close();
  }

  /**
   * The last reference object of a value goes (its release waits for the batch that makes the value), and before the
   * release is sent, a reference to the same value is read inside another value (adopt). The release must not end the
   * hold the adopted reference relies on: before, the adopt's hold went first and the release after it, so the owner
   * freed a value the Grid still counted.
   */
  @Test
  void aReferenceAdoptedWhileTheReleaseOfItsLastOneWaitsKeepsTheValue() {
    ServerInfo server = new ServerInfo("S1", s1.address(), List.of(Work.class.getName()), Map.of());
    ServerChannel channel = session.channel(server);
    WorkAsync on1 = Views.async(session, server, WorkAsync.class, null);
    RemoteReference<String> made = on1.append(RemoteReference.of("a"), "b");
    assertThat(made.get(Duration.ofSeconds(5))).isEqualTo("ab");
    Ref<?> ref = (Ref<?>) made;
    CompletableFuture<Void> batchAccepted = new CompletableFuture<>();

    session.collected(ref.id(), batchAccepted, channel); // the last reference object went
    session.adopt(ref); // read inside a value before the release went
    batchAccepted.complete(null);
    HolderLink.awaitSent(List.of(channel.link()), Duration.ofSeconds(5));

    assertThat(s1.storeSize()).as("values S1 keeps").isEqualTo(1);
    assertThat(made.get(Duration.ofSeconds(5))).isEqualTo("ab");
  }
}
