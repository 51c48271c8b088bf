package evil;

/** A comparator from an unknown package, as gadget chains put into a PriorityQueue. */
public class EvilComparator implements java.util.Comparator<Object>, java.io.Serializable {
  private static final long serialVersionUID = 1L;

  @Override
  public int compare(Object a, Object b) {
    return 0;
  }
}
