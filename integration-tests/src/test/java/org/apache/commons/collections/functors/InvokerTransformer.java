package org.apache.commons.collections.functors;

/** A harmless stand-in named like the commons-collections gadget: the server must refuse it by name. */
public class InvokerTransformer implements java.io.Serializable {
  private static final long serialVersionUID = 1L;
  public String method = "exec";
}
