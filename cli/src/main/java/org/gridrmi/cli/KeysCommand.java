package org.gridrmi.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.net.KeyFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gridrmi keys}: a test CA and PKCS12 key stores for a TLS Grid, and the exact flags that use them. */
@Command(
    name = "keys",
    mixinStandardHelpOptions = true,
    description =
        "Make a test CA, a trust store and one key store per node/client for --tls, and print the flags.")
public final class KeysCommand implements Callable<Integer> {
  @Option(names = "--dir", description = "where the stores go (default ${DEFAULT-VALUE})")
  Path dir = Path.of(".gridrmi", "keys");

  @Option(
      names = "--names",
      split = ",",
      description = "nodes and clients to make keys for (default ${DEFAULT-VALUE})")
  List<String> names = List.of("S1", "S2", "S3", "lookup", "client");

  @Option(
      names = "--new-ca",
      description = "replace the CA in DIR (keys made with the old one stop working)")
  boolean newCa;

  @Override
  public Integer call() throws Exception {
    Path passFile = dir.resolve(KeyFiles.PASSWORD_FILE);
    // the stores keep the password they were made with; a new one only with a new CA or a new
    // directory
    char[] password = !newCa && Files.isReadable(passFile)
        ? TlsStores.withPasswordFile(dir, dir, passFile).password()
        : KeyFiles.newPassword();
    boolean fresh = newCa || !Files.exists(dir.resolve(KeyFiles.CA));
    KeyFiles.make(dir, names, password, newCa);
    KeyFiles.writePassword(dir, password);
    Path d = dir.toAbsolutePath().normalize();
    String trust = d.resolve(KeyFiles.TRUSTSTORE).toString();
    String pw = d.resolve(KeyFiles.PASSWORD_FILE).toString();
    System.out.println(
        (fresh ? "new CA" : "existing CA") + " in " + d + " (readable by you only): " + KeyFiles.CA
            + " (the CA key: keep it off the nodes), " + KeyFiles.TRUSTSTORE
            + " (for everyone), key stores "
            + names.stream().map(n -> n + ".p12").toList() + ", the stores' password in "
            + KeyFiles.PASSWORD_FILE);
    System.out.println();
    String server = names.stream()
        .filter(n -> !n.equals("client") && !n.equals("lookup"))
        .findFirst()
        .orElse("S1");
    String tls = " --tls --truststore " + trust + " --password-file " + pw + " --keystore ";
    System.out.println(
        "server:  ./gridrmi server --name " + server + tls + d.resolve(server + ".p12"));
    String lookup = names.contains("lookup") ? "lookup" : server;
    System.out.println("lookup:  ./gridrmi lookup" + tls + d.resolve(lookup + ".p12"));
    String client = names.contains("client") ? "client" : names.get(names.size() - 1);
    System.out.println("client:  ./gridrmi demo" + tls + d.resolve(client + ".p12")
        + "   (and status, bench ...)");
    System.out.println(
        "         in a program: Grid.builder().tls(TlsStores.withPasswordFile(Path.of(\""
            + d.resolve(client + ".p12") + "\"), Path.of(\"" + trust + "\"), Path.of(\"" + pw
            + "\")))");
    System.out.println(
        "(instead of --password-file: GRIDRMI_TLS_PASSWORD in the environment; never on a command line)");
    return 0;
  }
}
