"""The repository map: exact budgets, determinism, focus files, everything
left out reported, shown code that parses, and one document from the
library, the command line and the MCP tool."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import codepith
from codepith import count_tokens, repo_map
from codepith.core.validity import file_errors
from codepith.errors import InvalidOption

EXAMPLES = max(10, int(os.environ.get("CODEPITH_HYPOTHESIS_EXAMPLES", "200")) // 5)

TREE = {
    "app/main.py": "from app.models import User, Order\nfrom app.util import slugify\n\n\n"
    "def main(argv: list[str]) -> int:\n    user = User('ann')\n    order = Order(user, 3)\n"
    "    print(slugify(user.name), order.total())\n    return 0\n",
    "app/models.py": '"""The models."""\n\n\nclass User:\n    def __init__(self, name: str) -> None:\n'
    "        self.name = name\n\n\nclass Order:\n    def __init__(self, user: User, count: int) -> None:\n"
    "        self.user = user\n        self.count = count\n\n    def total(self) -> int:\n"
    "        return self.count * 10\n",
    "app/util.py": "import re\n\n\ndef slugify(text: str) -> str:\n    return re.sub(r'\\W+', '-', text).lower()\n\n\n"
    "def unused_helper() -> None:\n    pass\n",
    "app/__init__.py": "",
    "web/api.ts": "import { render } from './view';\n\nexport function handler(req: Request): Response {\n"
    "  return new Response(render(req.url));\n}\n",
    "web/view.ts": "export function render(url: string): string {\n  return `<p>${url}</p>`;\n}\n",
    "README.md": "# demo\n",
    "logo.png": "\x89PNG\r\n\x1a\n\x00\x00",
    "broken.py": "def broken(:\n    pass\n",
}


def make(root: Path, files: dict[str, str] = TREE) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
    return root


@pytest.fixture
def tree(tmp_path):
    return make(tmp_path / "repo")


def accounted(result, root: Path) -> set[str]:
    """Every file the map mentions: shown, or left out (a folder stands for what it holds)."""
    return {f.path for f in result.files} | {x.path for x in result.left_out}


def test_the_map_fits_its_budget_exactly_and_says_what_it_left_out(tree, tmp_path):
    result = repo_map(tree, tokens=400, cache_dir=tmp_path / "cache")
    assert result.tokens == count_tokens(result.text) <= 400
    assert f"{result.tokens} of 400 tokens" in result.text
    levels = {f.path: f.level for f in result.files}
    assert levels, result.text
    reasons = {x.path: x.reason for x in result.left_out}
    assert reasons["logo.png"] == "skipped:binary"
    assert reasons["README.md"] == "skipped:unsupported-language"
    files = {str(p.relative_to(tree)).replace(os.sep, "/") for p in tree.rglob("*") if p.is_file()}
    assert files <= accounted(result, tree)
    assert [f.rank for f in result.files] == sorted(f.rank for f in result.files)


def test_a_file_that_does_not_parse_is_shown_by_its_names_at_most(tree, tmp_path):
    result = repo_map(tree, tokens=5000, focus=["broken.py"], cache_dir=tmp_path / "cache")
    assert {f.path: f.level for f in result.files}["broken.py"] == "names"


def test_focus_files_come_first_at_the_richest_level_that_fits(tree, tmp_path):
    big = repo_map(tree, tokens=4000, focus=["app/models.py"], cache_dir=tmp_path / "cache")
    first = big.files[0]
    assert (first.path, first.level, first.rank) == ("app/models.py", "full", 1)
    small = repo_map(tree, tokens=140, focus=["app/models.py"], cache_dir=tmp_path / "cache")
    assert small.files[0].path == "app/models.py" and small.files[0].level != "full"  # full is over 140
    assert small.tokens <= 140


def test_the_focus_ranks_what_it_uses_above_what_it_does_not(tree, tmp_path):
    result = repo_map(tree, tokens=4000, focus=["web/api.ts"], cache_dir=tmp_path / "cache")
    order = [f.path for f in result.files]
    assert order.index("web/view.ts") < order.index("app/models.py")
    named = repo_map(tree, tokens=4000, mentions=["slugify"], cache_dir=tmp_path / "cache")
    assert named.files[0].path == "app/util.py"


def test_the_same_tree_and_arguments_give_the_same_bytes(tree, tmp_path):
    runs = [
        repo_map(tree, tokens=300, focus=["app/main.py"], cache=False),
        repo_map(tree, tokens=300, focus=["app/main.py"], cache_dir=tmp_path / "cache"),
        repo_map(tree, tokens=300, focus=["app/main.py"], cache_dir=tmp_path / "cache"),  # warm
        repo_map(tree, tokens=300, focus=["app/main.py"], cache=False, jobs=1),
    ]
    assert len({r.text for r in runs}) == 1
    assert len({json.dumps(r.to_json(), sort_keys=True) for r in runs}) == 1


def test_every_file_shown_as_code_parses_at_its_level(tree, tmp_path):
    result = repo_map(tree, tokens=6000, cache_dir=tmp_path / "cache")
    coded = [f for f in result.files if f.level != "names"]
    assert coded
    for f in coded:
        section = result.text[result.text.index(f"## {f.path} ({f.level})") :]
        _heading, _blank, opening, rest = section.split("\n", 3)
        fence = opening.rstrip("abcdefghijklmnopqrstuvwxyz")
        code = rest[: rest.index(fence + "\n")]
        assert code.strip() and file_errors(f.language, code.encode()) == 0, (f.path, code)


def test_a_second_map_reads_only_the_files_that_changed(tree, tmp_path, monkeypatch):
    from codepith.map import facts

    repo_map(tree, tokens=300, cache_dir=tmp_path / "cache")
    scanned: list[str] = []
    real = facts.scan
    monkeypatch.setattr(facts, "scan", lambda root, path, *a: scanned.append(path) or real(root, path, *a))
    again = repo_map(tree, tokens=300, cache_dir=tmp_path / "cache", jobs=1)
    assert scanned == []
    (tree / "app/util.py").write_text(
        "def slugify(text: str) -> str:\n    return text\n\n\ndef extra() -> None:\n    pass\n"
    )
    changed = repo_map(tree, tokens=300, cache_dir=tmp_path / "cache", jobs=1)
    assert scanned == ["app/util.py"]
    assert changed.text != again.text


def test_an_edit_to_codepiths_modules_reads_every_file_again(tree, tmp_path, monkeypatch):
    import codepith._version
    from codepith.map import facts

    first = repo_map(tree, tokens=300, cache_dir=tmp_path / "cache")
    scanned: list[str] = []
    real = facts.scan
    monkeypatch.setattr(facts, "scan", lambda root, path, *a: scanned.append(path) or real(root, path, *a))
    monkeypatch.setattr(codepith._version, "code_stamp", lambda: "edited")
    again = repo_map(tree, tokens=300, cache_dir=tmp_path / "cache", jobs=1)
    assert scanned and again.text == first.text


def test_a_second_identical_map_is_read_whole_and_any_change_makes_it_again(tree, tmp_path, monkeypatch):
    from codepith.map import run

    first = repo_map(tree, tokens=300, cache_dir=tmp_path / "cache")
    ranked: list[int] = []
    real = run.rank_files
    monkeypatch.setattr(run, "rank_files", lambda *a: ranked.append(1) or real(*a))
    assert repo_map(tree, tokens=300, cache_dir=tmp_path / "cache").to_json() == first.to_json()
    assert ranked == []
    other = repo_map(tree, tokens=301, cache_dir=tmp_path / "cache", format="json")
    assert ranked == [1] and other.format == "json" and other.budget == 301
    (tree / "app/new.py").write_text("def brand_new_function() -> None:\n    pass\n")
    grown = repo_map(tree, tokens=3000, cache_dir=tmp_path / "cache")
    assert "app/new.py" in {f.path for f in grown.files} | {x.path for x in grown.left_out}


def test_a_focus_file_outside_the_tree_is_an_error_naming_it(tree):
    with pytest.raises(InvalidOption, match="'nope.py' is not a file the map .* no such file"):
        repo_map(tree, tokens=100, focus=["nope.py"], cache=False)
    (tree / ".gitignore").write_text("app/util.py\n")
    with pytest.raises(InvalidOption, match="the walk leaves it out \\(ignored:"):
        repo_map(tree, tokens=100, focus=["app/util.py"], cache=False)
    with pytest.raises(InvalidOption, match="tokens"):
        repo_map(tree, tokens=0, cache=False)


@pytest.mark.parametrize("fmt", ["markdown", "plain", "xml"])
def test_every_format_keeps_the_budget(tree, tmp_path, fmt):
    result = repo_map(tree, tokens=350, format=fmt, cache_dir=tmp_path / "cache")
    assert count_tokens(result.text) == result.tokens <= 350
    if fmt == "xml":
        import xml.dom.minidom

        xml.dom.minidom.parseString(result.text)


def test_the_budget_is_used_well_when_there_is_material(tmp_path):
    files = {
        f"pkg/mod{i}.py": "".join(
            f"def func_{i}_{j}(value: int) -> int:\n    return value + {j}\n\n\n" for j in range(30)
        )
        + "".join(f"from pkg.mod{k} import func_{k}_1\n" for k in range(max(0, i - 3), i))
        for i in range(40)
    }
    root = make(tmp_path / "big", files)
    for budget in (1024, 4096):
        result = repo_map(root, tokens=budget, cache_dir=tmp_path / "cache")
        assert 0.95 * budget <= result.tokens <= budget, (budget, result.tokens)


def test_the_command_line_and_the_library_give_the_same_document(tree, tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg"))
    args = [sys.executable, "-m", "codepith", "map", str(tree), "--tokens", "300", "--focus", "app/main.py"]
    out = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == repo_map(tree, tokens=300, focus=["app/main.py"], cache=False).text
    assert "of 300 tokens" in out.stderr
    js = subprocess.run([*args, "--format", "json"], capture_output=True, text=True, env=env, timeout=120)
    assert json.loads(js.stdout)["text"] == out.stdout
    bad = subprocess.run([*args[:-1], "missing.py"], capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode == 2 and "missing.py" in bad.stderr and "Traceback" not in bad.stderr


def test_the_mcp_tool_gives_the_same_document(tree, tmp_path):
    from helpers import run, server

    async def main():
        async with server(tree) as c:
            summary, text = await c.text("repo_map", tokens=300, focus=["app/main.py"])
            assert text == repo_map(tree, tokens=300, focus=["app/main.py"], cache=False).text
            assert summary["tokens"] <= 300 and summary["left_out_total"] == len(summary["left_out"])
            assert summary["left_out_by_reason"]["skipped:binary"] == 1

    run(main)


_NAMES = st.sampled_from(["alpha", "beta", "gamma_delta", "Epsilon", "zeta2", "_eta", "theta_long_name"])


@st.composite
def trees(draw):
    files = {}
    for i in range(draw(st.integers(1, 7))):
        defs = draw(st.lists(_NAMES, min_size=0, max_size=4, unique=True))
        uses = draw(st.lists(_NAMES, max_size=4))
        body = "".join(f"def {d}{i}(x):\n    return {draw(st.sampled_from(uses or ['x']))}0(x)\n\n\n" for d in defs)
        lang = draw(st.sampled_from(["py", "js"]))
        if lang == "js":
            body = "".join(f"export function {d}{i}(x) {{\n  return x + 1;\n}}\n" for d in defs)
            body += "".join(f"{u}0(1);\n" for u in uses)
        files[f"d{i % 3}/f{i}.{lang}"] = body + draw(st.sampled_from(["", "# ü 中文\n" if lang == "py" else "// ü\n"]))
    return files


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(files=trees(), budget=st.integers(1, 1500), data=st.data())
def test_hyp_any_tree_and_budget_never_go_over(tmp_path_factory, files, budget, data):
    root = make(tmp_path_factory.mktemp("t"), files)
    focus = data.draw(st.lists(st.sampled_from(sorted(files)), max_size=2, unique=True))
    try:
        result = repo_map(root, tokens=budget, focus=focus, cache=False, jobs=1)
    except InvalidOption as exc:  # a budget under the headings' own tokens is refused, saying so
        assert "for its title and summary alone" in str(exc) and budget < 80
        return
    assert result.tokens == count_tokens(result.text) <= budget
    assert set(files) <= accounted(result, root)
    shown = [f.path for f in result.files]
    for path in focus:  # a focus file is shown whenever its names alone fit beside the others'
        assert path in shown or any(x.path == path for x in result.left_out)
    assert shown[: len([p for p in focus if p in shown])] == [p for p in focus if p in shown]


def test_the_public_api_names_the_map():
    for name in ("repo_map", "MapOptions", "RepoMap", "MapFile", "LeftOut"):
        assert name in codepith.__all__ and getattr(codepith, name) is not None


def test_a_focus_file_holding_a_secret_is_left_out_and_named_on_stderr(tree, tmp_path):
    from helpers import GITHUB

    (tree / "app/keys.py").write_text(f'TOKEN = "{GITHUB}"\n\n\ndef use() -> str:\n    return TOKEN\n')
    result = repo_map(tree, tokens=400, focus=["app/keys.py"], cache=False)
    assert {x.path: x.reason for x in result.left_out}["app/keys.py"] == "skipped:secret"
    assert GITHUB not in result.text and "app/keys.py" not in [f.path for f in result.files]
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg"))
    args = [sys.executable, "-m", "codepith", "map", str(tree), "--tokens", "400", "--focus", "app/keys.py"]
    out = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0 and "map: app/keys.py: left out (skipped:secret)" in out.stderr
    assert GITHUB not in out.stdout + out.stderr
