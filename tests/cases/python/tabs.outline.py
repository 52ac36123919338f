"""A tiny INI-like config reader, indented with tabs."""

import io
from typing import TextIO


class ConfigError(ValueError):
	"""Raised on malformed input; carries the line number."""

	def __init__(self, message: str, line: int) -> None:
		...


class Reader:
	"""Reads sections and keys."""

	comment_chars = ("#", ";")

	def __init__(self, stream: TextIO) -> None:
		...

	def read(self) -> dict[str, dict[str, str]]:
		"""Parse the whole stream."""
		...

	@classmethod
	def from_string(cls, text: str) -> "Reader":
		...


def load(path: str) -> dict[str, dict[str, str]]:
	...
