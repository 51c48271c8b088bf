package org.gridrmi.lookup.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.UnexpectedException;
import java.rmi.server.RemoteObject;
import java.rmi.server.RemoteRef;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The invocation handler of the JRMP stubs we give Reggie's registrar: like the JDK's
 * {@code RemoteObjectInvocationHandler}, but it also calls methods a remote interface inherits
 * from a non-{@code Remote} interface.
 *
 * <p>Why: Reggie's {@code Registrar} extends {@code Remote} and also {@code DiscoveryAdmin},
 * {@code JoinAdmin}, {@code DestroyAdmin}, which do not. The JDK's client-side check refuses
 * those ({@code Method is not Remote}), which breaks even the standard
 * {@code ServiceRegistrar.getGroups()}. The server side of JRMP dispatches every method of a
 * remote interface, inherited ones included, so only the client needed changing. The method
 * hash is the one the RMI specification defines (section 8.3).
 *
 * <p>It travels as a {@link RegistrarHandle}: its reference as bytes, checked before it is made. It is no
 * {@link RemoteObject} (as the JDK's handler is), so that no stream ever carries it with a live reference.
 */
final class InheritingInvocationHandler implements InvocationHandler, Serializable {
  private static final long serialVersionUID = 1L;
  private static final Map<Method, Long> HASHES = new ConcurrentHashMap<>();

  /** Not a {@link RemoteObject}'s field: never serialized itself, so GridRMI's filters never meet a live one here. */
  private final transient RemoteRef ref;

  InheritingInvocationHandler(RemoteRef ref) {
    this.ref = java.util.Objects.requireNonNull(ref, "ref");
  }

  /** As {@link RemoteObject#equals}: handlers of the same remote object. */
  @Override
  public boolean equals(Object o) {
    return o instanceof InheritingInvocationHandler other && ref.remoteEquals(other.ref);
  }

  @Override
  public int hashCode() {
    return ref.remoteHashCode();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + ref.remoteToString() + "]";
  }

  /** Travels as its reference's bytes: see {@link RegistrarHandle}. */
  @java.io.Serial
  private Object writeReplace() {
    return new RegistrarHandle(ref);
  }

  /** Never read itself: a stream that names this class was not written by it. */
  @java.io.Serial
  private void readObject(java.io.ObjectInputStream in) throws java.io.InvalidObjectException {
    throw new java.io.InvalidObjectException(
        "a registrar handler travels only as a " + RegistrarHandle.class.getSimpleName());
  }

  /** Wraps the ref of a JDK stub in a proxy with the same interfaces and this handler. */
  static Remote wrap(Remote jdkStub) {
    RemoteRef ref = ((RemoteObject) Proxy.getInvocationHandler(jdkStub)).getRef();
    return (Remote) Proxy.newProxyInstance(
        jdkStub.getClass().getClassLoader(),
        jdkStub.getClass().getInterfaces(),
        new InheritingInvocationHandler(ref));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    if (method.getDeclaringClass() == Object.class) {
      return invokeObjectMethod(proxy, method, args);
    }
    try {
      return ref.invoke((Remote) proxy, method, args, hash(method));
    } catch (RuntimeException | Error | RemoteException e) {
      throw e;
    } catch (Exception e) {
      for (Class<?> declared : method.getExceptionTypes()) {
        if (declared.isInstance(e)) {
          throw e;
        }
      }
      throw new UnexpectedException("undeclared checked exception", e);
    }
  }

  private Object invokeObjectMethod(Object proxy, Method method, Object[] args) {
    switch (method.getName()) {
      case "hashCode":
        return hashCode();
      case "equals":
        Object other = args[0];
        return proxy == other
            || (other != null
                && Proxy.isProxyClass(other.getClass())
                && equals(Proxy.getInvocationHandler(other)));
      case "toString":
        return "Proxy[" + String.join(",", interfaceNames(proxy)) + "," + this + "]";
      default:
        throw new IllegalArgumentException("unexpected Object method " + method);
    }
  }

  private static String[] interfaceNames(Object proxy) {
    Class<?>[] interfaces = proxy.getClass().getInterfaces();
    String[] names = new String[interfaces.length];
    for (int i = 0; i < names.length; i++) {
      names[i] = interfaces[i].getName();
    }
    return names;
  }

  /** RMI method hash: the first 8 bytes (little end first) of SHA-1 over writeUTF(name+descriptor). */
  static long hash(Method method) {
    return HASHES.computeIfAbsent(method, m -> {
      String signature = m.getName()
          + MethodType.methodType(m.getReturnType(), m.getParameterTypes())
              .toMethodDescriptorString();
      try {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
          out.writeUTF(signature);
        }
        byte[] digest = MessageDigest.getInstance("SHA-1").digest(bytes.toByteArray());
        long h = 0;
        for (int i = 0; i < Math.min(8, digest.length); i++) {
          h += ((long) (digest[i] & 0xFF)) << (i * 8);
        }
        return h;
      } catch (IOException | NoSuchAlgorithmException e) {
        throw new IllegalStateException("cannot hash " + signature, e);
      }
    });
  }
}
