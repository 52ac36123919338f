"""A tiny INI-like config reader, indented with tabs."""

import io
from typing import TextIO


class ConfigError(ValueError):
	"""Raised on malformed input; carries the line number."""

	def __init__(self, message: str, line: int) -> None:
		...  # L11-12


class Reader:
	"""Reads sections and keys.

	Keys are lower-cased; values are kept verbatim.
	"""

	comment_chars = ("#", ";")

	def __init__(self, stream: TextIO) -> None:
		...  # L24-25

	def read(self) -> dict[str, dict[str, str]]:
		"""Parse the whole stream."""
		...  # L29-41

	@classmethod
	def from_string(cls, text: str) -> "Reader":
		...  # L45


def load(path: str) -> dict[str, dict[str, str]]:
	...  # L49-50
