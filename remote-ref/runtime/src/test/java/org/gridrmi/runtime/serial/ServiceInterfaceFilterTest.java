package org.gridrmi.runtime.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.gridrmi.ref.GridService;
import org.junit.jupiter.api.Test;

/**
 * A JVM reading the lookup service's registrations (through the JVM-wide filter) gets proxies implementing
 * @GridService interfaces it may not call itself: the filter lets those interfaces through (they have no instances;
 * the proxy's handler is checked on its own), but no other interface.
 */
class ServiceInterfaceFilterTest {
  @GridService
  public interface Marked {
    String hi();
  }

  public interface Unmarked {
    String hi();
  }

  /** An allowed handler (org.gridrmi.**), as GatewayProxy is. */
  static final class Handler implements InvocationHandler, Serializable {
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
      return "hi";
    }
  }

  /** The JVM-wide filter's check with no instance policy but one allowing the handler, as a client's allows GatewayProxy. */
  private final ObjectInputFilter jvmFilter = info -> SerialFilters.check(
      info,
      SerialPolicy.Limits.DEFAULT,
      c -> JvmFilter.plumbing(c) || c == Handler.class,
      JvmFilter::plumbing,
      SerialFilters.callCap(SerialPolicy.Limits.DEFAULT),
      SerialPolicy.Side.ANY);

  private Object roundTrip(Object o) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(o);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
      in.setObjectInputFilter(jvmFilter);
      return in.readObject();
    }
  }

  @Test
  void aProxyOfAGridServiceInterfacePassesTheFilter() throws Exception {
    Object proxy = Proxy.newProxyInstance(
        Marked.class.getClassLoader(), new Class<?>[] {Marked.class}, new Handler());
    assertThat(((Marked) roundTrip(proxy)).hi()).isEqualTo("hi");
    assertThat(roundTrip(Marked.class)).isEqualTo(Marked.class);
  }

  @Test
  void otherInterfacesStayRefused() {
    Object proxy = Proxy.newProxyInstance(
        Unmarked.class.getClassLoader(), new Class<?>[] {Unmarked.class}, new Handler());
    assertThatThrownBy(() -> roundTrip(proxy)).isInstanceOf(InvalidClassException.class);
    assertThatThrownBy(() -> roundTrip(Unmarked.class)).isInstanceOf(InvalidClassException.class);
  }
}
