"""``codepith serve``: codepith over JSON Lines on standard input and output,
for packers and tools in other languages (docs/serve.md is the protocol)."""

from .loop import serve as serve
from .ops import ServeOptions as ServeOptions
from .protocol import ERROR_CODES as ERROR_CODES
from .protocol import OPS as OPS
from .protocol import PROTOCOL as PROTOCOL

__all__ = ["ERROR_CODES", "OPS", "PROTOCOL", "ServeOptions", "serve"]
