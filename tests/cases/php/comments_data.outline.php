<?php
// SPDX-License-Identifier: MIT
/*! Keep this banner. */

namespace App\Config;

/** Country codes known to the app. */
const COUNTRIES = [/* … */];

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
    private array $defaults = [/* … */];

    /** Reads one setting. */
    public function get(string $key, mixed $default = null): mixed { /* … */ }

    // @phpstan-ignore-next-line
    public function all() { /* … */ }

    function implicitlyPublic() { /* … */ }
}
