"""Ruby bodies elided to a `# ...` line: what shares the body's lines stays
code -- the `end` after a body led by a comment, the text of a heredoc opened
on the `end` line, a line splice after the last statement (both builds)."""

import pytest

from codepith import compress
from codepith.core.checks import check_retention
from codepith.core.compress import count_errors
from codepith.core.languages import parse

LEVELS = ["signatures", "outline"]


def compressed(src: bytes, level: str, line_refs: bool):
    r = compress(src, language="ruby", level=level, line_refs=line_refs)
    assert r.expand() == src
    assert count_errors(parse("ruby", r.data).root_node) == 0, r.data
    assert check_retention(r).ok, check_retention(r).missing
    return r


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("line_refs", [False, True])
@pytest.mark.parametrize("lead", [b"  # why\n", b"=begin\nwhy\n=end\n", b"  # why\n  # and how\n"])
def test_body_led_by_a_comment_keeps_its_end(level, line_refs, lead):
    src = b"def f\n" + lead + b"  f(1); end\nf(2)\n"
    r = compressed(src, level, line_refs)
    assert r.data.startswith(b"def f\n")
    assert b"why" not in r.data and b"f(1)" not in r.data  # the comment went with the body
    lines = r.data.split(b"\n")
    assert lines[1].lstrip().startswith(b"# ...") and lines[2].strip() == b"end"
    assert lines[3] == b"f(2)"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("line_refs", [False, True])
@pytest.mark.parametrize("newline", [b"\n", b"\r\n"])
def test_heredoc_opened_on_the_end_line_goes_with_the_body(level, line_refs, newline):
    src = newline.join([b"def f", b"  puts(<<~EOS); end", b"  text", b"EOS", b"g(1)", b""])
    r = compressed(src, level, line_refs)
    assert b"text" not in r.data and b"EOS" not in r.data
    assert r.data == newline.join([b"def f", b"  # ..." + (b" L2-4" if line_refs else b""), b"  end", b"g(1)", b""])


@pytest.mark.parametrize("line_refs", [False, True])
def test_two_heredocs_and_code_after_the_end(line_refs):
    src = b"class C\n  def f\n    puts(<<~A, <<-B); end; x = 1\n  text\nA\n  more\n  B\n  def g\n    2\n  end\nend\n"
    r = compressed(src, "signatures", line_refs)
    assert b"text" not in r.data and b"more" not in r.data
    assert b"    end; x = 1\n  def g\n" in r.data


@pytest.mark.parametrize("head", [b"  def f", b"  private def f", b"  def self.f(a, b = 1)"])
def test_heredoc_text_goes_with_a_method_inside_a_class(head):
    src = b"class C\n" + head + b"\n    puts(<<~EOS); end\n  text\nEOS\n  def g\n    x(1, 2, 3)\n  end\nend\n"
    r = compressed(src, "signatures", False)
    assert r.data == b"class C\n" + head + b"\n    # ...\n    end\n  def g\n    # ...\n  end\nend\n"


def test_a_heredoc_opened_after_the_end_stays_with_its_opener():
    src = b"def f\n  h(1, 2, 3, 4); end; y(<<A)\ntext\nA\n"
    r = compressed(src, "signatures", False)
    assert r.data == b"def f\n  # ...\n  end; y(<<A)\ntext\nA\n"


@pytest.mark.parametrize("level", LEVELS)
def test_line_splice_after_the_last_statement(level):
    src = b"def r()\n  # c\n  x2 = 1 + \\\n    2 \\\nend\n"
    r = compressed(src, level, False)
    assert r.data == b"def r()\n  # ...\nend\n"
