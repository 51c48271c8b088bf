package org.gridrmi.ref;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The key and trust stores one member of a Grid uses for mutual TLS: PKCS12 files with one password, as
 * {@code ./gridrmi keys} makes them. The password comes from a file or the environment, never from a command line.
 *
 * @param keyStore this member's key and certificate, signed by the Grid's CA
 * @param trustStore the Grid's CA certificate: which peers are accepted
 * @param password the password of both stores
 */
public record TlsStores(Path keyStore, Path trustStore, char[] password) {
  /** The environment variable a password may come from. */
  public static final String PASSWORD_ENV = "GRIDRMI_TLS_PASSWORD";

  public TlsStores {
    Objects.requireNonNull(keyStore, "keyStore");
    Objects.requireNonNull(trustStore, "trustStore");
    Objects.requireNonNull(password, "password");
    password = password.clone();
  }

  /**
   * Stores whose password is the first line of {@code passwordFile}.
   *
   * @throws GridException INVALID_ARGUMENT naming the file if it cannot be read
   */
  public static TlsStores withPasswordFile(Path keyStore, Path trustStore, Path passwordFile) {
    try {
      String text = Files.readString(passwordFile, StandardCharsets.UTF_8);
      int nl = text.indexOf('\n');
      return new TlsStores(
          keyStore, trustStore, (nl < 0 ? text : text.substring(0, nl)).strip().toCharArray());
    } catch (IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "TLS password file " + passwordFile.toAbsolutePath() + " cannot be read: "
              + e.getMessage() + " (./gridrmi keys writes one)",
          e);
    }
  }

  /**
   * Stores whose password is in the environment variable {@value #PASSWORD_ENV}.
   *
   * @throws GridException INVALID_ARGUMENT if it is not set
   */
  public static TlsStores withPasswordFromEnvironment(Path keyStore, Path trustStore) {
    String p = System.getenv(PASSWORD_ENV);
    if (p == null || p.isEmpty()) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "TLS needs the stores' password: set " + PASSWORD_ENV + " or give a password file");
    }
    return new TlsStores(keyStore, trustStore, p.toCharArray());
  }

  @Override
  public char[] password() {
    return password.clone();
  }

  @Override
  public String toString() {
    return "TlsStores[key " + keyStore + ", trust " + trustStore + "]"; // never the password
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TlsStores t
        && t.keyStore.equals(keyStore)
        && t.trustStore.equals(trustStore)
        && java.util.Arrays.equals(t.password, password);
  }

  @Override
  public int hashCode() {
    return Objects.hash(keyStore, trustStore);
  }
}
