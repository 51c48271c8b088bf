package org.gridrmi.lookup;

import java.net.URI;
import java.net.URISyntaxException;
import net.jini.core.discovery.LookupLocator;

/** Parses and checks {@code jini://host[:port]} addresses; every error names the address. */
public final class JiniUrls {
  /** The port the Jini specification assigns to discovery. */
  public static final int DEFAULT_PORT = 4160;

  private JiniUrls() {}

  /** Parses a string form, failing with {@link IllegalArgumentException} naming it. */
  public static URI parse(String url) {
    if (url == null) {
      throw new IllegalArgumentException("lookup address is null; expected jini://host:port");
    }
    try {
      return check(new URI(url.trim()));
    } catch (URISyntaxException e) {
      throw bad(url, e.getReason());
    }
  }

  /**
   * Checks a URI and turns it into River's locator.
   *
   * @throws IllegalArgumentException naming the URI if it is not {@code jini://host[:port][/]}
   */
  public static LookupLocator toLocator(URI uri) {
    URI checked = check(uri);
    return new LookupLocator(checked.getHost(), port(checked));
  }

  /** The port of a checked URI, the Jini default when it has none. */
  public static int port(URI uri) {
    return uri.getPort() == -1 ? DEFAULT_PORT : uri.getPort();
  }

  /** The canonical string form {@code jini://host:port}. */
  public static String format(String host, int port) {
    String h = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    return "jini://" + h + ":" + port;
  }

  private static URI check(URI uri) {
    if (uri == null) {
      throw new IllegalArgumentException("lookup address is null; expected jini://host:port");
    }
    String text = uri.toString();
    if (!"jini".equalsIgnoreCase(uri.getScheme())) {
      throw bad(text, "the scheme must be jini");
    }
    if (uri.getHost() == null || uri.getHost().isEmpty()) {
      throw bad(text, "no host (or a host name that is not valid)");
    }
    if (uri.getUserInfo() != null
        || uri.getQuery() != null
        || uri.getFragment() != null
        || (uri.getPath() != null && !uri.getPath().isEmpty() && !uri.getPath().equals("/"))) {
      throw bad(text, "only jini://host:port is allowed, without user, path, query or fragment");
    }
    int port = port(uri);
    if (port < 1 || port > 65535) {
      throw bad(text, "port " + port + " is out of range");
    }
    return uri;
  }

  private static IllegalArgumentException bad(String url, String why) {
    return new IllegalArgumentException(
        "malformed lookup address '" + url + "': " + why + " (expected jini://host:port)");
  }
}
