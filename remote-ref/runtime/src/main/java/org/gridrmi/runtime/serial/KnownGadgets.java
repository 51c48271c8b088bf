package org.gridrmi.runtime.serial;

import java.util.List;
import java.util.Set;

/**
 * Classes that public deserialization attacks use as entry points or links (the JDK's own and ysoserial's usual
 * suspects). GridRMI's filter refuses them even where an operator's pattern would match, and its refusal says they
 * are refused for safety, never how to allow them.
 */
final class KnownGadgets {
  private static final Set<String> CLASSES = Set.of(
      "java.util.PriorityQueue",
      "java.util.concurrent.PriorityBlockingQueue",
      "javax.management.BadAttributeValueExpException",
      "java.net.URL",
      "java.net.InetAddress",
      "java.lang.reflect.Proxy",
      "java.rmi.server.UnicastRemoteObject",
      "java.rmi.server.RemoteObjectInvocationHandler",
      "java.rmi.server.RemoteObject",
      "java.rmi.activation.ActivationGroupDesc",
      "javax.swing.UIDefaults",
      "javax.swing.event.EventListenerList",
      "java.beans.EventHandler",
      "java.util.Hashtable$Entry",
      "sun.reflect.annotation.AnnotationInvocationHandler",
      "sun.rmi.server.UnicastRef",
      "sun.rmi.server.UnicastRef2",
      "com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl",
      "com.sun.rowset.JdbcRowSetImpl",
      "com.sun.jndi.rmi.registry.ReferenceWrapper",
      "javax.naming.Reference",
      "javax.script.ScriptEngineManager");
  private static final List<String> PACKAGES = List.of(
      "org.apache.commons.collections.",
      "org.apache.commons.collections4.",
      "org.apache.commons.beanutils.",
      "org.apache.commons.fileupload.",
      "org.apache.xalan.",
      "org.codehaus.groovy.runtime.",
      "org.springframework.beans.factory.",
      "org.springframework.aop.",
      "org.springframework.core.SerializableTypeWrapper",
      "org.hibernate.",
      "com.mchange.v2.c3p0.",
      "bsh.",
      "clojure.",
      "org.python.",
      "net.sf.json.",
      "com.vaadin.",
      "org.mozilla.javascript.",
      "org.apache.myfaces.",
      "com.sun.syndication.",
      "com.rometools.",
      "org.jboss.",
      "org.apache.wicket.util.upload.",
      "org.apache.click.",
      "org.apache.xbean.naming.",
      "javax.management.",
      "com.sun.org.apache.xalan.",
      "com.sun.jndi.",
      "javax.naming.",
      "sun.rmi.",
      "java.rmi.server.");

  private KnownGadgets() {}

  /** Whether {@code className} is on the lists. */
  static boolean contains(String className) {
    if (CLASSES.contains(className)) return true;
    for (String p : PACKAGES) if (className.startsWith(p)) return true;
    return false;
  }
}
