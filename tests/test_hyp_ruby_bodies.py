"""Hypothesis: Ruby methods whose bodies share lines with comments, `end`,
heredocs and line splices compress to output that parses, keeps every
definition and expands back (both builds)."""

from hypothesis import assume, given
from hypothesis import strategies as st

from codepith import compress
from codepith.core.checks import check_retention
from codepith.core.compress import count_errors
from codepith.core.languages import parse

leads = st.sampled_from(["", "  # why\n", "=begin\nwhy\n=end\n", "  # a\n  # b\n", "  #\n"])
statements = st.sampled_from(
    ["f(1)", "x = 2", "puts(<<~EOS)\n  text\nEOS", "y = g(1,\n  2)", "h(3) \\\n  + 4", "return"]
)
lasts = st.sampled_from(["f(1);", "f(1)", "puts(<<~EOS);", "puts(<<~A, <<-B);", "x = 1 \\\n  + 2", "raise E"])
tails = st.sampled_from(["", "; x = 1", " # note", "; def g; 1; end"])


@st.composite
def ruby_method(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    body = [f"  {s}" for s in draw(st.lists(statements, max_size=3))]
    last = draw(lasts)
    same_line = draw(st.booleans())
    end = f"  {last} end" if same_line else f"  {last}\nend"
    tail = draw(tails)
    texts = {"EOS": "  text\nEOS", "A": "  a\nA\n  b\n  B"}
    after = []
    if "<<~EOS" in last:
        after.append(texts["EOS"])
    if "<<~A" in last:
        after.append(texts["A"])
    head = draw(st.sampled_from(["def f", "def self.f(a, b = 1)", "def f(x)"]))
    src = "\n".join(
        ["class C", head] + draw(leads).split("\n")[:-1] + body + [end + tail] + after + ["end", "g(2)", ""]
    )
    return src.replace("\n", nl).encode()


@given(ruby_method(), st.sampled_from(["signatures", "outline"]), st.booleans())
def test_hyp_ruby_bodies_compress_validly(src, level, line_refs):
    assume(count_errors(parse("ruby", src).root_node) == 0)
    r = compress(src, language="ruby", level=level, line_refs=line_refs, verify=False)
    assert r.expand() == src
    assert count_errors(parse("ruby", r.data).root_node) == 0, r.data
    kept = check_retention(r)
    assert kept.ok, kept.missing
    assert len(r.data) <= len(src)
