package org.gridrmi.benchmarks.svd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import Jama.Matrix;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;

/** A task arrives from a client: what a stream says of it is checked as its constructor checks its arguments. */
class ComputeTimerTest {
  static Object roundTrip(Object o) throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(o);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
      // a filter of its own: in a JVM where GridRMI ran, the JVM-wide filter would decide (and
      // refuse Jama first)
      in.setObjectInputFilter(info -> java.io.ObjectInputFilter.Status.UNDECIDED);
      return in.readObject();
    }
  }

  static ComputeTimer forged(String field, Object value) throws Exception {
    ComputeTimer t = new ComputeTimer(new Matrix(2, 1), 3);
    Field f = ComputeTimer.class.getDeclaredField(field);
    f.setAccessible(true);
    f.set(t, value);
    return t;
  }

  @Test
  void aWellFormedTimerSurvivesTheWire() throws Exception {
    assertThat(roundTrip(new ComputeTimer(new Matrix(2, 1), 3))).isInstanceOf(ComputeTimer.class);
  }

  @Test
  void aStreamWithImpossibleFieldsIsRefused() throws Exception {
    assertThatThrownBy(() -> roundTrip(forged("repetitions", 0)))
        .isInstanceOf(InvalidObjectException.class)
        .hasMessageContaining("repetitions");
    assertThatThrownBy(() -> roundTrip(forged("repetitions", 1_000_000_000)))
        .isInstanceOf(InvalidObjectException.class)
        .hasMessageContaining("repetitions");
    assertThatThrownBy(() -> roundTrip(forged("b", null)))
        .isInstanceOf(InvalidObjectException.class)
        .hasMessageContaining("b");
  }
}
