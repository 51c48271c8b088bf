package org.gridrmi.client.internal;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.ref.AsyncViewOf;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.MethodKeys;

/** Maps a generated async view's methods to the service methods they call. */
final class ViewMethods {
  private ViewMethods() {}

  static Class<?> serviceOf(Class<?> view) {
    AsyncViewOf of = view.getAnnotation(AsyncViewOf.class);
    if (of == null || !view.isInterface()) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          view.getName() + " is not a generated async view: "
              + "annotate the service interface with @GridService and use its ...Async interface");
    }
    return of.value();
  }

  /** The service method an async view method stands for. */
  static Method serviceMethod(Class<?> service, Method viewMethod) {
    List<Method> found = new ArrayList<>();
    Class<?>[] vp = viewMethod.getParameterTypes();
    for (Method m : service.getMethods()) {
      if (!m.getName().equals(viewMethod.getName()) || m.getParameterCount() != vp.length) continue;
      boolean match = true;
      Class<?>[] sp = m.getParameterTypes();
      for (int i = 0; i < vp.length && match; i++) {
        match = vp[i] == RemoteReference.class ? !sp[i].isPrimitive() : vp[i] == sp[i];
      }
      if (match) found.add(m);
    }
    if (found.size() != 1) {
      throw new GridException(
          Status.INTERNAL,
          "async view method " + viewMethod + " matches " + found.size() + " methods of "
              + service.getName() + "; rebuild the view");
    }
    return found.get(0);
  }

  static String key(Method serviceMethod) {
    return MethodKeys.of(serviceMethod);
  }
}
