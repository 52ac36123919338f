"""Java imports followed to files of the same source tree (codepith.deps.java)."""

from pathlib import Path

from codepith.deps.finder import direct_dependencies


def make(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


MAIN = "src/main/java/com/acme/app/Main.java"


def test_java_single_type_nested_static_and_on_demand_imports(tmp_path):
    make(
        tmp_path,
        {
            MAIN: (
                "package com.acme.app;\n\n"
                "import com.acme.util.Strings;\n"
                "import com.acme.util.Maps.Entry;\n"
                "import static com.acme.util.Numbers.parse;\n"
                "import static com.acme.util.Numbers.*;\n"
                "import com.acme.model.*;\n"
                "import java.util.List;\n"
                "import org.other.Lib;\n\n"
                "public class Main { }\n"
            ),
            "src/main/java/com/acme/util/Strings.java": "package com.acme.util;\nclass Strings {}\n",
            "src/main/java/com/acme/util/Maps.java": "package com.acme.util;\nclass Maps { static class Entry {} }\n",
            "src/main/java/com/acme/util/Numbers.java": "package com.acme.util;\nclass Numbers {}\n",
            "src/main/java/com/acme/model/User.java": "package com.acme.model;\nclass User {}\n",
            "src/main/java/com/acme/model/Group.java": "package com.acme.model;\nclass Group {}\n",
            "src/main/java/com/acme/model/notes.txt": "not java\n",
        },
    )
    assert direct_dependencies(tmp_path, MAIN) == [
        "src/main/java/com/acme/util/Strings.java",
        "src/main/java/com/acme/util/Maps.java",
        "src/main/java/com/acme/util/Numbers.java",
        "src/main/java/com/acme/model/Group.java",
        "src/main/java/com/acme/model/User.java",
    ]


def test_java_source_root_comes_from_the_package_line(tmp_path):
    make(
        tmp_path,
        {
            # a file outside its package's folder names no source root: nothing is guessed
            "misplaced/Main.java": "package com.acme.app;\nimport com.acme.util.Strings;\nclass Main {}\n",
            "com/acme/util/Strings.java": "package com.acme.util;\nclass Strings {}\n",
            # the default package: the file's own folder is the source root
            "tools/Run.java": "import helper.Help;\nclass Run {}\n",
            "tools/helper/Help.java": "package helper;\nclass Help {}\n",
        },
    )
    assert direct_dependencies(tmp_path, "misplaced/Main.java") == []
    assert direct_dependencies(tmp_path, "tools/Run.java") == ["tools/helper/Help.java"]


def test_java_imports_never_leave_the_root_or_name_the_file_itself(tmp_path):
    make(
        tmp_path,
        {
            "a/Self.java": "package a;\nimport a.Self;\nimport a.*;\nclass Self {}\n",
            "a/Other.java": "package a;\nclass Other {}\n",
        },
    )
    assert direct_dependencies(tmp_path, "a/Self.java") == ["a/Other.java"]
