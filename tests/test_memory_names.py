"""A query that names a definition exactly finds it, first, whatever its
name's parts are: common words (`get_all`, `handle`), parts of one letter
(`x_y`), a keyword written before it (`class Do`); with the index and with
the scan alike."""

import pytest

from codepith.cli import main
from codepith.memory.ranking import name_keys, query_names
from codepith.memory.recall import recall
from codepith.memory.recall_store import fts5_available
from memory_trees import make_tree


def _module(n: int) -> str:
    """Definitions whose parts share the words of the names asked for, so only
    the whole name tells the one asked for apart."""
    return (
        f"class Command{n}:\n    pass\n\n\nclass Do{n}Thing:\n    pass\n\n\n"
        f"def get_all_{n}(items):\n    return items\n\n\ndef handle_{n}(event):\n    return event\n\n\n"
        f"def x_{n}(a):\n    return a\n\n\ndef y_{n}(b):\n    return b\n"
    )


TARGET = (
    'class Do:\n    """A command to run."""\n\n\n'
    "def get_all(items):\n    return list(items)\n\n\n"
    "def handle(event):\n    return event\n\n\n"
    "def x_y(a, b):\n    return a + b\n"
)


@pytest.fixture
def tree(tmp_path):
    make_tree(tmp_path, {"src/target.py": TARGET, **{f"src/other{n}.py": _module(n) for n in range(40)}})
    return tmp_path


NAMED = [
    ("get_all", "get_all"),
    ("handle", "handle"),
    ("x_y", "x_y"),
    ("class Do", "Do"),
    ("def get_all", "get_all"),
    ("Do", "Do"),
    ("where is get_all defined and what calls it", "get_all"),
    ("getAll", "get_all"),
]


@pytest.mark.parametrize("cache", [True, False], ids=["index", "scan"])
@pytest.mark.parametrize(("query", "name"), NAMED)
def test_a_query_naming_a_definition_puts_it_first(tree, query, name, cache):
    if cache and not fts5_available():
        pytest.skip("this Python's sqlite3 has no FTS5")
    result = recall(tree, query, log=False, cache=cache)
    assert result.items, f"{query!r} found nothing"
    assert result.items[0] == f"symbol:src/target.py:{name}"


def test_the_cli_prints_the_named_definition(tree, capsys):
    assert main(["recall", "get_all", "--root", str(tree), "--no-log"]) == 0
    assert "def get_all(items):" in capsys.readouterr().out


def test_which_words_name_a_definition():
    assert name_keys("get_all") == {"getall"}
    assert name_keys("class Do") == {"class", "do"}
    assert name_keys("x_y") == {"xy"}
    # a longer query: identifiers written as such, not its common words
    assert name_keys("how do we handle the get_all call of getAll") == {"getall"}
    assert "handle" not in query_names("how do we handle errors in the parser")
    assert name_keys("2024") == set()  # a number names nothing
