package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.inprocess.WorkAsync;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.runtime.HolderLink;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client's count of reference objects and the holds and releases it sends, driven step by step. */
class SessionReleaseTest {
  final InProcessNetwork net = new InProcessNetwork();
  final GridServer s1 = TestSessions.workServer(net, "S1");
  final Session session = TestSessions.on(net);

  @AfterEach
  void close() {
    session.close();
    s1.close();
  }

  private ServerInfo s1Info() {
    return TestSessions.workInfo("S1", s1);
  }

  /** A value S1 made for this session's call, once it is there. */
  private RemoteReference<String> madeOnS1() {
    WorkAsync on1 = Views.async(session, s1Info(), WorkAsync.class, null);
    RemoteReference<String> made = on1.append(RemoteReference.of("a"), "b");
    assertThat(made.get(Duration.ofSeconds(5))).isEqualTo("ab");
    return made;
  }

  /**
   * The last reference object of a value goes (its release waits for the batch that makes the value), and before the
   * release is sent, a reference to the same value is read inside another value (adopt). The release must not end the
   * hold the adopted reference relies on: before, the adopt's hold went first and the release after it, so the owner
   * freed a value the Grid still counted.
   */
  @Test
  void aReferenceAdoptedWhileTheReleaseOfItsLastOneWaitsKeepsTheValue() {
    ServerChannel channel = session.channel(s1Info());
    RemoteReference<String> made = madeOnS1();
    Ref<?> ref = (Ref<?>) made;
    CompletableFuture<Void> batchAccepted = new CompletableFuture<>();

    session.collectedNow(session.watchOf(ref), batchAccepted); // the last reference object went
    session.adopt(ref); // read inside a value before the release went
    batchAccepted.complete(null);
    HolderLink.awaitSent(List.of(channel.link()), Duration.ofSeconds(5));

    assertThat(s1.storeSize()).as("values S1 keeps").isEqualTo(1);
    assertThat(made.get(Duration.ofSeconds(5))).isEqualTo("ab");
  }

  /**
   * An explicit release ends this Grid's hold for every reference object of the value; a copy made before it and
   * collected after a new reference to the same value was read must not end the new one's count. Before, the count
   * was a number: the release removed it, the adopt made it 1, and the old copy's collection took it to 0 and
   * released the value the new reference relied on.
   */
  @Test
  void aCopyDroppedByAnExplicitReleaseDoesNotEndTheCountOfAReferenceReadAfterIt() {
    ServerChannel channel = session.channel(s1Info());
    RemoteReference<String> made = madeOnS1();
    Ref<?> ref = (Ref<?>) made;
    Ref<String> copy =
        new Ref<>(ref.id(), ref.owner(), org.gridrmi.runtime.wire.RefContexts.unbound());
    session.adopt(copy); // a copy read inside some value
    assertThat(session.references(ref.id())).isEqualTo(2);
    Object copyWatch = session.watchOf(copy);

    made.release(); // ends the Grid's hold, for the copy too
    Ref<String> readAgain =
        new Ref<>(ref.id(), ref.owner(), org.gridrmi.runtime.wire.RefContexts.unbound());
    session.adopt(readAgain); // the value read again inside another value: held again
    session.collectedNow(copyWatch, CallContext.DONE); // the old copy goes

    assertThat(session.references(ref.id()))
        .as("reference objects counted for the value read again")
        .isEqualTo(1);
    HolderLink.awaitSent(List.of(channel.link()), Duration.ofSeconds(5));
  }
}
