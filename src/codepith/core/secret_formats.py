"""codepith's own secret detectors: credentials in their own format that
detect-secrets 1.5 misses or over-reports, written as its plugins are
(``secret_type``, ``denylist``, ``analyze_string``) so that
:mod:`codepith.core.secrets` runs them the same way.

- **AWS access keys**, in place of detect-secrets' ``AWSKeyDetector``: its
  key-id expression has no boundary, so an uppercase hex digest holding
  ``ACCA`` (about 1 in 2,500 SHA-256 digests) was an access key. Here a key
  id stands alone (no letter, digit, ``+`` or ``/`` around it), and a
  ``aws…key = "<40 chars>"`` value that is all hex is a SHA-1 digest, not a
  secret.
- **Private keys**, in place of ``PrivateKeyDetector``: it flags the phrase
  ``BEGIN RSA PRIVATE KEY`` in prose (docblocks of key-format classes) and
  misses ``BEGIN ENCRYPTED PRIVATE KEY`` and PuTTY's ``-3`` files. Here an
  armor line (``BEGIN … PRIVATE KEY``, any kind) or a PuTTY key-file header
  is a finding when key material follows it: a run of at least 40 base64
  characters with digits and both cases, within the next 400 characters.
- **New formats**: GitHub fine-grained tokens (``github_pat_``), Anthropic
  keys (``sk-ant-…``), Google API keys (``AIza`` and 35 characters) and
  Hugging Face tokens (``hf_`` and 34 letters). Each stands alone (an
  identifier such as ``hf_model`` or a word holding ``AIza`` is not one),
  and a value with fewer than 10 distinct characters is a placeholder.

Every expression is linear: literal prefixes, bounded or single character
classes, and lookarounds of one character.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Generator, Iterator

from detect_secrets.plugins.base import RegexBasedDetector

__all__ = ["OWN_DETECTORS", "PrivateKeys"]

_PLACEHOLDER_DISTINCT = 10  # fewer distinct characters than this: ``XXXX…``, not a key


class _Own(RegexBasedDetector):
    """A detector of codepith's: a value its ``denylist`` matches (the group
    after a literal prefix, where there is one), then :meth:`accept` checks."""

    def accept(self, value: str) -> bool:
        return len(set(value)) >= _PLACEHOLDER_DISTINCT

    def analyze_string(self, string: str) -> Generator[str, None, None]:
        for value in super().analyze_string(string):
            if self.accept(value):
                yield value


class AWSKeys(_Own):
    """AWS access key ids standing alone, and ``aws…key = "<40 chars>"`` secrets that are not hex digests."""

    secret_type = "AWS Access Key"
    denylist = (
        re.compile(r"(?<![A-Za-z0-9+/])(?:A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9+/])"),
        # detect-secrets' own expression for the secret (bounded gaps)
        re.compile(
            r"aws.{0,20}?(?:key|pwd|pw|password|pass|token).{0,20}?['\"]([0-9a-zA-Z/+]{40})['\"]", re.IGNORECASE
        ),
    )
    _HEX = re.compile(r"[0-9a-fA-F]+")

    def accept(self, value: str) -> bool:
        return super().accept(value) and not (len(value) == 40 and self._HEX.fullmatch(value))


class GitHubFineGrained(_Own):
    secret_type = "GitHub Token"
    denylist = (re.compile(r"(?<![A-Za-z0-9_])github_pat_([A-Za-z0-9]{22}_[A-Za-z0-9]{59})(?![A-Za-z0-9_])"),)


class Anthropic(_Own):
    secret_type = "Anthropic API Key"
    denylist = (re.compile(r"(?<![A-Za-z0-9_-])sk-ant-[a-z]{2,10}[0-9]{2}-([A-Za-z0-9_-]{40,})"),)


class GoogleApiKey(_Own):
    secret_type = "Google API Key"
    denylist = (re.compile(r"(?<![A-Za-z0-9_-])AIza([0-9A-Za-z_-]{35})(?![A-Za-z0-9_-])"),)


class HuggingFace(_Own):
    """``hf_`` and 34 letters of both cases (an identifier of that length is lower-case)."""

    secret_type = "Hugging Face Token"
    denylist = (re.compile(r"(?<![A-Za-z0-9_])hf_([A-Za-z]{34})(?![A-Za-z0-9_])"),)

    def accept(self, value: str) -> bool:
        return super().accept(value) and value != value.lower() and value != value.upper()


class PrivateKeys(_Own):
    """An armor line or a PuTTY header with key material after it (see the module's doc).
    It needs the lines that follow, so it reads the whole text (:meth:`analyze_text`)."""

    secret_type = "Private Key"
    denylist = (
        re.compile(r"BEGIN (?:[A-Z0-9]{1,16} ){0,3}PRIVATE KEY"),
        re.compile(r"PuTTY-User-Key-File-[0-9]{1,3}:"),
    )
    _MATERIAL = re.compile(r"[A-Za-z0-9+/]{40,}")
    WINDOW = 400  # characters between an armor and the start of its material, at most

    @staticmethod
    def _is_material(run: str) -> bool:
        from detect_secrets.filters.heuristic import is_sequential_string

        return (
            any(c.isdigit() for c in run)
            and run != run.lower()
            and run != run.upper()
            and not is_sequential_string(run)
        )

    def analyze_string(self, string: str) -> Generator[str, None, None]:
        yield from ()  # never line by line: see analyze_text

    def analyze_text(self, text: str) -> Iterator[int]:
        """The offset of each armor or header in ``text`` that key material
        follows. The runs of material are found once, in one pass, and each
        armor looks up the first one that ends after it: linear, however many
        armors the text repeats."""
        armors = sorted(m.span() for regex in self.denylist for m in regex.finditer(text))
        if not armors:
            return
        runs = [m.span() for m in self._MATERIAL.finditer(text) if self._is_material(m.group())]
        ends = [end for _start, end in runs]
        for start, end in armors:
            n = bisect.bisect_right(ends, end)  # the first run that ends after the armor
            if n < len(runs) and runs[n][0] <= end + self.WINDOW:
                yield start


#: the detectors of every file (``AWSKeys`` and ``PrivateKeys`` replace detect-secrets' own)
OWN_DETECTORS = (AWSKeys, PrivateKeys, GitHubFineGrained, Anthropic, GoogleApiKey, HuggingFace)
