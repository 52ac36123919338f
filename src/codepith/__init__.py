"""codepith: source code compressed to its pith, validly, completely, reversibly and fast.

The public names below are imported on first use (PEP 562), so a command that
needs only a part of codepith (the per-prompt ``hook``, ``recall``) does not
pay for loading the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_names
from ._version import __version__ as __version__

if TYPE_CHECKING:
    from ._native import native as native
    from ._native import native_modules as native_modules
    from .bulk.blocks import markdown_block as markdown_block
    from .bulk.blocks import render_file as render_file
    from .bulk.blocks import render_tree as render_tree
    from .bulk.options import TreeOptions as TreeOptions
    from .bulk.run import FileResult as FileResult
    from .bulk.run import compress_tree as compress_tree
    from .core._sliced import EditRecord as EditRecord
    from .core._sliced import Sliced as Sliced
    from .core.compress import LEVELS as LEVELS
    from .core.compress import Compressed as Compressed
    from .core.compress import Elision as Elision
    from .core.compress import compress as compress
    from .core.languages import detect_language as detect_language
    from .core.languages import languages as languages
    from .core.literals import Encoding as Encoding
    from .core.literals import Format as Format
    from .core.literals import Level as Level
    from .core.literals import Mode as Mode
    from .core.literals import PackFormat as PackFormat
    from .core.regions import Region as Region
    from .core.slicer import LineIndex as LineIndex
    from .core.slicer import line_index as line_index
    from .core.slicer import slice_bytes as slice_bytes
    from .core.tokens import count_bytes as count_bytes
    from .core.tokens import count_tokens as count_tokens
    from .errors import CodepithError as CodepithError
    from .errors import EditError as EditError
    from .errors import EditOverlapError as EditOverlapError
    from .errors import EditRangeError as EditRangeError
    from .errors import InputTooLarge as InputTooLarge
    from .errors import InvalidOption as InvalidOption
    from .errors import InvalidText as InvalidText
    from .errors import ParseTimeout as ParseTimeout
    from .errors import ResourceIntegrityError as ResourceIntegrityError
    from .errors import UnknownEncoding as UnknownEncoding
    from .errors import UnsupportedLanguage as UnsupportedLanguage
    from .errors import Utf8BoundaryError as Utf8BoundaryError
    from .map import LeftOut as LeftOut
    from .map import MapFile as MapFile
    from .map import MapOptions as MapOptions
    from .map import RepoMap as RepoMap
    from .map import repo_map as repo_map
    from .packer.packing import AuditUnwritable as AuditUnwritable
    from .packer.packing import PackFailed as PackFailed
    from .packer.packing import PackItem as PackItem
    from .packer.packing import PackOptions as PackOptions
    from .packer.packing import PackResult as PackResult
    from .packer.packing import pack as pack

#: public name -> (module, name in it)
_LAZY = {
    "EditRecord": (".core._sliced", "EditRecord"),
    "LEVELS": (".core.compress", "LEVELS"),
    "Compressed": (".core.compress", "Compressed"),
    "Elision": (".core.compress", "Elision"),
    "Region": (".core.regions", "Region"),
    "compress": (".core.compress", "compress"),
    "repo_map": (".map", "repo_map"),
    "MapOptions": (".map", "MapOptions"),
    "RepoMap": (".map", "RepoMap"),
    "MapFile": (".map", "MapFile"),
    "LeftOut": (".map", "LeftOut"),
    "FileResult": (".bulk.run", "FileResult"),
    "compress_tree": (".bulk.run", "compress_tree"),
    "TreeOptions": (".bulk.options", "TreeOptions"),
    "PackOptions": (".packer.packing", "PackOptions"),
    "AuditUnwritable": (".packer.packing", "AuditUnwritable"),
    "PackFailed": (".packer.packing", "PackFailed"),
    "PackItem": (".packer.packing", "PackItem"),
    "PackResult": (".packer.packing", "PackResult"),
    "pack": (".packer.packing", "pack"),
    "Sliced": (".core._sliced", "Sliced"),
    "CodepithError": (".errors", "CodepithError"),
    "EditError": (".errors", "EditError"),
    "EditOverlapError": (".errors", "EditOverlapError"),
    "EditRangeError": (".errors", "EditRangeError"),
    "InputTooLarge": (".errors", "InputTooLarge"),
    "InvalidOption": (".errors", "InvalidOption"),
    "InvalidText": (".errors", "InvalidText"),
    "ParseTimeout": (".errors", "ParseTimeout"),
    "ResourceIntegrityError": (".errors", "ResourceIntegrityError"),
    "UnknownEncoding": (".errors", "UnknownEncoding"),
    "UnsupportedLanguage": (".errors", "UnsupportedLanguage"),
    "Utf8BoundaryError": (".errors", "Utf8BoundaryError"),
    "detect_language": (".core.languages", "detect_language"),
    "languages": (".core.languages", "languages"),
    "LineIndex": (".core.slicer", "LineIndex"),
    "line_index": (".core.slicer", "line_index"),
    "native": ("._native", "native"),
    "native_modules": ("._native", "native_modules"),
    "slice_bytes": (".core.slicer", "slice_bytes"),
    "count_bytes": (".core.tokens", "count_bytes"),
    "count_tokens": (".core.tokens", "count_tokens"),
    "Encoding": (".core.literals", "Encoding"),
    "Format": (".core.literals", "Format"),
    "Level": (".core.literals", "Level"),
    "Mode": (".core.literals", "Mode"),
    "PackFormat": (".core.literals", "PackFormat"),
    "render_file": (".bulk.blocks", "render_file"),
    "render_tree": (".bulk.blocks", "render_tree"),
    "markdown_block": (".bulk.blocks", "markdown_block"),
}


__getattr__, __dir__ = lazy_names(globals(), _LAZY)


def native_available() -> bool:
    """True when every compiled module is in use (same as :data:`codepith.native`;
    :data:`codepith.native_modules` says it module by module)."""
    return __getattr__("native")


__all__ = [
    "LEVELS",
    "Encoding",
    "Format",
    "Level",
    "Mode",
    "PackFormat",
    "CodepithError",
    "Compressed",
    "Elision",
    "Region",
    "compress",
    "compress_tree",
    "render_file",
    "render_tree",
    "markdown_block",
    "repo_map",
    "MapOptions",
    "RepoMap",
    "MapFile",
    "LeftOut",
    "TreeOptions",
    "pack",
    "PackOptions",
    "AuditUnwritable",
    "PackFailed",
    "PackItem",
    "PackResult",
    "FileResult",
    "EditError",
    "EditOverlapError",
    "EditRangeError",
    "EditRecord",
    "InputTooLarge",
    "InvalidOption",
    "InvalidText",
    "ParseTimeout",
    "LineIndex",
    "ResourceIntegrityError",
    "Sliced",
    "UnknownEncoding",
    "UnsupportedLanguage",
    "Utf8BoundaryError",
    "count_bytes",
    "count_tokens",
    "detect_language",
    "languages",
    "line_index",
    "native",
    "native_available",
    "native_modules",
    "slice_bytes",
    "__version__",
]
