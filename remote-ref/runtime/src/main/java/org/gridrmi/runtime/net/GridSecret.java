package org.gridrmi.runtime.net;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The secret every member of one grid holds: 256 random bits, kept in a file its owner alone may read, as 64 hex
 * digits and a newline (so a shell script can make one: {@code od -An -N32 -tx1 /dev/urandom | tr -d ' \n'}). A
 * connection without TLS begins by proving, both ways, that each side holds it ({@code SecretHandshake}); the secret
 * itself never travels.
 *
 * <p>Where it is: the file {@code GRIDRMI_SECRET_FILE} names, else {@code $XDG_CONFIG_HOME/gridrmi/secret}, else
 * {@code ~/.config/gridrmi/secret} ({@link #defaultFile()}); made there on first use ({@link #readOrCreateDefault()}),
 * so every program a user starts on one machine (or on machines sharing the home directory) shares it with no set-up.
 * A file named explicitly must exist ({@link #read(Path)}): a typo should not make a new grid.
 */
public final class GridSecret {
  /** The environment variable naming the secret file (the default location otherwise). */
  public static final String FILE_ENV = "GRIDRMI_SECRET_FILE";

  /** The secret's length: 256 bits, HMAC-SHA256's block-sized key. */
  static final int BYTES = 32;

  private static final String MAC = "HmacSHA256";
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Set<PosixFilePermission> GROUP_OR_OTHERS = Set.of(
      PosixFilePermission.GROUP_READ,
      PosixFilePermission.GROUP_WRITE,
      PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.OTHERS_READ,
      PosixFilePermission.OTHERS_WRITE,
      PosixFilePermission.OTHERS_EXECUTE);

  private final SecretKeySpec key;
  private final Path file;

  private GridSecret(byte[] key, Path file) {
    this.key = new SecretKeySpec(key, MAC);
    this.file = file;
  }

  /** The file it was read from, for messages. */
  public Path file() {
    return file;
  }

  /**
   * Where the secret is unless a program names a file: {@code GRIDRMI_SECRET_FILE} if set, else
   * {@code $XDG_CONFIG_HOME/gridrmi/secret} if that variable is set, else {@code ~/.config/gridrmi/secret}.
   */
  public static Path defaultFile() {
    String named = System.getenv(FILE_ENV);
    if (named != null && !named.isBlank()) return Path.of(named);
    String config = System.getenv("XDG_CONFIG_HOME");
    Path base = config != null && !config.isBlank()
        ? Path.of(config)
        : Path.of(System.getProperty("user.home"), ".config");
    return base.resolve("gridrmi").resolve("secret");
  }

  /**
   * The secret in {@link #defaultFile()}, made there first if there is none (see {@link #readOrCreate(Path)}).
   *
   * @throws GridException INVALID_ARGUMENT as {@link #readOrCreate(Path)}
   */
  public static GridSecret readOrCreateDefault() {
    return readOrCreate(defaultFile());
  }

  /**
   * The secret in {@code file}, made first if the file does not exist: 256 bits from {@link SecureRandom}, written
   * to a temporary file created readable by its owner only and then linked into place, so that a program reading it
   * never sees half a secret and programs starting together all end up with the one that was linked first. The
   * directories made on the way are its owner's only.
   *
   * @throws GridException INVALID_ARGUMENT naming the file and the fix, if it cannot be made or read, or is refused
   *     as {@link #read(Path)} refuses it
   */
  public static GridSecret readOrCreate(Path file) {
    if (!Files.exists(file)) create(file);
    return read(file);
  }

  /**
   * The secret in {@code file}, which must exist, be readable by its owner only (no permission for group
   * or others, where the file system has POSIX permissions) and hold 64 hex digits.
   *
   * @throws GridException INVALID_ARGUMENT naming the file and the fix: it is missing or unreadable, others may read
   *     it, or it does not hold a secret
   */
  public static GridSecret read(Path file) {
    try {
      if (posix(file)) {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        if (perms.stream().anyMatch(GROUP_OR_OTHERS::contains)) {
          throw new GridException(
              Status.INVALID_ARGUMENT,
              "the grid secret file " + file + " may be read or changed by others ("
                  + PosixFilePermissions.toString(perms)
                  + "): make it its owner's only with chmod 600 "
                  + file + " (and give those who should join the grid a copy of their own)");
        }
      }
      String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
      if (text.length() != 2 * BYTES || !text.chars().allMatch(GridSecret::isHexDigit)) {
        throw notASecret(file);
      }
      return new GridSecret(HexFormat.of().parseHex(text), file);
    } catch (java.nio.charset.CharacterCodingException e) {
      throw notASecret(file);
    } catch (NoSuchFileException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "the grid secret file " + file
              + " does not exist: copy the grid's secret file there (the default, " + defaultFile()
              + ", is made on first use)",
          e);
    } catch (IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "cannot read the grid secret file " + file + ": " + e
              + " (it must be readable by the user running this program)",
          e);
    }
  }

  private static GridException notASecret(Path file) {
    return new GridException(
        Status.INVALID_ARGUMENT,
        "the grid secret file " + file + " does not hold a secret (" + 2 * BYTES
            + " hex digits, 256 bits): copy the grid's secret file there, or delete it to have a new one made");
  }

  private static boolean isHexDigit(int c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }

  /**
   * Makes a new secret in {@code file} unless one is there already (then leaves it alone).
   *
   * @throws GridException INVALID_ARGUMENT naming the file if it cannot be written
   */
  public static void create(Path file) {
    Path abs = file.toAbsolutePath();
    Path tmp = null;
    try {
      Path dir = abs.getParent();
      if (!Files.isDirectory(dir)) {
        Files.createDirectories(
            dir,
            posix(dir.getRoot())
                ? new java.nio.file.attribute.FileAttribute<?>[] {
                  PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
                }
                : new java.nio.file.attribute.FileAttribute<?>[0]);
      }
      tmp = posix(dir)
          ? Files.createTempFile(
              dir,
              ".secret",
              ".tmp",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))
          : Files.createTempFile(dir, ".secret", ".tmp");
      byte[] key = new byte[BYTES];
      RANDOM.nextBytes(key);
      try (OutputStream out = Files.newOutputStream(tmp)) {
        out.write((HexFormat.of().formatHex(key) + "\n").getBytes(StandardCharsets.US_ASCII));
      }
      try {
        Files.createLink(abs, tmp); // atomic, and fails if another program made it first
      } catch (FileAlreadyExistsException first) {
        // another program made it a moment ago: use that one
      } catch (UnsupportedOperationException noLinks) {
        if (!Files.exists(abs)) Files.move(tmp, abs);
      }
    } catch (IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "cannot make the grid secret file " + abs + ": " + e
              + " (name a writable place with --secret FILE or " + FILE_ENV + ")",
          e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // a stray temporary file of the owner's only: harmless
        }
      }
    }
  }

  /**
   * What a builder's settings come to: null under TLS (certificates replace the secret) or for an explicit opt-out,
   * which logs one WARNING line naming {@code who}; else the secret in {@code file} ({@link #read(Path)}), or in the
   * default file when {@code file} is null ({@link #readOrCreateDefault()}).
   *
   * @throws GridException INVALID_ARGUMENT as {@link #read(Path)} and {@link #readOrCreate(Path)}
   */
  public static GridSecret choose(Path file, boolean insecure, boolean tls, String who) {
    if (tls) return null;
    if (insecure) {
      System.getLogger("org.gridrmi.net")
          .log(
              System.Logger.Level.WARNING,
              who
                  + " runs INSECURE (no grid secret, no TLS): anyone who can reach its ports may call it and"
                  + " it proves nothing to its peers; drop --insecure / insecure() unless this is a private"
                  + " network (see docs/security.md)");
      return null;
    }
    return file == null ? readOrCreateDefault() : read(file);
  }

  private static boolean posix(Path p) {
    return p.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  /** HMAC-SHA256 under this secret of the parts, in order. */
  byte[] mac(byte[]... parts) {
    try {
      Mac m = Mac.getInstance(MAC);
      m.init(key);
      for (byte[] p : parts) m.update(p);
      return m.doFinal();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no " + MAC, e); // every Java SE has it
    }
  }

  /** Fresh random bytes for a nonce. */
  static byte[] nonce() {
    byte[] n = new byte[BYTES];
    RANDOM.nextBytes(n);
    return n;
  }

  @Override
  public String toString() {
    return "GridSecret[" + file + "]"; // never the key
  }
}
