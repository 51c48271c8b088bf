package org.gridrmi.server.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.Task;
import org.gridrmi.runtime.wire.SerializedValue;
import org.gridrmi.runtime.wire.ValueReader;

/** Checks resolved arguments against a method's parameters, then invokes it; one place for both call paths. */
final class Invocation {
  private Invocation() {}

  /**
   * @param reader how by-value arguments are decoded: the server's policy, the references inside bound to the context
   *     of the call
   * @return the method's result
   * @throws GridException INVALID_ARGUMENT for an argument of the wrong type, or whatever the method threw
   *     (wrapped so that its status survives)
   */
  static Object invoke(
      ServiceRegistry.Target t, Object[] args, TaskAllowlist tasks, ValueReader reader)
      throws Throwable {
    Method m = t.method();
    Class<?>[] types = m.getParameterTypes();
    if (args == null || args.length != types.length) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          t.label() + " takes " + types.length + " arguments, got "
              + (args == null ? 0 : args.length));
    }
    Object[] values = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      Object v = args[i] instanceof SerializedValue s ? s.value(reader) : args[i];
      if (v instanceof Task<?, ?> task) tasks.check(task.getClass(), t.label());
      Class<?> want = wrap(types[i]);
      if (v == null && types[i].isPrimitive()) {
        throw new GridException(
            Status.INVALID_ARGUMENT,
            "argument " + (i + 1) + " of " + t.label() + " is null, expected "
                + types[i].getName());
      }
      if (v != null && !want.isInstance(v)) {
        throw new GridException(
            Status.INVALID_ARGUMENT,
            "argument " + (i + 1) + " of " + t.label() + " is a " + v.getClass().getName()
                + ", expected " + types[i].getName());
      }
      values[i] = v;
    }
    try {
      return m.invoke(t.impl(), values);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /**
   * As {@link #invoke}, for code that cannot throw a checked exception (a lambda the serial policy runs): a checked
   * exception the method threw comes out wrapped in {@link Thrown}.
   */
  static Object invokeUnchecked(
      ServiceRegistry.Target t, Object[] args, TaskAllowlist tasks, ValueReader reader) {
    try {
      return invoke(t, args, tasks, reader);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new Thrown(e);
    }
  }

  /** A checked exception a service method threw, carried through code that cannot throw it. */
  static final class Thrown extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Thrown(Throwable cause) {
      super(cause);
    }
  }

  private static Class<?> wrap(Class<?> c) {
    if (!c.isPrimitive()) return c;
    if (c == int.class) return Integer.class;
    if (c == long.class) return Long.class;
    if (c == double.class) return Double.class;
    if (c == boolean.class) return Boolean.class;
    if (c == float.class) return Float.class;
    if (c == short.class) return Short.class;
    if (c == byte.class) return Byte.class;
    return Character.class;
  }
}
