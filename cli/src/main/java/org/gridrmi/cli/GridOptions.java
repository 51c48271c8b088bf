package org.gridrmi.cli;

import java.util.ArrayList;
import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.LinkShaper;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options of every command that makes a Grid and starts servers (demo, calibrate, benchmarks): the emulated link,
 * TLS and the metrics port. They become the Grid's builder settings and the arguments of every server JVM the command starts, so that
 * every JVM of a run emulates the same link and uses the same stores. Nothing is set JVM-wide.
 */
public final class GridOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Mixin
  public TlsOptions tls;

  @Mixin
  public org.gridrmi.cli.TelemetryOptions telemetry;

  private String link;
  private LinkPlan plan = LinkPlan.NONE;

  @Option(
      names = "--link",
      paramLabel = "PROFILE",
      description =
          "emulated link of every JVM of the run: loopback, lan, paper-wan, or delay=21ms,bw=3MB/s; or a "
              + "matrix by node name: default=lan,S3=paper-wan,S3-S4=lan (client: the Grid)")
  void link(String spec) {
    try {
      plan = LinkPlan.parse(spec);
    } catch (
        IllegalArgumentException
            e) { // one line naming the option, the value and the forms it takes
      throw new ParameterException(
          command.commandLine(), "--link '" + spec + "': " + e.getMessage());
    }
    link = spec;
  }

  /** The link as given ({@code loopback} if none was). */
  public String link() {
    return link == null ? "loopback" : link;
  }

  /** Uses {@code spec} unless {@code --link} was given (the demo's default is the paper's WAN). */
  public void defaultLink(String spec) {
    if (link == null) {
      plan = LinkPlan.parse(spec);
      link = spec;
    }
  }

  /** The default link as a shaper, for sockets a benchmark makes itself (its raw-socket baselines). */
  public LinkShaper shaper() {
    return plan.inbound();
  }

  /**
   * A Grid builder with these settings. The first one configures the JVM's OpenTelemetry SDK from the OTEL_*
   * settings and {@code --metrics-port}; its Grids report through it.
   */
  public Grid.Builder grid() {
    telemetry.start(command.qualifiedName("-"), null, "127.0.0.1");
    return tls.applyTo(Grid.builder().link(link()));
  }

  /** The options every server JVM of the run gets. */
  public List<String> serverArgs() {
    List<String> a = new ArrayList<>(List.of("--link", link()));
    a.addAll(tls.asArguments(null));
    return a;
  }
}
