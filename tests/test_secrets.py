"""Secrets never reach an output: ``compress`` (files and folders), ``pack``,
MCP ``compress_file``, the pressure engine and ``dataset compress`` leave a
file holding a credential out as ``skipped:secret``, naming the finding's kind
and line and never its value.

The keys are real *formats* assembled from pieces here, so that no
real-looking secret sits verbatim in the repository.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith.cli import main
from codepith.core.secrets import Finding, describe, scan
from codepith.core.verdict import classify
from helpers import GITHUB, alnum


def _b64url(obj) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


AWS_ID = "AK" + "IA" + alnum("aws-id", 16).upper()
AWS_SECRET = alnum("aws-secret", 40)
STRIPE = "sk_" + "live_" + alnum("stripe", 24)
JWT = ".".join(
    [
        _b64url({"alg": "HS256", "typ": "JWT"}),
        _b64url({"sub": "1234567890", "name": "Ada"}),
        alnum("jwt-signature", 43),
    ]
)
PEM = "\n".join(
    [
        "-----BEGIN " + "RSA PRIVATE KEY-----",
        *[alnum(f"pem{i}", 64) for i in range(4)],
        "-----END " + "RSA PRIVATE KEY-----",
    ]
)
ENV_TOKEN = base64.b64encode(hashlib.sha256(b"env-token").digest() * 2).decode()

#: every value that must never appear in an output
SECRETS = [AWS_ID, AWS_SECRET, STRIPE, GITHUB, JWT, ENV_TOKEN] + PEM.splitlines()[1:-1]

SETTINGS_PY = textwrap.dedent(f'''\
    """Settings."""
    import os

    AWS_ACCESS_KEY_ID = "{AWS_ID}"
    aws_secret_access_key = "{AWS_SECRET}"


    def region() -> str:
        return os.environ.get("REGION", "eu-west-1")
    ''')
BILLING_JS = (
    f'const stripe = require("stripe")("{STRIPE}");\nexport function pay(n) {{\n  return stripe.charge(n);\n}}\n'
)
DEPLOY_SH = f"#!/bin/sh\nexport GITHUB_TOKEN={GITHUB}\ngit push\n"
KEY_PEM = PEM + "\n"
AUTH_TS = f'export const demoToken = "{JWT}";\nexport function bearer(): string {{\n  return demoToken;\n}}\n'
DOT_ENV = f"DEBUG=1\nAPI_TOKEN={ENV_TOKEN}\n"

#: ordinary code full of things that look like secrets to a careless scanner
CLEAN_PY = textwrap.dedent('''\
    """Checksums and ids, as tests have them."""
    import hashlib
    import uuid

    EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    GIT_COMMIT = "9fceb02d0ae598e95dc970b74767f19372d61af8"
    REQUEST_ID = uuid.UUID("123e4567-e89b-12d3-a456-426614174000")
    DSN = "postgresql://scott:tiger@localhost/test"
    B64_BLOB = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="


    def test_password_is_checked(client):
        password = "hunter2"
        api_key = os.environ["API_KEY"]
        assert client.login("ada", password)
        assert hashlib.sha256(b"").hexdigest() == EMPTY_SHA256
    ''')

FILES = {
    "config/settings.py": SETTINGS_PY,
    "web/billing.js": BILLING_JS,
    "deploy.sh": DEPLOY_SH,
    "certs/server.pem": KEY_PEM,
    "web/auth.ts": AUTH_TS,
    ".env": DOT_ENV,
    "app/checks.py": CLEAN_PY,
}
#: the file of each secret, its kind and its line
EXPECTED = {
    "config/settings.py": {("AWS Access Key", 4), ("AWS Access Key", 5)},
    "web/billing.js": {("Stripe Access Key", 1)},
    "deploy.sh": {("GitHub Token", 2)},
    "certs/server.pem": {("Private Key", 1)},
    "web/auth.ts": {("JSON Web Token", 1)},
    ".env": {("Base64 High Entropy String", 2)},
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    for rel, text in FILES.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return root


def assert_no_secret(text: str) -> None:
    for value in SECRETS:
        assert value not in text, f"a secret reached the output: {value[:6]}…"


# --------------------------------------------------------------------------- the scanner


@pytest.mark.parametrize("rel", sorted(EXPECTED))
def test_each_key_format_is_found_with_its_kind_and_line(rel):
    found = scan(FILES[rel].encode(), rel)
    assert {(f.kind, f.line) for f in found} == EXPECTED[rel]
    assert_no_secret(describe(found))


def test_ordinary_code_with_hashes_uuids_dsns_and_test_passwords_is_not_flagged():
    assert scan(CLEAN_PY.encode(), "app/checks.py") == []
    # the same high-entropy value that an env file gives away is ordinary in code
    assert scan(f'TOKEN_FOR_TESTS = "{ENV_TOKEN}"\n'.encode(), "tests/test_x.py") == []


def test_an_env_file_with_only_settings_is_not_flagged():
    assert scan(b"DEBUG=1\nPORT=8080\nLOG_LEVEL=info\nAPI_URL=https://example.com/v1\n", ".env") == []


def test_an_env_file_with_a_password_or_a_credential_url_is_flagged():
    kinds = {f.kind for f in scan(b"DB_PASSWORD=correct-horse-battery\n", ".env.production")}
    assert kinds == {"Secret Keyword"}
    url = ("DATABASE_URL=postgres://app:" + alnum("pw", 12) + "@db.internal/app\n").encode()
    assert {f.kind for f in scan(url, "prod.env")} == {"Basic Auth Credentials"}


def test_an_allowlist_comment_exempts_its_line():
    text = f'TOKEN = "{GITHUB}"  # pragma: allowlist secret\n'
    assert scan(text.encode(), "a.py") == []
    assert scan(f'# pragma: allowlist nextline secret\nTOKEN = "{GITHUB}"\n'.encode(), "a.py") == []


def test_the_scanner_never_opens_a_connection(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the secret scanner opened a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    for rel, text in FILES.items():
        scan(text.encode(), rel)  # every detector that matches runs; none verifies
    assert {f.kind for f in scan(SETTINGS_PY.encode(), "settings.py")} == {"AWS Access Key"}


def test_the_verdict_is_the_same_for_every_language_and_force_does_not_lift_it():
    verdict = classify(BILLING_JS.encode(), "javascript", path="web/billing.js")
    assert verdict is not None and verdict.action == "skipped:secret"
    assert "Stripe Access Key on line 1" in verdict.reason and "--allow-secret" in verdict.reason
    assert classify(DEPLOY_SH.encode(), None, path="deploy.sh").action == "skipped:secret"
    assert classify(DEPLOY_SH.encode(), None, path="deploy.sh", force=True).action == "skipped:secret"
    assert classify(DEPLOY_SH.encode(), None, path="deploy.sh", security_check=False) is None


def test_a_failing_check_keeps_its_file_out_and_costs_only_it(repo, tmp_path, capsys, monkeypatch):
    from codepith.core import verdict

    real = verdict.scan

    def flaky(data, path=""):
        if path.endswith("checks.py"):
            raise RuntimeError("boom")
        return real(data, path)

    monkeypatch.setattr(verdict, "scan", flaky)
    report = tmp_path / "r.json"
    code, _, err = run_compress(
        capsys,
        str(repo),
        "-o",
        str(tmp_path / "o.md"),
        "--report",
        str(report),
        "--no-cache",
        "-j",
        "1",
        "--timeout",
        "0",
    )
    files = {r["path"]: r for r in json.loads(report.read_text())["files"]}
    assert code == 0
    assert files["app/checks.py"]["action"] == "skipped:secret"
    assert "the secret check failed (RuntimeError)" in files["app/checks.py"]["reason"]
    assert files["web/billing.js"]["reason"].startswith("Stripe Access Key on line 1")


@given(st.binary(max_size=2000))
def test_hyp_scan_takes_any_bytes_and_names_lines_that_exist(data):
    found = scan(data, ".env")
    lines = data.decode("utf-8", "replace").splitlines()
    assert all(isinstance(f, Finding) and 1 <= f.line <= len(lines) for f in found)


@given(st.sampled_from([AWS_ID, STRIPE, GITHUB, JWT]), st.text(alphabet="abcdefgh \n=", max_size=200))
def test_hyp_a_finding_never_carries_the_value(secret, filler):
    text = f'{filler}\nVALUE = "{secret}"\n{filler}'
    found = scan(text.encode(), "x.py")
    assert found
    assert secret not in describe(found) and secret not in repr(found)


def _prefiltered_expressions():
    from codepith.core import secrets

    formats, env, _, _ = secrets._plugins()
    tested = secrets._NEEDS.keys() | secrets._NEEDLES.keys()
    return [(p, r) for p in formats + env if type(p).__name__ in tested for r in p.denylist]


def test_every_detector_with_a_first_test_is_one_the_check_runs():
    from codepith.core import secrets

    names = {name for name, _patterns in secrets._FORMATS}
    assert secrets._NEEDS.keys() | secrets._NEEDLES.keys() <= names
    # the live plugins' expressions are the ones the table holds (another test keeps them equal)
    assert {type(p).__name__ for p, _r in _prefiltered_expressions()} == secrets._NEEDS.keys() | secrets._NEEDLES.keys()


@pytest.mark.parametrize(
    "plugin, regex", _prefiltered_expressions(), ids=lambda v: getattr(v, "pattern", type(v).__name__)[:40]
)
def test_hyp_a_fast_precheck_never_hides_a_match(plugin, regex):
    """Text holding a match of a detector's expression passes its first tests,
    read from the text's own UTF-8 and from a file's bytes with a byte that is
    not UTF-8 beside it."""
    from codepith.core import secrets

    name = type(plugin).__name__

    @given(st.from_regex(regex, fullmatch=True), st.text(max_size=20), st.text(max_size=20))
    def check(match, before, after):
        text = before + match + after
        assert secrets._may_pass(name, text, secrets._passing(secrets._text_bytes(text))), (name, match)
        data = b"\xff" + text.encode("utf-8", "surrogatepass") + b"\xc3"
        decoded = data.decode("utf-8", "replace")
        assert secrets._may_pass(name, decoded, secrets._passing(data)), (name, match)

    check()


def test_codepiths_own_source_and_test_cases_are_not_flagged():
    here = Path(__file__).parent
    flagged = []
    for folder in (here.parent / "src", here / "cases"):
        for path in folder.rglob("*"):
            if path.is_file() and path.suffix not in (".so", ".pyc"):
                if scan(path.read_bytes(), path.name):
                    flagged.append(str(path))
    assert flagged == []


# --------------------------------------------------------------------------- compress


def run_compress(capsys, *args) -> tuple[int, str, str]:
    code = main(["compress", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_compress_leaves_every_secret_out_and_says_where(repo, tmp_path, capsys):
    out, report = tmp_path / "out.md", tmp_path / "report.json"
    code, _, err = run_compress(capsys, str(repo), "-o", str(out), "--report", str(report), "--no-cache", "-j", "1")
    assert code == 0
    assert_no_secret(out.read_text())
    files = {r["path"]: r for r in json.loads(report.read_text())["files"]}
    for rel, expected in EXPECTED.items():
        assert files[rel]["action"] == "skipped:secret", rel
        for kind, line in expected:
            assert f"{kind} on line {line}" in files[rel]["reason"]
            assert f"codepith: secret: {rel}: " in err
    assert files["app/checks.py"]["action"] == "compressed"
    assert "6 skipped:secret" in err
    assert_no_secret(report.read_text() + err)


def test_no_security_check_and_allow_secret(repo, tmp_path, capsys):
    out = tmp_path / "out.md"
    run_compress(capsys, str(repo), "-o", str(out), "--no-cache", "-j", "1", "--no-security-check")
    assert STRIPE in out.read_text() and GITHUB in out.read_text()
    code, _, err = run_compress(
        capsys, str(repo), "-o", str(out), "--no-cache", "-j", "1", "--allow-secret", str(repo / "web" / "billing.js")
    )
    text = out.read_text()
    assert STRIPE in text  # the one file let in
    assert GITHUB not in text and AWS_ID not in text
    assert "5 skipped:secret" in err
    _, _, err = run_compress(capsys, str(repo), "-o", str(out), "--no-cache", "-j", "1", "-q")
    assert "codepith: secret: deploy.sh: GitHub Token on line 2" in err  # named even with -q


def test_a_file_let_in_once_never_lends_its_cached_result_to_a_scanning_run(repo, tmp_path, capsys):
    out, cache = tmp_path / "out.md", tmp_path / "cache"
    target = str(repo / "config" / "settings.py")
    run_compress(capsys, str(repo), "-o", str(out), "--cache-dir", str(cache), "-j", "1", "--allow-secret", target)
    assert "AWS_ACCESS_KEY_ID" in out.read_text()
    run_compress(capsys, str(repo), "-o", str(out), "--cache-dir", str(cache), "-j", "1")
    assert_no_secret(out.read_text())


def test_compress_one_file_with_a_secret_is_an_error_naming_the_finding(repo, tmp_path, capsys):
    target = str(repo / "config" / "settings.py")
    code, out, err = run_compress(capsys, target)
    assert code == 1 and out == ""
    assert "skipped:secret" in err and "AWS Access Key on line 4" in err and "--allow-secret" in err
    assert_no_secret(err)
    code, out, _ = run_compress(capsys, target, "--allow-secret", target)
    assert code == 0 and AWS_ID in out


# --------------------------------------------------------------------------- pack


def test_pack_leaves_a_secret_out_and_audits_it(repo, capsys):
    code = main(
        [
            "pack",
            str(repo),
            "--mode",
            "compact",
            "--pr-path",
            "config/settings.py",
            "--pr-path",
            "app/checks.py",
            "--pr-path",
            ".env",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0
    assert "EMPTY_SHA256" in out
    assert_no_secret(out + err)
    assert "config/settings.py: skipped:secret (AWS Access Key on line 4" in err
    audit = [json.loads(line) for line in (repo / ".codepith" / "context-audit.jsonl").read_text().splitlines()]
    items = {i["path"]: i for i in audit[-1]["items"]}
    assert items["config/settings.py"]["action"] == "discard"
    assert items["config/settings.py"]["reason"].startswith("skipped:secret (AWS Access Key on line 4")
    assert items[".env"]["reason"].startswith("skipped:secret (Base64 High Entropy String on line 2")
    assert_no_secret(json.dumps(audit))


def test_pack_allow_secret_and_a_required_secret_stops(repo, capsys):
    main(["pack", str(repo), "--mode", "compact", "--pr-path", "web/billing.js", "--allow-secret", "web/billing.js"])
    out, _ = capsys.readouterr()
    assert STRIPE in out
    assert main(["pack", str(repo), "--mode", "compact", "--required", "deploy.sh"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "deploy.sh: skipped:secret (GitHub Token on line 2" in err


# --------------------------------------------------------------------------- pressure and MCP


def test_the_pressure_engine_never_hands_back_a_secret(repo):
    from codepith.pressure.engine import plan

    items = [{"path": rel, "content": (repo / rel).read_text(), "last_read": 0} for rel in FILES]
    result = plan(items, limit=200, turn=30, pressure=0.1, target=0.05).to_dict()
    for decision in result["decisions"]:
        if decision["path"] in EXPECTED:
            assert decision["action"] != "compress"
        assert_no_secret(json.dumps(decision))


def test_mcp_compress_file_and_pack_context_leave_the_secret_out(repo):
    pytest.importorskip("mcp")
    import anyio

    from helpers import server

    async def go():
        async with server(repo) as c:
            got = await c.call("compress_file", path="web/auth.ts")
            assert got["action"] == "skipped:secret" and "JSON Web Token on line 1" in got["reason"]
            assert "text" not in got
            packed = await c.call("pack_context", paths=["web/auth.ts", "app/checks.py"])
            assert_no_secret(json.dumps(packed))
            reasons = {i["path"]: i["reason"] for i in packed["items"]}
            assert reasons["web/auth.ts"].startswith("skipped:secret (JSON Web Token on line 1")

    anyio.run(go)


# --------------------------------------------------------------------------- datasets


def test_dataset_rows_with_a_secret_lose_their_content_and_only_they(repo):
    pd = pytest.importorskip("pandas")
    from codepith.bulk.datasets.rows import FrameOptions, compress_partition

    rows = pd.DataFrame({"path": list(FILES), "content": [FILES[rel] for rel in FILES]})
    done = compress_partition(rows, FrameOptions())
    by_path = {r["path"]: r for r in done.to_dict("records")}
    for rel in EXPECTED:
        assert by_path[rel]["action"] == "skipped:secret"
        assert pd.isna(by_path[rel]["content"]) and pd.isna(by_path[rel]["compressed"])
        assert "--no-security-check" in by_path[rel]["reason"] and "--allow-secret" not in by_path[rel]["reason"]
    assert by_path["app/checks.py"]["action"] == "compressed"
    assert_no_secret(done.to_json())
    unchecked = compress_partition(rows, FrameOptions(security_check=False))
    assert "skipped:secret" not in set(unchecked["action"])


def test_dataset_compress_command_names_the_secret_rows(repo, tmp_path, capsys):
    pytest.importorskip("dask")
    out = tmp_path / "ds"
    code = main(
        [
            "dataset",
            "compress",
            str(repo),
            str(out),
            "--input-format",
            "tree",
            "--format",
            "jsonl",
            "--workers",
            "1",
            "-q",
        ]
    )
    _, err = capsys.readouterr()
    assert code == 0
    text = "".join(p.read_text() for p in sorted(out.glob("*.jsonl")))
    assert_no_secret(text + err)
    assert "config/settings.py: skipped:secret: AWS Access Key on line 4" in err
    rows = {json.loads(line)["path"]: json.loads(line) for line in text.splitlines()}
    assert rows["app/checks.py"]["action"] == "compressed"
    assert os.path.basename(".env") in rows and rows[".env"]["action"] == "skipped:secret"


def test_the_generated_first_pass_holds_exactly_the_detectors_expressions():
    # (a new detect-secrets or a changed detector of codepith's: run tools/gen_secret_patterns.py)
    from codepith.core import _secret_patterns, secrets

    formats, _env, _, _ = secrets._plugins()
    live = tuple((type(p).__name__, tuple((r.pattern, int(r.flags)) for r in p.denylist)) for p in formats)
    assert _secret_patterns.FORMATS == live


def test_clean_text_is_checked_without_loading_the_detectors_and_a_secret_still_found():
    code = (
        "import sys\n"
        "from codepith.core.secrets import scan\n"
        "assert scan(b'def f(x):\\n    return x + 1\\n', 'a.py') == []\n"
        "assert 'detect_secrets' not in sys.modules\n"
        f"assert scan({('KEY = ' + repr(AWS_ID) + chr(10)).encode()!r}, 'a.py')\n"
        "assert 'detect_secrets' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_letters_that_fold_to_ascii_are_all_known():
    """Under re.IGNORECASE the only characters past ASCII that match an ASCII
    letter are the four the literal search stands aside for."""
    import re

    from codepith.core import secrets

    letter = re.compile("[a-z]", re.IGNORECASE)
    found = {chr(i).encode() for i in range(128, 0x110000) if not 0xD800 <= i < 0xE000 and letter.fullmatch(chr(i))}
    assert found == set(secrets._FOLDS_TO_ASCII)


def test_a_key_named_with_a_letter_that_folds_to_ascii_is_found():
    """``awſ`` is ``aws`` to an expression that ignores case: the literal
    search must not rule the detector out."""
    text = 'aw\u017f_secret_key = "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEYab"\n'
    assert [f.kind for f in scan(text.encode(), "x.py")] == ["AWS Access Key"]
