package org.gridrmi.lookup.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import net.jini.config.AbstractConfiguration;
import net.jini.config.ConfigurationException;
import net.jini.config.NoSuchEntryException;

/**
 * A River {@link net.jini.config.Configuration} built in code, so that no user ever writes a
 * Jini {@code .config} file. Entries are keyed by component and name.
 *
 * <p>Why not {@code ConfigurationFile}: we need to hand River live objects (an exporter,
 * network interfaces), and an {@link net.jini.export.Exporter} may be used for one export only,
 * so a value may be a {@link Supplier} that is asked for a fresh object on every read.
 */
public final class MapConfiguration extends AbstractConfiguration {
  private final Map<String, Object> entries = new HashMap<>();

  /** Sets an entry; primitives are given boxed, {@code Supplier}s are evaluated on every read. */
  public MapConfiguration put(String component, String name, Object value) {
    entries.put(component + '.' + name, value);
    return this;
  }

  @Override
  protected Object getEntryInternal(
      String component, String name, @SuppressWarnings("rawtypes") Class type, Object data)
      throws ConfigurationException {
    String key = component + '.' + name;
    if (!entries.containsKey(key)) {
      throw new NoSuchEntryException("no entry " + key);
    }
    Object value = entries.get(key);
    if (value instanceof Supplier<?> supplier) {
      value = supplier.get();
    }
    // AbstractConfiguration requires primitive-typed entries wrapped in Primitive.
    if (type.isPrimitive()) {
      return new Primitive(value);
    }
    return value;
  }
}
