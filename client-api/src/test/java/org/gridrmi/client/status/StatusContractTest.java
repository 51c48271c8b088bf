package org.gridrmi.client.status;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pins which {@link Status} each kind of failure gets: what a service's own code throws is REMOTE_FAILURE with the
 * original cause, whatever its type; the other codes only where GridRMI itself decided.
 */
class StatusContractTest {
  private static final Duration WAIT = Duration.ofSeconds(10);
  static GridServer server;
  static Grid grid;

  @BeforeAll
  static void start() {
    server =
        GridServer.builder().name("T1").export(Thrower.class, new ThrowerImpl()).start();
    grid = Grid.connect(server.address());
  }

  @AfterAll
  static void stop() {
    grid.close();
    server.close();
  }

  private static GridException failureOf(Runnable r) {
    try {
      r.run();
    } catch (GridException e) {
      return e;
    }
    throw new AssertionError("no GridException");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "IllegalArgumentException",
        "NullPointerException",
        "ClassCastException",
        "IllegalStateException",
        "UnsupportedOperationException",
        "ArithmeticException"
      })
  void whateverServiceCodeThrowsIsRemoteFailureWithTheOriginalCause(String type) {
    Thrower plain = grid.plain(Thrower.class);
    ThrowerAsync async = grid.async(ThrowerAsync.class);
    for (GridException e : new GridException[] {
      failureOf(() -> async.raise(type, "bad input seen by the service").get(WAIT)),
      failureOf(() -> plain.raise(type, "bad input seen by the service"))
    }) {
      assertThat(e.status()).isEqualTo(Status.REMOTE_FAILURE);
      assertThat(e.getCause()).isNotNull();
      assertThat(e.getCause().getClass().getSimpleName()).isEqualTo(type);
      assertThat(e.getCause()).hasMessage("bad input seen by the service");
      assertThat(e.chain()).containsExactly("Thrower.raise on T1");
    }
  }

  @Test
  void theChainIsPrintedOnceAlongAChain() {
    ThrowerAsync async = grid.async(ThrowerAsync.class);
    RemoteReference<String> failed = async.raise("IllegalStateException", "boom");
    RemoteReference<String> next = async.echo(async.echo(failed));
    GridException e = failureOf(() -> next.get(WAIT));
    assertThat(e.chain())
        .containsExactly("Thrower.raise on T1", "Thrower.echo on T1", "Thrower.echo on T1");
    assertThat(e.getMessage())
        .startsWith("REMOTE_FAILURE: ")
        .endsWith(" [calls: Thrower.raise on T1 -> Thrower.echo on T1 -> Thrower.echo on T1]");
    assertThat(e.getMessage().split("\\[calls:", -1)).hasSize(2);
    assertThat(e.getMessage().split("REMOTE_FAILURE", -1)).hasSize(2);
  }

  @Test
  void invalidArgumentIsGridRmiRefusingTheArguments() {
    ThrowerAsync async = grid.async(ThrowerAsync.class);
    assertThat(failureOf(() -> async.echo(null)).status()).isEqualTo(Status.INVALID_ARGUMENT);
    @SuppressWarnings({"unchecked", "rawtypes"})
    RemoteReference<String> notAString = (RemoteReference) grid.put(new int[] {1});
    GridException e = failureOf(() -> async.echo(notAString).get(WAIT));
    assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT);
    assertThat(e.getMessage())
        .contains("argument 1 of Thrower.echo is a [I, expected java.lang.String");
  }

  @Test
  void permissionDeniedIsAClassTheFiltersRefuse() {
    GridException e = failureOf(
        () -> grid.async(ThrowerAsync.class).describe(new AtomicInteger(1)).get(WAIT));
    assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
    assertThat(e.getMessage()).contains("java.util.concurrent.atomic.AtomicInteger");
  }

  @Test
  void aPlainResultOfAClassNoOneAllowedIsRefusedByTheJvmWideFilter() {
    // RMI reads a plain call's result with no filter of its own: the JVM-wide one decides
    GridException e = failureOf(() -> grid.plain(Thrower.class).unallowed());
    assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
    assertThat(e.getMessage()).contains("java.util.concurrent.atomic.AtomicLong");
  }

  @Test
  void notFoundIsAnUnknownValueOrService() {
    RemoteReference<String> r = grid.async(ThrowerAsync.class).echo(RemoteReference.of("x"));
    r.get(WAIT);
    r.release();
    assertThat(failureOf(() -> grid.async(ThrowerAsync.class).echo(r)).status())
        .isEqualTo(Status.NOT_FOUND);
    assertThat(failureOf(() -> grid.async(org.gridrmi.client.Fig2ServiceAsync.class))
            .status())
        .isEqualTo(Status.NOT_FOUND);
  }

  @Test
  void cancelledIsACancelOrAClosedGrid() {
    Grid other = Grid.connect(server.address());
    RemoteReference<String> r = other.async(ThrowerAsync.class).echo(RemoteReference.of("x"));
    other.close();
    assertThat(failureOf(() -> r.get(WAIT)).status()).isEqualTo(Status.CANCELLED);
    assertThat(failureOf(() -> other.put("y")).status()).isEqualTo(Status.CANCELLED);
  }

  @Test
  void deadlineExceededIsATimeoutOrADeadline() {
    ThrowerAsync withDeadline = grid.async(
        ThrowerAsync.class, CallOptions.on(grid.server("T1")).withDeadline(Duration.ofMillis(100)));
    assertThat(failureOf(() -> withDeadline.sleep(5000).get(WAIT)).status())
        .isEqualTo(Status.DEADLINE_EXCEEDED);
    RemoteReference<String> slow = grid.async(ThrowerAsync.class).sleep(2000);
    assertThat(failureOf(() -> slow.get(Duration.ofMillis(50))).status())
        .isEqualTo(Status.DEADLINE_EXCEEDED);
    slow.cancel();
  }

  @Test
  void unavailableIsAServerThatIsGone() {
    GridServer gone = GridServer.builder()
        .name("GONE")
        .export(Thrower.class, new ThrowerImpl())
        .start();
    try (Grid g = Grid.connect(gone.address())) {
      ThrowerAsync async = g.async(ThrowerAsync.class);
      gone.close();
      GridException e = failureOf(() -> async.echo(RemoteReference.of("x")).get(WAIT));
      assertThat(e.status()).isEqualTo(Status.UNAVAILABLE);
      assertThat(e.getMessage()).contains("GONE");
    }
  }
}
