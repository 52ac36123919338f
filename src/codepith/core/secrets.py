"""Secrets in a file's content: found before any output holds the file.

The detectors are ``detect-secrets``' own plugins, used as a library and
offline: only their ``analyze_string`` (regular expressions and entropy) is
called, never ``analyze_line`` or ``verify`` -- those read detect-secrets'
global settings and may call a provider's API over the network.

Which detectors, and why:

- in **every file**, the plugins that recognise a credential by its own
  format (AWS access key ids and ``aws…key = "<40 chars>"`` secrets, Azure
  storage keys, GitHub and GitLab tokens, JWTs, Mailchimp, npm, OpenAI, PEM
  private keys, PyPI, SendGrid, Slack, Square, Stripe, Telegram, Twilio,
  Discord): a match is almost never ordinary code;
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

A :class:`Finding` holds the detector's name and the line, never the value.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Finding", "scan", "describe", "is_env_file", "allowed_paths", "clean_digests", "remember_clean",
           "SECRET_HINT", "NO_CHECK_HINT"]

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
    from detect_secrets.plugins.aws import AWSKeyDetector
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
    from detect_secrets.plugins.private_key import PrivateKeyDetector
    from detect_secrets.plugins.pypi_token import PypiTokenDetector
    from detect_secrets.plugins.sendgrid import SendGridDetector
    from detect_secrets.plugins.slack import SlackDetector
    from detect_secrets.plugins.square_oauth import SquareOAuthDetector
    from detect_secrets.plugins.stripe import StripeDetector
    from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
    from detect_secrets.plugins.twilio import TwilioKeyDetector

    formats = tuple(cls() for cls in (
        AWSKeyDetector, AzureStorageKeyDetector, DiscordBotTokenDetector, GitHubTokenDetector,
        GitLabTokenDetector, JwtTokenDetector, MailchimpDetector, NpmDetector, OpenAIDetector,
        PrivateKeyDetector, PypiTokenDetector, SendGridDetector, SlackDetector, SquareOAuthDetector,
        StripeDetector, TelegramBotTokenDetector, TwilioKeyDetector,
    ))
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
    if (h.is_templated_secret(secret) or h.is_prefixed_with_dollar_sign(secret)
            or h.is_sequential_string(secret) or h.is_potential_uuid(secret)
            or h.is_not_alphanumeric_string(secret)):
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
            if re.fullmatch(f"[{re.escape(plugin.charset)}]+", value) and \
                    plugin.calculate_shannon_entropy(value) > plugin.entropy_limit:
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


#: for the detectors whose expressions are slow to search for in a whole file (they start with a
#: character class, or ignore case), a condition every match of theirs meets that is fast to check
#: (a literal, or a plain substring of the lower-cased text): when it fails, the detector cannot
#: match; when it holds, the detector's own expressions decide. Each is checked against the
#: expressions it stands for by a property test (tests/test_secrets.py).
_MAILCHIMP = re.compile(r"-us[0-9]")
_TELEGRAM = re.compile(r":[0-9A-Za-z_-]{35}")
_DISCORD = re.compile(r"\.[a-zA-Z\d_-]{6}\.[a-zA-Z\d_-]{27}")
_PUTTY = "PuTTY-User-Key-" "File-2"  # (in two pieces: this file is not a key file itself)
_AWS_IDS = ("A3T", "ABIA", "ACCA", "AKIA", "ASIA")
_GITLAB = ("glpat-", "gldt-", "glft-", "glsoat-", "glrt-", "GR1348941", "glcbt-", "glimt-", "glptt-", "glagent-",
           "gloas-")
_NEEDS = {
    "MailchimpDetector": lambda text, lower: _MAILCHIMP.search(text) is not None,
    "TelegramBotTokenDetector": lambda text, lower: _TELEGRAM.search(text) is not None,
    "DiscordBotTokenDetector": lambda text, lower: _DISCORD.search(text) is not None,
    "StripeDetector": lambda text, lower: "k_live_" in text,
    "AWSKeyDetector": lambda text, lower: "aws" in lower or any(prefix in text for prefix in _AWS_IDS),
    "SlackDetector": lambda text, lower: "xox" in lower or "hooks.slack.com" in lower,
    # one substring check in place of a pass per expression
    "PrivateKeyDetector": lambda text, lower: "PRIVATE KEY" in text or _PUTTY in text,
    "GitLabTokenDetector": lambda text, lower: any(p in text for p in _GITLAB),
    "PypiTokenDetector": lambda text, lower: "pypi-" in text,
}


def _may_match(plugin, text: str, lower: str) -> bool:
    """Whether one of ``plugin``'s expressions matches anywhere in ``text``
    (``lower``: the text lower-cased), a first pass over the whole text; the
    lines are then checked one by one."""
    needs = _NEEDS.get(type(plugin).__name__)
    if needs is not None and not needs(text, lower):
        return False
    return any(regex.search(text) is not None for regex in plugin.denylist)


def scan(data: bytes, path: str = "") -> list[Finding]:
    """Every secret in ``data`` (a file's bytes; ``path`` its name, which says
    whether it is an env file), in line order; empty when there is none.

    Each format detector first runs over the whole text, and only a detector
    that matches somewhere runs line by line: ordinary code costs one pass of
    each expression. Content found clean once in this process is not scanned
    again (it is known by its digest, and the detectors do not change)."""
    env = is_env_file(path)
    digest = hashlib.blake2b(data, digest_size=16, person=b"env" if env else b"code").digest()
    if digest in _CLEAN:
        return []
    text = data.decode("utf-8", "replace")
    formats, env_formats, entropy, keyword = _plugins()
    lower = text.lower()
    hits = [p for p in formats + (env_formats if env else ()) if _may_match(p, text, lower)]
    if not hits and not env:
        _remember_clean(digest)
        return []
    lines = text.splitlines()
    allowed = _allowlisted(lines) if "pragma" in text else set()
    found: dict[tuple[str, int], Finding] = {}
    if hits:
        for number, line in enumerate(lines, 1):
            if number in allowed:
                continue
            for plugin in hits:
                if any(not _filtered(s, line, plugin) for s in plugin.analyze_string(line) if s):
                    found.setdefault((plugin.secret_type, number), Finding(plugin.secret_type, number))
    if env:
        for finding in _env_findings(lines, entropy, keyword, allowed):
            found.setdefault((finding.kind, finding.line), finding)
    if not found:
        _remember_clean(digest)
    return sorted(found.values(), key=lambda f: (f.line, f.kind))


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


def allowed_paths(paths) -> tuple[str, ...]:
    """The files ``--allow-secret`` lets in, as real paths (sorted, so that a
    run's options compare equal whatever order they were given in)."""
    return tuple(sorted({os.path.realpath(os.fspath(p)) for p in paths}))


def describe(findings: list[Finding], limit: int = 3) -> str:
    """The findings in a reason: kinds and lines, never values."""
    shown = ", ".join(f"{f.kind} on line {f.line}" for f in findings[:limit])
    more = len(findings) - limit
    return shown + (f" and {more} more" if more > 0 else "")
