package org.gridrmi.runtime.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;

/**
 * Whether a GridRMI process listens at an address, told by its connection hello ({@link SecretHandshake}) rather than
 * by JRMP: a server that holds a grid secret refuses plain JRMP before RMI sees it, so only its own hello tells what it
 * is. The probe says it holds no secret (mode {@code N}) and reads the first bytes of the reply: it proves nothing and
 * learns nothing of the secret. Used where a user gave an address and GridRMI tells them what answers there.
 */
public final class HelloProbe {
  private HelloProbe() {}

  /**
   * Whether the process at {@code host:port} answers GridRMI's hello within {@code bound} (connect and reply each);
   * false if it answers otherwise, not at all, or cannot be reached. Never throws.
   */
  public static boolean answers(String host, int port, Duration bound) {
    int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, bound.toMillis()));
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), millis);
      s.setSoTimeout(millis);
      byte[] hello = Arrays.copyOf(SecretHandshake.MAGIC, SecretHandshake.HELLO);
      hello[SecretHandshake.MAGIC.length] = SecretHandshake.VERSION;
      hello[SecretHandshake.MAGIC.length + 1] = SecretHandshake.NO_SECRET;
      s.getOutputStream().write(hello);
      s.getOutputStream().flush();
      byte[] reply = s.getInputStream().readNBytes(SecretHandshake.MAGIC.length);
      return Arrays.equals(reply, SecretHandshake.MAGIC);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
