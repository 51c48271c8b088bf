package org.gridrmi.cli;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.GridService;
import org.gridrmi.ref.Status;

/**
 * The stock server's {@code --classpath} and {@code --service INTERFACE=IMPLEMENTATION} options: the user's jars
 * in a class loader of their own (child of the server's, so GridRMI's own classes stay GridRMI's), and the
 * services found in them, checked before anything starts. Every refusal is an INVALID_ARGUMENT naming the jar
 * or class and what was expected.
 */
public final class ServiceSpecs {
  /** One service to export: its interface and a new instance of its implementation. */
  public record Service(Class<?> iface, Object impl) {}

  /** Makes the implementation of a service once its classes are checked; the stock server's calls its constructor. */
  @FunctionalInterface
  public interface Instantiator {
    Object newInstance(Class<?> implementation) throws ReflectiveOperationException;
  }

  private ServiceSpecs() {}

  /**
   * A loader for the jars (and class directories) of {@code classpath}, separated by the platform's path
   * separator; {@code parent} itself when there are none.
   */
  public static ClassLoader loader(String classpath, ClassLoader parent) {
    if (classpath == null || classpath.isBlank()) return parent;
    List<URL> urls = new ArrayList<>();
    for (String entry : classpath.split(File.pathSeparator)) {
      if (entry.isBlank()) continue;
      Path p = Path.of(entry);
      if (!Files.exists(p)) {
        throw new GridException(
            Status.INVALID_ARGUMENT,
            "--classpath '" + classpath + "': no such jar or directory " + entry
                + "; expected existing jars or class directories separated by '"
                + File.pathSeparator + "'");
      }
      if (!Files.isDirectory(p) && !Files.isReadable(p)) {
        throw new GridException(
            Status.INVALID_ARGUMENT, "--classpath '" + classpath + "': cannot read " + entry);
      }
      try {
        urls.add(p.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new GridException(
            Status.INVALID_ARGUMENT,
            "--classpath '" + classpath + "': " + entry + " is not a path: " + e.getMessage());
      }
    }
    return new URLClassLoader("gridrmi-user-classpath", urls.toArray(new URL[0]), parent);
  }

  /**
   * Resolves {@code INTERFACE=IMPLEMENTATION} in {@code loader} and makes the implementation with {@code maker}
   * (which throws {@link NoSuchMethodException} when the class has no constructor it can use).
   */
  public static Service load(String spec, ClassLoader loader, Instantiator maker) {
    int eq = spec.indexOf('=');
    if (eq <= 0 || eq == spec.length() - 1) {
      throw bad(
          spec,
          "not a pair of class names; expected INTERFACE=IMPLEMENTATION (fully qualified names)");
    }
    String ifaceName = spec.substring(0, eq).trim();
    String implName = spec.substring(eq + 1).trim();
    Class<?> iface = find(ifaceName, "interface", spec, loader);
    if (!iface.isInterface()) {
      throw bad(
          spec,
          ifaceName + " is a class, not an interface: name the @GridService interface before '='");
    }
    if (!iface.isAnnotationPresent(GridService.class)) {
      throw bad(
          spec,
          ifaceName
              + " is not a @GridService interface: annotate it with @org.gridrmi.ref.GridService");
    }
    Class<?> impl = find(implName, "class", spec, loader);
    if (!iface.isAssignableFrom(impl)) {
      throw bad(spec, implName + " does not implement " + ifaceName);
    }
    if (impl.isInterface() || Modifier.isAbstract(impl.getModifiers())) {
      throw bad(
          spec, implName + " is abstract: name a concrete class that the server can instantiate");
    }
    try {
      return new Service(iface, maker.newInstance(impl));
    } catch (NoSuchMethodException e) {
      throw bad(
          spec,
          implName + " has no public no-argument constructor: add one (the server creates the "
              + "implementation itself)");
    } catch (InvocationTargetException e) {
      throw bad(spec, "the constructor of " + implName + " failed: " + e.getCause());
    } catch (ReflectiveOperationException | LinkageError e) {
      throw bad(spec, "cannot instantiate " + implName + ": " + e);
    }
  }

  private static Class<?> find(String name, String what, String spec, ClassLoader loader) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      throw bad(
          spec,
          "no " + what + " " + name + " on the server's class path"
              + (loader instanceof URLClassLoader u
                  ? " or in --classpath " + describe(u)
                  : " (give its jar with --classpath)"));
    } catch (LinkageError e) {
      throw bad(spec, what + " " + name + " cannot be loaded: " + e);
    }
  }

  private static String describe(URLClassLoader loader) {
    List<String> paths = new ArrayList<>();
    for (URL u : loader.getURLs()) paths.add(u.getPath());
    return String.join(File.pathSeparator, paths);
  }

  private static GridException bad(String spec, String why) {
    return new GridException(Status.INVALID_ARGUMENT, "--service '" + spec + "': " + why);
  }
}
