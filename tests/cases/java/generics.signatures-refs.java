/*
 * Copyright header: a plain block comment, dropped at outline.
 */
package org.codepith.sample.generics;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import static java.util.Objects.requireNonNull;

/**
 * A cache keyed by comparable keys.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public abstract class Cache<K extends Comparable<? super K>, V>
        extends AbstractStore<K, V>
        implements Store<K, V>, Iterable<Map.Entry<K, V>> {

    private final Map<K, List<? extends V>> entries;

    /** Builds an empty cache. */
    protected Cache(Map<K, List<? extends V>> entries) { /* … L26-29 */ }

    /**
     * Maps every value.
     *
     * @return a new cache
     */
    public <R, E extends Exception> Cache<K, R> map(
            Function<? super V, ? extends R> mapper,
            Class<E> failure)
            throws E, IOException { /* … L39-47 */ }

    public static <T extends Comparable<T>> T max(T a, T b) { /* … L49-52 */ }

    abstract <T> T[] toArray(T[] into);

    @SafeVarargs
    public final <T> List<T> listOf(T... items) { /* … L57-63 */ }

    // a generic interface nested in the class
    interface Visitor<R> {
        R visit(Object node) throws IOException;

        default <U> Visitor<U> andThen(Function<? super R, ? extends U> after) { /* … L69-71 */ }
    }
}
