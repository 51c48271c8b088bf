package org.gridrmi.ref;

import java.io.Serializable;

/**
 * A piece of user code run on a server next to its data, as the paper's {@code Adjust} task (Fig. 9).
 *
 * <p>A task travels by value: its fields are serialized with the call. Its <em>class</em> never does: the server
 * runs a task only if it can load the class from its own class path or from the task jars deployed with it, and
 * only if its operator allows it. A task whose class the server cannot load fails that one call with
 * {@link Status#INVALID_ARGUMENT}, naming the class and how to deploy it.
 *
 * @param <T> the argument type
 * @param <R> the result type
 */
@FunctionalInterface
public interface Task<T, R> extends Serializable {
  /**
   * Runs the task on the server.
   *
   * @param argument the resolved argument, never a reference
   * @return the result, stored on the server as the value of the call's reference
   * @throws Exception any failure, stored as the call's failure with status {@link Status#REMOTE_FAILURE}
   */
  R apply(T argument) throws Exception;
}
