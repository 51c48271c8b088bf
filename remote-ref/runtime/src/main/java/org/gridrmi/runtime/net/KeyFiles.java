package org.gridrmi.runtime.net;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * What {@code ./gridrmi keys} writes: a CA and keys for a Grid, made with the JDK's own APIs (no keytool round trips:
 * a few milliseconds per key): {@code ca.p12} (the CA's key: keep it away from the nodes; reused when present so
 * nodes can be added), {@code truststore.p12} (the CA certificate, for every node and client), one {@code NAME.p12}
 * per node or client (an EC P-256 key with a certificate signed by the CA, for both server and client
 * authentication) and {@code password} (the stores' one password). Every file and the directory are readable by
 * their owner only. Certificates are X.509 v3 encoded here in DER. For a Grid of one's own; an organization's Grid
 * may use its own CA instead.
 */
public final class KeyFiles {
  public static final String CA = "ca.p12";
  public static final String TRUSTSTORE = "truststore.p12";
  public static final String PASSWORD_FILE = "password";
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final byte[] ECDSA_SHA256 = {
    0x06, 0x08, 0x2A, (byte) 0x86, 0x48, (byte) 0xCE, 0x3D, 0x04, 0x03, 0x02
  };
  private static final byte[] CN = {0x06, 0x03, 0x55, 0x04, 0x03};
  private static final byte[] BASIC_CONSTRAINTS = {0x06, 0x03, 0x55, 0x1D, 0x13};
  private static final byte[] KEY_USAGE = {0x06, 0x03, 0x55, 0x1D, 0x0F};
  private static final byte[] EXT_KEY_USAGE = {0x06, 0x03, 0x55, 0x1D, 0x25};
  private static final byte[] SERVER_AUTH = {
    0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01
  };
  private static final byte[] CLIENT_AUTH = {
    0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x02
  };

  private KeyFiles() {}

  /** A new random password for the stores (24 hex digits). */
  public static char[] newPassword() {
    return String.format("%024x", new BigInteger(96, RANDOM)).toCharArray();
  }

  /** Writes the stores' password to {@code dir/password}, readable by its owner only; returns the file. */
  public static Path writePassword(Path dir, char[] password) {
    try {
      ownerOnlyDirectory(dir);
      Path file = dir.resolve(PASSWORD_FILE);
      writeOwnerOnly(file, (new String(password) + "\n").getBytes(StandardCharsets.UTF_8));
      return file;
    } catch (IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "cannot write the password file in " + dir + ": " + e, e);
    }
  }

  /** The key store file of {@code name} in {@code dir}. */
  public static Path keystore(Path dir, String name) {
    return dir.resolve(name + ".p12");
  }

  /**
   * Makes (or reuses, unless {@code newCa}) the CA in {@code dir}, writes the trust store, and one key store per
   * name (replacing those of the same names).
   *
   * @throws GridException INVALID_ARGUMENT for a bad name or a CA store the password does not open
   */
  public static void make(Path dir, List<String> names, char[] password, boolean newCa) {
    char[] pw = password.clone();
    try {
      ownerOnlyDirectory(dir);
      Path caFile = dir.resolve(CA);
      PrivateKey caKey;
      X509Certificate caCert;
      if (!newCa && Files.exists(caFile)) {
        KeyStore ca = load(caFile, pw);
        caKey = (PrivateKey) ca.getKey("ca", pw);
        caCert = (X509Certificate) ca.getCertificate("ca");
      } else {
        KeyPair kp = ecKeys();
        caKey = kp.getPrivate();
        caCert = certificate(
            "GridRMI test CA",
            "GridRMI test CA",
            kp.getPublic(),
            caKey,
            true,
            Duration.ofDays(3650));
        KeyStore ca = KeyStore.getInstance("PKCS12");
        ca.load(null, null);
        ca.setKeyEntry("ca", caKey, pw, new Certificate[] {caCert});
        store(ca, caFile, pw);
      }
      KeyStore trust = KeyStore.getInstance("PKCS12");
      trust.load(null, null);
      trust.setCertificateEntry("gridrmi-ca", caCert);
      store(trust, dir.resolve(TRUSTSTORE), pw);
      for (String n : names) {
        if (!n.matches("[A-Za-z0-9_.-]+")) {
          throw new GridException(
              Status.INVALID_ARGUMENT, "key name '" + n + "': letters, digits, . _ - only");
        }
        KeyPair kp = ecKeys();
        X509Certificate cert =
            certificate("GridRMI test CA", n, kp.getPublic(), caKey, false, Duration.ofDays(825));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry(n, kp.getPrivate(), pw, new Certificate[] {cert, caCert});
        store(ks, keystore(dir, n), pw);
      }
    } catch (IOException | GeneralSecurityException e) {
      throw new GridException(Status.INVALID_ARGUMENT, "cannot make keys in " + dir + ": " + e, e);
    }
  }

  private static KeyPair ecKeys() throws GeneralSecurityException {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
    return g.generateKeyPair();
  }

  private static KeyStore load(Path file, char[] pw) throws IOException, GeneralSecurityException {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      ks.load(in, pw);
    }
    return ks;
  }

  private static void store(KeyStore ks, Path file, char[] pw)
      throws IOException, GeneralSecurityException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ks.store(bytes, pw);
    writeOwnerOnly(file, bytes.toByteArray());
  }

  /** Writes a file that only its owner may read, created so from the start (never world-readable for a moment). */
  private static void writeOwnerOnly(Path file, byte[] content) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    if (posix(file)) {
      Files.createFile(
          tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }
    try (OutputStream out = Files.newOutputStream(tmp)) {
      out.write(content);
    }
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  private static void ownerOnlyDirectory(Path dir) throws IOException {
    Files.createDirectories(dir);
    if (posix(dir))
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
  }

  private static boolean posix(Path p) {
    return p.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  /** An X.509 v3 certificate, DER-encoded here and signed with ECDSA/SHA-256. */
  static X509Certificate certificate(
      String issuer,
      String subject,
      PublicKey key,
      PrivateKey signer,
      boolean ca,
      Duration validity)
      throws GeneralSecurityException {
    ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC);
    byte[] extensions = ca
        ? seq(
            extension(BASIC_CONSTRAINTS, true, seq(tlv(0x01, new byte[] {(byte) 0xFF}))),
            extension(KEY_USAGE, true, tlv(0x03, new byte[] {1, 0x06}))) // keyCertSign, cRLSign
        : seq(
            extension(BASIC_CONSTRAINTS, true, seq()),
            extension(KEY_USAGE, true, tlv(0x03, new byte[] {3, (byte) 0x88
            })), // digitalSignature, keyAgreement
            extension(EXT_KEY_USAGE, false, seq(SERVER_AUTH, CLIENT_AUTH)));
    byte[] serial = new BigInteger(63, RANDOM).add(BigInteger.ONE).toByteArray();
    byte[] tbs = seq(
        tlv(0xA0, tlv(0x02, new byte[] {2})), // v3
        tlv(0x02, serial),
        seq(ECDSA_SHA256),
        name(issuer),
        seq(time(now.minusMinutes(5)), time(now.plus(validity))),
        name(subject),
        key.getEncoded(),
        tlv(0xA3, extensions));
    Signature s = Signature.getInstance("SHA256withECDSA");
    s.initSign(signer);
    s.update(tbs);
    byte[] sig = s.sign();
    byte[] bits = new byte[sig.length + 1];
    System.arraycopy(sig, 0, bits, 1, sig.length);
    byte[] der = seq(tbs, seq(ECDSA_SHA256), tlv(0x03, bits));
    return (X509Certificate) CertificateFactory.getInstance("X.509")
        .generateCertificate(new java.io.ByteArrayInputStream(der));
  }

  private static byte[] name(String cn) {
    return seq(tlv(0x31, seq(CN, tlv(0x0C, cn.getBytes(StandardCharsets.UTF_8)))));
  }

  private static byte[] time(ZonedDateTime t) {
    return tlv(
        0x17,
        t.format(DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'"))
            .getBytes(StandardCharsets.US_ASCII));
  }

  private static byte[] extension(byte[] oid, boolean critical, byte[] value) {
    return critical
        ? seq(oid, tlv(0x01, new byte[] {(byte) 0xFF}), tlv(0x04, value))
        : seq(oid, tlv(0x04, value));
  }

  private static byte[] seq(byte[]... parts) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (byte[] p : parts) b.writeBytes(p);
    return tlv(0x30, b.toByteArray());
  }

  private static byte[] tlv(int tag, byte[] value) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(tag);
    int n = value.length;
    if (n < 128) {
      b.write(n);
    } else {
      int bytes = n < 256 ? 1 : n < 65536 ? 2 : 3;
      b.write(0x80 | bytes);
      for (int i = bytes - 1; i >= 0; i--) b.write(n >>> (8 * i));
    }
    b.writeBytes(value);
    return b.toByteArray();
  }
}
