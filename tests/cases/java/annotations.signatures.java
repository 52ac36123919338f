// SPDX-License-Identifier: MIT
package org.codepith.sample.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a handler. Second sentence of the summary
 * that runs on.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Route {
    /** The path. */
    String value();

    String[] methods() default {"GET", "HEAD"};

    int priority() default 0;

    Class<?> handler() default Void.class;

    /** A nested annotation type. */
    @interface Param {
        String name();
    }
}

@Route(
        value = "/users/{id}",
        methods = {"GET"},
        priority = 2)
@SuppressWarnings({"unchecked", "rawtypes"})
final class UserController {

    @Deprecated(since = "2.0", forRemoval = true)
    private static final String LEGACY = "legacy";

    /* an ordinary block comment before a field */
    @Inject
    @Named("users")
    protected volatile transient Object repository;

    //noinspection unused
    @Override
    public synchronized String toString() { /* … */ }

    @Route.Param(name = "id")
    public native int lookup(@Route.Param(name = "x") final int id);

    @Route(value = "/users", methods = {
            "POST",
            "PUT",
    })
    public <T extends @NonNull Object> void save(
            @NonNull T user,
            @Nullable
            String note) throws IllegalStateException { /* … */ }

    // @formatter:off
    static strictfp double ratio(double a, double b) { /* … */ }
    // @formatter:on
}
