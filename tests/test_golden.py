"""Golden cases for every language and level (see tests/golden.py)."""

import pytest

from codepith import compress, languages
from codepith.core.checks import check_retention, check_validity
from golden import LEVEL_FILES, expected_path, inputs, language_of

CASES = inputs()


def test_every_language_has_cases():
    # every registered language
    assert {language_of(c) for c in CASES} >= set(languages())


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_full_level_is_the_input(case):
    src = case.read_bytes()
    result = compress(src, language=language_of(case), level="full")
    assert result.data == src
    assert result.elisions == ()


@pytest.mark.parametrize("variant", list(LEVEL_FILES))
@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_golden_output(case, variant):
    level, refs = LEVEL_FILES[variant]
    expected = expected_path(case, variant)
    assert expected.exists(), f"missing {expected.name}: run `python tests/golden.py` and review it"
    src = case.read_bytes()
    result = compress(src, language=language_of(case), level=level, line_refs=refs)
    assert result.data.decode("utf-8", "replace") == expected.read_bytes().decode("utf-8", "replace")
    assert result.data == expected.read_bytes()
    # every golden output keeps the promises
    assert result.expand() == src
    errors_in, errors_out = check_validity(result)
    assert errors_out <= errors_in
    kept = check_retention(result)
    assert kept.ok, kept.missing
    assert len(result.data) <= len(src)
