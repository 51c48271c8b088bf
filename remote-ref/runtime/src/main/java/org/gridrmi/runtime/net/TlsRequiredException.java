package org.gridrmi.runtime.net;

import java.rmi.ConnectIOException;

/**
 * A stub of a TLS peer (a lookup service's registrar, a server's node) asked this JVM for a TLS connection, and this
 * JVM has no TLS settings. Thrown by the socket factory instead of a misleading complaint about a missing password.
 */
public final class TlsRequiredException extends ConnectIOException {
  private static final long serialVersionUID = 1L;

  TlsRequiredException(String peer) {
    super(
        "the GridRMI peer at " + peer
            + " uses TLS, and this program has no TLS settings: give it --tls "
            + "--keystore FILE --truststore FILE --password-file FILE (or GRIDRMI_TLS_PASSWORD), or "
            + "Grid.builder().tls(TlsStores...) in a program of your own (make the files with ./gridrmi keys)");
  }
}
