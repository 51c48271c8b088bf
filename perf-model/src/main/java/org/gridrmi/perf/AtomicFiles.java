package org.gridrmi.perf;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Writing result files so that a reader never sees half of one: write a temporary sibling, then move it. */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Creates the parent directories and a temporary file next to {@code target}, for {@link #commit}. */
  public static Path temporaryFor(Path target) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    try {
      // createTempFile makes it owner-only; results are meant to be shared like any other file
      Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: keep its defaults
    }
    return tmp;
  }

  /** Moves a finished temporary file over {@code target}, atomically where the file system allows it. */
  public static void commit(Path temp, Path target) throws IOException {
    try {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Writes {@code content} to {@code target} through a temporary file. */
  public static void write(Path target, byte[] content) throws IOException {
    Path tmp = temporaryFor(target);
    try {
      Files.write(tmp, content);
      commit(tmp, target);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
