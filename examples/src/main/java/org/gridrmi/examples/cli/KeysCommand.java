package org.gridrmi.examples.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.Callable;
import org.gridrmi.ref.internal.net.TestKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gridrmi keys}: a test CA and PKCS12 key stores for a TLS Grid, and the exact flags that use them. */
@Command(name = "keys", mixinStandardHelpOptions = true,
    description = "Make a test CA, a trust store and one key store per node/client for --tls, and print the flags.")
public final class KeysCommand implements Callable<Integer> {
  @Option(names = "--dir", description = "where the stores go (default ${DEFAULT-VALUE})")
  Path dir = Path.of(".gridrmi", "keys");

  @Option(names = "--names", split = ",", description = "nodes and clients to make keys for (default ${DEFAULT-VALUE})")
  List<String> names = List.of("S1", "S2", "S3", "lookup", "client");

  @Option(names = "--password", description = "store password (default: the one in DIR/storepass, else a new random one)")
  String password;

  @Option(names = "--new-ca", description = "replace the CA in DIR (keys made with the old one stop working)")
  boolean newCa;

  @Override
  public Integer call() throws Exception {
    Files.createDirectories(dir);
    Path passFile = dir.resolve("storepass");
    if (password == null && Files.exists(passFile)) password = Files.readString(passFile).trim();
    if (password == null) {
      byte[] r = new byte[12];
      new SecureRandom().nextBytes(r);
      password = java.util.HexFormat.of().formatHex(r);
    }
    Files.writeString(passFile, password + "\n");
    try {
      Files.setPosixFilePermissions(passFile, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException ignored) {
      // not a POSIX file system
    }
    boolean fresh = newCa || !Files.exists(dir.resolve(TestKeys.CA));
    TestKeys.make(dir, names, password, newCa);
    Path d = dir.toAbsolutePath().normalize();
    String trust = d.resolve(TestKeys.TRUSTSTORE).toString();
    System.out.println((fresh ? "new test CA" : "existing CA") + " in " + d + ": " + TestKeys.CA
        + " (the CA key: keep it off the nodes), " + TestKeys.TRUSTSTORE + " (for everyone), key stores "
        + names.stream().map(n -> n + ".p12").toList() + ", password in " + d.resolve("storepass"));
    System.out.println();
    String server = names.stream().filter(n -> !n.equals("client") && !n.equals("lookup")).findFirst().orElse("S1");
    System.out.println("server:  ./gridrmi server --name " + server + " --tls --keystore " + d.resolve(server + ".p12")
        + " --truststore " + trust + " --storepass " + password);
    String lookup = names.contains("lookup") ? "lookup" : server;
    System.out.println("lookup:  ./gridrmi lookup --tls --keystore " + d.resolve(lookup + ".p12") + " --truststore "
        + trust + " --storepass " + password);
    String client = "-Dgridrmi.tls=true -Dgridrmi.tls.keystore="
        + d.resolve((names.contains("client") ? "client" : names.get(names.size() - 1)) + ".p12")
        + " -Dgridrmi.tls.truststore=" + trust + " -Dgridrmi.tls.password=" + password;
    System.out.println("client:  java " + client + " ...");
    System.out.println("         GRIDRMI_JAVA_OPTS=\"" + client + "\" ./gridrmi demo   (servers it starts inherit "
        + "these properties)");
    System.out.println("(instead of the password flags, GRIDRMI_TLS_PASSWORD=" + password + " in the environment)");
    return 0;
  }
}
