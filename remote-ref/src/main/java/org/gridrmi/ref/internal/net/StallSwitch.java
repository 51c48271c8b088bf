package org.gridrmi.ref.internal.net;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test-only network partition: with {@code -Dgridrmi.test.stallFile=PATH}, once that file exists this JVM's
 * GridRMI connections silently stop delivering what it sends (writes succeed, nothing arrives, the TCP
 * connection stays open), as a link that stalls does. Tests use it to show that calls then end in
 * DEADLINE_EXCEEDED rather than hang. Without the property this class does nothing.
 */
final class StallSwitch {
  static final String PROPERTY = "gridrmi.test.stallFile";
  private static volatile long checkedAt;
  private static volatile boolean stalled;

  private StallSwitch() {}

  static LinkShaper wrap(LinkShaper shaper) {
    String file = System.getProperty(PROPERTY);
    if (file == null || file.isBlank()) return shaper;
    Path path = Path.of(file);
    return new LinkShaper() {
      @Override public OutputStream shape(OutputStream raw) {
        return new FilterOutputStream(shaper.shape(raw)) {
          @Override public void write(int b) throws IOException {
            if (!stalled(path)) out.write(b);
          }

          @Override public void write(byte[] b, int off, int len) throws IOException {
            if (!stalled(path)) out.write(b, off, len);
          }

          @Override public void flush() throws IOException {
            if (!stalled(path)) out.flush();
          }
        };
      }

      @Override public String describe() {
        return shaper.describe() + ", stalls once " + path + " exists";
      }
    };
  }

  private static boolean stalled(Path path) {
    if (stalled) return true; // a stall is never lifted: the stream may have lost bytes
    long now = System.nanoTime();
    if (now - checkedAt > 20_000_000L) {
      checkedAt = now;
      if (Files.exists(path)) {
        stalled = true;
        System.err.println("GridRMI test stall: " + path + " exists, this JVM's links stop delivering");
      }
    }
    return stalled;
  }
}
