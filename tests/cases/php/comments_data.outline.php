<?php
// SPDX-License-Identifier: MIT
/*! Keep this banner. */

namespace App\Config;

/** Country codes known to the app. */
const COUNTRIES = [/* … */];

const LEGACY = array(/* … */);

class Settings
{
    private array $defaults = [/* … */];

    /** Reads one setting. */
    public function get(string $key, mixed $default = null): mixed { /* … */ }

    // @phpstan-ignore-next-line
    public function all() { /* … */ }

    function implicitlyPublic() { /* … */ }
}

return [/* … */];
