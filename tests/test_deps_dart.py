"""The Dart dependency resolver: relative URIs, the own package's `package:`
URIs through `pubspec.yaml`'s name, conditional imports and parts."""

from __future__ import annotations

from pathlib import Path

from codepith.deps.finder import direct_dependencies

APP = {
    "app/pubspec.yaml": "# the app\nname: my_app\ndescription: demo\ndependencies:\n  name: not_this\n",
    "app/lib/main.dart": "library main;\n"
    "import 'dart:async';\n"
    "import 'package:my_app/src/model.dart';\n"
    "import 'package:flutter/material.dart';\n"
    "import 'src/view.dart' as v show View;\n"
    "import 'src/io_stub.dart' if (dart.library.io) 'src/io_native.dart' if (dart.library.html) \"src/io_web.dart\";\n"
    "export 'src/missing.dart';\n"
    "import 'https://example.com/x.dart';\n"
    "part 'main_part.dart';\n"
    "void main() {}\n",
    "app/lib/main_part.dart": "part of 'main.dart';\n",
    "app/lib/src/model.dart": "import '../../test/helper.dart';\nimport 'package:my_app/main.dart';\nclass Model {}\n",
    "app/lib/src/view.dart": "class View {}\n",
    "app/lib/src/io_stub.dart": "",
    "app/lib/src/io_native.dart": "",
    "app/lib/src/io_web.dart": "",
    "app/test/helper.dart": "part of app.tests;\n",
    "other/lib/o.dart": "import 'package:my_app/src/model.dart';\n",
}


def make(root: Path) -> Path:
    for rel, text in APP.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_dart_follows_relative_own_package_conditional_and_part_uris(tmp_path):
    root = make(tmp_path)
    # the SDK, other packages, other schemes and missing files name no file of the tree
    assert direct_dependencies(root, "app/lib/main.dart") == [
        "app/lib/src/model.dart",
        "app/lib/src/view.dart",
        "app/lib/src/io_stub.dart",
        "app/lib/src/io_native.dart",
        "app/lib/src/io_web.dart",
        "app/lib/main_part.dart",
    ]


def test_dart_part_of_a_uri_names_its_library_a_library_name_names_nothing(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "app/lib/main_part.dart") == ["app/lib/main.dart"]
    assert direct_dependencies(root, "app/test/helper.dart") == []


def test_dart_package_uris_resolve_from_the_nearest_pubspec_only(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "app/lib/src/model.dart") == ["app/test/helper.dart", "app/lib/main.dart"]
    # a file outside the package (no pubspec above it) does not know `my_app`
    assert direct_dependencies(root, "other/lib/o.dart") == []


def test_dart_pubspec_without_a_name_follows_relative_uris_only(tmp_path):
    root = make(tmp_path)
    (root / "app/pubspec.yaml").write_text("description: no name\n", encoding="utf-8")
    assert direct_dependencies(root, "app/lib/src/model.dart") == ["app/test/helper.dart"]
