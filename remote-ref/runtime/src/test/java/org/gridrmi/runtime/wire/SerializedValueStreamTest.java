package org.gridrmi.runtime.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.junit.jupiter.api.Test;

/**
 * A by-value argument travels in a batch's RMI stream, which caps each Java array at {@code maxCallArrayBytes}: its
 * bytes are therefore read as they arrive (bounded by {@code maxBytes} only), so a large argument still passes.
 */
class SerializedValueStreamTest {
  @Test
  void aByValueArgumentLargerThanTheCallCapPassesAnRmiStream() throws Exception {
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    double[] big = new double[(int) (SerialPolicy.Limits.DEFAULT.maxCallArrayBytes() / 8) + 1000];
    big[big.length - 1] = 42;
    SerializedValue sent = SerializedValue.of(big);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(sent);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
      in.setObjectInputFilter(policy.filter());
      SerializedValue got = (SerializedValue) in.readObject();
      assertThat(got.className()).isEqualTo(sent.className());
      assertThat((double[]) got.value(ValueReader.unbound(policy))).isEqualTo(big);
    }
  }
}
