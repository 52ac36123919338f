<?php

namespace App\Support;

function compose(callable ...$fns): \Closure
{
    return function ($x) use ($fns) {
        foreach ($fns as $fn) {
            $x = $fn($x);
        }
        return $x;
    };
}

$double = fn(int $x): int => $x * 2;
$add = static fn($a) => fn($b) => $a + $b;

$handler = function (Request $request) use (&$log, $config): Response {
    $log[] = $request->path();
    return new Response($config['body'] ?? '');
};

$sorted = array_map(
    static function (array $row): string {
        return implode(',', $row);
    },
    $rows,
);

class Pipeline
{
    private array $stages = [];

    public function pipe(callable $stage): static
    {
        $this->stages[] = $stage;
        return $this;
    }

    public function run(mixed $input): mixed
    {
        return array_reduce($this->stages, fn($carry, $stage) => $stage($carry), $input);
    }

    public function lazy(): \Generator
    {
        foreach ($this->stages as $i => $stage) {
            yield $i => $stage;
        }
    }
}

if (!function_exists('App\Support\tap')) {
    function tap(mixed $value, ?callable $callback = null): mixed
    {
        if ($callback !== null) {
            $callback($value);
        }
        return $value;
    }
}

$anon = new class(10) extends Base implements \Countable {
    public function __construct(private int $n)
    {
        parent::__construct();
    }

    public function count(): int
    {
        return $this->n;
    }
};
