"""The simulation page is a jinja2 template with autoescape: whatever a path,
a reason or the title holds is text on the page, never markup or template code."""

import html.parser

from codepith.pressure.simulate import render_html, simulate


class Text(html.parser.HTMLParser):
    """Text of the page per tag, and every attribute, as a browser reads them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.text, self.attrs = [], [], []

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)
        self.attrs.extend(attrs)

    def handle_endtag(self, tag):
        if tag in self.stack:
            del self.stack[len(self.stack) - 1 - self.stack[::-1].index(tag) :]

    def handle_data(self, data):
        self.text.append((tuple(self.stack), data))


def read(page):
    p = Text()
    p.feed(page)
    p.close()
    return p


HOSTILE = "{{ 7*7 }}{% if 1 %}x{% endif %}<b>&amp;'\""


def test_paths_reasons_and_title_are_text_not_markup(tmp_path):
    root = tmp_path / "proj"
    (root / "d").mkdir(parents=True)
    name = "a<b>&c'{{ 7*7 }}.py"
    (root / "d" / name).write_text("def f():\n    return 1\n" * 20)
    (root / "d" / "blob{% x %}<i>.bin").write_bytes(b"\x00\x01" * 10)
    sim = simulate([root / "d"], root=root, steps=3)
    assert sim.skipped  # the binary file is listed as found but not read
    page = render_html(sim, title=HOSTILE)
    doc = read(page)
    texts = [t for _tags, t in doc.text]
    assert HOSTILE in texts  # the title, as written (in <title> and <h1>)
    assert sum(t == HOSTILE for t in texts) == 2
    assert f"d/{name}" in texts  # the row's path, as text
    assert ("data-path", f"d/{name}") in doc.attrs
    assert "d/blob{% x %}<i>.bin" in texts  # the skipped file
    assert "49" not in [t.strip() for t in texts]  # no template code was run
    assert not any("b" in tags[-1:] or "i" in tags[-1:] for tags, _t in doc.text)  # no markup came in
