package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Writes bounded by the thread's {@link CallDeadline}: a stalled one is cut, a flowing one costs no timer per write. */
class WriteWatchdogTest {

  /** A connected pair on loopback; the accepted end never reads. */
  private static Socket[] pair(ServerSocket server) throws IOException {
    Socket writer = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
    return new Socket[] {writer, server.accept()};
  }

  @Test
  void aWriteBlockedPastTheDeadlineHasItsSocketClosed() throws IOException {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Socket[] p = pair(server);
      try (Socket writer = p[0];
          Socket silent = p[1]) {
        WriteWatchdog.Guard guard = new WriteWatchdog.Guard(writer);
        OutputStream out = writer.getOutputStream();
        byte[] chunk = new byte[1 << 20];
        long start = System.nanoTime();
        assertThatThrownBy(() -> CallDeadline.within(
                TimeUnit.MILLISECONDS.toNanos(300), TimeUnit.MILLISECONDS.toNanos(300), () -> {
                  for (int i = 0; i < 1024; i++) { // 1 GB: far more than the socket buffers hold
                    guard.arm();
                    try {
                      out.write(chunk);
                    } finally {
                      guard.disarm();
                    }
                  }
                  return null;
                }))
            .isInstanceOf(IOException.class);
        assertThat(writer.isClosed()).isTrue();
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(10));
      }
    }
  }

  @Test
  void writesThatKeepFlowingArmOneTimerNotOnePerWrite() throws IOException {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Socket[] p = pair(server);
      try (Socket writer = p[0];
          Socket reader = p[1]) {
        Thread drain = new Thread(() -> {
          byte[] b = new byte[1 << 16];
          try {
            while (reader.getInputStream().read(b) >= 0) {
              /* drained */
            }
          } catch (IOException closed) {
            // the test is over
          }
        });
        drain.start();
        WriteWatchdog.Guard guard = new WriteWatchdog.Guard(writer);
        OutputStream out = writer.getOutputStream();
        long before = WriteWatchdog.timersScheduled();
        CallDeadline.within(TimeUnit.SECONDS.toNanos(30), TimeUnit.SECONDS.toNanos(30), () -> {
          for (int i = 0; i < 500; i++) {
            guard.arm();
            try {
              out.write(new byte[1024]);
            } finally {
              guard.disarm();
            }
          }
          return null;
        });
        assertThat(WriteWatchdog.timersScheduled() - before).isEqualTo(1);
        assertThat(writer.isClosed()).isFalse();
      }
    }
  }

  @Test
  void aWriteWithoutADeadlineIsNotWatched() throws IOException {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Socket[] p = pair(server);
      try (Socket writer = p[0];
          Socket reader = p[1]) {
        WriteWatchdog.Guard guard = new WriteWatchdog.Guard(writer);
        long before = WriteWatchdog.timersScheduled();
        guard.arm();
        writer.getOutputStream().write(1);
        guard.disarm();
        assertThat(WriteWatchdog.timersScheduled()).isEqualTo(before);
        assertThat(reader.getInputStream().read()).isEqualTo(1);
      }
    }
  }
}
