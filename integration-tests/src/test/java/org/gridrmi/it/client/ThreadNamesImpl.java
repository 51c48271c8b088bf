package org.gridrmi.it.client;

/** Appends the running thread's name. */
public final class ThreadNamesImpl implements ThreadNames {
  @Override
  public String appendThread(String text) {
    return text + " " + Thread.currentThread().getName();
  }
}
