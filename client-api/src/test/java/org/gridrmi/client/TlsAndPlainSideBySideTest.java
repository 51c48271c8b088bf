package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.net.KeyFiles;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Settings are an instance's own: in one JVM a Grid over mutual TLS with two TLS servers, and a plain Grid with a
 * plain server, each composing across its servers, neither able to use the other's.
 */
class TlsAndPlainSideBySideTest {
  @TempDir
  Path keys;

  @Test
  void aTlsGridAndAPlainGridWorkSideBySide() {
    char[] password = KeyFiles.newPassword();
    KeyFiles.make(keys, List.of("S1", "S2", "client"), password, true);
    Path trust = keys.resolve(KeyFiles.TRUSTSTORE);
    try (GridServer t1 = tlsServer("T1", keys, trust, password);
        GridServer t2 = tlsServer("T2", keys, trust, password);
        GridServer p1 = GridServer.builder()
            .name("P1")
            .export(Fig2Service.class, new Fig2ServiceImpl())
            .start();
        Grid tls = Grid.builder()
            .servers(t1.address(), t2.address())
            .tls(new TlsStores(KeyFiles.keystore(keys, "client"), trust, password))
            .build();
        Grid plain = Grid.connect(p1.address())) {
      Fig2ServiceAsync on1 = tls.async(Fig2ServiceAsync.class, tls.server("T1"));
      Fig2ServiceAsync on2 = tls.async(Fig2ServiceAsync.class, tls.server("T2"));
      long expected = new Fig2ServiceImpl().method2(new Fig2ServiceImpl().method1(50_000, 3));
      assertThat(on2.method2(on1.method1(50_000, 3)).get(Duration.ofSeconds(20)))
          .isEqualTo(expected);
      assertThat(plain
              .async(Fig2ServiceAsync.class)
              .concat(plain.put("plain "), RemoteReference.of("works"))
              .get(Duration.ofSeconds(20)))
          .isEqualTo("plain works");
      assertThat(tls.describeTransport()).startsWith("TLS");
      assertThat(plain.describeTransport()).startsWith("plain");
      // neither reaches the other's kind of server
      assertThatThrownBy(() -> Grid.connect(t1.address())).isInstanceOf(GridException.class);
      assertThatThrownBy(() -> Grid.builder()
              .servers(p1.address())
              .tls(new TlsStores(KeyFiles.keystore(keys, "client"), trust, password))
              .build())
          .isInstanceOf(GridException.class);
    }
  }

  private static GridServer tlsServer(String name, Path keys, Path trust, char[] password) {
    String key = name.equals("T1") ? "S1" : "S2";
    return GridServer.builder()
        .name(name)
        .tls(new TlsStores(KeyFiles.keystore(keys, key), trust, password))
        .export(Fig2Service.class, new Fig2ServiceImpl())
        .start();
  }
}
