<?php
// Fichier de données — é à ü
namespace Ünïcode;

/**
 * Grüße an alle.
 * Zweite Zeile.
 */
function grüßen(string $näme = "Zoë"): string
{
    $msg = "Hallo, {$näme} 👋";
    return $msg;
}

class Café
{
    public const MENÜ = [
        "café",
        "thé",
        "chocolat",
        "crème",
        "jus",
        "eau",
        "soupe",
        "pâtes",
        "riz",
    ];

    public function prix(int $n): float
    {
        return $n * 1.5; // €
    }
}
