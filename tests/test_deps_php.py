"""PHP requires and `use` declarations followed to files of the same tree
(codepith.deps.php)."""

import json
from pathlib import Path

from codepith.deps.finder import direct_dependencies


def make(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


COMPOSER = json.dumps(
    {
        "autoload": {"psr-4": {"Acme\\App\\": "src/", "Acme\\Lib\\": ["lib/", "extra/"]}},
        "autoload-dev": {"psr-4": {"Acme\\Tests\\": "tests/"}},
    }
)


def test_php_use_declarations_follow_the_psr4_map(tmp_path):
    make(
        tmp_path,
        {
            "composer.json": COMPOSER,
            "src/Http/Controller.php": (
                "<?php\nnamespace Acme\\App\\Http;\n\n"
                "use Acme\\App\\Models\\User;\n"
                "use \\Acme\\Lib\\Cache as C, Acme\\Lib\\Queue;\n"
                "use Acme\\App\\{Models\\Group, Support\\Str as S};\n"
                "use Acme\\Tests\\Fixture;\n"
                "use function Acme\\App\\Support\\helper;\n"
                "use Symfony\\Component\\Yaml\\Yaml;\n\n"
                "class Controller {}\n"
            ),
            "src/Models/User.php": "<?php\nclass User {}\n",
            "src/Models/Group.php": "<?php\nclass Group {}\n",
            "src/Support/Str.php": "<?php\nclass Str {}\n",
            "src/Support/helper.php": "<?php\nfunction helper() {}\n",
            "lib/Cache.php": "<?php\nclass Cache {}\n",
            "extra/Queue.php": "<?php\nclass Queue {}\n",
            "tests/Fixture.php": "<?php\nclass Fixture {}\n",
        },
    )
    assert direct_dependencies(tmp_path, "src/Http/Controller.php") == [
        "src/Models/User.php",
        "lib/Cache.php",
        "extra/Queue.php",
        "src/Models/Group.php",
        "src/Support/Str.php",
        "tests/Fixture.php",
    ]


def test_php_requires_of_constant_paths(tmp_path):
    make(
        tmp_path,
        {
            "web/index.php": (
                "<?php\n"
                "require_once __DIR__ . '/boot.php';\n"
                'require(dirname(__FILE__) . "/conf.php");\n'
                "include 'partials/header.php';\n"
                "include_once 'lib/util.php';\n"
                "require $base . '/dynamic.php';\n"
                'require "x/$name.php";\n'
                "require __DIR__ . '/../../outside.php';\n"
                "function f() { require 'web/inner.php'; }\n"
            ),
            "web/boot.php": "<?php\n",
            "web/conf.php": "<?php\n",
            "web/partials/header.php": "<?php\n",
            "lib/util.php": "<?php\n",
            "web/dynamic.php": "<?php\n",
            "web/inner.php": "<?php\n",
        },
    )
    assert direct_dependencies(tmp_path, "web/index.php") == [
        "web/boot.php",
        "web/conf.php",
        "web/partials/header.php",
        "lib/util.php",
    ]
