package org.gridrmi.cli.ledger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * A server process's record of every call it ran, in a file of its own that only grows: one line per execution,
 * {@code KEY I} for a call to an {@code @Idempotent} method and {@code KEY N} for any other, written with one
 * {@code write(2)} before the call's body runs. So the record survives {@code kill -9} (what {@code write} returned
 * is the kernel's, not the process's), and a call that started counts as run even if its process died in it. The
 * benchmarks read every process's file ({@link Ledgers}) to count the calls that ran twice: a number they measure,
 * not infer from the clients' side.
 */
public final class ExecutionLedger implements AutoCloseable {
  /** The files' suffix: {@link Ledgers} reads every such file in a directory. */
  static final String SUFFIX = ".ledger";

  private final Path file;
  private final FileChannel out;

  private ExecutionLedger(Path file) throws IOException {
    this.file = file;
    this.out = FileChannel.open(
        file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
  }

  /**
   * Opens this process's ledger in {@code dir} (created if absent): {@code PROCESS-PID.ledger}, so that a server
   * restarted under the same name writes a file of its own next to its predecessor's.
   *
   * @throws GridException INVALID_ARGUMENT naming the directory if it cannot be written
   */
  public static ExecutionLedger open(Path dir, String process) {
    if (!process.matches("[A-Za-z0-9._-]+")) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "ledger name '" + process + "': expected letters, digits, " + "'.', '_' or '-'");
    }
    try {
      Files.createDirectories(dir);
      return new ExecutionLedger(
          dir.resolve(process + "-" + ProcessHandle.current().pid() + SUFFIX));
    } catch (IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "cannot write a ledger in " + dir + ": " + e, e);
    }
  }

  /** Where the records go. */
  public Path file() {
    return file;
  }

  /**
   * Records one execution of the call {@code key}.
   *
   * @throws UncheckedIOException if the record cannot be written: a call that cannot be recorded must not run
   */
  public synchronized void record(long key, boolean idempotent) {
    ByteBuffer line =
        ByteBuffer.wrap((key + (idempotent ? " I\n" : " N\n")).getBytes(StandardCharsets.US_ASCII));
    try {
      while (line.hasRemaining())
        out.write(line); // one write(2) for a line this short; the loop is for form's sake
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the ledger " + file, e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return "ledger " + file;
  }
}
