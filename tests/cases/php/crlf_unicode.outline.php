<?php
namespace Ünïcode;

/** Grüße an alle. */
function grüßen(string $näme = "Zoë"): string { /* … */ }

class Café
{
    public const MENÜ = [/* … */];

    public function prix(int $n): float { /* … */ }
}
