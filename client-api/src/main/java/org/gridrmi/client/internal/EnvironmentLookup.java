package org.gridrmi.client.internal;

import java.util.Map;
import org.gridrmi.lookup.JiniUrls;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The lookup service a batch job names in its environment ({@code GRIDRMI_LOOKUP}, exported by
 * deploy/slurm/gridrmi.sbatch), checked before anything connects. It reads only the map it is given: which map is
 * the process's environment is decided by the public entry point that says so.
 */
public final class EnvironmentLookup {
  /** The variable's name. */
  public static final String VARIABLE = "GRIDRMI_LOOKUP";

  private EnvironmentLookup() {}

  /**
   * The variable's {@code jini://HOST:PORT} address.
   *
   * @throws GridException INVALID_ARGUMENT naming the variable if it is unset, blank or not a lookup address
   */
  public static String address(Map<String, String> environment) {
    String url = environment.get(VARIABLE);
    if (url == null || url.isBlank()) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          VARIABLE + " is not set: expected jini://HOST:PORT, the lookup "
              + "service of the grid this program runs in (deploy/slurm/gridrmi.sbatch exports it to the job's command)");
    }
    try {
      JiniUrls.parse(url);
    } catch (IllegalArgumentException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT, VARIABLE + "='" + url + "': " + e.getMessage(), e);
    }
    return url.trim();
  }
}
