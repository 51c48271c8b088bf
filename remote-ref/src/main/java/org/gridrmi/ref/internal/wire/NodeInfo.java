package org.gridrmi.ref.internal.wire;

import java.io.Serializable;
import java.util.UUID;

/**
 * @param id the node's identity (not its address: several nodes may share a host)
 * @param name a human name such as {@code S1}
 * @param address {@code rmi://host:port}
 */
public record NodeInfo(UUID id, String name, String address) implements Serializable {}
