package org.gridrmi.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.rmi.Remote;
import java.time.Duration;
import java.util.List;
import org.gridrmi.lookup.it.Ports;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BadInputTest {
  private static final Remote NO_PROXY = new Remote() {};

  @Test
  void unreachableLookupFailsWithinTheTimeoutNamingTheAddress() {
    String url = "jini://127.0.0.1:" + Ports.free();
    long started = System.nanoTime();
    assertThatThrownBy(() -> LookupDirectory.unicast(URI.create(url), Duration.ofMillis(800)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE))
        .hasMessageContaining(url)
        .hasMessageContaining("unreachable within 0.8 s");
    long millis = (System.nanoTime() - started) / 1_000_000;
    assertThat(millis).isBetween(700L, 1500L);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://127.0.0.1:4160",
        "jini://",
        "jini://host:99999",
        "jini://host:4160/path",
        "jini:/nohost"
      })
  void malformedUrlsAreRefusedNamingTheUrl(String url) {
    assertThatThrownBy(() -> LookupDirectory.unicast(URI.create(url), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(url);
    ServerRecord server = new ServerRecord("S", "h", 1099, List.of("a.B"));
    assertThatThrownBy(
            () -> LookupRegistration.join(URI.create(url), NO_PROXY, server, Duration.ofSeconds(2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(url);
  }

  @Test
  void recordChecksItsFields() {
    assertThatThrownBy(() -> new ServerRecord("S", "tcp://h:1", List.of("a.B"), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tcp://h:1");
    assertThatThrownBy(() -> new ServerRecord("S", "h", 1, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one");
    assertThatThrownBy(() -> new ServerRecord(" ", "h", 1, List.of("a.B")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("name");
  }

  @Test
  void noLookupServiceInAGroupFailsWithinTheTimeoutNamingTheGroup() {
    String group = "nobody-" + System.nanoTime();
    assertThatThrownBy(() -> LookupDirectory.multicast(Duration.ofMillis(700), group))
        .isInstanceOf(GridException.class)
        .hasMessageContaining(group);
  }
}
