package org.gridrmi.it.client;

import java.util.List;
import org.gridrmi.ref.ByValue;
import org.gridrmi.ref.GridService;
import org.gridrmi.ref.RemoteReference;

/** Value lifetime across processes: values, lists of references to them, slow values and real memory exhaustion. */
@GridService
public interface Lifetime {
  /** {@code size} bytes from {@code seed} (see {@link LifetimeImpl#content}), after {@code millis}. */
  byte[] make(int size, @ByValue int seed, @ByValue int millis);

  /** The list itself: a value of this server that carries references to other values. */
  List<RemoteReference<byte[]>> keep(@ByValue List<RemoteReference<byte[]>> refs);

  /** Keeps the list in this service (its references, and so their values, held by this server) until {@link #takeStashed}. */
  int stash(@ByValue List<RemoteReference<byte[]>> refs);

  /** The list {@link #stash} kept last, which this service then forgets (null if none): a plain call's result here. */
  List<RemoteReference<byte[]>> takeStashed();

  /** The list it is given, as a value of this server (a reference argument: a small put is pushed with the call). */
  List<RemoteReference<byte[]>> same(List<RemoteReference<byte[]>> refs);

  /** The total length of the values the references point to, read here. */
  long totalLength(List<RemoteReference<byte[]>> refs);

  /** A CRC32 of the data. */
  long crc(byte[] data);

  /** Allocates {@code megabytes} of arrays and keeps them all until it returns: runs out of a small heap. */
  long allocate(@ByValue int megabytes);
}
