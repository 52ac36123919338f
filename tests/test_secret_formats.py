"""The secret check's formats: the credentials detect-secrets 1.5 misses
(GitHub fine-grained tokens, encrypted and PuTTY-3 private keys, Anthropic,
Google and Hugging Face keys), the false alarms it raises (hex digests taken
for AWS key ids, a docblock's ``BEGIN RSA PRIVATE KEY``), and keys hidden in
UTF-16 or UTF-32 text.

Every value here is made up, assembled from pieces and a seeded hash, so that
no real-looking key sits verbatim in the repository.
"""

from __future__ import annotations

import base64
import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith.cli import main
from codepith.core.secrets import describe, scan, text_encoding
from codepith.core.verdict import classify, looks_binary


def _chars(seed: str, n: int, alphabet: str) -> str:
    """``n`` characters of ``alphabet`` that look random (from a hash: deterministic)."""
    out, counter = "", 0
    while len(out) < n:
        for byte in hashlib.sha256(f"{seed}{counter}".encode()).digest():
            out += alphabet[byte % len(alphabet)]
        counter += 1
    return out[:n]


ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LETTERS = ALNUM[:52]
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "_-"

GITHUB_PAT = "github" + "_pat_" + _chars("pat1", 22, ALNUM) + "_" + _chars("pat2", 59, ALNUM)
ANTHROPIC = "sk-" + "ant-api03-" + _chars("anthropic", 93, URLSAFE) + "AA"
GOOGLE = "AI" + "za" + _chars("google", 35, URLSAFE)
HUGGING_FACE = "h" + "f_" + _chars("hf", 34, LETTERS)
AWS_ID = "AK" + "IA" + _chars("aws", 16, ALNUM[:26] + ALNUM[52:])
KEY_BODY = [_chars(f"body{i}", 64, B64) for i in range(4)]


def _armor(kind: str) -> str:
    return "\n".join(["-----BEGIN " + kind + "-----", *KEY_BODY, "-----END " + kind + "-----"]) + "\n"


PUTTY_3 = (
    "PuTTY-User-"
    + "Key-File-3: ssh-ed25519\nEncryption: none\nComment: ed25519-key\nPublic-Lines: 2\n"
    + "\n".join(KEY_BODY[:2])
    + "\nPrivate-Lines: 1\n"
    + KEY_BODY[2]
    + "\nPrivate-MAC: "
    + "ab" * 32
    + "\n"
)

NEW_FORMATS = {
    "GitHub Token": f'GITHUB_TOKEN = "{GITHUB_PAT}"\n',
    "Anthropic API Key": f'client = Anthropic(api_key="{ANTHROPIC}")\n',
    "Google API Key": f'const maps = load({{key: "{GOOGLE}"}});\n',
    "Hugging Face Token": f"login(token='{HUGGING_FACE}')\n",
}


def _kinds(text: str, path: str = "x.py") -> set[str]:
    return {f.kind for f in scan(text.encode(), path)}


# --------------------------------------------------------------------------- formats found


@pytest.mark.parametrize("kind", sorted(NEW_FORMATS))
def test_each_new_format_is_found_with_its_kind_and_line(kind):
    text = "import os\n\n" + NEW_FORMATS[kind]
    found = scan(text.encode(), "config.py")
    assert [(f.kind, f.line) for f in found] == [(kind, 3)]
    for value in (GITHUB_PAT, ANTHROPIC, GOOGLE, HUGGING_FACE):
        assert value not in describe(found) and value not in repr(found)


@pytest.mark.parametrize(
    "kind",
    [
        "ENCRYPTED PRIVATE KEY",
        "RSA PRIVATE KEY",
        "OPENSSH PRIVATE KEY",
        "PRIVATE KEY",
        "EC PRIVATE KEY",
        "PGP PRIVATE KEY BLOCK",
    ],
)
def test_every_armored_private_key_is_found_on_its_armor_line(kind):
    found = scan(("# the deploy key\n" + _armor(kind)).encode(), "id_key")
    assert [(f.kind, f.line) for f in found] == [("Private Key", 2)]


def test_a_key_in_a_string_literal_with_escaped_newlines_is_found():
    text = 'KEY = "-----BEGIN ' + "ENCRYPTED PRIVATE KEY-----\\n" + "\\n".join(KEY_BODY) + '\\n-----END"\n'
    assert _kinds(text) == {"Private Key"}


@pytest.mark.parametrize("version", ["2", "3"])
def test_putty_key_files_of_both_versions_are_found(version):
    text = PUTTY_3.replace("File-3:", f"File-{version}:")
    assert [(f.kind, f.line) for f in scan(text.encode(), "deploy.ppk")] == [("Private Key", 1)]


# --------------------------------------------------------------------------- false alarms


def test_identifiers_and_words_that_share_a_prefix_are_not_flagged():
    code = (
        "hf_model = AutoModel.from_pretrained('bert-base-uncased')\n"
        "hf_tokenizerconfigurationforbertsmodel = None\n"  # hf_ and 34 lower-case letters: a name
        "def load_hf_checkpoint(hf_hub_download_kwargs): ...\n"
        "MAIzaBLE = 'AIzaleas are flowers'\n"
        "prefix = 'AIza'  # Google API keys start with AIza\n"
        "TOKEN = 'github_pat_...'  # a fine-grained token looks like this\n"
        "ANTHROPIC_KEY = 'sk-ant-api03-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'\n"
        f"name = 'x{HUGGING_FACE}'  # inside a longer word\n"
    )
    assert scan(code.encode(), "models.py") == []


def test_the_private_key_phrase_in_prose_is_not_a_finding():
    php = (
        "<?php\n/**\n * PKCS#1 formatted RSA key handler\n *\n"
        " * Used by File/X509.php. Has the following header:\n *\n * -----BEGIN RSA PRIVATE KEY-----\n *\n"
        " * Analogous to ssh-keygen's pem format (as specified by -m)\n */\n"
        "class PKCS1 extends Progenitor\n{\n"
        "    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';\n"
        "    public static function savePrivateKey($key, $type)\n    {\n"
        '        return "-----BEGIN {$type} PRIVATE KEY-----\\r\\n" .\n'
        "               chunk_split(Strings::base64_encode($key), 64) .\n"
        '               "-----END {$type} PRIVATE KEY-----";\n    }\n}\n'
    )
    assert scan(php.encode(), "PKCS1.php") == []
    assert scan(b"# Starts with -----BEGIN ENCRYPTED PRIVATE KEY----- then base64.\n", "doc.py") == []


def test_an_uppercase_digest_holding_an_aws_prefix_is_not_a_key_id():
    # the false alarm of detect-secrets' expression: ACCA and 16 hex digits inside a longer hex run
    digest = "0F3B" + "ACCA" + "9C51D2E07B4A6F18" + "E3" * 22
    assert scan(f'EXPECTED = "{digest}"\n'.encode(), "Check.java") == []
    # a key id standing alone stays a finding, in code and in an env file
    assert _kinds(f'AWS_ACCESS_KEY_ID = "{AWS_ID}"\n') == {"AWS Access Key"}
    assert _kinds(f"AWS_ACCESS_KEY_ID={AWS_ID}\n", ".env") == {"AWS Access Key"}


def test_a_sha1_named_like_an_aws_key_is_not_its_secret():
    sha1 = hashlib.sha1(b"x").hexdigest()
    assert scan(f'aws_key_sha1 = "{sha1}"\n'.encode(), "pins.py") == []
    secret = _chars("aws-secret", 40, B64)
    assert _kinds(f'aws_secret_access_key = "{secret}"\n') == {"AWS Access Key"}


_DIGESTS = st.sampled_from([hashlib.sha1, hashlib.sha256, hashlib.sha512])
_CODE = st.sampled_from(
    [
        'DIGEST = "{}"\n',
        "    '{}',\n",
        "// sha: {}\n",
        "assert h.hexdigest() == '{}'\n",
        "<hash>{}</hash>\n",
        'aws_key_checksum = "{}"\n',
        "AWS_TOKEN_SHA = '{}'\n",
        "{}  file.tar.gz\n",
        'new BigInteger("{}", 16)\n',
    ]
)


@given(_DIGESTS, st.binary(min_size=1, max_size=64), st.booleans(), st.lists(_CODE, min_size=1, max_size=4))
def test_hyp_hex_digests_in_code_are_never_findings(algorithm, data, upper, shapes):
    digest = algorithm(data).hexdigest()
    digest = digest.upper() if upper else digest
    text = "".join(shape.format(digest) for shape in shapes)
    assert scan(text.encode(), "Digests.java") == [], (digest, text)


# --------------------------------------------------------------------------- UTF-16 and UTF-32

SETTINGS = f'"""Settings."""\nAWS_ACCESS_KEY_ID = "{AWS_ID}"\n\n\ndef region():\n    return "eu"\n'
PLAIN = '"""Plain."""\n\n\ndef region():\n    return "eu"\n'
ENCODINGS = [
    "utf-8-sig",
    "utf-16",
    "utf-16-le-bom",
    "utf-16-be-bom",
    "utf-32",
    "utf-32-be-bom",
    "utf-16-le",
    "utf-16-be",
]


def _encode(text: str, name: str) -> bytes:
    if name.endswith("-bom"):
        return ("\ufeff" + text).encode(name[: -len("-bom")])
    return text.encode(name)


@pytest.mark.parametrize("name", ENCODINGS)
def test_a_key_in_utf16_or_utf32_is_found_on_its_line(name):
    found = scan(_encode(SETTINGS, name), "settings.py")
    assert [(f.kind, f.line) for f in found] == [("AWS Access Key", 2)]


@pytest.mark.parametrize("name", [n for n in ENCODINGS if n.endswith("-bom") or n in ("utf-16", "utf-32")])
def test_text_with_a_utf16_or_utf32_bom_is_not_binary(name):
    data = _encode(PLAIN, name)
    assert b"\0" in data and not looks_binary(data)
    verdict = classify(_encode(SETTINGS, name), "python", path="settings.py")
    assert verdict is not None and verdict.action == "skipped:secret"
    assert "AWS Access Key on line 2" in verdict.reason


def test_binary_bytes_behind_a_bom_stay_binary():
    assert looks_binary(b"\xff\xfe" + b"\x00\x00" * 20)  # NUL characters
    assert looks_binary(b"\xff\xfe\x00\xd8\x00\x00")  # a lone surrogate, then a NUL
    assert looks_binary(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")


def test_the_nul_interleaved_shape_without_a_bom_is_read_as_utf16():
    assert text_encoding(PLAIN.encode("utf-16-le")) == "utf-16-le"
    assert text_encoding(PLAIN.encode("utf-16-be")) == "utf-16-be"
    assert text_encoding(PLAIN.encode()) is None
    assert text_encoding(bytes(range(256)) * 4) is None  # binary: NULs at neither parity mostly
    assert text_encoding(PLAIN.encode("utf-16-le")[:-1]) is None  # an odd length is not UTF-16


@given(st.binary(max_size=600))
def test_hyp_any_bytes_behind_any_bom_are_scanned_without_error(data):
    for bom in (b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff", b"\xef\xbb\xbf"):
        scan(bom + data, "x.py")
        looks_binary(bom + data)


def test_pack_keeps_a_utf16_file_with_a_key_out(tmp_path, capsys):
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src" / "settings.py").write_bytes(SETTINGS.encode("utf-16"))
    (root / "src" / "plain.py").write_bytes(PLAIN.encode("utf-8"))
    code = main(["pack", str(root), "--mode", "compact", "--pr-path", "src/settings.py", "--pr-path", "src/plain.py"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "def region" in out
    assert AWS_ID not in out.replace("\0", "") and AWS_ID.encode("utf-16-le") not in out.encode("utf-8", "replace")
    assert "src/settings.py: skipped:secret (AWS Access Key on line 2" in err
    audit = [json.loads(line) for line in (root / ".codepith" / "context-audit.jsonl").read_text().splitlines()]
    items = {i["path"]: i for i in audit[-1]["items"]}
    assert items["src/settings.py"]["action"] == "discard"


def test_a_base64_blob_is_not_scanned_as_utf16():
    blob = base64.b64encode(bytes(range(256))).decode()
    assert scan(f'BLOB = "{blob}"\n'.encode(), "x.py") == []


# --------------------------------------------------------------------------- names

GITHUB_CLASSIC = "gh" + "p_" + _chars("classic", 36, ALNUM)


def test_redact_path_writes_each_part_holding_a_secret_redacted():
    from codepith.core.secrets import redact_path

    redacted, found = redact_path(f"src/{GITHUB_CLASSIC}/keys/{GOOGLE}.py")
    assert redacted == "src/[redacted: GitHub Token]/keys/[redacted: Google API Key].py"
    assert [f.kind for f in found] == ["GitHub Token", "Google API Key"]
    for clean in ("src/hf_model.py", "src/a_very_long_module_name_for_tests.py", "docs/AIzaleas_and_roses.md"):
        assert redact_path(clean) == (clean, [])


def _named_tree(tmp_path):
    root = tmp_path / "repo"
    (root / "src" / GITHUB_CLASSIC).mkdir(parents=True)
    (root / "src" / f"{GITHUB_CLASSIC}.py").write_text("def f():\n    return 1\n")
    (root / "src" / GITHUB_CLASSIC / "inner.py").write_text("def h():\n    return 3\n")
    (root / "src" / "ok.py").write_text("def g():\n    return 2\n")
    return root


def test_compress_skips_a_file_and_a_folder_whose_names_hold_a_token_and_never_prints_them(tmp_path, capsys):
    root = _named_tree(tmp_path)
    out, report = tmp_path / "out.md", tmp_path / "r.json"
    code = main(["compress", str(root), "-o", str(out), "--report", str(report), "--no-cache", "-j", "1"])
    _, err = capsys.readouterr()
    assert code == 0
    for text in (out.read_text(), report.read_text(), err):
        assert GITHUB_CLASSIC not in text and GITHUB_CLASSIC.replace("_", "") not in text
    files = {r["path"]: r for r in json.loads(report.read_text())["files"]}
    assert files["src/[redacted: GitHub Token].py"]["action"] == "skipped:secret"
    assert "its name holds a secret (GitHub Token)" in files["src/[redacted: GitHub Token].py"]["reason"]
    assert files["src/[redacted: GitHub Token]"]["action"] == "skipped:secret"
    assert files["src/ok.py"]["action"] == "compressed"
    assert "[redacted: GitHub Token].py" in out.read_text() and "def g():" in out.read_text()


def test_pack_refuses_a_named_path_holding_a_token_and_audits_it_redacted(tmp_path, capsys):
    root = _named_tree(tmp_path)
    code = main(
        [
            "pack",
            str(root),
            "--mode",
            "compact",
            "--pr-path",
            f"src/{GITHUB_CLASSIC}.py",
            "--pr-path",
            f"src/{GITHUB_CLASSIC}/inner.py",
            "--pr-path",
            "src/ok.py",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0 and "def g():" in out
    audit = (root / ".codepith" / "context-audit.jsonl").read_text()
    for text in (out, err, audit):
        assert GITHUB_CLASSIC not in text
    items = {i["path"]: i for i in json.loads(audit.splitlines()[-1])["items"]}
    assert items["src/[redacted: GitHub Token].py"]["action"] == "discard"
    assert items["src/[redacted: GitHub Token]/inner.py"]["reason"].startswith("skipped:secret (its name holds")
    assert "src/[redacted: GitHub Token].py: skipped:secret (its name holds a secret (GitHub Token)" in err
    assert main(["pack", str(root), "--mode", "compact", "--required", f"src/{GITHUB_CLASSIC}.py"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and GITHUB_CLASSIC not in err and "[redacted: GitHub Token].py" in err


def test_many_armors_and_prefixes_are_scanned_in_one_pass(hang_guard):
    # each armor once looked at the 400 characters after it: a hostile file made that quadratic
    hostile = b"BEGIN A PRIVATE KEY " * 200_000 + ("hf_" + "a" * 33 + " AIza ").encode() * 50_000
    assert scan(hostile, "x.py") == []
    found = scan(hostile + _armor("ENCRYPTED PRIVATE KEY").encode(), "x.py")
    assert [f.kind for f in found] == ["Private Key"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_pack_lets_utf16_text_in_as_utf8_text(tmp_path, capsys, encoding):
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src" / "plain.py").write_bytes(PLAIN.encode(encoding))  # with its BOM
    code = main(["pack", str(root), "--mode", "compact", "--pr-path", "src/plain.py"])
    out = capsys.readouterr().out
    assert code == 0
    assert PLAIN.strip() in out and "\0" not in out and "\ufeff" not in out
