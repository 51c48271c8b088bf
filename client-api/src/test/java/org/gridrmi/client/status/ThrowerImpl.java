package org.gridrmi.client.status;

public final class ThrowerImpl implements Thrower {
  @Override
  public String raise(String exceptionClass, String message) {
    try {
      throw (RuntimeException) Class.forName("java.lang." + exceptionClass)
          .getConstructor(String.class)
          .newInstance(message);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("no such exception class " + exceptionClass, e);
    }
  }

  @Override
  public String describe(Object value) {
    return value.getClass().getName();
  }

  @Override
  public String echo(String s) {
    return s;
  }

  @Override
  public Object unallowed() {
    return new java.util.concurrent.atomic.AtomicLong(7);
  }

  @Override
  public String sleep(int millis) {
    try {
      Thread.sleep(millis);
      return "slept " + millis;
    } catch (InterruptedException e) {
      throw new IllegalStateException("interrupted", e);
    }
  }
}
