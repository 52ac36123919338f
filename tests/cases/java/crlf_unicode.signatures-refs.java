package org.codepith.sample.unicode;

import java.util.List;

/**
 * Données en français, 日本語 and emoji 😀.
 */
public class Données {
    /** Le nom. */
    private final String 名前 = "名前 — ünïcödé";

    static final String ARABIC = "العربية";

    public Données(String 名前) { /* … L14-16 */ }

    /** Größe berechnen. */
    public int größe(List<String> élèves) { /* … L19-25 */ }

    enum Couleur { ROUGE("rouge"), VERT("vert"); Couleur(String s) { } }
}
