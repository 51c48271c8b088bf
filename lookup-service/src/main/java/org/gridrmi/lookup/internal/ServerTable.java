package org.gridrmi.lookup.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceItem;
import org.gridrmi.lookup.LookupAttributes;
import org.gridrmi.lookup.ServerListener;
import org.gridrmi.lookup.ServerListener.Change;
import org.gridrmi.lookup.ServerRecord;

/**
 * The registrations a directory knows (by service id) folded into servers (by address), and
 * the listeners told of every change. Listeners run on one thread of their own, so River's
 * event threads never wait for user code and every listener sees changes in order.
 */
final class ServerTable {
  private static final System.Logger LOG = System.getLogger(ServerTable.class.getName());
  private static final Comparator<ServerRecord> ORDER =
      Comparator.comparing(ServerRecord::name).thenComparing(ServerRecord::address);

  private final Map<ServiceID, ServiceItem> items = new HashMap<>();
  private final Map<String, ServerRecord> servers = new HashMap<>();
  private final List<ServerListener> listeners = new CopyOnWriteArrayList<>();
  private final ExecutorService notifier;

  ServerTable(String name) {
    notifier = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "gridrmi-lookup-listeners-" + name);
      t.setDaemon(true);
      return t;
    });
  }

  /** A registration was added or its attributes changed. */
  synchronized void put(ServiceItem item) {
    if (!isServer(item, true)) {
      // not a GridRMI server's registration (no rmi://host:port address or no service type: no
      // ServerRecord), or
      // its proxy could not be unmarshalled here (interface not loadable)
      return;
    }
    ServiceItem old = items.put(item.serviceID, item);
    if (old != null && !Objects.equals(address(old), address(item))) {
      regroup(address(old));
    }
    regroup(address(item));
  }

  /** A registration is gone. */
  synchronized void remove(ServiceID id) {
    ServiceItem old = items.remove(id);
    if (old != null) {
      regroup(address(old));
    }
  }

  synchronized int registrations() {
    return items.size();
  }

  synchronized List<ServerRecord> servers() {
    List<ServerRecord> all = new ArrayList<>(servers.values());
    all.sort(ORDER);
    return all;
  }

  synchronized void addListener(ServerListener listener) {
    listeners.add(listener);
    List<ServerRecord> now = servers();
    notifier.execute(() -> now.forEach(s -> call(listener, Change.APPEARED, s)));
  }

  void removeListener(ServerListener listener) {
    listeners.remove(listener);
  }

  void close() {
    notifier.shutdownNow();
  }

  /** Rebuilds one server from its registrations and tells listeners if it changed. */
  private void regroup(String address) {
    ServerRecord before = servers.get(address);
    ServerRecord after = build(address);
    if (after == null) {
      servers.remove(address);
    } else {
      servers.put(address, after);
    }
    Change change = before == null
        ? (after == null ? null : Change.APPEARED)
        : after == null ? Change.DISAPPEARED : before.equals(after) ? null : Change.CHANGED;
    if (change != null) {
      ServerRecord subject = after == null ? before : after;
      notifier.execute(() -> listeners.forEach(l -> call(l, change, subject)));
    }
  }

  private ServerRecord build(String address) {
    return build(address, items.values(), true);
  }

  /**
   * The servers these registrations make, sorted by name then address: registrations without a GridRMI server's
   * address or service type are left out, and so are, with {@code needProxy}, those whose proxy is null.
   */
  static List<ServerRecord> group(List<ServiceItem> registrations, boolean needProxy) {
    TreeSet<String> addresses = new TreeSet<>();
    for (ServiceItem item : registrations) {
      if (isServer(item, needProxy)) addresses.add(address(item));
    }
    List<ServerRecord> all = new ArrayList<>();
    for (String address : addresses) all.add(build(address, registrations, needProxy));
    all.sort(ORDER);
    return List.copyOf(all);
  }

  private static boolean isServer(ServiceItem item, boolean needProxy) {
    return (item.service != null || !needProxy)
        && ServerRecord.isAddress(address(item))
        && !blank(AttributeCodec.serviceType(item.attributeSets));
  }

  private static ServerRecord build(
      String address, java.util.Collection<ServiceItem> registrations, boolean needProxy) {
    TreeMap<String, ServiceItem> byType = new TreeMap<>();
    for (ServiceItem item : registrations) {
      if (isServer(item, needProxy) && address.equals(address(item))) {
        byType.put(AttributeCodec.serviceType(item.attributeSets), item);
      }
    }
    if (byType.isEmpty()) {
      return null;
    }
    // Registrations of one server differ only in service type and in when load was sampled;
    // merging in type order makes the result deterministic.
    Map<String, String> attributes = new TreeMap<>();
    byType.values().forEach(i -> attributes.putAll(AttributeCodec.decode(i.attributeSets)));
    ServiceItem first = byType.firstEntry().getValue();
    String name = attributes.get(LookupAttributes.NAME);
    if (blank(name)) name = address;
    return new ServerRecord(
        name, address, List.copyOf(new TreeSet<>(byType.keySet())), attributes, first.service);
  }

  private static String address(ServiceItem item) {
    return AttributeCodec.decode(item.attributeSets).get(LookupAttributes.ADDRESS);
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }

  private static void call(ServerListener listener, Change change, ServerRecord server) {
    try {
      listener.serverChanged(change, server);
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "server listener failed on " + change + " " + server.name(),
          e);
    }
  }
}
