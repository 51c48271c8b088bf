package org.gridrmi.runtime.wire;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

/** How a service method is named on the wire: {@code name(type,type)} with erased parameter class names. */
public final class MethodKeys {
  private MethodKeys() {}

  public static String of(Method m) {
    return m.getName()
        + Arrays.stream(m.getParameterTypes())
            .map(Class::getName)
            .collect(Collectors.joining(",", "(", ")"));
  }

  /** {@code MatrixOps.svd}: how users read a call in messages. */
  public static String label(Class<?> service, Method m) {
    return service.getSimpleName() + "." + m.getName();
  }
}
