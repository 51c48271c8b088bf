package org.gridrmi.lookup.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Arrays;
import net.jini.core.discovery.LookupLocator;
import net.jini.core.entry.Entry;
import net.jini.core.lookup.ServiceMatches;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.ServiceTemplate;
import net.jini.lookup.entry.Name;
import net.jini.lookup.entry.ServiceInfo;
import org.gridrmi.lookup.entry.GridAttribute;
import org.gridrmi.lookup.entry.GridServerInfo;
import org.gridrmi.lookup.entry.ServerLoad;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How other Jini tools see GridRMI: this client uses only the standard net.jini discovery and
 * lookup API (LookupLocator, ServiceRegistrar, ServiceTemplate), no GridRMI client code.
 */
class PlainJiniClientIT {
  private JvmProcess reggie;
  private JvmProcess server;

  @AfterEach
  void kill() throws InterruptedException {
    if (server != null) {
      server.kill();
    }
    if (reggie != null) {
      reggie.kill();
    }
  }

  @Test
  void findsGridServicesByTypeAndByAttributeAndReadsTheirAttributes() throws Exception {
    int port = Ports.free();
    reggie = JvmProcess.start(
        "reggie-plain",
        LookupProcess.class.getName(),
        java.util.List.of(),
        java.util.List.of("" + port, "127.0.0.1", "plain-" + port),
        java.nio.file.Path.of("target", "it-logs", "reggie-plain" + ".log"));
    reggie.awaitLine("lookup service ready", Duration.ofSeconds(20));
    server = JvmProcess.start(
        "S9",
        Registrant.class.getName(),
        java.util.List.of(),
        java.util.List.of("S9", "jini://127.0.0.1:" + port, "5000"),
        java.nio.file.Path.of("target", "it-logs", "S9" + ".log"));
    server.awaitLine("registered S9", Duration.ofSeconds(20));

    ServiceRegistrar registrar = new LookupLocator("jini://127.0.0.1:" + port).getRegistrar();
    assertThat(registrar.getGroups()).containsExactly("plain-" + port);
    assertThat(registrar.getLocator().getPort()).isEqualTo(port);

    // By Java type: the proxy implements the service interfaces, so both registrations of S9
    // (one per service type) match; the type attribute tells them apart.
    ServiceTemplate byType = new ServiceTemplate(null, new Class<?>[] {Echo.class}, null);
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> registrar.lookup(byType, 10).totalMatches == 2);
    GridServerInfo echoType = new GridServerInfo();
    echoType.serviceType = Echo.class.getName();
    Object service = registrar.lookup(
        new ServiceTemplate(null, new Class<?>[] {Echo.class}, new Entry[] {echoType}));
    assertThat(service).isInstanceOf(Echo.class);
    assertThat(((Echo) service).echo("x")).isEqualTo("S9:x");

    // By attribute: the service type name is an attribute, so types need not be loadable here.
    GridServerInfo wanted = new GridServerInfo();
    wanted.serviceType = Pinger.class.getName();
    ServiceMatches byAttribute =
        registrar.lookup(new ServiceTemplate(null, null, new Entry[] {wanted}), 10);
    assertThat(byAttribute.totalMatches).isEqualTo(1);
    Entry[] entries = byAttribute.items[0].attributeSets;
    assertThat(only(entries, Name.class).name).isEqualTo("S9");
    GridServerInfo info = only(entries, GridServerInfo.class);
    assertThat(info.host).isEqualTo("127.0.0.1");
    assertThat(info.address).matches("rmi://127\\.0\\.0\\.1:\\d+");
    assertThat(info.cores).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(only(entries, ServerLoad.class).freeMemory).isPositive();
    ServiceInfo serviceInfo = only(entries, ServiceInfo.class);
    assertThat(serviceInfo.name).isEqualTo("GridRMI");
    assertThat(serviceInfo.version).isNotBlank();
    assertThat(serviceInfo.model).isEqualTo(Pinger.class.getName());
    assertThat(Arrays.stream(entries)
            .filter(GridAttribute.class::isInstance)
            .map(e -> ((GridAttribute) e).key))
        .contains("zone", "pid");

    // Both registrations of the server, by the common entry with every field a wildcard.
    assertThat(registrar.lookup(
                new ServiceTemplate(null, null, new Entry[] {new GridServerInfo()}), 10)
            .totalMatches)
        .isEqualTo(2);
  }

  private static <T extends Entry> T only(Entry[] entries, Class<T> type) {
    return type.cast(Arrays.stream(entries)
        .filter(type::isInstance)
        .reduce((a, b) -> {
          throw new AssertionError("two " + type.getSimpleName());
        })
        .orElseThrow(() ->
            new AssertionError("no " + type.getSimpleName() + " in " + Arrays.toString(entries))));
  }
}
