package org.gridrmi.runtime.internal.rmi.stubform;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;

/**
 * Stands in for {@link java.rmi.server.RemoteObjectInvocationHandler}, the handler of every dynamic RMI stub, while
 * {@link StubForm} reads a stub (same simple name and serialVersionUID, see {@link RemoteObject}). Never invoked.
 */
final class RemoteObjectInvocationHandler extends RemoteObject implements InvocationHandler {
  private static final long serialVersionUID = 2L;

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) {
    throw new UnsupportedOperationException("a stub read for its endpoint only");
  }
}
