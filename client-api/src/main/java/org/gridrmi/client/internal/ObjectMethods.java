package org.gridrmi.client.internal;

import java.lang.reflect.Method;

/** equals, hashCode and toString for view proxies. */
final class ObjectMethods {
  private ObjectMethods() {}

  static Object handle(Object proxy, Method m, Object[] args, Object handler) {
    return switch (m.getName()) {
      case "equals" -> proxy == args[0];
      case "hashCode" -> System.identityHashCode(proxy);
      default -> handler.toString();
    };
  }
}
