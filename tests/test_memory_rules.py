"""Tier 2: `codepith rules build` and `codepith rules which`."""

import json
import os

import pytest

from codepith.cli import main
from codepith.core.tokens import count_tokens
from codepith.errors import InvalidOption
from codepith.memory.frontmatter import read_front_matter
from codepith.memory.globs import glob_match
from codepith.memory.rules import GENERATED_MARKER, build_rules, which_rules
from memory_trees import PROJECT, make_tree


@pytest.fixture
def project(tmp_path):
    make_tree(tmp_path, PROJECT)
    return tmp_path


def rules_of(root) -> dict[str, str]:
    folder = os.path.join(root, ".claude", "rules")
    return {name: open(os.path.join(folder, name), encoding="utf-8").read() for name in sorted(os.listdir(folder))}


def test_one_rule_file_per_module_scoped_to_its_files(project):
    results = build_rules(project)
    assert [(r.path, r.action) for r in results] == [
        (".claude/rules/codepith-root.md", "written"),
        (".claude/rules/codepith-server.md", "written"),
        (".claude/rules/codepith-src-shop.md", "written"),
        (".claude/rules/codepith-web.md", "written"),
    ]
    rules = rules_of(project)
    shop = read_front_matter(rules["codepith-src-shop.md"])
    assert shop.fields == {"paths": ["src/shop/**"]} and not shop.warnings
    for pattern in shop.fields["paths"]:
        assert glob_match(pattern, "src/shop/payments/stripe.py")
        assert not glob_match(pattern, "web/api.ts")
    assert read_front_matter(rules["codepith-root.md"]).fields == {"paths": ["setup.py"]}
    body = rules["codepith-src-shop.md"]
    assert GENERATED_MARKER in body
    # the outline compression: signatures and first doc lines, bodies elided
    assert "def add_item(self, sku: str, quantity: int = 1) -> None:" in body
    assert "self.items[sku] = " not in body
    assert "## src/shop/payments/stripe.py" in body
    assert body.index("## src/shop/__init__.py") < body.index("## src/shop/cart.py")  # entry files first
    for r in results:
        assert count_tokens(rules[r.path.rsplit("/", 1)[1]]) == r.tokens


def test_unchanged_files_are_not_rewritten_and_changed_ones_are(project):
    build_rules(project)
    folder = project / ".claude" / "rules"
    before = {p.name: os.stat(p) for p in folder.iterdir()}
    (project / "web" / "api.ts").write_text("export function other(): void {}\n")
    results = {r.path.rsplit("/", 1)[1]: r.action for r in build_rules(project)}
    assert results == {
        "codepith-root.md": "unchanged",
        "codepith-server.md": "unchanged",
        "codepith-src-shop.md": "unchanged",
        "codepith-web.md": "written",
    }
    for name, st in before.items():
        now = os.stat(folder / name)
        same = (now.st_ino, now.st_mtime_ns) == (st.st_ino, st.st_mtime_ns)
        assert same is (name != "codepith-web.md")
    assert "export function other(): void" in (folder / "codepith-web.md").read_text()


def test_rules_of_gone_modules_are_removed_only_when_generated(project):
    build_rules(project)
    folder = project / ".claude" / "rules"
    (folder / "codepith-mine.md").write_text("# my own rule, named like codepith's\n")
    for name in ("main.go",):
        (project / "server" / name).unlink()
    results = {r.path.rsplit("/", 1)[1]: r.action for r in build_rules(project)}
    assert results["codepith-server.md"] == "removed"
    assert "codepith-mine.md" not in results
    assert (folder / "codepith-mine.md").exists() and not (folder / "codepith-server.md").exists()


def test_caps_per_file_and_per_rule_file(tmp_path):
    big = "".join(
        f'def function_{i}(argument_{i}: int) -> int:\n    """Doc {i}."""\n    return {i}\n\n' for i in range(200)
    )
    make_tree(tmp_path, {f"pkg/mod{j}.py": big for j in range(6)})
    build_rules(tmp_path, file_tokens=300, max_tokens=1000)
    text = (tmp_path / ".claude" / "rules" / "codepith-pkg.md").read_text()
    assert count_tokens(text) <= 1000
    blocks = text.split("\n## ")[1:]
    # a file too large for its share shows its most important signatures, not its first lines
    assert blocks and all(" of 200 definitions, the most referenced)" in b for b in blocks)
    for block in blocks:
        block = "## " + block.split("\n+")[0]
        assert count_tokens(block.rstrip("\n") + "\n") <= 300
    assert len(blocks) == 6  # the files share the rule file's cap: every one is shown
    make_tree(tmp_path, {f"pkg/more{j:02d}.py": big for j in range(40)})
    build_rules(tmp_path, file_tokens=300, max_tokens=1000)
    text = (tmp_path / ".claude" / "rules" / "codepith-pkg.md").read_text()
    assert count_tokens(text) <= 1000
    assert "more files: " in text.splitlines()[-1]  # the files left out are named
    with pytest.raises(InvalidOption, match="front matter and title of the rule for pkg/ take; raise it") as caught:
        build_rules(tmp_path, max_tokens=20)
    assert caught.value.parameter == "max_tokens"


@pytest.mark.parametrize("kwargs, parameter", [({"file_tokens": 0}, "file_tokens"), ({"max_tokens": -1}, "max_tokens")])
def test_rule_caps_that_are_not_positive_name_the_parameter(project, kwargs, parameter):
    with pytest.raises(InvalidOption, match="must be a positive number") as caught:
        build_rules(project, **kwargs)
    assert caught.value.parameter == parameter
    assert not (project / ".claude").exists()


@pytest.mark.parametrize(
    "args, flag, problem",
    [
        (["--file-tokens", "0"], "'--file-tokens'", "must be a positive number, got 0"),
        (["--max-tokens", "0"], "'--max-tokens'", "must be a positive number, got 0"),
        (["--max-tokens", "20"], "'--max-tokens'", "20 is below the"),
    ],
)
def test_cli_rules_build_names_the_flag(project, capsys, args, flag, problem):
    assert main(["rules", "build", str(project), *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and flag in err and problem in err and "_tokens=" not in err
    assert not (project / ".claude").exists()


def test_rules_build_is_deterministic_and_dry_run_writes_nothing(project, capsys):
    assert main(["rules", "build", str(project), "--dry-run"]) == 0
    assert "would write .claude/rules/codepith-web.md" in capsys.readouterr().out
    assert not (project / ".claude").exists()
    assert main(["rules", "build", str(project)]) == 0
    first = rules_of(project)
    for p in (project / ".claude" / "rules").iterdir():
        p.unlink()
    (project / ".codepith" / "symbols.json").unlink()
    assert main(["rules", "build", str(project)]) == 0
    assert rules_of(project) == first


# --------------------------------------------------------------------------- which

FIXTURES = {
    "src/app/main.py": "def main():\n    pass\n",
    "src/app/util.ts": "export const x = 1;\n",
    "docs/index.md": "# Docs\n",
    "AGENTS.md": "# Root agents\n",
    "src/AGENTS.md": "# Src agents\n",
    "src/app/CLAUDE.md": "# App notes\n",
    "lib/AGENTS.md": "# elsewhere\n",
    ".claude/rules/python.md": '---\npaths:\n  - "docs/**"\n  - "**/*.py"\n---\n# Python\nUse type hints.\n',
    ".claude/rules/always.md": "# General\nBe brief.\n",
    ".claude/rules/nested/ts.md": "---\npaths: src/**/*.{ts,tsx}\n---\nTS rules\n",
    ".claude/rules/cursorish.md": '---\nglobs: ["**/*.py"]\n---\nlooks scoped, is not\n',
    ".claude/rules/stale.md": '---\npaths:\n  - "legacy/**"\n---\nold\n',
    ".claude/rules/everything.md": '---\npaths:\n  - "**"\n---\nall\n',
    ".github/instructions/py.instructions.md": '---\napplyTo: "**/*.py,**/*.pyi"\n---\nPython for Copilot\n',
    ".github/instructions/manual.instructions.md": "---\ndescription: by hand\n---\nmanual\n",
    ".github/instructions/wrong.instructions.md": '---\nglobs: "**/*.ts"\n---\nwrong key\n',
    ".cursor/rules/ts.mdc": "---\ndescription: TS\nglobs: src/**/*.ts, lib/**\nalwaysApply: false\n---\nCursor TS\n",
    ".cursor/rules/always.mdc": "---\nalwaysApply: true\n---\nalways\n",
    ".cursor/rules/requested.mdc": "---\ndescription: when asked\nalwaysApply: false\n---\nagent requested\n",
    ".cursor/rules/bad.mdc": '---\npaths:\n  - src/**\nalwaysApply: "true"\n---\nbad\n',
}


@pytest.fixture
def rules_tree(tmp_path):
    make_tree(tmp_path, FIXTURES)
    return tmp_path


def test_which_rules_apply_and_why(rules_tree):
    result = which_rules(rules_tree, ["src/app/main.py", "src/app/util.ts", "docs/index.md"])
    py = {m.rule: m.reason for m in result.matches["src/app/main.py"]}
    assert py == {
        "AGENTS.md": "nested AGENTS.md in the root (on the way from the root)",
        "src/AGENTS.md": "nested AGENTS.md in src/ (on the way from the root)",
        "src/app/CLAUDE.md": "nested CLAUDE.md in src/app/ (on the way from the root)",
        ".claude/rules/always.md": "no paths: (loaded in every session)",
        ".claude/rules/cursorish.md": "no paths: (loaded in every session)",
        ".claude/rules/everything.md": "paths: '**'",
        ".claude/rules/python.md": "paths: '**/*.py'",
        ".github/instructions/py.instructions.md": "applyTo: '**/*.py'",
        ".cursor/rules/always.mdc": "alwaysApply: true",
    }
    ts = {m.rule: m.reason for m in result.matches["src/app/util.ts"]}
    assert ts[".claude/rules/nested/ts.md"] == "paths: 'src/**/*.{ts,tsx}'"
    assert ts[".cursor/rules/ts.mdc"] == "globs: 'src/**/*.ts'"
    assert ".claude/rules/python.md" not in ts
    docs = {m.rule: m.reason for m in result.matches["docs/index.md"]}
    assert docs[".claude/rules/python.md"] == "paths: 'docs/**'"  # every pattern, not only the first
    for matches in result.matches.values():
        rules = {m.rule for m in matches}
        assert not rules & {
            ".cursor/rules/requested.mdc",
            ".github/instructions/manual.instructions.md",
            "lib/AGENTS.md",
            ".cursor/rules/bad.mdc",
        }


def test_which_warns_about_nothing_everything_and_ignored_keys(rules_tree):
    warnings = which_rules(rules_tree, ["docs/index.md"]).warnings
    text = "\n".join(warnings)
    assert ".claude/rules/stale.md: paths: pattern 'legacy/**' matches no file" in text
    assert ".claude/rules/everything.md: paths: pattern '**' matches every file" in text
    assert (
        ".claude/rules/cursorish.md: key globs: is ignored by Claude Code, which reads paths: "
        "\u2014 this rule scopes nothing" in text
    )
    assert ".github/instructions/wrong.instructions.md: key globs: is ignored by GitHub Copilot" in text
    assert ".cursor/rules/bad.mdc: key paths: is ignored by Cursor" in text
    assert ".cursor/rules/bad.mdc: alwaysApply: 'true' is not true or false" in text
    assert ".cursor/rules/ts.mdc: globs: pattern 'lib/**' matches everything" not in text
    assert ".cursor/rules/ts.mdc: globs: pattern 'lib/**' matches no file" not in text  # lib/AGENTS.md
    assert "python.md" not in text


def test_which_warns_about_front_matter_it_cannot_read(tmp_path):
    make_tree(tmp_path, {"a.py": "x = 1\n", ".claude/rules/odd.md": "---\npaths: |\n  a.py\n---\nbody\n"})
    warnings = which_rules(tmp_path, ["a.py"]).warnings
    assert any("odd.md: front matter line 2: block scalars" in w for w in warnings)


def test_which_cli_text_and_json(rules_tree, capsys):
    assert main(["rules", "which", "src/app/main.py", "--root", str(rules_tree)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("src/app/main.py\n  AGENTS.md  [agents] nested AGENTS.md in the root")
    assert "warnings:\n" in out
    assert main(["rules", "which", "docs/index.md", "--root", str(rules_tree), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {m["rule"] for m in data["paths"]["docs/index.md"]} >= {".claude/rules/python.md", "AGENTS.md"}
    assert data["warnings"]


def test_which_rejects_a_path_outside_the_root(rules_tree, capsys):
    assert main(["rules", "which", "../elsewhere.py", "--root", str(rules_tree)]) == 1
    assert "outside the root" in capsys.readouterr().err


def test_generated_rules_are_read_back_by_which(project):
    build_rules(project)
    result = which_rules(project, ["src/shop/cart.py", "setup.py"])
    assert [m.rule for m in result.matches["src/shop/cart.py"]] == [".claude/rules/codepith-src-shop.md"]
    assert [m.rule for m in result.matches["setup.py"]] == [".claude/rules/codepith-root.md"]
    assert result.warnings == []
