package org.gridrmi.client.inprocess;

import java.util.List;
import org.gridrmi.ref.ByValue;
import org.gridrmi.ref.GridService;
import org.gridrmi.ref.RemoteReference;

/** Test service for value lifetime: values, lists of references to them, and calls that run out of memory. */
@GridService
public interface Holding {
  /** {@code size} bytes, from {@code seed} (see {@link HoldingImpl#content}). */
  byte[] make(int size, @ByValue int seed);

  /** As {@link #make}, after {@code millis}. */
  byte[] makeSlowly(int size, @ByValue int seed, @ByValue int millis);

  /** The list itself: a value of this server that carries references to other values. */
  List<RemoteReference<byte[]>> keep(@ByValue List<RemoteReference<byte[]>> refs);

  /** The list it is given, as a value of this server (a reference argument: a put of the client's is pushed here). */
  List<RemoteReference<byte[]>> same(List<RemoteReference<byte[]>> refs);

  /** Keeps the list in this service (its references, and so their values, held by this server) until {@link #takeStashed}. */
  int stash(@ByValue List<RemoteReference<byte[]>> refs);
  /** The list {@link #stash} kept last, which this service then forgets (null if none). */
  List<RemoteReference<byte[]>> takeStashed();
  /** The total length of the values the references point to, read here (a blocking get, in a test). */
  long totalLength(List<RemoteReference<byte[]>> refs);

  /** The data itself, as a value of this server. */
  byte[] copy(byte[] data);

  /** A CRC32 of the data. */
  long crc(byte[] data);

  /** Throws OutOfMemoryError, as a call that found no heap would. */
  byte[] exhaust(@ByValue int size);
}
