package org.gridrmi.lookup;

import org.gridrmi.ref.internal.net.TlsConfig;
import picocli.CommandLine.Option;

/**
 * The TLS options of every GridRMI process that serves ({@code gridrmi lookup}, {@code gridrmi server}), as one
 * picocli mixin: {@code @Mixin TlsOptions tls;} then {@link #apply()} before anything is exported. It lives here
 * because this is the lowest module with a command line that both daemons' modules see.
 */
public final class TlsOptions {
  @Option(names = "--tls", description = "mutual TLS on every GridRMI connection of this process, in and out (same as"
      + " -Dgridrmi.tls=true); needs --keystore, --truststore and --storepass (see ./gridrmi keys)")
  boolean tls;

  @Option(names = "--keystore", paramLabel = "FILE.p12", description = "this process's key and certificate (PKCS12)")
  String keystore;

  @Option(names = "--truststore", paramLabel = "FILE.p12", description = "the Grid's CA certificate (PKCS12)")
  String truststore;

  @Option(names = "--storepass", paramLabel = "PASSWORD",
      description = "password of both stores (or the environment variable GRIDRMI_TLS_PASSWORD)")
  String storepass;

  /**
   * Sets this JVM's transport from the options (and the {@code gridrmi.tls*} system properties they override).
   *
   * @throws IllegalArgumentException naming what is missing or unreadable when TLS is asked for without usable stores
   */
  public void apply() {
    TlsConfig.configure(tls, keystore, truststore, storepass);
  }
}
