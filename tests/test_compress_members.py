"""Blocks of members (``@body.block``): elided whole, or run by run around the
members that stay (``@keep.member``), as style rules are in CSS and SCSS."""

from types import SimpleNamespace

import pytest

from codepith import CodepithError, compress
from codepith.core.checks import check_retention, check_validity
from codepith.core.elide import style
from codepith.core.registry import SPECS

NESTED = b""".card {
  color: red;
  margin: 0 auto;
  /* the title */
  & > .title {
    font-weight: bold;
    font-size: 2rem;
  }
  padding: 1rem;
  border: 1px solid #ddd;
}
"""


def promises(result, src: bytes) -> None:
    assert result.expand() == src
    errors_in, errors_out = check_validity(result)
    assert errors_out <= errors_in
    assert check_retention(result).ok, check_retention(result).missing


def test_a_block_holding_a_kept_member_keeps_its_braces_and_elides_the_runs_around_it():
    r = compress(NESTED, language="css")
    assert r.data == (
        b".card {\n  /* \xe2\x80\xa6 */\n  /* the title */\n  & > .title { /* \xe2\x80\xa6 */ }\n  /* \xe2\x80\xa6 */\n}\n"
    )
    assert [e.kind for e in r.elisions] == ["body", "body", "body"]
    promises(r, NESTED)


def test_a_block_without_kept_members_is_elided_whole():
    src = b".a {\n  color: red;\n  margin: 0 auto;\n}\n"
    r = compress(src, language="css")
    assert r.data == b".a { /* \xe2\x80\xa6 */ }\n"
    promises(r, src)


def test_a_run_names_its_lines():
    r = compress(NESTED, language="css", line_refs=True)
    assert b"/* \xe2\x80\xa6 L2-3 */" in r.data and b"/* \xe2\x80\xa6 L9-10 */" in r.data
    assert b"{ /* \xe2\x80\xa6 L5-8 */ }" in r.data
    promises(r, NESTED)


def test_a_kept_member_at_any_depth_keeps_every_block_around_it():
    # the `@if` holds a nested rule: it stays, and so does the rule's block around it
    src = b".a {\n  color: red;\n  margin: 0 auto;\n  @if $dark {\n    .b {\n      fill: white;\n      stroke: black;\n    }\n  }\n}\n"
    r = compress(src, language="scss")
    assert r.data == b".a {\n  /* \xe2\x80\xa6 */\n  @if $dark {\n    .b { /* \xe2\x80\xa6 */ }\n  }\n}\n"
    promises(r, src)


def test_members_inside_a_function_body_do_not_hold_it_open():
    # a mixin's body is a @body.function: elided whole, nested rules and all
    src = b"@mixin m($a) {\n  color: $a;\n  &:hover {\n    color: blue;\n    margin: 0;\n  }\n}\n"
    r = compress(src, language="scss")
    assert r.data == b"@mixin m($a) { /* \xe2\x80\xa6 */ }\n"
    promises(r, src)


def test_a_member_with_a_parse_error_stays_and_ends_the_run():
    # the grammar does not read `!default`: that declaration holds an ERROR node
    src = b".a {\n  color: red;\n  margin: 0 auto;\n  $x: 1px !default;\n  padding: 1rem;\n  border: 1px solid;\n  .b { c: d }\n}\n"
    r = compress(src, language="scss")
    assert r.parse_errors > 0 and r.output_errors <= r.parse_errors
    assert r.data == b".a {\n  /* \xe2\x80\xa6 */\n  $x: 1px !default;\n  /* \xe2\x80\xa6 */\n  .b { c: d }\n}\n"
    promises(r, src)


@pytest.mark.parametrize("language", ["python", "ruby"])
def test_line_placeholders_have_no_form_for_a_run(language):
    engine = SimpleNamespace(spec=SPECS[language], line_refs=False)
    with pytest.raises(CodepithError, match="no form for a run of members"):
        style(SPECS[language]).run(engine, None, None, "body")


def test_a_dropped_comment_line_stops_short_of_a_definition_on_its_line_break():
    # the grammar opens `> div` with a zero-width `&` right after the comment: the
    # rule starts on the comment line's break, which stays
    src = b".a {\n  b: c;\n  // Element\n  > div {\n    d: e;\n    f: g;\n  }\n}\n"
    r = compress(src, language="scss", level="outline")
    assert b"// Element" not in r.data and b"\n  > div { " in r.data
    assert r.output_errors <= r.parse_errors
    assert check_retention(r).ok, check_retention(r).missing
    assert r.expand() == src
