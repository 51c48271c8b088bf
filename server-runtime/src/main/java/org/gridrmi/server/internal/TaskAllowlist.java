package org.gridrmi.server.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;

/**
 * Which {@link org.gridrmi.ref.Task} classes one server runs: its own ({@code org.gridrmi.**}, such as
 * {@code org.gridrmi.jama.Adjust}) and those its operator allows by class or package ({@code --allow-task
 * com.acme.MyTask}, {@code com.acme.*}, {@code com.acme.**}). Task code is never uploaded: the class must be on the
 * server's class path (the stream filter refuses anything else first), and lambdas are refused (their serialized
 * form names no allowed class).
 */
public final class TaskAllowlist {
  private final List<String> patterns = new CopyOnWriteArrayList<>(List.of("org.gridrmi.**"));
  private final SerialPolicy policy;

  public TaskAllowlist(SerialPolicy policy) {
    this.policy = policy;
  }

  /** Allows a task class or package; the server's stream filter then lets its instances be deserialized too. */
  public void allow(String pattern) {
    String p = pattern.trim();
    if (p.isEmpty()) return;
    if (!patterns.contains(p)) patterns.add(p);
    policy.allow(p);
  }

  public boolean allowed(Class<?> c) {
    String n = c.getName();
    for (String p : patterns) {
      if (p.endsWith(".**")
          ? n.startsWith(p.substring(0, p.length() - 2))
          : p.endsWith(".*")
              ? c.getPackageName().equals(p.substring(0, p.length() - 2))
              : n.equals(p)) {
        return true;
      }
    }
    return false;
  }

  /** @throws GridException PERMISSION_DENIED naming the class and how to allow it */
  void check(Class<?> c, String call) {
    if (allowed(c)) return;
    throw new GridException(
        Status.PERMISSION_DENIED,
        call + ": task class " + c.getName() + " is not allowed on "
            + "this server; its operator may allow it with --allow-task " + c.getName()
            + " or --allow-task "
            + c.getPackageName() + ".* (allowed now: " + patterns + ")");
  }
}
