"""Bash's dependency resolver: `source` and `.` of constant relative paths."""

from __future__ import annotations

from pathlib import Path

from codepith.core.languages import detect_language
from codepith.deps.finder import direct_dependencies

TREE = {
    "bin/run.sh": "#!/bin/bash\nsource ../lib/common.sh\n. './helpers.sh'\nsource \"../lib/log.sh\"\n"
    'source "$DIR/x.sh"\n. ~/.bashrc\nsource /etc/profile\nsource missing.sh\n',
    "bin/helpers.sh": "h() { :; }\n",
    "lib/common.sh": ". log.sh\n",
    "lib/log.sh": 'log() { echo "$@"; }\n',
}


def make(root: Path) -> Path:
    for rel, body in TREE.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    return root


def test_source_and_dot_follow_constant_paths_from_the_files_folder(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "bin/run.sh") == ["lib/common.sh", "bin/helpers.sh", "lib/log.sh"]
    assert direct_dependencies(root, "lib/common.sh") == ["lib/log.sh"]


def test_an_extensionless_script_is_told_by_its_shebang(tmp_path, monkeypatch):
    for line in (b"#!/bin/bash\n", b"#!/usr/bin/env bash\n", b"#!/bin/sh -e\n"):
        assert detect_language("tools/deploy", line + b"echo hi\n") == "bash"
    assert detect_language("tools/deploy", b"#!/usr/bin/env python3\n") != "bash"
    assert detect_language("tools/deploy", b"echo hi\n") is None
    script = tmp_path / "deploy"
    script.write_bytes(b"#!/bin/sh\necho hi\n")
    # without data, a file is read only when the caller asks, and only the path it gives
    monkeypatch.chdir(tmp_path)
    assert detect_language("deploy") is None
    assert detect_language(str(script), read=True) == "bash"
    # unreadable, missing or not a regular file: no language, no error
    assert detect_language(str(tmp_path / "missing"), read=True) is None
    assert detect_language(str(tmp_path), read=True) is None
    script.chmod(0)
    try:
        assert detect_language(str(script), read=True) in (None, "bash")  # root may still read it
    finally:
        script.chmod(0o644)
