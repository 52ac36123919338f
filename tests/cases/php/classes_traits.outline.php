<?php

declare(strict_types=1);

namespace Acme\Shop\Domain;

use Acme\Shop\Contracts\{Repository, Clock as SystemClock};
use Acme\Shop\Events\OrderPlaced;
use function Acme\Shop\Support\money_format;
use const Acme\Shop\Support\DEFAULT_CURRENCY;

/** An order of one customer. */
abstract class Order extends Aggregate implements \JsonSerializable, \Countable
{
    use HasEvents, Timestamps {
        Timestamps::touch insteadof HasEvents;
        HasEvents::touch as protected touchEvents;
    }

    public const STATUS_NEW = 'new';
    protected const MAX_LINES = 100;
    private static int $count = 0;
    public ?string $note = null;
    protected array $lines = [];
    public readonly int $id;

    /** Makes an order. */
    public function __construct(
        private readonly Repository $repository,
        protected SystemClock $clock,
        public string $currency = DEFAULT_CURRENCY,
        int $id = 0,
    ) { /* … */ }

    abstract protected function validate(array $lines): bool;

    final public static function count(): int { /* … */ }

    public function jsonSerialize(): mixed { /* … */ }

    public function &lines(): array { /* … */ }

    public function addLine(
        string $sku,
        int $quantity = 1,
        float|int $price = 0,
    ): static { /* … */ }
}

interface Shippable extends \Countable
{
    public const CARRIER = 'post';

    public function weight(): float;

    public static function make(array $data): self;
}

trait Timestamps
{
    protected ?\DateTimeImmutable $touchedAt = null;

    public function touch(): void { /* … */ }

    abstract protected function afterTouch(): void;
}

final readonly class Line
{
    public function __construct(public string $sku, public int $quantity, public float $price)
    {
    }
}
