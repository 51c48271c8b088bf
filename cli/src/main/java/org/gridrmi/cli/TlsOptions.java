package org.gridrmi.cli;

import java.nio.file.Path;
import org.gridrmi.ref.TlsStores;
import picocli.CommandLine.Option;

/**
 * The TLS options of every GridRMI command that talks to a Grid ({@code gridrmi lookup}, {@code server},
 * {@code status}, the demo and benchmarks), as one picocli mixin: {@code @Mixin TlsOptions tls;} then
 * {@link #stores()} for the builder. The stores' password comes from a file or the environment, never from the
 * command line (which {@code ps} shows to every user of the host). It lives here because this is the lowest module
 * with a command line.
 */
public final class TlsOptions {
  @Option(
      names = "--tls",
      description = "mutual TLS on every GridRMI connection of this process, in and out; needs "
          + "--keystore, --truststore and the stores' password in --password-file or GRIDRMI_TLS_PASSWORD "
          + "(see ./gridrmi keys)")
  boolean tls;

  @Option(
      names = "--keystore",
      paramLabel = "FILE.p12",
      description = "this process's key and certificate (PKCS12)")
  Path keystore;

  @Option(
      names = "--truststore",
      paramLabel = "FILE.p12",
      description = "the Grid's CA certificate (PKCS12)")
  Path truststore;

  @Option(
      names = "--password-file",
      paramLabel = "FILE",
      description =
          "file holding the stores' password (default: the environment variable GRIDRMI_TLS_PASSWORD)")
  Path passwordFile;

  /** Whether {@code --tls} was given. */
  public boolean enabled() {
    return tls;
  }

  /**
   * The stores to use, or null without {@code --tls}.
   *
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT (one line, exit code 2) naming what is missing
   */
  public TlsStores stores() {
    if (!tls) {
      if (keystore != null || truststore != null || passwordFile != null) {
        throw CommandRunner.badOption(
            "--keystore/--truststore/--password-file",
            "given",
            "they take effect only with" + " --tls",
            "--tls as well");
      }
      return null;
    }
    if (keystore == null)
      throw CommandRunner.badOption(
          "--keystore",
          "missing",
          "--tls needs this process's key",
          "a PKCS12 key store from ./gridrmi keys");
    if (truststore == null)
      throw CommandRunner.badOption(
          "--truststore",
          "missing",
          "--tls needs the Grid's CA",
          "truststore.p12 from ./gridrmi keys");
    return passwordFile != null
        ? TlsStores.withPasswordFile(keystore, truststore, passwordFile)
        : TlsStores.withPasswordFromEnvironment(keystore, truststore);
  }

  /** The options to give a child process (the demo's servers) so that it uses the same stores. */
  public java.util.List<String> asArguments(String keystoreOverride) {
    if (!tls) return java.util.List.of();
    java.util.List<String> a = new java.util.ArrayList<>(java.util.List.of(
        "--tls",
        "--keystore",
        keystoreOverride != null ? keystoreOverride : keystore.toString(),
        "--truststore",
        truststore.toString()));
    if (passwordFile != null)
      a.addAll(java.util.List.of("--password-file", passwordFile.toString()));
    return a;
  }
}
