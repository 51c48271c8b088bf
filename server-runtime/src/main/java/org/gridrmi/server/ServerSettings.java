package org.gridrmi.server;

import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import java.util.List;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.RuntimeSettings;
import org.gridrmi.runtime.Ticker;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.server.internal.DataflowExecutor;
import org.gridrmi.server.internal.ServiceRegistry;

/**
 * What a server's builder set, fixed when it starts: the server and its parts read their settings from here and
 * nowhere else. The builder checked every value; see {@link GridServer.Builder} for their meanings and defaults.
 *
 * @param name the server's name (its node's, in logs, link rules and the lookup service)
 * @param host the address other JVMs use to reach it
 * @param bind the address it listens on, or null to listen on {@code host}
 * @param port its port, 0 for a free one
 * @param limits its compute threads and the calls that may wait for them
 * @param lease how long a client's values outlive its last renewal
 * @param peers nodes it may fetch values from besides those it learns
 * @param lookup the lookup service it joins, or null
 * @param joinLease the lease of its registration there
 * @param tls the stores of mutual TLS on every connection, or null for plain connections
 * @param secret the grid secret file plain connections prove, or null for the default one
 * @param insecure whether plain connections go without the secret (an explicit opt-out)
 * @param link the emulated link of its connections ({@link LinkPlan#NONE}: none)
 * @param allow more classes its streams may carry (class patterns)
 * @param allowTasks task classes {@code execTask} may run besides GridRMI's own (class patterns)
 * @param timeouts how long its remote calls may take
 * @param fetchWait the longest one fetch long-poll waits
 * @param store the budget of its store
 * @param serialLimits what its streams may hold
 * @param network the in-process network it lives on, or null for RMI
 * @param openTelemetry where its spans and metrics go, or null for the global instance
 * @param exports the services it exports, in the order given
 * @param ticker where its runtime reads the time (leases, pins, retries): {@link Ticker#SYSTEM} but in tests
 */
record ServerSettings(
    String name,
    String host,
    String bind,
    int port,
    DataflowExecutor.Limits limits,
    Duration lease,
    List<String> peers,
    String lookup,
    Duration joinLease,
    TlsStores tls,
    java.nio.file.Path secret,
    boolean insecure,
    LinkPlan link,
    List<String> allow,
    List<String> allowTasks,
    Timeouts timeouts,
    Duration fetchWait,
    StoreBudget store,
    SerialPolicy.Limits serialLimits,
    InProcessNetwork network,
    OpenTelemetry openTelemetry,
    List<Export<?>> exports,
    Ticker ticker) {
  ServerSettings {
    peers = List.copyOf(peers);
    allow = List.copyOf(allow);
    allowTasks = List.copyOf(allowTasks);
    exports = List.copyOf(exports);
  }

  /** One exported service: its interface and the object that implements it. */
  record Export<S>(Class<S> iface, S impl) {
    void register(ServiceRegistry registry) {
      registry.export(iface, impl);
    }
  }

  /**
   * The settings of the server's {@code NodeRuntime}: its timeouts and waits, the runtime's own pools; a reference it
   * writes inside a value stays held here for one lease, as long as a holder may lapse.
   */
  RuntimeSettings runtime() {
    return RuntimeSettings.DEFAULT
        .withTimeouts(timeouts)
        .withFetchWait(fetchWait)
        .withReferenceTransit(lease)
        .withTicker(ticker);
  }

  /** Where its spans and metrics go: the given instance, else the global one (none if no SDK set it). */
  Telemetry telemetry() {
    return openTelemetry == null ? Telemetry.global() : Telemetry.of(openTelemetry);
  }

  /** The address it listens on. */
  String listenAddress() {
    return bind != null ? bind : host;
  }

  /** The exported interfaces, in the order given. */
  List<Class<?>> interfaces() {
    return exports.stream().<Class<?>>map(Export::iface).toList();
  }
}
