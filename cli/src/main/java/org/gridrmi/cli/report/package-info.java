/**
 * How the commands report: CSV files that appear whole, and PNG charts (XChart) with one look across commands.
 * Used by the gridrmi command and the benchmarks.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link BarPlot}: a bar chart: one bar per name, labelled on the axis with its name and value.
 *   <li>{@link CsvWriter}: a CSV file written row by row (RFC 4180, UTF-8) and moved into place when closed.
 *   <li>{@link Figure}: one PNG of one or more charts side by side.
 *   <li>{@link GroupedBarPlot}: a bar chart of several series over the same categories, side by side within each
 *       category.
 *   <li>{@link LinePlot}: a line chart: measured series solid with markers, model series dashed.
 * </ul>
 */
package org.gridrmi.cli.report;
