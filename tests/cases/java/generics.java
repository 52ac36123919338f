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
    protected Cache(Map<K, List<? extends V>> entries) {
        super();
        this.entries = requireNonNull(entries);
    }

    /**
     * Maps every value.
     *
     * @return a new cache
     */
    public <R, E extends Exception> Cache<K, R> map(
            Function<? super V, ? extends R> mapper,
            Class<E> failure)
            throws E, IOException {
        List<R> out = new ArrayList<>();
        for (List<? extends V> values : entries.values()) {
            for (V v : values) {
                out.add(mapper.apply(v));
            }
        }
        return null;
    }

    public static <T extends Comparable<T>> T max(T a, T b) {
        // line comment inside a body
        return a.compareTo(b) >= 0 ? a : b;
    }

    abstract <T> T[] toArray(T[] into);

    @SafeVarargs
    public final <T> List<T> listOf(T... items) {
        List<T> out = new ArrayList<>(items.length);
        for (T item : items) {
            out.add(item);
        }
        return out;
    }

    // a generic interface nested in the class
    interface Visitor<R> {
        R visit(Object node) throws IOException;

        default <U> Visitor<U> andThen(Function<? super R, ? extends U> after) {
            return node -> after.apply(visit(node));
        }
    }
}
