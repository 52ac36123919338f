"""Secrets in a file's content: found before any output holds the file.

The detectors are ``detect-secrets``' own plugins, used as a library and
offline: only their ``analyze_string`` (regular expressions and entropy) is
called, never ``analyze_line`` or ``verify`` -- those read detect-secrets'
global settings and may call a provider's API over the network.

Which detectors, and why:

- in **every file**, the plugins that recognise a credential by its own
  format (Azure storage keys, GitHub and GitLab tokens, JWTs, Mailchimp, npm,
  OpenAI, PyPI, SendGrid, Slack, Square, Stripe, Telegram, Twilio, Discord)
  and codepith's own (:mod:`.secret_formats`: AWS access key ids and
  ``aws…key = "<40 chars>"`` secrets, private keys, GitHub fine-grained
  tokens, Anthropic, Google API and Hugging Face keys, in place of or beside
  detect-secrets' -- that module says why): a match is almost never ordinary code;
- in **env and credential files** (``.env``, ``.env.*``, ``*.env``,
  ``.envrc``, ``.npmrc``, ``.pypirc``, ``.netrc``): also a value of high
  entropy (base64 over 4.5 bits a character, hex over 3.0, detect-secrets'
  defaults), a secret-sounding key (``PASSWORD=…``, detect-secrets' keyword
  detector) and a ``scheme://user:password@`` URL: there a random value or a
  password *is* the secret.

Left out on purpose, each measured on real code (``/work``-style corpora of
the Python and Go standard libraries and popular packages):

- the entropy and keyword detectors in source code: hashes, digests, uuids
  and ``password="x"`` fixtures in tests are ordinary code;
- the ``user:password@`` URL detector in source code: every database driver
  documents ``postgresql://scott:tiger@host`` (26 of 2,370 Python files);
- the IBM Cloud IAM, IBM COS HMAC, Cloudant, SoftLayer and Artifactory
  detectors: they match a keyword anywhere near a value, which costs four
  fifths of the whole scan's time for providers few repositories use;
- the public-IP detector: an address is not a credential.

A finding is then passed through detect-secrets' heuristic filters (templated
values, ``${VAR}``, uuids, sequential strings, values without a letter; and
for entropy and keyword findings also ``id``-named values and indirect
references such as ``key = os.environ["KEY"]``) and its allowlist comment (``pragma: allowlist secret`` on the line,
or ``pragma: allowlist nextline secret`` above it).

The bytes are read as UTF-8 and, where a BOM or UTF-16's shape says so, as
UTF-16 or UTF-32 too (:func:`decodings`). Text that is not a file (a lesson, a
rule section, a quoted sentence) is checked by :func:`scan_text`, and a path
by :func:`redact_path`.

A :class:`Finding` holds the detector's name and the line, never the value.
"""

from __future__ import annotations

import bisect
import os
import re
from dataclasses import dataclass
from functools import cache, lru_cache

from ._secret_patterns import FORMATS as _FORMATS
from .needles import find_needles

try:  # BLAKE2 without loading OpenSSL, which ``hashlib`` does first (a one-file run's start)
    from _blake2 import blake2b as _blake2b
except ImportError:  # pragma: no cover - another Python
    from hashlib import blake2b as _blake2b

__all__ = [
    "SecurityCheck",
    "Finding",
    "scan",
    "scan_text",
    "decodings",
    "bom_encoding",
    "text_encoding",
    "redact_path",
    "name_reason",
    "describe",
    "is_env_file",
    "allowed_paths",
    "clean_digests",
    "remember_clean",
    "SECRET_HINT",
    "NO_CHECK_HINT",
]

#: how a user turns the check off (every face has this switch)
NO_CHECK_HINT = "--no-security-check turns the check off"
#: how a user lets a file with a finding into an output
SECRET_HINT = "--allow-secret PATH lets this file in; " + NO_CHECK_HINT

#: file names whose values are secrets when they look random (env and credential files)
_ENV_NAMES = re.compile(r"(?:^\.env(?:\..*)?$|\.env$|^\.npmrc$|^\.pypirc$|^\.netrc$|^\.envrc$)")
#: one ``KEY=VALUE`` (or ``KEY: VALUE``) line of an env file, ``export`` allowed
_ENV_LINE = re.compile(r"\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*[=:](.*)")  # fullmatch; the value is stripped
_ALLOW_SAME = re.compile(r"pragma:\s*allowlist[ -]secret", re.IGNORECASE)
_ALLOW_NEXT = re.compile(r"pragma:\s*allowlist[ -]nextline[ -]secret", re.IGNORECASE)


#: each format detector's expressions, as (pattern, flags), in the order the check runs them
_FORMAT_PATTERNS: dict[str, tuple[tuple[str, int], ...]] = dict(_FORMATS)

#: digests of the contents this process found clean (a bulk run's listing scans every file before its
#: workers compress them: they are handed these digests and do not scan the same bytes again)
_CLEAN: set[bytes] = set()
#: at most this many digests are kept (32 bytes each)
_CLEAN_LIMIT = 500_000


@dataclass(frozen=True)
class Finding:
    """One secret found: the detector's name (``kind``, e.g. ``AWS Access Key``)
    and its 1-based ``line``. The value itself is never kept."""

    kind: str
    line: int


@lru_cache(maxsize=1)
def _plugins():
    """(format plugins for every file, extra plugins for env files), built once."""
    from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
    from detect_secrets.plugins.basic_auth import BasicAuthDetector
    from detect_secrets.plugins.discord import DiscordBotTokenDetector
    from detect_secrets.plugins.github_token import GitHubTokenDetector
    from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
    from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString, HexHighEntropyString
    from detect_secrets.plugins.jwt import JwtTokenDetector
    from detect_secrets.plugins.keyword import KeywordDetector
    from detect_secrets.plugins.mailchimp import MailchimpDetector
    from detect_secrets.plugins.npm import NpmDetector
    from detect_secrets.plugins.openai import OpenAIDetector
    from detect_secrets.plugins.pypi_token import PypiTokenDetector
    from detect_secrets.plugins.sendgrid import SendGridDetector
    from detect_secrets.plugins.slack import SlackDetector
    from detect_secrets.plugins.square_oauth import SquareOAuthDetector
    from detect_secrets.plugins.stripe import StripeDetector
    from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
    from detect_secrets.plugins.twilio import TwilioKeyDetector

    from .secret_formats import OWN_DETECTORS

    formats = tuple(
        cls()
        for cls in (
            AzureStorageKeyDetector,
            DiscordBotTokenDetector,
            GitHubTokenDetector,
            GitLabTokenDetector,
            JwtTokenDetector,
            MailchimpDetector,
            NpmDetector,
            OpenAIDetector,
            PypiTokenDetector,
            SendGridDetector,
            SlackDetector,
            SquareOAuthDetector,
            StripeDetector,
            TelegramBotTokenDetector,
            TwilioKeyDetector,
            *OWN_DETECTORS,
        )
    )
    env = (BasicAuthDetector(),)
    entropy = (Base64HighEntropyString(), HexHighEntropyString())
    return formats, env, entropy, KeywordDetector()


@lru_cache(maxsize=1)
def _filters():
    from detect_secrets.filters import heuristic as h

    return h


def _filtered(secret: str, line: str, plugin) -> bool:
    """Whether detect-secrets' heuristics take ``secret`` (found on ``line``)
    for a false positive. The heuristics about the line (an ``id``-named
    value, an indirect reference such as ``key = os.environ["KEY"]``) hold
    for a value found by its entropy or its key's name only: a value in a
    credential's own format stays a finding on any line
    (``stripe = require("stripe")("sk_live_…")``)."""
    h = _filters()
    if (
        h.is_templated_secret(secret)
        or h.is_prefixed_with_dollar_sign(secret)
        or h.is_sequential_string(secret)
        or h.is_potential_uuid(secret)
        or h.is_not_alphanumeric_string(secret)
    ):
        return True
    if plugin is not None and getattr(plugin, "denylist", None):  # a credential's own format
        return False
    return h.is_likely_id_string(secret, line, plugin) or h.is_indirect_reference(line)


def is_env_file(path: str) -> bool:
    """Whether ``path`` names an env or credential file (its random values are secrets)."""
    return bool(_ENV_NAMES.search(os.path.basename(path)))


def _env_findings(lines: list[str], entropy, keyword, allowed) -> list[Finding]:
    """High-entropy values and secret-sounding keys of an env file's lines."""
    from detect_secrets.plugins.keyword import CONFIG_DENYLIST_REGEX_TO_GROUP

    found = []
    for number, line in enumerate(lines, 1):
        match = _ENV_LINE.fullmatch(line)
        if match is None or number in allowed:
            continue
        value = match.group(2).strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        if not value or _filtered(value, line, None):
            continue
        for plugin in entropy:
            if (
                re.fullmatch(f"[{re.escape(plugin.charset)}]+", value)
                and plugin.calculate_shannon_entropy(value) > plugin.entropy_limit
            ):
                found.append(Finding(plugin.secret_type, number))
                break
        else:
            for secret in keyword.analyze_string(line, CONFIG_DENYLIST_REGEX_TO_GROUP):
                if secret and not _filtered(secret, line, keyword):
                    found.append(Finding(keyword.secret_type, number))
                    break
    return found


def _allowlisted(lines: list[str]) -> set[int]:
    """Line numbers an allowlist comment exempts."""
    allowed = set()
    for number, line in enumerate(lines, 1):
        if "pragma" not in line:
            continue
        if _ALLOW_NEXT.search(line):
            allowed.add(number + 1)
        elif _ALLOW_SAME.search(line):
            allowed.add(number)
    return allowed


#: Before its expressions run over a whole text, each format detector passes a first test that
#: every match of theirs passes too, and that is fast: one of a few literals (the "needles")
#: occurs in the text. All the needles of all the detectors are looked for in one pass over the
#: text's bytes (:func:`~codepith.core.needles.find_needles`, compiled); a detector none of whose
#: needles occurs cannot match. ``(exact, folded)``: literals matched as they are, and literals
#: of expressions that ignore case, matched ignoring ASCII case. (Under ``re.IGNORECASE`` four
#: letters past ASCII match ASCII ones too: a text holding one of them passes every detector
#: that has folded needles.)
#: Each is checked against the expressions it stands for by a property test (tests/test_secrets.py).
_NEEDLES: dict[str, tuple[tuple[bytes, ...], tuple[bytes, ...]]] = {
    "AzureStorageKeyDetector": ((b"AccountKey=",), ()),
    "GitHubTokenDetector": ((b"ghp_", b"gho_", b"ghu_", b"ghs_", b"ghr_"), ()),
    "GitLabTokenDetector": (
        (b"glpat-", b"gldt-", b"glft-", b"glsoat-", b"glrt-", b"GR1348941")
        + (b"glcbt-", b"glimt-", b"glptt-", b"glagent-", b"gloas-"),
        (),
    ),
    "JwtTokenDetector": ((b"eyJ",), ()),
    "MailchimpDetector": ((b"-us",), ()),
    "NpmDetector": ((b"/:_authToken=",), ()),
    "OpenAIDetector": ((b"T3BlbkFJ",), ()),
    "PypiTokenDetector": ((b"pypi-",), ()),
    "SendGridDetector": ((b"SG.",), ()),
    "SlackDetector": ((), (b"xox", b"hooks.slack.com")),
    "SquareOAuthDetector": ((b"sq0csp-",), ()),
    "StripeDetector": ((b"k_live_",), ()),
    "AWSKeys": ((b"A3T", b"ABIA", b"ACCA", b"AKIA", b"ASIA"), (b"aws",)),
    # (in two pieces: this file is not a key file itself)
    "PrivateKeys": ((b"PRIVATE KEY", b"PuTTY-User-" + b"Key-File-"), ()),
    "GitHubFineGrained": ((b"github_pat_",), ()),
    "Anthropic": ((b"sk-ant-",), ()),
    "GoogleApiKey": ((b"AIza",), ()),
    "HuggingFace": ((b"hf_",), ()),
}
#: and for detectors whose matches hold no literal worth looking for (or besides the needles),
#: an expression every match meets, cheaper than theirs (they start with a character class)
_MAILCHIMP = re.compile(r"-us[0-9]")
_NEEDS: dict[str, re.Pattern[str]] = {
    "MailchimpDetector": _MAILCHIMP,
    "TelegramBotTokenDetector": re.compile(r":[0-9A-Za-z_-]{35}"),
    "DiscordBotTokenDetector": re.compile(r"\.[a-zA-Z\d_-]{6}\.[a-zA-Z\d_-]{27}"),
}
#: the letters past ASCII that ``re.IGNORECASE`` matches with ASCII letters (İ ı ſ and the Kelvin sign)
_FOLDS_TO_ASCII = tuple(c.encode() for c in "\u0130\u0131\u017f\u212a")
_ANY_FOLDING = ""  # (the owner of those needles: every detector with folded needles)
# (the needles, flat, in one table: the literal, whether folded, and its detector)
_NEEDLE_LIST = tuple(n for exact, folded in _NEEDLES.values() for n in exact + folded) + _FOLDS_TO_ASCII
_NEEDLE_FOLDED = bytes(f for exact, folded in _NEEDLES.values() for f in [0] * len(exact) + [1] * len(folded)) + bytes(
    len(_FOLDS_TO_ASCII)
)
_NEEDLE_OWNER = tuple(name for name, (exact, folded) in _NEEDLES.items() for _n in exact + folded) + (
    _ANY_FOLDING,
) * len(_FOLDS_TO_ASCII)
_FOLDING = frozenset(name for name, (_exact, folded) in _NEEDLES.items() if folded)


def _passing(data: bytes) -> frozenset[str]:
    """The detectors of :data:`_NEEDLES` that ``data`` (a text's UTF-8 bytes)
    passes: one of their needles occurs in it (every one that folds, when it
    holds a letter that ``re.IGNORECASE`` matches with an ASCII one)."""
    hits = find_needles(data, _NEEDLE_LIST, _NEEDLE_FOLDED)
    if 1 not in hits:
        return frozenset()
    names = {_NEEDLE_OWNER[i] for i, hit in enumerate(hits) if hit}
    if _ANY_FOLDING in names:
        names |= _FOLDING
    return frozenset(names)


def _may_pass(name: str, text: str, passing: frozenset[str]) -> bool:
    """Whether the detector ``name`` passes its first tests on ``text``
    (``passing``: :func:`_passing` of its bytes): when not, none of its
    expressions can match anywhere in it."""
    if name in _NEEDLES and name not in passing:
        return False
    needs = _NEEDS.get(name)
    return needs is None or needs.search(text) is not None


def _text_bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _may_match(plugin, text: str, passing: frozenset[str]) -> bool:
    """Whether one of ``plugin``'s expressions matches anywhere in ``text``
    (``passing``: :func:`_passing` of its bytes), a first pass over the whole
    text; the lines are then checked one by one."""
    if not _may_pass(type(plugin).__name__, text, passing):
        return False
    return any(regex.search(text) is not None for regex in plugin.denylist)


@cache
def _expressions(name: str) -> tuple[re.Pattern[str], ...]:
    """The compiled expressions of the format detector ``name``, from the
    generated table (compiled when first needed: most files never need most)."""
    return tuple(re.compile(pattern, flags) for pattern, flags in _FORMAT_PATTERNS[name])


def _formats_matching(text: str, passing: frozenset[str]) -> list[str]:
    """The format detectors one of whose expressions matches somewhere in
    ``text`` (``passing``: :func:`_passing` of its bytes), over the generated
    table of their expressions (:mod:`._secret_patterns`), so that text where
    none matches (nearly every file) never imports detect-secrets."""
    found = []
    for name in _FORMAT_PATTERNS:
        if _may_pass(name, text, passing) and any(regex.search(text) is not None for regex in _expressions(name)):
            found.append(name)
    return found


def scan(data: bytes, path: str = "") -> list[Finding]:
    """Every secret in ``data`` (a file's bytes; ``path`` its name, which says
    whether it is an env file), in line order; empty when there is none.

    The bytes are read as UTF-8, and also in the encoding their BOM names
    (UTF-16 or UTF-32), or as UTF-16 when they have its NUL-interleaved shape
    (see :func:`text_encoding`): a key is found whichever way it is printed.
    Each format detector first runs over the whole text, and only a detector
    that matches somewhere runs line by line: ordinary code costs one pass of
    each expression. Content found clean once in this process is not scanned
    again (it is known by its digest, and the detectors do not change)."""
    env = is_env_file(path)
    digest = _blake2b(data, digest_size=16, person=b"env" if env else b"code").digest()
    if digest in _CLEAN:
        return []
    found: dict[tuple[str, int], Finding] = {}
    for i, text in enumerate(decodings(data)):
        # (the first reading is UTF-8's, whose ASCII is the file's own bytes: the needles are
        # looked for in those; a replaced byte is never ASCII, nor is what replaces it)
        for finding in _scan(text, env, data if i == 0 else None):
            found.setdefault((finding.kind, finding.line), finding)
    if not found:
        _remember_clean(digest)
    return sorted(found.values(), key=lambda f: (f.line, f.kind))


def scan_text(text: str, *, env: bool = False) -> list[Finding]:
    """Every secret in ``text`` (an env file's when ``env``), in line order;
    for text that is not a file (a lesson, a rule section, a sentence)."""
    return _scan(text, env, None)


def _scan(text: str, env: bool, data: bytes | None) -> list[Finding]:
    """:func:`scan_text`; ``data``: the bytes ``text`` was decoded from as
    UTF-8 (replacing what is not), when known (else its own UTF-8)."""
    passing = _passing(_text_bytes(text) if data is None else data)
    matching = _formats_matching(text, passing)
    if not matching and not env:
        return []
    formats, env_formats, entropy, keyword = _plugins()
    hits = [p for p in formats if type(p).__name__ in matching]
    hits += [p for p in env_formats if env and _may_match(p, text, passing)]
    lines = text.splitlines()
    allowed = _allowlisted(lines) if "pragma" in text else set()
    found: dict[tuple[str, int], Finding] = {}
    for plugin in hits:
        if hasattr(plugin, "analyze_text"):  # it reads the lines after a match
            for number in _line_numbers(text, plugin.analyze_text(text)):
                if number not in allowed:
                    found.setdefault((plugin.secret_type, number), Finding(plugin.secret_type, number))
    by_line = [p for p in hits if not hasattr(p, "analyze_text")]
    if by_line:
        for number, line in enumerate(lines, 1):
            if number in allowed:
                continue
            for plugin in by_line:
                if any(not _filtered(s, line, plugin) for s in plugin.analyze_string(line) if s):
                    found.setdefault((plugin.secret_type, number), Finding(plugin.secret_type, number))
    if env:
        for finding in _env_findings(lines, entropy, keyword, allowed):
            found.setdefault((finding.kind, finding.line), finding)
    return sorted(found.values(), key=lambda f: (f.line, f.kind))


def _line_numbers(text: str, offsets) -> list[int]:
    """The 1-based lines (as ``str.splitlines`` counts them) of ``offsets`` into ``text``."""
    offsets = list(offsets)
    if not offsets:
        return []
    starts, at = [], 0
    for line in text.splitlines(keepends=True):
        starts.append(at)
        at += len(line)
    return [max(1, bisect.bisect_right(starts, offset)) for offset in offsets]


#: byte order marks, the longer first (UTF-32 LE's starts with UTF-16 LE's)
_BOMS = (
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xfe\xff", "utf-16-be"),
    (b"\xff\xfe", "utf-16-le"),
)
#: the NUL-interleaved shape of UTF-16 without a BOM: at least this share of the bytes at one parity are NUL
_UTF16_NULS = 0.6


def bom_encoding(data: bytes) -> str | None:
    """The encoding ``data``'s BOM names (``utf-8-sig``, ``utf-16-le``, … ``utf-32-be``), or None."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name
    return None


def text_encoding(data: bytes) -> str | None:
    """The encoding ``data`` is written in when it is not plain UTF-8: the one
    its BOM names (:func:`bom_encoding`), else UTF-16 when it has the
    NUL-interleaved shape of mostly-ASCII UTF-16 without a BOM (an even
    length; most bytes at one parity NUL, almost none at the other); None
    otherwise. Linear: a count over the bytes."""
    named = bom_encoding(data)
    if named is not None:
        return named
    if len(data) < 4 or len(data) % 2 or b"\0" not in data:  # the shape needs NULs: most files have none
        return None
    half = len(data) // 2
    odd, even = data[1::2].count(0), data[0::2].count(0)
    if odd >= _UTF16_NULS * half and even <= half // 50:
        return "utf-16-le"
    if even >= _UTF16_NULS * half and odd <= half // 50:
        return "utf-16-be"
    return None


def decodings(data: bytes) -> list[str]:
    """The texts ``data`` is read as: UTF-8 (invalid bytes replaced), and the
    encoding :func:`text_encoding` names when there is one."""
    texts = [data.decode("utf-8", "replace")]
    encoding = text_encoding(data)
    if encoding is not None and encoding != "utf-8-sig":
        texts.append(data.decode(encoding, "replace"))
    return texts


#: no credential format the check knows is shorter than this (an AWS key id is 20): a shorter name is not scanned
_SHORTEST = 20


def redact_path(path: str) -> tuple[str, list[Finding]]:
    """``path`` (``/``-separated) with each part whose name holds a secret
    written ``[redacted: KIND]`` (its extension kept), and the findings; the
    path itself and ``[]`` when no part holds one. Every face that prints the
    path of a walked or named file prints this one."""
    parts = path.split("/")
    found: list[Finding] = []
    for n, part in enumerate(parts):
        if len(part) < _SHORTEST:
            continue
        here = scan_text(part)
        if not here:
            continue
        found.extend(Finding(f.kind, 1) for f in here)
        stem, ext = os.path.splitext(part)
        keep = ext if ext and len(ext) <= 10 and not scan_text(ext) else ""
        parts[n] = f"[redacted: {here[0].kind}]{keep}"
    return ("/".join(parts), found) if found else (path, [])


def name_reason(findings: list[Finding]) -> str:
    """The reason a file whose name holds a secret is skipped (kinds only, never the name)."""
    kinds = ", ".join(dict.fromkeys(f.kind for f in findings))
    return f"its name holds a secret ({kinds}); it is shown redacted: rename it"


def _remember_clean(digest: bytes) -> None:
    if len(_CLEAN) < _CLEAN_LIMIT:
        _CLEAN.add(digest)


def clean_digests() -> frozenset[bytes]:
    """The contents this process found clean, by digest: for the workers it
    starts (they are not forked from it, so they do not inherit them)."""
    return frozenset(_CLEAN)


def remember_clean(digests) -> None:
    """Take contents found clean by another process (:func:`clean_digests`)."""
    for digest in digests:
        _remember_clean(digest)


@dataclass(frozen=True)
class SecurityCheck:
    """The secret check of a run or a server: on unless ``security_check`` is
    off, for every file but the ``allow_secrets`` (real paths, as
    :func:`allowed_paths` gives them)."""

    security_check: bool = True
    allow_secrets: tuple[str, ...] = ()

    def applies(self, abspath: str | None) -> bool:
        """Whether the file at ``abspath`` (None: not on disk) is scanned for secrets."""
        if not self.security_check:
            return False
        return not (abspath and self.allow_secrets and os.path.realpath(abspath) in self.allow_secrets)


def allowed_paths(paths) -> tuple[str, ...]:
    """The files ``--allow-secret`` lets in, as real paths (sorted, so that a
    run's options compare equal whatever order they were given in)."""
    return tuple(sorted({os.path.realpath(os.fspath(p)) for p in paths}))


def describe(findings: list[Finding], limit: int = 3) -> str:
    """The findings in a reason: kinds and lines, never values."""
    shown = ", ".join(f"{f.kind} on line {f.line}" for f in findings[:limit])
    more = len(findings) - limit
    return shown + (f" and {more} more" if more > 0 else "")
