package org.codepith.sample.generics;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import static java.util.Objects.requireNonNull;

/** A cache keyed by comparable keys. */
public abstract class Cache<K extends Comparable<? super K>, V>
        extends AbstractStore<K, V>
        implements Store<K, V>, Iterable<Map.Entry<K, V>> {

    private final Map<K, List<? extends V>> entries;

    /** Builds an empty cache. */
    protected Cache(Map<K, List<? extends V>> entries) { /* … */ }

    /** Maps every value. */
    public <R, E extends Exception> Cache<K, R> map(
            Function<? super V, ? extends R> mapper,
            Class<E> failure)
            throws E, IOException { /* … */ }

    public static <T extends Comparable<T>> T max(T a, T b) { /* … */ }

    abstract <T> T[] toArray(T[] into);

    @SafeVarargs
    public final <T> List<T> listOf(T... items) { /* … */ }

    interface Visitor<R> {
        R visit(Object node) throws IOException;

        default <U> Visitor<U> andThen(Function<? super R, ? extends U> after) { /* … */ }
    }
}
