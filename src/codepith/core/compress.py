"""One file, compressed: resolve its language, check the parse's memory, hand
it to the engine (:mod:`~codepith.core.engine`: parse, captures, edits, slice,
verify), and return a :class:`Compressed` result. A file that holds regions of
other languages (:mod:`~codepith.core.regions`: a Vue or Svelte component) has
its markup and each region compressed by their own language's rules, and the
whole output checked again. Every output is parsed again: it holds no more
errors than the input had.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..errors import InputTooLarge, InvalidOption, InvalidText, UnsupportedLanguage
from ._sliced import Sliced
from .edits import Edit, resolve
from .engine import Compressor, one_language, slice_edits
from .languages import detect_language, languages, resolve_language, spec
from .literals import LEVELS, Level
from .regions import Region, find_regions, masked
from .validity import count_errors, errors_by_region, file_errors

__all__ = ["compress", "Compressed", "Elision", "LEVELS", "count_errors"]

#: Compression levels, from least to most compressed.

#: Memory allowed for one file's parse: this many times its size, plus
#: :data:`MEMORY_BASE`. Parse trees take memory in proportion to the tokens of
#: a file: about 20x the size of ordinary code, and up to :data:`BYTES_PER_TOKEN`
#: per token on token-dense input (a one-line literal of small numbers).
MEMORY_PER_BYTE = 20
MEMORY_BASE = 256 << 20
BYTES_PER_TOKEN = 330
_TOKEN = re.compile(rb"[\w\x80-\xff]+|[^\s\w\x80-\xff]")


class Elision(NamedTuple):
    """One elided (or shortened) range of the original input."""

    kind: str  # body | docstring | doc | comment | data | block
    start_byte: int
    end_byte: int
    start_line: int
    end_line: int
    out_start: int  # where the placeholder sits in the output
    out_end: int


@dataclass(frozen=True)
class Compressed:
    """The result of :func:`compress`."""

    data: bytes
    language: str
    level: Level
    elisions: tuple[Elision, ...]
    parse_errors: int
    #: error nodes in the output; None until counted (``verify=False``): see :attr:`output_errors`
    _output_errors: int | None = field(compare=False)
    _sliced: Sliced  # the slicer's result: it holds the original bytes and the records
    #: the regions of other languages the file holds (a component's script and style), each
    #: compressed by its own language's rules or kept whole with a note; () for most files
    regions: tuple[Region, ...] = ()

    @property
    def text(self) -> str:
        """The output as text (invalid UTF-8 in the input shows as U+FFFD)."""
        return self.data.decode("utf-8", "replace")

    @property
    def original_bytes(self) -> int:
        return len(self._sliced.source)

    @property
    def compressed_bytes(self) -> int:
        return len(self.data)

    @property
    def output_errors(self) -> int:
        """ERROR and MISSING nodes in the output's own parse (an output equal to
        the input has the input's). With ``verify=False`` the output is parsed
        when this is first read."""
        errors = self._output_errors
        if errors is None:
            errors = file_errors(self.language, self.data)
            object.__setattr__(self, "_output_errors", errors)
        return errors

    @property
    def valid(self) -> bool:
        """True when the output, parsed again, holds no more ERROR and MISSING
        nodes than the input (none, for an input that parses cleanly). Always
        the outcome of that check, never assumed."""
        return self.output_errors <= self.parse_errors

    def expand(self) -> bytes:
        """The original input, byte for byte, rebuilt from the output and the elisions."""
        return self._sliced.expand()

    def __repr__(self) -> str:
        return (
            f"<Compressed {self.language} {self.level}: {self.original_bytes} -> "
            f"{self.compressed_bytes} bytes, {len(self.elisions)} elisions>"
        )


# --------------------------------------------------------------------------- compress


def compress(
    source: str | bytes,
    *,
    language: str | None = None,
    path: str | os.PathLike[str] | None = None,
    level: Level = "signatures",
    line_refs: bool = False,
    verify: bool = True,
) -> Compressed:
    """Compress ``source`` to ``level``.

    ``language`` wins over ``path`` (whose extension picks the language). At
    ``signatures`` every function body is elided; at ``outline`` docs are cut
    to their first line, comments dropped, large data and inert top-level
    control flow elided too; ``full`` changes nothing. With ``line_refs`` each
    placeholder names the original lines it stands for.

    With ``verify`` (the default) the output is always parsed again, and an
    elision that would leave more ERROR or MISSING nodes than the input had is
    undone; ``valid`` and ``output_errors`` come from that parse. ``False``
    keeps every edit unchecked, to inspect them: ``valid`` is then still
    checked, by a parse of the output made when it is first read. (``None``,
    the old default, means ``True``.)
    """
    if level not in LEVELS:
        raise InvalidOption("level", f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    src = _source_bytes(source)
    lang = _resolve_language(language, path, src)
    _check_parse_memory(src)
    if spec(lang).regions is not None:
        return _compress_regions(src, lang, level, line_refs, verify is not False)
    edits, sliced, errors_in, errors_out = one_language(src, lang, level, line_refs, verify is not False)
    return Compressed(sliced.data, lang, level, _elisions(edits, sliced), errors_in, errors_out, sliced)


def _compress_regions(src: bytes, lang: str, level: Level, line_refs: bool, verify: bool) -> Compressed:
    """A file with regions (:mod:`~codepith.core.regions`): its own markup by its
    own query, each region by its language's rules on the file masked to it
    (offsets and lines are the file's). The whole output is then checked from
    fresh parses, the markup and each region in its own language: a region
    with more errors than it had is compressed again with its edits checked
    one by one (then kept whole, if that fails too), markup that gained errors
    is kept whole. An error in a region costs that region's elisions only."""
    engine = Compressor(src, lang, level, line_refs)
    regions = tuple(find_regions(lang, src, engine.root))
    own_in = count_errors(engine.root)
    if level != "full":
        engine.run()
    # (a component has a few regions: a scan of them per edit is cheap)
    markup = [e for e in resolve(engine.edits) if not any(e.start < r.end and r.start < e.end for r in regions)]
    inner: dict[int, tuple[list[Edit], int]] = {}  # region index -> (its edits, its errors in)
    for i, region in enumerate(regions):
        if region.language is not None:
            inner[i] = _region_edits(src, region, level, line_refs, checked=False)
    errors_in = own_in + sum(errors for _edits, errors in inner.values())
    rechecked: set[int] = set()
    while True:
        edits = sorted(
            markup + [e for region_edits, _in in inner.values() for e in region_edits], key=lambda e: e.start
        )
        sliced = slice_edits(src, edits)
        if not edits or not verify:
            errors_out: int | None = errors_in if not edits else None
            break
        own_out, found = errors_by_region(lang, sliced.data)
        if [r.language for r, _e in found] != [regions[i].language for i in inner]:
            markup, inner = [], {}  # the output's regions are not the input's: nothing is elided
            continue
        worse = [i for i, (_r, errors) in zip(inner, found, strict=True) if errors > inner[i][1]]
        errors_out = own_out + sum(errors for _r, errors in found)
        if own_out <= own_in and not worse:
            break
        if own_out > own_in and markup:
            markup = []
        elif own_out > own_in:  # the regions' edits change how the markup reads: none is made
            inner = {i: ([], errors) for i, (_edits, errors) in inner.items()}
        for i in worse:  # checked edit by edit, once; then whole
            inner[i] = ([], inner[i][1]) if i in rechecked else _region_edits(src, regions[i], level, line_refs, True)
            rechecked.add(i)
    return Compressed(sliced.data, lang, level, _elisions(edits, sliced), errors_in, errors_out, sliced, regions)


def _region_edits(src: bytes, region: Region, level: str, line_refs: bool, checked: bool) -> tuple[list[Edit], int]:
    """(edits, error nodes in) of one region, compressed by its own language on
    the file masked to it; ``checked``: its output parsed, its culprits undone."""
    assert region.language is not None
    text = masked(src, region.start, region.end)
    edits, _sliced, errors_in, _out = one_language(
        text, region.language, level, line_refs, checked, (region.start, region.end)
    )
    return edits, errors_in


def _resolve_language(language: str | None, path: str | os.PathLike | None, src: bytes) -> str:
    if language is not None:
        return resolve_language(language)
    if path is not None:
        lang = detect_language(path, src)
        if lang is None:
            raise UnsupportedLanguage(
                f"cannot compress {os.fspath(path)!r}: its extension is not one codepith "
                f"supports ({', '.join(languages())}); pass language=… (--language on the command line)"
            )
        return lang
    raise InvalidOption("language", "compress() needs language=… or path=… to know how to parse the source")


def _source_bytes(source: str | bytes) -> bytes:
    """The bytes codepith works on: ``str`` as UTF-8 (``surrogateescape``d bytes
    back as they were), bytes-like objects as they are."""
    if isinstance(source, str):
        try:
            return source.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError as exc:
            raise InvalidText(
                f"source holds a lone surrogate (U+{ord(source[exc.start]):04X}) at character {exc.start} "
                "that UTF-8 cannot encode; pass the file's bytes instead (open(path, 'rb')), or text "
                "decoded with errors='surrogateescape'"
            ) from None
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    raise TypeError(f"compress() takes str or bytes, got {type(source).__name__}")


def _check_parse_memory(src: bytes) -> None:
    """Raise :class:`InputTooLarge` when parsing ``src`` could take more than
    ``MEMORY_PER_BYTE`` times its size plus ``MEMORY_BASE`` (tokens are counted
    only for inputs large enough for that to be possible)."""
    limit = MEMORY_PER_BYTE * len(src) + MEMORY_BASE
    if BYTES_PER_TOKEN * len(src) <= limit:
        return
    tokens = _TOKEN.subn(b"", src)[1]
    need = BYTES_PER_TOKEN * tokens
    if need > limit:
        raise InputTooLarge(
            f"{len(src)} bytes holding about {tokens} tokens would take about {need >> 20} MB to parse, over "
            f"the limit of {MEMORY_PER_BYTE}x the input + {MEMORY_BASE >> 20} MB ({limit >> 20} MB); "
            "split the file or leave it out (bulk runs skip files over --max-file-bytes)"
        )


def _elisions(edits: Sequence[Edit], sliced: Sliced) -> tuple[Elision, ...]:
    """The slicer's records as :class:`Elision`\\s, each with its edit's kind."""
    kinds = {(e.start, e.end): e.kind for e in edits}
    return tuple(
        Elision(
            kinds[(r.start_byte, r.end_byte)],
            r.start_byte,
            r.end_byte,
            r.start_line,
            r.end_line,
            r.out_start,
            r.out_end,
        )
        for r in sliced.records
    )
