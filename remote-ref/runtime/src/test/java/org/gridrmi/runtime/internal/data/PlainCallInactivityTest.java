package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.time.Duration;
import org.gridrmi.ref.GridException;
import org.gridrmi.runtime.internal.rmi.RmiTransport;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.PlainResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A plain call without a deadline may wait as long as the node computes, but once its answer starts arriving the
 * answer may not go silent for longer than the call timeout: a node that stops half way is found, not waited for.
 */
class PlainCallInactivityTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2));

  private DataNode node;
  private RmiTransport transport;

  @AfterEach
  void stop() {
    if (transport != null) transport.close();
    if (node != null) node.close();
  }

  private NodeClient start() throws Exception {
    node = DataNode.plain("N1", TIMEOUTS);
    transport = new RmiTransport(
        new NetContext(null, LinkPlan.NONE, 2_000, null), TIMEOUTS, DataNode.POLICY.filter());
    return transport.client(node.address()).within(0);
  }

  /** An answer that stops for a while after its first 100 KB. */
  static final class StopsHalfWayWhenSent implements Serializable {
    private static final long serialVersionUID = 1L;

    private void writeObject(ObjectOutputStream out) throws IOException {
      out.write(new byte[100_000]);
      out.flush();
      try {
        Thread.sleep(3_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      out.write(new byte[10]);
    }

    private void readObject(ObjectInputStream in) throws IOException {
      in.readFully(new byte[100_010]);
    }
  }

  @Test
  void aPlainCallMayComputeLongerThanTheCallTimeout() throws Exception {
    NodeClient client = start();
    node.service.plain = () -> {
      try {
        Thread.sleep(1_500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return new PlainResult("late but whole", null);
    };
    assertThat(client.invokePlain("s", "m", new Object[0], null).value())
        .isEqualTo("late but whole");
  }

  @Test
  void anAnswerThatGoesSilentHalfWayFailsWithinTheCallTimeout() throws Exception {
    NodeClient client = start();
    node.service.plain = () -> new PlainResult(new StopsHalfWayWhenSent(), null);
    long start = System.nanoTime();
    Throwable t = catchThrowable(() -> client.invokePlain("s", "m", new Object[0], null));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(t).isInstanceOf(GridException.class);
    assertThat(millis).as("ms until the silent answer failed").isLessThan(2_500);
  }
}
