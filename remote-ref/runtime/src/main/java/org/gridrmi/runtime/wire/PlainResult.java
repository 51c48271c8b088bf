package org.gridrmi.runtime.wire;

import java.io.Serializable;

/** The outcome of a plain call: a value, or a failure (never an exception class the client may lack). */
public record PlainResult(Object value, Failure failure) implements Serializable {}
