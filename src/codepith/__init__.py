"""codepith: source code compressed to its pith, validly, completely, reversibly and fast."""

from ._version import __version__ as __version__
from ._sliced import EditRecord as EditRecord
from .compress import LEVELS as LEVELS
from .compress import Compressed as Compressed
from .compress import Elision as Elision
from .compress import compress as compress
from .bulk import FileResult as FileResult
from .bulk import compress_tree as compress_tree
from .packer import AuditUnwritable as AuditUnwritable
from .packer import PackFailed as PackFailed
from .packer import PackItem as PackItem
from .packer import PackResult as PackResult
from .packer import pack as pack
from ._sliced import Sliced as Sliced
from .errors import CodepithError as CodepithError
from .errors import EditError as EditError
from .errors import EditOverlapError as EditOverlapError
from .errors import EditRangeError as EditRangeError
from .errors import InputTooLarge as InputTooLarge
from .errors import InvalidText as InvalidText
from .errors import ParseTimeout as ParseTimeout
from .errors import ResourceIntegrityError as ResourceIntegrityError
from .errors import UnknownEncoding as UnknownEncoding
from .errors import UnsupportedLanguage as UnsupportedLanguage
from .errors import Utf8BoundaryError as Utf8BoundaryError
from .languages import detect_language as detect_language
from .languages import languages as languages
from .slicer import LineIndex as LineIndex
from .slicer import line_index as line_index
from .slicer import native as native
from .slicer import slice_bytes as slice_bytes
from .tokens import count_bytes as count_bytes
from .tokens import count_tokens as count_tokens



def native_available() -> bool:
    """True when the compiled core is in use (same as :data:`codepith.native`)."""
    return native


__all__ = [
    "LEVELS",
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
