<?php
declare(strict_types=1);

namespace App\Http;

use Attribute;
use Symfony\Component\Routing\Annotation\Route;

#[Attribute(Attribute::TARGET_CLASS | Attribute::TARGET_METHOD)]
final class Cached
{
    public function __construct(public int $ttl = 60, public array $tags = [])
    {
    }
}

enum Status
{
    case Draft;
    case Published;
    case Archived;
}

/** A suit of cards, backed by a string. */
enum Suit: string implements HasColor
{
    use ColorHelpers;

    case Hearts = 'H';
    case Spades = 'S';

    const Wild = self::Spades;

    public function color(): string { /* … */ }

    public static function fromChar(string $c): self { /* … */ }
}

#[Route('/posts', name: 'posts_')]
#[Cached(ttl: 300,
    tags: ['posts', 'list'])]
class PostController extends AbstractController
{
    #[Route('/{id}', name: 'show', methods: ['GET'])]
    #[Cached]
    public function show(
        #[MapEntity(id: 'id')] Post $post,
        #[\SensitiveParameter] string $token,
    ): Response { /* … */ }

    #[\Override]
    protected function guard(): never { /* … */ }
}
