/**
 * The {@code gridrmi} command (picocli): its own subcommands (server, lookup, status, keys, model, trace, bench),
 * the options they share, and {@link CommandProvider}, through which gridrmi-benchmarks adds the demo, calibrate
 * and the benchmarks. Used by the {@code gridrmi} launcher and by gridrmi-benchmarks; users run the command, they
 * do not compile against it.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link BenchCommand}: {@code gridrmi bench NAME}: launches the benchmarks that other modules provide.
 *   <li>{@link CommandProvider}: commands another module adds to {@code gridrmi}, found with
 *       {@link java.util.ServiceLoader}.
 *   <li>{@link CommandRunner}: runs every command line the same way: a mistake in the options is one line on stderr
 *       naming the option.
 *   <li>{@link GridOptions}: the options of every command that makes a Grid and starts servers: emulated link, TLS,
 *       metrics port.
 *   <li>{@link GridRmiCli}: the {@code gridrmi} command line: its own subcommands and those the providers on the
 *       class path add.
 *   <li>{@link KeysCommand}: {@code gridrmi keys}: a test CA and PKCS12 key stores for a TLS Grid, and the flags
 *       that use them.
 *   <li>{@link LookupCommand}: {@code gridrmi lookup}: runs a lookup service until the process is killed, printing
 *       one line once clients can use it.
 *   <li>{@link ModelCommand}: {@code gridrmi model}: evaluates the cost model for one composition and recommends
 *       plain or improved RMI.
 *   <li>{@link ServerCommand}: {@code gridrmi server}: runs one server until the process is stopped, exporting the
 *       example services by default, printing one line once it serves; with telemetry and a call ledger.
 *   <li>{@link ServiceSpecs}: the stock server's {@code --classpath} and {@code --service} options: users' jars in a
 *       class loader of their own.
 *   <li>{@link StatusCommand}: {@code gridrmi status}: every server registered with a lookup service, with their
 *       stats or a live table.
 *   <li>{@link TelemetryOptions}: {@code --metrics-port} and the {@code OTEL_*} settings: configures the JVM's
 *       OpenTelemetry SDK once, when a command starts its work.
 *   <li>{@link TlsOptions}: the TLS options of every command that talks to a Grid, as one picocli mixin.
 *   <li>{@link TraceCommand}: {@code gridrmi trace}: OTLP JSON trace files of one chain into a PNG timeline, one row
 *       per JVM.
 * </ul>
 */
package org.gridrmi.cli;
