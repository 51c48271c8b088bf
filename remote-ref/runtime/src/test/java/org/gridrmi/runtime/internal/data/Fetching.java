package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.UUID;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.TestReaders;

/** The fetching side of a test: sockets of its own (plain or TLS) and a pool of data connections. */
final class Fetching implements AutoCloseable {
  final NetContext net;
  final DataClient client;

  /** @param tls the fetching node's stores, or null for plain */
  Fetching(TlsStores tls) {
    net = new NetContext(tls, LinkPlan.NONE, 2_000, null);
    client = new DataClient(net, 4, 30_000);
  }

  /** Fetches {@code id} from {@code node} with the node's ticket, its answer bounded by {@code boundNanos}. */
  FetchResult fetch(DataNode node, UUID id, long boundNanos) throws IOException {
    return client.fetch(
        "127.0.0.1",
        node.port(),
        node.ticket,
        id,
        0,
        null,
        false,
        null,
        boundNanos,
        boundNanos,
        DataNode.READER);
  }

  /** The value of {@code id}, which must be ready. */
  Object value(DataNode node, UUID id, long boundNanos) throws IOException {
    FetchResult r = fetch(node, id, boundNanos);
    assertThat(r.state()).as("the answer for %s", id).isEqualTo(FetchResult.State.READY);
    return r.value().value(TestReaders.current());
  }

  @Override
  public void close() {
    client.close();
    net.close();
  }
}
