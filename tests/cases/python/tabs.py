"""A tiny INI-like config reader, indented with tabs."""

import io
from typing import TextIO


class ConfigError(ValueError):
	"""Raised on malformed input; carries the line number."""

	def __init__(self, message: str, line: int) -> None:
		super().__init__(f"line {line}: {message}")
		self.line = line


class Reader:
	"""Reads sections and keys.

	Keys are lower-cased; values are kept verbatim.
	"""

	comment_chars = ("#", ";")

	def __init__(self, stream: TextIO) -> None:
		self.stream = stream
		self.sections: dict[str, dict[str, str]] = {}

	def read(self) -> dict[str, dict[str, str]]:
		"""Parse the whole stream."""
		section = None
		for number, raw in enumerate(self.stream, 1):
			line = raw.strip()
			if not line or line[0] in self.comment_chars:
				continue
			if line.startswith("[") and line.endswith("]"):
				section = self.sections.setdefault(line[1:-1], {})
			elif section is None:
				raise ConfigError("key outside a section", number)
			else:
				key, _, value = line.partition("=")
				section[key.strip().lower()] = value.strip()
		return self.sections

	@classmethod
	def from_string(cls, text: str) -> "Reader":
		return cls(io.StringIO(text))


def load(path: str) -> dict[str, dict[str, str]]:
	with open(path, encoding="utf-8") as fh:
		return Reader(fh).read()
