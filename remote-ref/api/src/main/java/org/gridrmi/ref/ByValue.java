package org.gridrmi.ref;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Keeps a parameter of a {@link GridService} method a value in the async view: it is serialized into the call
 * itself instead of being passed as a {@link RemoteReference}. Use it for small arguments such as options or
 * sizes. Parameters of a {@link Task} type are always passed by value.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface ByValue {}
