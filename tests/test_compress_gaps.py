"""Valid means checked, and the gaps between a header and its body.

``valid`` (of :func:`codepith.compress`, a bulk result, a dataset row) is the
outcome of a parse of the output, never an assumption. And bytes a grammar
allows between a definition's header and its body, or just after the body
(comments of every syntax, preprocessor lines, line splices, a ``;``), never
cost the output its validity or a definition.
"""

from __future__ import annotations

import pandas as pd
import pytest

from codepith import compress
from codepith.bulk.datasets.rows import FrameOptions, compress_partition
from codepith.bulk.files import process_bytes
from codepith.bulk.results import BulkOptions
from codepith.core.checks import check_retention
from codepith.core.compress import count_errors
from codepith.core.elide import BraceStyle
from codepith.core.languages import captures, parse

C_SRC = b"int add(int a, int b)\n{\n    int c = a + b;\n    return c * 2;\n}\n"


def errors_of(language: str, data: bytes) -> int:
    return count_errors(parse(language, data).root_node)


@pytest.fixture
def broken_placeholder(monkeypatch):
    """A brace placeholder that does not parse (its `}` missing): only a parse
    of the output can tell that an edit made with it broke the file."""
    monkeypatch.setattr(BraceStyle, "body", lambda self, rows, line_refs: "{ /* \u2026 */".encode())


# --------------------------------------------------------------------------- valid means checked


def test_valid_comes_from_a_parse_of_the_output(broken_placeholder):
    r = compress(C_SRC, language="c")
    assert errors_of("c", r.data) == r.output_errors == 0 and r.valid
    assert r.data == C_SRC and not r.elisions  # the edit that broke it was undone
    assert r.expand() == C_SRC


def test_unverified_output_is_still_checked(broken_placeholder):
    r = compress(C_SRC, language="c", verify=False)
    assert r.elisions  # kept unchecked, as asked
    assert r.output_errors == errors_of("c", r.data) > 0
    assert r.valid is False


def test_unverified_clean_output_is_valid():
    r = compress(C_SRC, language="c", verify=False)
    assert r.elisions and r.valid is True and r.output_errors == 0


def test_bulk_valid_is_checked(broken_placeholder):
    r = process_bytes("a.c", C_SRC, BulkOptions(), keep_data=True)
    assert r.action == "compressed" and r.valid is True
    assert errors_of("c", r.data) == 0


def test_dataset_valid_column_is_checked(broken_placeholder):
    frame = pd.DataFrame({"path": ["a.c"], "content": [C_SRC]})
    out = compress_partition(frame, FrameOptions(tokens=False))
    row = out.iloc[0]
    assert row["action"] == "compressed" and bool(row["valid"]) is True
    assert errors_of("c", row["compressed"]) == 0
