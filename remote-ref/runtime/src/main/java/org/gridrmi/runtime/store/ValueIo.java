package org.gridrmi.runtime.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/** How a store writes its values to disk and reads them back (the codecs, with the node's filters and holds). */
public interface ValueIo {
  /**
   * Writes {@code value} to {@code out}.
   *
   * @return the references written inside it (kept while its copy is on disk)
   */
  List<Object> write(Object value, OutputStream out) throws IOException;

  Object read(InputStream in) throws IOException;
}
