"""Tier 1: `codepith index` — bounded, deterministic, collapsing, and `--write`
that leaves the rest of the file alone."""

import os
import stat
import subprocess
import sys

import pytest

from codepith.cli import main
from codepith.core.tokens import count_tokens
from codepith.errors import CodepithError, InvalidOption
from codepith.memory.index import (
    END_MARKER,
    POINTER,
    START_MARKER,
    IndexLine,
    build_index,
    fit_index,
    replace_block,
    write_block,
)
from memory_trees import PROJECT, make_tree


@pytest.fixture
def project(tmp_path):
    make_tree(tmp_path, PROJECT)
    return tmp_path


def test_one_line_per_module_with_what_it_is(project):
    text = build_index(project, max_tokens=400)
    lines = text.splitlines()
    assert lines[0] == START_MARKER and lines[-1] == END_MARKER and lines[-2] == POINTER
    # package docstring, then the most referenced public names
    assert (
        "- src/shop/ \u2014 Shop: carts, orders and payments. Main: ShoppingCart, charge_card, refund_charge" in lines
    )
    assert "  - payments/ \u2014 Payment providers. Main: charge_card, refund_charge" in lines  # a deeper level
    assert "    - stripe.py \u2014 charge_card, refund_charge" in lines  # a file, under its folder
    assert "  - cart.py \u2014 The shopping cart. Main: ShoppingCart" in lines  # its module docstring
    assert "- web/ \u2014 The storefront, in TypeScript. Main: fetchCart, Cart" in lines  # README's first sentence
    assert "- server/ \u2014 Package main serves the shop. Main: ListenAndServe" in lines  # Go package comment
    assert "- docs/ \u2014 1 file: .md" in lines  # what it holds
    assert any(line.startswith("- (root files) \u2014 A demo project") for line in lines)
    assert count_tokens(text) <= 400


def test_deeper_levels_collapse_first_then_the_tail_becomes_more(project):
    full = build_index(project, max_tokens=400)
    assert "payments/" in full
    for n in range(60, 400, 7):
        assert count_tokens(build_index(project, max_tokens=n)) <= n
    collapsed = None
    for n in range(count_tokens(full) - 1, 20, -1):
        try:
            text = build_index(project, max_tokens=n)
        except CodepithError:
            break
        assert count_tokens(text) <= n
        assert POINTER in text
        if collapsed is None and "payments/" not in text:
            collapsed = text
            assert "+" not in text.split("\n", 2)[2].split(POINTER)[0]  # no line dropped yet
        if "more" in text:
            assert "payments/" not in text  # the deeper level went first
            break
    assert collapsed is not None


def _lines(n: int, depth: int = 1) -> list[IndexLine]:
    out = []
    for i in range(n):
        out.append(IndexLine(f"pkg{i:05d}/", f"module number {i} with a docstring", 1, i % 7))
        parent = len(out) - 1
        for d in range(1, depth):
            out.append(IndexLine(f"sub{d}/", f"level {d + 1} under {i}", d + 1, 1, parent))
            parent = len(out) - 1
    return out


@pytest.mark.parametrize("n", [1, 2, 3, 10, 50, 300, 1000, 5000])
@pytest.mark.parametrize("budget", [60, 250])
def test_ceiling_never_exceeded_from_1_to_5000_modules(n, budget):
    text = fit_index(_lines(n, depth=2), max_tokens=budget)
    assert count_tokens(text) <= budget
    assert text.splitlines()[-2] == POINTER
    shown = sum(1 for line in text.splitlines() if line.startswith("- pkg"))
    more = [line for line in text.splitlines() if line.startswith("- +")]
    assert shown + (int(more[0].split()[1][1:]) if more else 0) == n  # every module counted


def test_heaviest_modules_stay_and_keep_path_order():
    lines = [IndexLine(f"m{i}/", "", 1, w) for i, w in enumerate([1, 9, 2, 8, 3])]
    expected = f"{START_MARKER}\n## Project index\n- m1/\n- m3/\n- +3 more\n{POINTER}\n{END_MARKER}\n"
    text = fit_index(lines, max_tokens=count_tokens(expected))
    assert text == expected


def test_a_ceiling_below_the_minimum_is_an_error_naming_it():
    with pytest.raises(InvalidOption, match="below this index's minimum") as caught:
        fit_index(_lines(5), max_tokens=10)
    assert caught.value.parameter == "max_tokens" and str(caught.value).startswith("max_tokens=: 10 is below")


@pytest.mark.parametrize("max_tokens", [0, -3])
def test_a_ceiling_that_is_not_positive_names_the_parameter(project, max_tokens):
    with pytest.raises(InvalidOption, match="must be a positive number") as caught:
        build_index(project, max_tokens=max_tokens)
    assert caught.value.parameter == "max_tokens"
    assert not (project / ".codepith").exists()  # refused before anything is read


def test_index_of_a_5000_module_tree_on_disk(tmp_path):
    for i in range(5000):
        folder = tmp_path / f"m{i:04d}"
        folder.mkdir()
        (folder / "a.py").write_text(f"def f{i}():\n    pass\n")
    text = build_index(tmp_path, max_tokens=250)
    assert count_tokens(text) <= 250
    assert POINTER in text and "more" in text


def test_same_tree_same_bytes_and_cache_independent(project):
    first = build_index(project, max_tokens=250)
    assert build_index(project, max_tokens=250) == first  # from the cache
    assert build_index(project, max_tokens=250, cache=False) == first


def test_independent_of_the_hash_seed(project):
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run(
            [sys.executable, "-m", "codepith", "index", str(project), "--max-tokens", "120"],
            capture_output=True,
            env=env,
            timeout=120,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr
        outputs.add(proc.stdout)
        # a fresh index each time: the cache must not hide an order that depends on the seed
        cache = project / ".codepith" / "symbols.json"
        if cache.exists():
            cache.unlink()
    assert len(outputs) == 1


def test_the_cli_prints_the_block(project, capsysbinary):
    assert main(["index", str(project), "--max-tokens", "250"]) == 0
    out = capsysbinary.readouterr().out.decode()
    assert out == build_index(project, max_tokens=250)


@pytest.mark.parametrize(
    "value, problem", [("5", "is below this index's minimum"), ("0", "must be a positive number, got 0")]
)
def test_cli_rejects_a_ceiling_too_small_naming_the_flag(project, capsys, value, problem):
    assert main(["index", str(project), "--max-tokens", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'--max-tokens'" in err and problem in err and "max_tokens=" not in err


# --------------------------------------------------------------------------- --write

BLOCK_LF = f"{START_MARKER}\nnew\n{END_MARKER}\n"


@pytest.mark.parametrize(
    "before, after",
    [
        (b"", BLOCK_LF.encode()),
        (b"# Agents\n", b"# Agents\n\n" + BLOCK_LF.encode()),
        (b"# Agents\n\n", b"# Agents\n\n" + BLOCK_LF.encode()),
        (b"# Agents", b"# Agents\n\n" + BLOCK_LF.encode()),
        (
            f"top\n{START_MARKER}\nold\nlines\n{END_MARKER}\nbottom\n".encode(),
            f"top\n{START_MARKER}\nnew\n{END_MARKER}\nbottom\n".encode(),
        ),
        (f"top\n{START_MARKER}\nold\n{END_MARKER}".encode(), f"top\n{START_MARKER}\nnew\n{END_MARKER}".encode()),
    ],
)
def test_replace_block(before, after):
    assert replace_block(before, BLOCK_LF) == after


def test_replace_block_crlf_bom_and_odd_bytes_kept():
    block = BLOCK_LF.replace("\n", "\r\n")
    head = "\ufeff# Agents\r\n\r\nKeep  this\ttext \xe9\r\n".encode() + b"\xff\xfe raw\r\n"
    tail = b"\r\nafter\r\n\r\n"
    before = head + f"{START_MARKER}\r\nold\r\n{END_MARKER}".encode() + tail
    after = replace_block(before, block)
    assert after == head + f"{START_MARKER}\r\nnew\r\n{END_MARKER}".encode() + tail


@pytest.mark.parametrize(
    "text",
    [
        f"{START_MARKER}\nno end\n",
        f"{END_MARKER}\n{START_MARKER}\n",
        f"{START_MARKER}\n{END_MARKER}\n{START_MARKER}\n{END_MARKER}\n",
    ],
)
def test_broken_markers_are_an_error_and_nothing_is_written(tmp_path, text):
    target = tmp_path / "AGENTS.md"
    target.write_text(text)
    with pytest.raises(CodepithError, match="codepith will not guess"):
        write_block(target, lambda newline: BLOCK_LF)
    assert target.read_text() == text


def test_write_keeps_the_rest_mode_and_skips_unchanged(project, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("elsewhere")
    target = tmp_path / "CLAUDE.md"
    head = "\ufeff# Project\r\n\r\nRules we wrote by hand.\r\n\r\n".encode()
    tail = b"\r\n## More\r\nno newline at the end"
    target.write_bytes(head + f"{START_MARKER}\r\nstale\r\n{END_MARKER}".encode() + tail)
    os.chmod(target, 0o640)
    assert main(["index", str(project), "--write", str(target), "--max-tokens", "200"]) == 0
    data = target.read_bytes()
    assert data.startswith(head) and data.endswith(tail)
    block = data[len(head) : len(data) - len(tail)]
    assert b"\r\n" in block and b"\n" not in block.replace(b"\r\n", b"")  # the file's own line endings
    assert count_tokens(block + b"\r\n") <= 200
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    st = os.stat(target)
    assert main(["index", str(project), "--write", str(target), "--max-tokens", "200"]) == 0
    assert os.stat(target).st_ino == st.st_ino and os.stat(target).st_mtime_ns == st.st_mtime_ns


def test_write_creates_the_file_and_appends_to_one_without_a_block(project, tmp_path_factory, capsys):
    tmp_path = tmp_path_factory.mktemp("elsewhere")
    created = tmp_path / "new" / "AGENTS.md"
    assert main(["index", str(project), "--write", str(created)]) == 0
    assert created.read_text() == build_index(project)
    assert "index block written" in capsys.readouterr().out
    existing = tmp_path / "AGENTS.md"
    existing.write_bytes(b"# Mine\n- keep me")
    assert main(["index", str(project), "--write", str(existing)]) == 0
    assert existing.read_bytes() == b"# Mine\n- keep me\n\n" + build_index(project).encode()


def test_write_through_a_symlink_writes_its_target(project, tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("elsewhere")
    real = tmp_path / "real.md"
    real.write_text("hand written\n")
    link = tmp_path / "AGENTS.md"
    link.symlink_to(real)
    assert main(["index", str(project), "--write", str(link)]) == 0
    assert link.is_symlink()
    assert real.read_text().startswith("hand written\n\n" + START_MARKER)


def test_a_folder_linked_inside_the_tree_is_listed_once(tmp_path):
    (tmp_path / "queries").mkdir()
    (tmp_path / "queries" / "a.py").write_text('"""Query helpers."""\n\ndef q():\n    pass\n')
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("def main():\n    pass\n")
    (tmp_path / "src" / "queries").symlink_to(tmp_path / "queries")
    from codepith.memory import build_index, load_index

    assert sorted(load_index(tmp_path, cache=False).files) == ["queries/a.py", "src/app.py"]
    text = build_index(tmp_path, max_tokens=250)
    assert "queries/" in text
    assert "src/queries" not in text
