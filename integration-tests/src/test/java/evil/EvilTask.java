package evil;

/** A task on the server's class path that its operator did not allow. */
public class EvilTask implements org.gridrmi.ref.Task<String, String> {
  private static final long serialVersionUID = 1L;

  @Override
  public String apply(String s) {
    return "ran " + s;
  }
}
