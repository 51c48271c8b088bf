package org.gridrmi.runtime.store;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The files a store spills values to: one per value, in a directory of this node's own (made inside the configured
 * spill directory, or under the system's temporary directory, named with its host and process), deleted when the node
 * closes, or by the next node of this host and user to open one there once its process is gone. A file is written under
 * a temporary name and renamed once complete, so a value on disk is never half-written; a write that fails (a full
 * disk) leaves nothing behind.
 */
final class SpillFiles implements AutoCloseable {
  /** One value on disk and its size there. */
  record Entry(Path path, long bytes) {}

  private final Path parent;
  private final String node;
  private final ValueIo io;
  private Path dir;

  /**
   * @param parent where this node's directory goes, or null for the system's temporary directory
   * @param node the node's name, in its directory's name
   */
  SpillFiles(Path parent, String node, ValueIo io) {
    this.parent = parent;
    this.node = node;
    this.io = io;
  }

  /**
   * Makes this node's directory now, so that a spill directory that cannot be used is reported at start.
   *
   * @throws GridException INVALID_ARGUMENT naming the directory and why
   */
  synchronized Path open() {
    if (dir != null) return dir;
    String prefix = prefix(node, ProcessHandle.current().pid());
    try {
      Path where = parent == null
          ? Path.of(System.getProperty("java.io.tmpdir"))
          : Files.createDirectories(parent);
      deleteLeftBehind(where);
      dir = Files.createTempDirectory(where, prefix);
      Path probe = Files.createTempFile(dir, "probe", ".tmp");
      Files.delete(probe);
    } catch (IOException | UnsupportedOperationException e) {
      dir = null;
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "the spill directory " + (parent == null ? System.getProperty("java.io.tmpdir") : parent)
              + " cannot be used by " + node + ": " + e
              + " (give a writable one with --spill-dir)",
          e);
    }
    return dir;
  }

  /** Bytes free on the file system of the spill directory. */
  long usableSpace() {
    try {
      return Files.getFileStore(open()).getUsableSpace();
    } catch (IOException e) {
      return 0;
    }
  }

  /** This host's name as it appears in spill directories' names. */
  private static final String HOST = safe(hostName());

  private static final System.Logger LOG = System.getLogger(SpillFiles.class.getName());

  private static String hostName() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }

  private static String safe(String s) {
    return s.replaceAll("[^A-Za-z0-9._]", "_");
  }

  /**
   * The start of the name of a spill directory of node {@code node} in process {@code pid} on this host (a random
   * number follows): the process and host let a later node tell whether its owner is gone.
   */
  static String prefix(String node, long pid) {
    return "gridrmi-spill-" + safe(node) + "-" + HOST + "-pid" + pid + "-";
  }

  /**
   * Deletes the spill directories under {@code where} that a process of this host and this user left behind (a
   * {@code kill -9} skips the deletion at close): those whose process is gone. Directories of other hosts (a shared
   * file system), of other users and of live processes stay.
   */
  static void deleteLeftBehind(Path where) {
    java.util.regex.Pattern ours = java.util.regex.Pattern.compile(
        "gridrmi-spill-.+-" + java.util.regex.Pattern.quote(HOST) + "-pid(\\d+)-\\d+");
    String user = System.getProperty("user.name");
    try (DirectoryStream<Path> all = Files.newDirectoryStream(where, "gridrmi-spill-*")) {
      for (Path d : all) {
        java.util.regex.Matcher m = ours.matcher(d.getFileName().toString());
        if (!m.matches() || !Files.isDirectory(d, java.nio.file.LinkOption.NOFOLLOW_LINKS))
          continue;
        long pid = Long.parseLong(m.group(1));
        if (pid == ProcessHandle.current().pid() || ProcessHandle.of(pid).isPresent()) continue;
        if (!Files.getOwner(d, java.nio.file.LinkOption.NOFOLLOW_LINKS)
            .getName()
            .equals(user)) continue;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(d)) {
          for (Path f : files) Files.deleteIfExists(f);
        }
        Files.deleteIfExists(d);
        LOG.log(
            System.Logger.Level.INFO,
            "GridRMI deleted the spill directory {0}, left behind by process {1}, which is gone",
            d,
            pid);
      }
    } catch (IOException | RuntimeException e) {
      // what cannot be read or deleted stays: a later start tries again
    }
  }

  /** Where this node's files go (made on first use). */
  Path directory() {
    return open();
  }

  /**
   * Writes one value.
   *
   * @return the file and the references written inside the value
   * @throws IOException if it could not be written whole (nothing is left behind then)
   */
  Written write(UUID id, Object value) throws IOException {
    Path d = open();
    Path tmp = d.resolve(id + ".tmp");
    Path done = d.resolve(id + ".value");
    List<Object> refs;
    try {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
        refs = io.write(value, out);
      }
      try {
        Files.move(tmp, done, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, done, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
    }
    return new Written(new Entry(done, Files.size(done)), refs);
  }

  /** A value written: its file and the references inside it. */
  record Written(Entry entry, List<Object> refs) {}

  /** Reads a value back. */
  Object read(Entry e) throws IOException {
    try (InputStream in = new BufferedInputStream(Files.newInputStream(e.path()), 1 << 16)) {
      return io.read(in);
    }
  }

  void delete(Entry e) {
    try {
      Files.deleteIfExists(e.path());
    } catch (IOException ignored) {
      // the directory goes when the node closes
    }
  }

  /** Deletes every file and the directory. */
  @Override
  public synchronized void close() {
    if (dir == null) return;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path f : files) Files.deleteIfExists(f);
      Files.deleteIfExists(dir);
    } catch (IOException ignored) {
      // what cannot be deleted stays; nothing reads it again
    }
    dir = null;
  }
}
