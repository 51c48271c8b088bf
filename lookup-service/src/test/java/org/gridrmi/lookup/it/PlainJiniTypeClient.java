package org.gridrmi.lookup.it;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.ServiceTemplate;
import org.gridrmi.jama.MatrixOps;

/**
 * A Jini client as any Jini user writes one: the code uses only the net.jini API and the service interface, no
 * GridRMI client. integration-tests' JiniByTypeIT runs it in a JVM whose class path holds only the Jini jars, the
 * lookup service's proxy code (lookup-service, what Jini would download from the lookup service) and the
 * interface with what its signatures need (jama-adapter, remote-ref, JAMA), and the node runtime (with perf-model),
 * whose socket factory the stubs carry.
 * Args: jini://HOST:PORT. Prints what it found and the results of three calls.
 */
public final class PlainJiniTypeClient {
  private PlainJiniTypeClient() {}

  public static void main(String[] args) throws Exception {
    ServiceRegistrar registrar = new LookupLocator(args[0]).getRegistrar(10_000);
    ServiceTemplate byType = new ServiceTemplate(null, new Class<?>[] {MatrixOps.class}, null);
    MatrixOps ops = (MatrixOps) registrar.lookup(byType);
    for (long deadline = System.nanoTime() + 30_000_000_000L;
        ops == null && System.nanoTime() < deadline; ) {
      Thread.sleep(100); // the server registers in the background
      ops = (MatrixOps) registrar.lookup(byType);
    }
    if (ops == null) {
      System.out.println("no MatrixOps registered with " + args[0]);
      System.exit(3);
    }
    System.out.println("found " + ops);
    System.out.println("normInf(identity(3,3)) = " + ops.normInf(ops.identity(3, 3)));
    var a = ops.random(4, 3, 7); // var: the client names no JAMA type
    System.out.println("normInf(transpose(transpose(A)) - A) = "
        + ops.normInf(ops.minus(ops.transpose(ops.transpose(a)), a)));
    try {
      ops.times(a, a);
      System.out.println("times(4x3, 4x3) returned");
    } catch (RuntimeException e) {
      System.out.println("times(4x3, 4x3) failed: " + e.getClass().getName() + ": "
          + e.getMessage().lines().findFirst().orElse(""));
    }
    System.out.flush();
    System.exit(0); // RMI's threads would keep the JVM alive
  }
}
