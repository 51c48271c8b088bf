package org.gridrmi.runtime.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.UUID;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.JvmFilter;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.junit.jupiter.api.Test;

class RefSizeTest {
  @Test
  void aReferenceIsSmallAndSurvivesSerialization() throws Exception {
    Ref<String> ref = new Ref<>(UUID.randomUUID(), "rmi://127.0.0.1:40123", RefContexts.unbound());
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(ref);
    }
    int size = b.size();
    System.out.println(
        "serialized RemoteReference: " + size + " bytes (16 of identity + the owner's address)");
    assertThat(size).isLessThan(128);
    // plain streams are read with the JVM-wide filter, which an earlier test may have installed: it
    // allows what a live
    // instance's policy allows
    SerialPolicy live = new SerialPolicy(SerialPolicy.Limits.DEFAULT, java.util.List.of());
    JvmFilter.register(live);
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
      Ref<?> back = (Ref<?>) in.readObject();
      assertThat(back.id()).isEqualTo(ref.id());
      assertThat(back.owner()).isEqualTo(ref.owner());
      assertThat(back.context())
          .as("read outside any Grid: bound to nothing")
          .isSameAs(RefContexts.unbound());
    }
    // read by a stream RMI reads itself while a transport call sets a context for it, it binds to
    // that one
    RefContext mine = org.mockito.Mockito.mock(RefContext.class);
    Ref<?> bound = RefContexts.forRmiStreams(mine, () -> {
      try (ObjectInputStream in =
          new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
        return (Ref<?>) in.readObject();
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    });
    JvmFilter.unregister(live);
    assertThat(bound.context()).isSameAs(mine);
    // read by a reader's stream, it binds to the reader's context, whatever the thread has set
    RefContext readers = org.mockito.Mockito.mock(RefContext.class);
    ValueReader reader = new ValueReader(
        new SerialPolicy(SerialPolicy.Limits.DEFAULT, java.util.List.of()), readers);
    Ref<?> read = RefContexts.forRmiStreams(mine, () -> {
      try (ObjectInputStream in = reader.open(b.toByteArray())) {
        return (Ref<?>) in.readObject();
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    });
    assertThat(read.context()).isSameAs(readers);
    org.mockito.Mockito.verify(readers)
        .adopt(read); // read inside a value: held by the reader's instance
  }

  @Test
  void aReferenceReadOutsideAnyGridFailsClearlyAndAsksNothingElse() {
    Ref<String> ref = new Ref<>(UUID.randomUUID(), "rmi://127.0.0.1:40123", RefContexts.unbound());
    assertThat(ref.isDone()).isFalse();
    assertThatThrownBy(ref::get).isInstanceOfSatisfying(GridException.class, e -> {
      assertThat(e.status()).isEqualTo(Status.CANCELLED);
      assertThat(e.getMessage())
          .contains(ref.id().toString())
          .contains("outside any Grid or server")
          .contains("pass it to an async call");
    });
    assertThat(ref.cancel()).isFalse();
    ref.release(); // nothing is held for it here
  }

  @Test
  void isDoneAsksTheReferencesOwnContext() {
    RefContext context = org.mockito.Mockito.mock(RefContext.class);
    Ref<String> ref = new Ref<>(UUID.randomUUID(), "rmi://127.0.0.1:40123", context);
    org.mockito.Mockito.when(context.isDone(ref)).thenReturn(true);
    assertThat(ref.isDone()).isTrue();
  }
}
