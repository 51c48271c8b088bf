package org.gridrmi.runtime.net;

import java.io.OutputStream;

/**
 * Shapes what one JVM writes to its GridRMI connections, to emulate a slower network on one machine.
 * Applied by {@link GridSocketFactory} to the output side of every socket, client and server side alike,
 * so each message is delayed once, by its sender.
 */
public interface LinkShaper {
  /** No delay, no bandwidth limit: the plain loopback or LAN. */
  LinkShaper NONE = new LinkShaper() {
    @Override
    public OutputStream shape(OutputStream raw) {
      return raw;
    }

    @Override
    public String describe() {
      return "loopback";
    }
  };

  /** Wraps the raw socket stream; called once per socket. */
  OutputStream shape(OutputStream raw);

  /** A short human description, such as {@code "paper-wan (21 ms, 3.1 MB/s)"}. */
  String describe();
}
