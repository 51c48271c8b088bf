package org.gridrmi.perf.placement;

import java.util.List;

/**
 * A call to place.
 *
 * @param method the service method key
 * @param client the node the call comes from (its batch's sender)
 * @param inputs its reference arguments
 * @param next where its result goes next ({@code rmi://host:port}, the client's node for a value it will fetch), or
 *     null if that is not known
 */
public record Call(String method, String client, List<Input> inputs, String next) {
  public Call {
    inputs = List.copyOf(inputs);
  }
}
