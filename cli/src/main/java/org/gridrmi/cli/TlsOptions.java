package org.gridrmi.cli;

import java.nio.file.Path;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.net.GridSecret;
import org.gridrmi.server.GridServer;
import picocli.CommandLine.Option;

/**
 * The TLS and grid secret options of every GridRMI command that talks to a Grid ({@code gridrmi lookup},
 * {@code server}, {@code status}, the demo and benchmarks), as one picocli mixin: {@code @Mixin TlsOptions tls;}
 * then {@link #stores()} and {@link #applyTo(Grid.Builder)} for the builders. Without {@code --tls}, every
 * connection proves the grid secret: the default file ({@link GridSecret#defaultFile()}), {@code --secret FILE}, or
 * none with {@code --insecure}. The stores' password comes from a file or the environment, never from the
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

  @Option(
      names = "--secret",
      paramLabel = "FILE",
      description =
          "the grid secret every connection proves when there is no --tls (default: the file "
              + "GRIDRMI_SECRET_FILE names, else ~/.config/gridrmi/secret, made on first use; give every program of a "
              + "grid the same one)")
  Path secretFile;

  @Option(
      names = "--insecure",
      description =
          "no grid secret and no TLS: anyone who can reach the ports may call (for a private network only;"
              + " prints a WARNING)")
  boolean insecure;

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

  /**
   * The secret this command's connections prove: null under {@code --tls} or with {@code --insecure} (which logs one
   * WARNING line naming {@code who}).
   *
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT (one line, exit code 2) for a bad secret file, or
   *     {@code --secret} with {@code --insecure}
   */
  public GridSecret secret(String who) {
    checkSecretOptions();
    return GridSecret.choose(secretFile, insecure, tls, who);
  }

  private void checkSecretOptions() {
    if (insecure && secretFile != null) {
      throw CommandRunner.badOption(
          "--insecure", "given with --secret", "it means no secret", "one of the two");
    }
    if (tls && (insecure || secretFile != null)) {
      throw CommandRunner.badOption(
          insecure ? "--insecure" : "--secret",
          "given with --tls",
          "TLS certificates replace the grid secret",
          "--tls alone");
    }
  }

  /** Sets this command's TLS stores or grid secret on a Grid's builder. */
  public Grid.Builder applyTo(Grid.Builder b) {
    apply(b::tls, b::secret, b::insecure);
    return b;
  }

  /** Sets this command's TLS stores or grid secret on a server's builder. */
  public GridServer.Builder applyTo(GridServer.Builder b) {
    apply(b::tls, b::secret, b::insecure);
    return b;
  }

  /** What both builders are given: the stores under --tls, else the secret file given, or none with --insecure. */
  private void apply(
      java.util.function.Consumer<TlsStores> tlsSetter,
      java.util.function.Consumer<Path> secretSetter,
      Runnable insecureSetter) {
    checkSecretOptions();
    TlsStores stores = stores();
    if (stores != null) tlsSetter.accept(stores);
    if (secretFile != null) secretSetter.accept(secretFile);
    if (insecure) insecureSetter.run();
  }

  /**
   * The options to give a child process (the demo's servers) so that it uses the same stores, or the same secret
   * file (the default one made now if it is not there yet, so that children starting together do not race for it).
   */
  public java.util.List<String> asArguments(String keystoreOverride) {
    if (insecure) return java.util.List.of("--insecure");
    if (!tls) {
      Path file = secretFile != null ? secretFile : GridSecret.defaultFile();
      if (secretFile == null) GridSecret.readOrCreate(file);
      return java.util.List.of("--secret", file.toAbsolutePath().toString());
    }
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
