"""codepith: source code compressed to its pith, validly, completely, reversibly and fast."""

from ._version import __version__ as __version__
from .core._sliced import EditRecord as EditRecord
from .core.compress import LEVELS as LEVELS
from .core.compress import Compressed as Compressed
from .core.compress import Elision as Elision
from .core.compress import compress as compress
from .bulk.run import FileResult as FileResult
from .bulk.run import compress_tree as compress_tree
from .packer.packing import AuditUnwritable as AuditUnwritable
from .packer.packing import PackFailed as PackFailed
from .packer.packing import PackItem as PackItem
from .packer.packing import PackResult as PackResult
from .packer.packing import pack as pack
from .core._sliced import Sliced as Sliced
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
from .core.languages import detect_language as detect_language
from .core.languages import languages as languages
from .core.slicer import LineIndex as LineIndex
from .core.slicer import line_index as line_index
from .core.slicer import native as native
from .core.slicer import slice_bytes as slice_bytes
from .core.tokens import count_bytes as count_bytes
from .core.tokens import count_tokens as count_tokens
from .core.literals import Encoding as Encoding
from .core.literals import Format as Format
from .core.literals import Level as Level
from .core.literals import Mode as Mode
from .core.literals import PackFormat as PackFormat



def native_available() -> bool:
    """True when the compiled core is in use (same as :data:`codepith.native`)."""
    return native


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
    "compress",
    "compress_tree",
    "pack",
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
    "slice_bytes",
    "__version__",
]
