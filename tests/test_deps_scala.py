"""Scala imports followed to files of the same source tree (codepith.deps.scala)."""

from pathlib import Path

from codepith.deps.finder import direct_dependencies


def make(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


SRC = "src/main/scala/com/acme"
MAIN = f"{SRC}/app/Main.scala"


def test_scala_selectors_renames_wildcards_and_declared_names(tmp_path):
    make(
        tmp_path,
        {
            MAIN: (
                "package com.acme\npackage app\n\n"
                "import com.acme.util.{Strings, Maps => M, shout as loud}\n"
                "import com.acme.util.Numbers.parse\n"
                "import com.acme.model._\n"
                "import com.acme.tools.helper, com.acme.legacy.Old\n"
                "import scala.util.Try\n"
                "export com.acme.more.given\n\n"
                "object Main\n"
            ),
            f"{SRC}/util/Strings.scala": "package com.acme.util\nobject Strings\n",
            f"{SRC}/util/Maps.scala": "package com.acme.util\nclass Maps\n",
            # a Scala 3 top-level def of a file named otherwise: found by its declaration
            f"{SRC}/util/Text.scala": "package com.acme.util\n\n@inline def shout(s: String) = s\n",
            f"{SRC}/util/Numbers.scala": "package com.acme.util\nobject Numbers { def parse = 1 }\n",
            f"{SRC}/model/User.scala": "package com.acme.model\ncase class User(n: String)\n",
            f"{SRC}/model/Group.scala": "package com.acme.model\nclass Group\n",
            f"{SRC}/model/notes.txt": "not scala\n",
            # a package object's member
            f"{SRC}/tools/package.scala": "package com.acme\npackage object tools {\n  def helper = 1\n}\n",
            f"{SRC}/legacy/Old.java": "package com.acme.legacy;\npublic class Old {}\n",
            f"{SRC}/more/Givens.scala": "package com.acme.more\ngiven Int = 1\n",
        },
    )
    assert direct_dependencies(tmp_path, MAIN) == [
        f"{SRC}/util/Strings.scala",
        f"{SRC}/util/Maps.scala",
        f"{SRC}/util/Text.scala",
        f"{SRC}/util/Numbers.scala",
        f"{SRC}/model/Group.scala",
        f"{SRC}/model/User.scala",
        f"{SRC}/tools/package.scala",
        f"{SRC}/legacy/Old.java",
        f"{SRC}/more/Givens.scala",
    ]


def test_scala_source_root_comes_from_the_package_clauses(tmp_path):
    make(
        tmp_path,
        {
            # a file outside its package's folder names no source root: nothing is guessed
            "misplaced/Main.scala": "package com.acme.app\nimport com.acme.util.Strings\n",
            "com/acme/util/Strings.scala": "package com.acme.util\nobject Strings\n",
            # the default package: the file's own folder is the source root
            "tools/Run.scala": "import helper.Help\nobject Run\n",
            "tools/helper/Help.scala": "package helper\nclass Help\n",
            # a package clause with a body: the import inside it reads its package
            "tools/nested/In.scala": "package nested {\n  import nested.sub.Deep\n  object In\n}\n",
            "tools/nested/sub/Deep.scala": "package nested.sub\nclass Deep\n",
        },
    )
    assert direct_dependencies(tmp_path, "misplaced/Main.scala") == []
    assert direct_dependencies(tmp_path, "tools/Run.scala") == ["tools/helper/Help.scala"]
    assert direct_dependencies(tmp_path, "tools/nested/In.scala") == ["tools/nested/sub/Deep.scala"]
