package org.gridrmi.lookup.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jini.core.entry.Entry;
import net.jini.lookup.entry.Name;
import net.jini.lookup.entry.ServiceInfo;
import org.gridrmi.lookup.LookupAttributes;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.lookup.entry.GridAttribute;
import org.gridrmi.lookup.entry.GridServerInfo;
import org.gridrmi.lookup.entry.ServerLoad;

/**
 * Turns a server's description into Jini entries and back into a flat string map. Standard
 * entries carry what they were made for (Name, ServiceInfo) so generic Jini tools show something
 * sensible; our own entries carry the rest.
 */
final class AttributeCodec {
  static final String PRODUCT = "GridRMI";

  private AttributeCodec() {}

  /** The entries of one registration: one service type, the current load, all free-form attributes. */
  static Entry[] encode(ServerRecord d, String serviceType, Map<String, String> dynamic) {
    List<Entry> entries = new ArrayList<>();
    entries.add(new Name(d.name()));
    entries.add(new ServiceInfo(PRODUCT, PRODUCT, PRODUCT, Version.current(), serviceType, null));
    entries.add(new GridServerInfo(d.host(), d.address(), serviceType, LoadProbe.cores()));
    entries.add(new ServerLoad(LoadProbe.freeMemory(), LoadProbe.load()));
    // Sorted, so that the same attributes give the same entry array (cheap change detection).
    Map<String, String> free = new TreeMap<>(d.attributes());
    free.putAll(dynamic);
    free.forEach((k, v) -> entries.add(new GridAttribute(k, v)));
    return entries.toArray(new Entry[0]);
  }

  /** The service type a registration's entries name, or null if it is not a GridRMI registration. */
  static String serviceType(Entry[] entries) {
    for (Entry e : entries) {
      if (e instanceof GridServerInfo info) {
        return info.serviceType;
      }
    }
    return null;
  }

  /** All attributes as strings, keyed by {@link LookupAttributes}; built-in keys win over free-form ones. */
  static Map<String, String> decode(Entry[] entries) {
    Map<String, String> free = new TreeMap<>();
    Map<String, String> builtIn = new LinkedHashMap<>();
    for (Entry e : entries) {
      if (e instanceof Name n) {
        put(builtIn, LookupAttributes.NAME, n.name);
      } else if (e instanceof ServiceInfo si && PRODUCT.equals(si.name)) {
        put(builtIn, LookupAttributes.VERSION, si.version);
      } else if (e instanceof GridServerInfo info) {
        put(builtIn, LookupAttributes.HOST, info.host);
        put(builtIn, LookupAttributes.ADDRESS, info.address);
        put(builtIn, LookupAttributes.CORES, info.cores);
      } else if (e instanceof ServerLoad load) {
        put(builtIn, LookupAttributes.FREE_MEMORY, load.freeMemory);
        put(builtIn, LookupAttributes.LOAD, load.load);
      } else if (e instanceof GridAttribute a && a.key != null && a.value != null) {
        free.put(a.key, a.value);
      }
    }
    free.putAll(builtIn);
    return free;
  }

  private static void put(Map<String, String> map, String key, Object value) {
    if (value != null) {
      map.put(key, value.toString());
    }
  }
}
