<?php

namespace App\Support;

function compose(callable ...$fns): \Closure { /* … L6-13 */ }

$double = fn(int $x): int => $x * 2;
$add = static fn($a) => fn($b) => $a + $b;

$handler = function (Request $request) use (&$log, $config): Response { /* … L18-21 */ };

$sorted = array_map(
    static function (array $row): string { /* … L24-26 */ },
    $rows,
);

class Pipeline
{
    private array $stages = [];

    public function pipe(callable $stage): static { /* … L35-38 */ }

    public function run(mixed $input): mixed { /* … L41-43 */ }

    public function lazy(): \Generator { /* … L46-50 */ }
}

if (!function_exists('App\Support\tap')) {
    function tap(mixed $value, ?callable $callback = null): mixed { /* … L55-60 */ }
}

$anon = new class(10) extends Base implements \Countable {
    public function __construct(private int $n) { /* … L65-67 */ }

    public function count(): int { /* … L70-72 */ }
};
