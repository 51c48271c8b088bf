package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RefSizeTest {
  @Test
  void aReferenceIsSmallAndSurvivesSerialization() throws Exception {
    Ref<String> ref = new Ref<>(UUID.randomUUID(), "rmi://127.0.0.1:40123", null);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(ref);
    }
    int size = b.size();
    System.out.println("serialized RemoteReference: " + size + " bytes (16 of identity + the owner's address)");
    assertThat(size).isLessThan(128);
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
      Ref<?> back = (Ref<?>) in.readObject();
      assertThat(back.id()).isEqualTo(ref.id());
      assertThat(back.owner()).isEqualTo(ref.owner());
      assertThat(back.context()).as("read outside any Grid: the detached context").isSameAs(RefContexts.current());
    }
    // read where code sets a context (a server running a call), it binds to that one
    RefContext mine = org.mockito.Mockito.mock(RefContext.class);
    Ref<?> bound = RefContexts.with(mine, () -> {
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
        return (Ref<?>) in.readObject();
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    });
    assertThat(bound.context()).isSameAs(mine);
  }
}
