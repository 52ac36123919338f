<?php

namespace App\Support;

function compose(callable ...$fns): \Closure { /* … */ }

$double = fn(int $x): int => $x * 2;
$add = static fn($a) => fn($b) => $a + $b;

$handler = function (Request $request) use (&$log, $config): Response { /* … */ };

$sorted = array_map(
    static function (array $row): string { /* … */ },
    $rows,
);

class Pipeline
{
    private array $stages = [];

    public function pipe(callable $stage): static { /* … */ }

    public function run(mixed $input): mixed { /* … */ }

    public function lazy(): \Generator { /* … */ }
}

if (!function_exists('App\Support\tap')) {
    function tap(mixed $value, ?callable $callback = null): mixed { /* … */ }
}

$anon = new class(10) extends Base implements \Countable {
    public function __construct(private int $n) { /* … */ }

    public function count(): int { /* … */ }
};
