package org.gridrmi.runtime.serial;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.lang.management.ManagementFactory;
import org.gridrmi.ref.spi.ValueInput;
import org.junit.jupiter.api.Test;

/**
 * Rows of no elements cost what they took on the wire: {@link JdkCodecs.DoubleRows} reads them all as one shared
 * empty row (nothing can be written into it), not one new array each, which cost about five times their 4 bytes.
 */
class EmptyRowsTest {
  @Test
  void zeroLengthRowsShareOneEmptyRowAndCostAboutTheirBytes() throws Exception {
    int rows = 200_000;
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(b);
    out.writeInt(rows);
    for (int i = 0; i < rows; i++) out.writeInt(0);
    out.flush();
    byte[] wire = b.toByteArray();
    ValueInput in = ValueInput.of(new DataInputStream(new ByteArrayInputStream(wire)));
    com.sun.management.ThreadMXBean t =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = t.getCurrentThreadAllocatedBytes();
    double[][] v = new JdkCodecs.DoubleRows().read(in);
    long allocated = t.getCurrentThreadAllocatedBytes() - before;
    assertThat(v.length).isEqualTo(rows);
    assertThat(v[0].length).isZero();
    assertThat(v[rows - 1]).as("one shared row").isSameAs(v[0]);
    assertThat(allocated)
        .as("bytes allocated for %d wire bytes", wire.length)
        .isLessThan(3L * wire.length);
  }
}
