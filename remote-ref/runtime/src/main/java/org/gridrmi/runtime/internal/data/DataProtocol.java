package org.gridrmi.runtime.internal.data;

/**
 * The data connection's protocol, in one place. A data connection shares its node's RMI port: it opens with
 * {@code SharedPort.DATA_MAGIC} where JRMP opens with {@code "JRMI"}, then every message is framed by {@link ChunkedOutput}.
 *
 * <pre>
 * client: "GRDP", hello {version int, ticket msb long, lsb long}       (sent with the first request, no round trip)
 * client: FETCH {id msb long, lsb long, wait ms long, requester UTF ("" none), requester node id msb long, lsb long
 *         (0, 0 none), requester key msb long, lsb long (0, 0 none), announced boolean,
 *         trace context UTF ("" none)}
 * server: READY {producer's trace context UTF ("" none), nanos the request was held waiting for the value long,
 *         transfer id long (0 none: the receiver acknowledges it with NodeProtocol.transferred once it holds the
 *         references inside), value as WireValue.writeStreamed} | FAILED {Failure, Java serialization} | PENDING {}
 *         | REFUSED {status UTF, message UTF}, then the server closes the connection
 * </pre>
 * Before the magic, the connection proved the grid secret ({@code SecretHandshake}; under TLS, a certificate of the
 * Grid's CA). The ticket is a secret of the serving node, handed out by its RMI {@code info()} call: only a peer
 * that may call the node over RMI can open a data connection to it.
 */
final class DataProtocol {
  // 2: a ready answer says how long the owner held the request (link samples); 3: a request carries
  // the requester's key; 4: and its node id (an owner keeps borrows by node, not address); 5: a
  // ready answer carries its transfer id (pins acknowledged by the receiver)
  static final int VERSION = 5;
  static final byte FETCH = 1;
  static final byte READY = 0, FAILED = 1, PENDING = 2, REFUSED = 3;

  private DataProtocol() {}
}
