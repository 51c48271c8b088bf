package org.gridrmi.runtime.serial;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import org.gridrmi.runtime.net.GridSocketFactory;
import org.junit.jupiter.api.Test;

/**
 * What the JVM-wide filter allows whatever instance is live: what every instance's policy allows (GridRMI's own
 * types, JDK value types) besides RMI's and Jini's plumbing, since River's threads and a LookupDirectory used alone
 * read registrar stubs (GridRMI's socket factory and invocation handler) and replies (JDK collections) when no Grid or
 * server is live.
 */
class JvmFilterTest {
  @Test
  void gridRmisOwnTypesAndJdkValuesAreAllowedWithoutALivePolicyButNothingMore() {
    assertThat(JvmFilter.allowed(GridSocketFactory.class)).isTrue();
    assertThat(JvmFilter.allowed(ArrayList.class)).isTrue();
    assertThat(JvmFilter.allowed(java.rmi.server.RemoteObject.class)).isTrue();
    assertThat(JvmFilter.allowed(BitSet.class)).isFalse();
  }
}
