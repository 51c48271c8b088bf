package org.gridrmi.ref;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link GridService} method whose result depends only on its arguments and which may safely run twice.
 *
 * <p>When the server that owns the result of such a call dies before the client got the value (or the call failed
 * because an argument's owner died), {@code get()} re-runs the call on a live server offering the same service,
 * from its recorded inputs (its lineage, as Ray and Spark keep it): values the client put are pushed again,
 * lost arguments that are themselves results of idempotent calls are re-run first. If an input cannot be had
 * again (it was the result of a call that is not idempotent, or no live server offers the service), {@code get()}
 * throws {@link Status#UNAVAILABLE} saying why the value could not be recovered.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Idempotent {}
