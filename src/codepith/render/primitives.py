"""The primitives every document is drawn with, one implementation each: a
Markdown fence no content can close, a Markdown file block, XML text and
attribute escapes, the characters XML 1.0 forbids, CDATA sections that
``]]>`` cannot end early, and JSON text that is always valid UTF-8.

The bulk writers (:mod:`codepith.render.formats`) and the pack documents
(:mod:`codepith.render.packs`) both draw with these; where they differ (how a
forbidden XML character is shown, whether plain text goes in CDATA) the
difference is an argument, not a second implementation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

__all__ = [
    "fence",
    "markdown_file",
    "xml_text",
    "xml_attr",
    "XML_FORBIDDEN",
    "control_picture",
    "xml_chars",
    "cdata",
    "LONE_SURROGATE",
    "lone_surrogates",
    "json_dumps",
]


def fence(text: str, char: str = "`", least: int = 3) -> str:
    """A run of ``char`` longer than any run of it in ``text`` (at least ``least``
    long): a line of it cannot occur inside the block it closes (the CommonMark
    rule for backtick fences; plain documents use it with ``=``)."""
    shortest = char * least
    if shortest not in text:  # (most text: one substring search, no run to measure)
        return shortest
    longest = max((len(m) for m in re.findall(re.escape(char) + "+", text)), default=0)
    return char * max(least, longest + 1)


def markdown_file(heading: str, text: str, lang: str) -> str:
    """``## heading``, then ``text`` in a fenced block tagged ``lang``; the
    text is given a last newline when it lacks one. ``heading`` must already
    be one line of shown text (a name through a ``display_name``)."""
    mark = fence(text)
    body = text if not text or text.endswith("\n") else text + "\n"
    return f"## {heading}\n\n{mark}{lang}\n{body}{mark}\n\n"


def xml_text(value: str) -> str:
    """``value`` as XML character data: ``&``, ``<`` and ``>`` escaped."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_attr(value: str) -> str:
    """``value`` inside a double-quoted XML attribute."""
    return xml_text(value).replace('"', "&quot;")


#: characters XML 1.0 forbids anywhere, even in CDATA (tab, LF and CR are allowed)
XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def control_picture(m: re.Match) -> str:
    """A forbidden C0 control as its control picture (``␌`` for a form feed);
    any other forbidden character as U+FFFD."""
    code = ord(m.group())
    return chr(0x2400 + code) if code < 0x20 else "\ufffd"


def xml_chars(text: str, replacement: str | Callable[[re.Match], str] = control_picture) -> tuple[str, int]:
    """``text`` with every character XML 1.0 forbids replaced (by default as
    :func:`control_picture` shows it; ``replacement`` may be a string), and
    how many were."""
    if XML_FORBIDDEN.search(text) is None:
        return text, 0
    return XML_FORBIDDEN.subn(replacement, text)


def cdata(text: str) -> str:
    """``text`` as CDATA sections: ``]]>`` is split across two of them. The
    text must hold no character XML forbids (see :func:`xml_chars`)."""
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


#: a lone surrogate: a byte of a name or a file that was not UTF-8 (``surrogateescape``)
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogates(text: str) -> tuple[str, int]:
    """``text`` with every lone surrogate made U+FFFD, and how many were."""
    return LONE_SURROGATE.subn("\ufffd", text)


def json_dumps(value, **kwargs) -> str:
    """JSON text that is always valid UTF-8: non-ASCII text stays readable, and
    a lone surrogate (a byte of a name that is not UTF-8) becomes a
    ``\\udcXX`` escape, as ``json.dumps`` writes it with ``ensure_ascii``, so
    the text reads back to the same string. ``kwargs`` go to ``json.dumps``
    (``indent``, ``separators``)."""
    text = json.dumps(value, ensure_ascii=False, **kwargs)
    if LONE_SURROGATE.search(text) is None:
        return text
    # a lone surrogate can only sit inside a JSON string: its escape is exact there
    return LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
