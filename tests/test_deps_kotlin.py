"""Kotlin imports followed to files of the same source tree (codepith.deps.kotlin)."""

from pathlib import Path

from codepith.deps.finder import direct_dependencies


def make(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


SRC = "src/main/kotlin/com/acme"
MAIN = f"{SRC}/app/Main.kt"


def test_kotlin_class_alias_nested_wildcard_and_declared_names(tmp_path):
    make(
        tmp_path,
        {
            MAIN: (
                '@file:JvmName("MainKt")\n\npackage com.acme.app\n\n'
                "import com.acme.util.Strings\n"
                "import com.acme.util.Maps.Entry as E\n"
                "import com.acme.util.shout\n"
                "import com.acme.model.*\n"
                "import com.acme.legacy.Old\n"
                "import kotlin.math.max\n"
                "import org.other.Lib\n\n"
                "fun main() {}\n"
            ),
            f"{SRC}/util/Strings.kt": "package com.acme.util\nobject Strings\n",
            f"{SRC}/util/Maps.kt": "package com.acme.util\nclass Maps { class Entry }\n",
            # a top-level function of a file named otherwise: found by its declaration
            f"{SRC}/util/Text.kt": 'package com.acme.util\n\n@JvmName("s")\ninline fun String.shout() = uppercase()\n',
            f"{SRC}/model/User.kt": "package com.acme.model\ndata class User(val n: String)\n",
            f"{SRC}/model/Group.kt": "package com.acme.model\nclass Group\n",
            f"{SRC}/model/notes.txt": "not kotlin\n",
            # Java beside Kotlin in the same source root
            f"{SRC}/legacy/Old.java": "package com.acme.legacy;\npublic class Old {}\n",
        },
    )
    assert direct_dependencies(tmp_path, MAIN) == [
        f"{SRC}/util/Strings.kt",
        f"{SRC}/util/Maps.kt",
        f"{SRC}/util/Text.kt",
        f"{SRC}/model/Group.kt",
        f"{SRC}/model/User.kt",
        f"{SRC}/legacy/Old.java",
    ]


def test_kotlin_source_root_comes_from_the_package_header(tmp_path):
    make(
        tmp_path,
        {
            # a file outside its package's folder names no source root: nothing is guessed
            "misplaced/Main.kt": "package com.acme.app\nimport com.acme.util.Strings\n",
            "com/acme/util/Strings.kt": "package com.acme.util\nobject Strings\n",
            # the default package: the file's own folder is the source root
            "tools/Run.kt": "import helper.Help\nfun run() {}\n",
            "tools/helper/Help.kt": "package helper\nclass Help\n",
            # a local name inside a body is no top-level declaration
            "tools/Use.kt": "import helper.inner\n",
            "tools/helper/Body.kt": "package helper\nfun f() {\n    val inner = 1\n}\n",
        },
    )
    assert direct_dependencies(tmp_path, "misplaced/Main.kt") == []
    assert direct_dependencies(tmp_path, "tools/Run.kt") == ["tools/helper/Help.kt"]
    assert direct_dependencies(tmp_path, "tools/Use.kt") == []
