package org.gridrmi.client.status;

import org.gridrmi.ref.ByValue;
import org.gridrmi.ref.GridService;

/** A service whose own code throws what it is told to, to pin which status each failure gets. */
@GridService
public interface Thrower {
  /** Throws a new exception of the named JDK class (simple name in java.lang) with this message. */
  String raise(@ByValue String exceptionClass, @ByValue String message);

  /** Returns the class name of what it was given: an argument the filters decide on. */
  String describe(@ByValue Object value);

  String echo(String s);

  /** Returns a value of a class no one allowed, through a signature that does not name it. */
  Object unallowed();

  /** Returns after {@code millis}, or throws IllegalStateException if interrupted first. */
  String sleep(@ByValue int millis);
}
