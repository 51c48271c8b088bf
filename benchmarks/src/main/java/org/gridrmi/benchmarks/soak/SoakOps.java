package org.gridrmi.benchmarks.soak;

import org.gridrmi.ref.GridService;
import org.gridrmi.ref.Idempotent;

/**
 * The service of the soak and chaos benchmarks: a three-call chain {@code consume(transform(produce()))} in which
 * every call carries the chain's token, so that the server records each (token, stage) it runs in its
 * {@link org.gridrmi.cli.ledger.ExecutionLedger} and a call that ran twice is counted, not guessed. Each stage
 * comes twice: as a plain method and as an {@link Idempotent} one, which GridRMI may re-run when its server dies;
 * both compute the same. {@link #heapAfterGc} is a probe for plain calls, which do not count in {@code callsRun}.
 */
@GridService
public interface SoakOps {
  /** Stage 0: waits {@code millis}, returns {@code size} bytes derived from {@code token}. */
  byte[] produce(long token, int size, int millis);

  /** {@link #produce}, marked idempotent. */
  @Idempotent
  byte[] produceIdempotent(long token, int size, int millis);

  /** Stage 1: waits {@code millis}, returns the bytes reversed and xor-ed with the token's low byte. */
  byte[] transform(long token, byte[] data, int millis);

  /** {@link #transform}, marked idempotent. */
  @Idempotent
  byte[] transformIdempotent(long token, byte[] data, int millis);

  /** Stage 2: the CRC-32 of {@code data}. */
  long consume(long token, byte[] data);

  /** {@link #consume}, marked idempotent. */
  @Idempotent
  long consumeIdempotent(long token, byte[] data);

  /** Used heap in bytes after a full GC: what values still held (or leaked) cost. */
  long heapAfterGc();

  /** The key a ledger records for stage {@code stage} (0, 1, 2) of the chain {@code token}. */
  static long key(long token, int stage) {
    return token * 4 + stage;
  }
}
