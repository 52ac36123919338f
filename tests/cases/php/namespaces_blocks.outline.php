<?php

namespace Vendor\First {
    use Vendor\Shared\Base;

    class A extends Base
    {
        public function hello(): string { /* … */ }
    }

    function helper(): void { /* … */ }
}

namespace Vendor\Second {
    use Vendor\First\A;
    use function Vendor\First\helper;

    interface Greeter
    {
        public function greet(A $a): string;
    }

    const VERSION = '2.0';
}

namespace {
    use Vendor\Second\Greeter;

    require 'vendor/autoload.php';

    if (PHP_SAPI === 'cli') {
        $greeter = new class implements Greeter {
            public function greet(Vendor\First\A $a): string { /* … */ }
        };
        echo $greeter->greet(new Vendor\First\A());
    }

    switch ($argv[1] ?? '') {
        case 'run':
            helper();
            break;
        default:
            exit(1);
    }
}
