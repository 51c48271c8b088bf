package org.gridrmi.lookup.it;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A test service type. */
public interface Echo extends Remote {
  String echo(String text) throws RemoteException;
}
