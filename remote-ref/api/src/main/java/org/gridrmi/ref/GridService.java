package org.gridrmi.ref;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a plain Java interface as a GridRMI service.
 *
 * <p>At compile time GridRMI's annotation processor ({@code gridrmi-processor}, on the compiler's processor path:
 * Maven {@code annotationProcessorPaths}, Gradle {@code annotationProcessor}) writes a sibling interface named
 * {@code <Name>Async}: every method keeps its name,
 * every parameter of reference type becomes a {@link RemoteReference} of that type (unless it is a {@link Task}
 * or marked {@link ByValue}), primitive parameters stay values, and the result, boxed if primitive, becomes a
 * {@code RemoteReference} of it. A client obtains it with {@code grid.async(NameAsync.class)}. Overloads that
 * would collide once their parameters become references are a compile error, and so are methods using a type
 * variable of a generic interface the service extends and parameter or result classes that are not serializable.
 *
 * <p>The interface itself mentions neither RMI nor references: it runs unchanged as plain RMI
 * ({@code grid.plain(Name.class)}), as composed async calls, or locally inside the server.
 *
 * <p><b>Implementations must not change their arguments.</b> Values are write-once: an argument a server resolves
 * in place (localized: the result of another call on the same server, or its replica of another server's value) is
 * the very object other calls see, now and later. Return a new object instead of modifying one you were given.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface GridService {}
