package org.gridrmi.ref.internal.wire;

import java.io.Serializable;

/** The outcome of a plain call: a value, or a failure (never an exception class the client may lack). */
public record PlainResult(Object value, Failure failure) implements Serializable {}
