package org.gridrmi.lookup.entry;

import net.jini.entry.AbstractEntry;

/**
 * Jini attribute: one free-form key/value pair a server declares (its record's attributes
 * and the dynamic ones it supplies). One entry per key, so Jini templates can match on a key.
 */
public class GridAttribute extends AbstractEntry {
  private static final long serialVersionUID = 1L;

  public String key;
  public String value;

  /** Required by Jini: a template with every field a wildcard. */
  public GridAttribute() {}

  public GridAttribute(String key, String value) {
    this.key = key;
    this.value = value;
  }
}
