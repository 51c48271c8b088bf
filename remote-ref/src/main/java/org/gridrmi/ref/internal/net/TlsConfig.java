package org.gridrmi.ref.internal.net;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * This JVM's TLS settings, read once from system properties (set by {@code --tls} on the command lines, or by
 * the client's launcher):
 * <ul>
 *   <li>{@code gridrmi.tls=true} turns TLS on for every GridRMI socket of this JVM, both directions;
 *   <li>{@code gridrmi.tls.keystore}: PKCS12 file with this node's key and certificate chain (what it shows to
 *       its peers; a server refuses peers without one);
 *   <li>{@code gridrmi.tls.truststore}: PKCS12 file with the Grid's CA certificate (which peers it accepts);
 *   <li>{@code gridrmi.tls.password}: the password of both stores, or the environment variable
 *       {@code GRIDRMI_TLS_PASSWORD} (so it need not appear on a command line).
 * </ul>
 * Peers are authenticated by their certificate chain to the Grid's CA (mutual TLS); host names are not checked,
 * since Grid nodes are addressed by IP and the CA is private to the Grid.
 */
public final class TlsConfig {
  public static final String ENABLED = "gridrmi.tls";
  public static final String KEYSTORE = "gridrmi.tls.keystore";
  public static final String TRUSTSTORE = "gridrmi.tls.truststore";
  public static final String PASSWORD = "gridrmi.tls.password";
  public static final String PASSWORD_ENV = "GRIDRMI_TLS_PASSWORD";
  private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
  private static volatile SSLContext context;

  private TlsConfig() {}

  /** Whether {@code gridrmi.tls} is true in this JVM. */
  public static boolean enabled() {
    return Boolean.getBoolean(ENABLED);
  }

  /**
   * Sets the properties from command-line values ({@code --tls --keystore --truststore --storepass}); null values
   * leave a property as it is. Must run before the first GridRMI socket or export of this JVM.
   */
  public static void configure(boolean tls, String keystore, String truststore, String password) {
    if (tls) System.setProperty(ENABLED, "true");
    if (keystore != null) System.setProperty(KEYSTORE, keystore);
    if (truststore != null) System.setProperty(TRUSTSTORE, truststore);
    if (password != null) System.setProperty(PASSWORD, password);
  }

  /** The protocols GridRMI sockets enable. */
  static String[] protocols() {
    return PROTOCOLS.clone();
  }

  /**
   * The SSL context built from the properties, on first use.
   *
   * @throws GridException INVALID_ARGUMENT naming the missing or unreadable store
   */
  public static SSLContext context() {
    SSLContext c = context;
    if (c != null) return c;
    synchronized (TlsConfig.class) {
      if (context == null) context = build();
      return context;
    }
  }

  /** One line for start-up banners: which key and trust this JVM uses. */
  public static String describe() {
    String ks = System.getProperty(KEYSTORE);
    return "TLS, mutual authentication; key " + (ks == null ? "none (this JVM cannot serve)" : ks)
        + ", trust " + System.getProperty(TRUSTSTORE);
  }

  private static SSLContext build() {
    char[] password = password();
    String truststore = System.getProperty(TRUSTSTORE);
    if (truststore == null) {
      throw new GridException(Status.INVALID_ARGUMENT, "TLS is on (-D" + ENABLED + "=true) but -D" + TRUSTSTORE
          + "=FILE is missing: the PKCS12 file with the Grid's CA certificate (make one with ./gridrmi keys)");
    }
    try {
      KeyManagerFactory kmf = null;
      String keystore = System.getProperty(KEYSTORE);
      if (keystore != null) {
        kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(load(keystore, password), password);
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(load(truststore, password));
      SSLContext c = SSLContext.getInstance("TLS");
      c.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
      return c;
    } catch (GeneralSecurityException | IOException e) {
      throw new GridException(Status.INVALID_ARGUMENT, "cannot set up TLS from keystore "
          + System.getProperty(KEYSTORE) + " and truststore " + truststore + ": " + e.getMessage()
          + " (wrong -D" + PASSWORD + " or " + PASSWORD_ENV + "?)", e);
    }
  }

  private static char[] password() {
    String p = System.getProperty(PASSWORD, System.getenv(PASSWORD_ENV));
    if (p == null) {
      throw new GridException(Status.INVALID_ARGUMENT, "TLS is on but no store password: set -D" + PASSWORD
          + "=... or the environment variable " + PASSWORD_ENV);
    }
    return p.toCharArray();
  }

  private static KeyStore load(String file, char[] password) throws GeneralSecurityException, IOException {
    Path p = Path.of(file);
    if (!Files.isReadable(p)) {
      throw new GridException(Status.INVALID_ARGUMENT, "TLS store " + p.toAbsolutePath() + " does not exist or "
          + "cannot be read (make one with ./gridrmi keys)");
    }
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(p)) {
      ks.load(in, password);
    }
    return ks;
  }
}
