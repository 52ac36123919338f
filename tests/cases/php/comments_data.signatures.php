<?php
// SPDX-License-Identifier: MIT
/*! Keep this banner. */

# A hash comment about the config.
namespace App\Config;

/**
 * Country codes known to the app.
 *
 * @var array<string, string>
 */
const COUNTRIES = [
    'de' => 'Germany',
    'fr' => 'France',
    'it' => 'Italy',
    'es' => 'Spain',
    'pt' => 'Portugal',
    'nl' => 'Netherlands',
    'be' => 'Belgium',
    'at' => 'Austria',
    'ch' => 'Switzerland',
];

const LEGACY = array(
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
);

class Settings
{
    /* A block comment, dropped at outline. */
    // A line comment, dropped too.
    private array $defaults = [
        'debug' => false,
        'cache' => true,
        'locale' => 'en',
        'timezone' => 'UTC',
        'log' => 'stderr',
        'mail' => 'smtp',
        'queue' => 'sync',
        'session' => 'file',
        'storage' => 'local',
    ];

    /** Reads one setting. */
    public function get(string $key, mixed $default = null): mixed { /* … */ }

    // @phpstan-ignore-next-line
    public function all() { /* … */ }

    function implicitlyPublic() { /* … */ }
}

return [
    'name' => 'app',
    'env' => 'production',
    'debug' => false,
    'url' => 'http://localhost',
    'timezone' => 'UTC',
    'locale' => 'en',
    'key' => null,
    'cipher' => 'AES-256-CBC',
    'providers' => [],
];
