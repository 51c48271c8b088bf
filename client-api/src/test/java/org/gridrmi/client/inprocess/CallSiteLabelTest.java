package org.gridrmi.client.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import org.gridrmi.ref.RemoteReference;
import org.gridrmi.runtime.wire.Ref;
import org.junit.jupiter.api.Test;

/**
 * A reference's label names its call's site ({@code "Work.make on S1"}): one string for all the references of one
 * method on one server, not one per reference (about 60 bytes each, which a client holding many pays).
 */
class CallSiteLabelTest extends InProcessGridTest {
  @Test
  void referencesOfOneMethodOnOneServerShareOneLabel() {
    TwoServers t = twoServers();
    RemoteReference<byte[]> a = t.on1().make(1, "a");
    RemoteReference<byte[]> b = t.on1().make(1, "b");
    RemoteReference<byte[]> c = t.on2().make(1, "c");
    String label = ((Ref<?>) a).describe();
    assertThat(label).contains("make").endsWith(" on S1");
    assertThat(((Ref<?>) b).describe()).isSameAs(label);
    assertThat(((Ref<?>) c).describe()).endsWith(" on S2");
    assertThat(a.get(SHORT)).hasSize(1);
  }
}
