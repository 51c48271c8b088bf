package org.gridrmi.cli;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * A slower machine, emulated ({@code gridrmi server --compute-scale F}): every call of a service takes F times as
 * long as it computed, by sleeping (F - 1) times its own run time after it, on its compute thread, as a CPU F times
 * slower would hold the thread. Sleeping rather than spinning, so that servers sharing a few cores do not slow each
 * other down. The server's own timings (its compute time per method) include the sleep, as they would on that machine.
 */
final class ComputeScale implements InvocationHandler {
  private final Object target;
  private final double factor;

  private ComputeScale(Object target, double factor) {
    this.target = target;
    this.factor = factor;
  }

  /** {@code service} itself for a factor of 1; else a proxy of every interface it implements, slowed down. */
  static Object wrap(Object service, double factor) {
    if (factor == 1) return service;
    return Proxy.newProxyInstance(
        service.getClass().getClassLoader(),
        service.getClass().getInterfaces(),
        new ComputeScale(service, factor));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    if (method.getDeclaringClass() == Object.class) return method.invoke(target, args);
    long start = System.nanoTime();
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    } finally {
      long extra = Math.round((System.nanoTime() - start) * (factor - 1));
      if (extra > 0) Thread.sleep(extra / 1_000_000, (int) (extra % 1_000_000));
    }
  }
}
