package org.gridrmi.lookup.it;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A second test service type, so a server registers more than once. */
public interface Pinger extends Remote {
  long ping() throws RemoteException;
}
