package org.gridrmi.ref;

/**
 * Implemented by every async view that GridRMI's processor generates from a {@link GridService} interface
 * {@code S}; lets {@code grid.async(SAsync.class)} be typed without casts.
 *
 * @param <S> the service interface the view calls
 */
public interface AsyncView<S> {}
