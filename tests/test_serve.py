"""``codepith serve``: JSON Lines on standard input and output, driven as a client would.

Every test starts ``python -m codepith serve`` as a subprocess and talks to it
through pipes: pipelined requests, answers matched by id (in any order),
hostile lines that cost only themselves, a worker stopped or killed from
outside (the operating system's own signals, no test hook), shutdown and the
end of input.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import jsonschema
import pytest

import codepith
from codepith.bulk.files import process_bytes
from codepith.bulk.results import BulkOptions
from codepith.serve import ERROR_CODES, OPS, PROTOCOL
from helpers import write

TOP = Path(__file__).resolve().parent.parent
CASES = TOP / "tests" / "cases"
SCHEMA = json.loads((TOP / "docs" / "serve-schema.json").read_text())
#: no answer within this many seconds fails the test instead of hanging the suite
WAIT = 60.0

PY = 'import os\n\n\ndef f(a, b):\n    """Add."""\n    x = a + b\n    return x\n\n\nclass C:\n    def m(self, y):\n        return [y]\n'


class Server:
    """One ``codepith serve`` process: lines in, answers out (read by a thread)."""

    def __init__(self, root: Path, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "codepith", "serve", "--root", str(root), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.lines: queue.Queue = queue.Queue()
        self.raw: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.writer: threading.Thread | None = None

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.raw.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def send(self, data: bytes) -> None:
        """Write ``data`` from a thread (a large batch would fill the pipe while the answers wait to be read)."""
        assert self.proc.stdin is not None
        stdin = self.proc.stdin

        def put() -> None:
            try:
                stdin.write(data)
                stdin.flush()
            except BrokenPipeError:
                pass

        if self.writer is not None:
            self.writer.join(WAIT)
        self.writer = threading.Thread(target=put, daemon=True)
        self.writer.start()

    def request(self, *requests: dict) -> None:
        self.send(b"".join(json.dumps(r).encode() + b"\n" for r in requests))

    def answers(self, n: int) -> list[dict]:
        out = []
        until = time.monotonic() + WAIT
        while len(out) < n:
            try:
                line = self.lines.get(timeout=max(0.0, until - time.monotonic()))
            except queue.Empty:
                pytest.fail(f"{len(out)} of {n} answers within {WAIT:g} s")
            if line is None:
                pytest.fail(f"the server ended after {len(out)} of {n} answers: {self.stderr()}")
            assert line.endswith(b"\n")
            answer = json.loads(line)
            assert isinstance(answer, dict)
            out.append(answer)
        return out

    def ask(self, request: dict) -> dict:
        self.request(request)
        (answer,) = self.answers(1)
        assert answer["id"] == request["id"]
        return answer

    def close(self) -> int:
        """Close standard input; the exit code."""
        if self.writer is not None:
            self.writer.join(WAIT)
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(WAIT)

    def stderr(self) -> str:
        assert self.proc.stderr is not None
        if self.proc.poll() is None:
            return "(running)"
        return self.proc.stderr.read().decode(errors="replace")

    def workers(self) -> list[int]:
        """The server's worker processes: children of its fork server (its grandchildren)."""
        parents = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue
                parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
        children = {pid for pid, ppid in parents.items() if ppid == self.proc.pid}
        return sorted(pid for pid, ppid in parents.items() if ppid in children)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(WAIT)


@pytest.fixture
def serve():
    started: list[Server] = []

    def start(root: Path, *args: str) -> Server:
        server = Server(root, *args)
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()


def _validate(answer: dict, op: str | None) -> None:
    """``answer`` is a response of ``op`` (or an error) as docs/serve-schema.json says."""
    kind = "error" if "error" in answer else ("hello" if op == "version" else op)
    schema = {"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/responses/{kind}"}
    jsonschema.Draft202012Validator(schema).validate(answer)
    jsonschema.Draft202012Validator(SCHEMA).validate(answer)  # and a response line, whatever its op


def expected(path: str, data: bytes, level: str = "signatures", encoding: str = "o200k_base") -> dict:
    """What bulk compression gives the file, in the fields of a compress answer."""
    r = process_bytes(path, data, BulkOptions(levels=(level,), encoding=encoding))
    return {
        "path": r.path,
        "language": r.language,
        "level": r.level,
        "action": r.action,
        "reason": r.reason,
        "valid": r.valid,
        "bytes_in": r.bytes_in,
        "bytes_out": r.bytes_out,
        "tokens_in": r.tokens_in,
        "tokens_out": r.tokens_out,
        "encoding": encoding,
        "elisions": r.elisions,
        "text": r.text,
    }


def case_files() -> list[Path]:
    """The golden cases' inputs (not their expected outputs), every language."""
    found = []
    for path in sorted(CASES.rglob("*")):
        if path.is_file() and not any(
            f".{kind}." in path.name for kind in ("outline", "signatures", "signatures-refs")
        ):
            found.append(path)
    return found


# --------------------------------------------------------------------------- the protocol


def test_hello_names_the_protocol_ops_languages_and_encodings(tmp_path, serve):
    server = serve(tmp_path)
    answer = server.ask({"id": "h", "op": "hello"})
    assert answer["protocol"] == PROTOCOL == "1"
    assert answer["codepith"] == codepith.__version__
    assert answer["ops"] == list(OPS)
    assert answer["languages"] == codepith.languages()
    assert answer["encodings"] == ["o200k_base", "cl100k_base"]
    assert answer["root"] == str(tmp_path)
    _validate(answer, "hello")
    assert server.ask({"id": 2, "op": "version"})["protocol"] == "1"
    assert server.close() == 0


def test_a_thousand_pipelined_requests_are_each_answered_once_as_bulk_compresses(serve):
    files = case_files()
    assert len({p.parent.name for p in files}) >= 20  # every language
    levels = ("signatures", "outline", "full")
    requests, want = [], {}
    for n in range(1000):
        path = files[n % len(files)]
        rel = path.relative_to(CASES).as_posix()
        level = levels[(n // len(files)) % len(levels)]
        request = {"id": n if n % 3 else f"r{n}", "op": "compress", "path": rel, "level": level}
        if n % 2:  # half sent as text, half read from the root
            request["text"] = path.read_bytes().decode("utf-8", "surrogateescape")
        requests.append(request)
        want[json.dumps(request["id"])] = (rel, level)
    server = serve(CASES, "--jobs", "2")
    server.request(*requests)
    answers = server.answers(1000)
    assert server.close() == 0
    got = {json.dumps(a["id"]): a for a in answers}
    assert len(got) == 1000 and got.keys() == want.keys()  # every id once, echoed exactly
    results = {}
    for key, (rel, level) in want.items():
        if (rel, level) not in results:
            results[rel, level] = expected(rel, (CASES / rel).read_bytes(), level)
        answer = dict(got[key])
        del answer["id"]
        assert answer == results[rel, level], rel
    for (rel, level), result in results.items():  # and as codepith.compress gives the compressed ones
        if result["action"] == "compressed":
            assert result["text"] == codepith.compress((CASES / rel).read_bytes(), path=rel, level=level).text
    assert {r["action"] for r in results.values()} >= {"compressed"}
    for answer in answers[:50]:
        _validate(answer, "compress")


def test_answers_come_as_they_are_ready_not_in_request_order(tmp_path, serve):
    # a large file first, then small ones: with two workers the small ones overtake it
    write(tmp_path, "big.py", PY * 3000)
    write(tmp_path, "small.py", PY)
    server = serve(tmp_path, "--jobs", "2")
    server.request({"id": 0, "op": "compress", "path": "big.py"})
    server.request(*({"id": n, "op": "count", "text": "x"} for n in range(1, 40)))
    ids = [a["id"] for a in server.answers(40)]
    assert sorted(ids) == list(range(40))
    assert ids[0] != 0
    assert server.close() == 0


def test_each_verdict_is_the_one_bulk_gives(tmp_path, serve):
    files = {
        "app.py": PY.encode(),
        "blob.py": b"\x00\x01binary" * 10,
        "bundle.js": b"var a=1;" * 2000,
        "gen.go": b"// Code generated by protoc. DO NOT EDIT.\n\npackage p\n\nfunc F() int {\n\treturn 1\n}\n",
        "notes.txt": b"plain words\n",
        "keys.py": b'AWS_SECRET = "AKIAIOSFODNN7EXAMPLE"\naws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"\n',
        "latin.py": b"name = '\xe9'\n\ndef f():\n    return 1\n",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    server = serve(tmp_path)
    requests = [{"id": name, "op": "compress", "path": name} for name in files]
    server.request(*requests)
    got = {a["id"]: a for a in server.answers(len(files))}
    actions = {}
    for name, data in files.items():
        answer = {k: v for k, v in got[name].items() if k != "id"}
        assert answer == expected(name, data), name
        actions[name] = answer["action"]
        _validate(got[name], "compress")
    assert actions["app.py"] == "compressed"
    assert actions["blob.py"] == "skipped:binary"
    assert actions["bundle.js"] == "skipped:minified"
    assert actions["gen.go"] == "skipped:generated"
    assert actions["notes.txt"] == "kept-whole"
    assert actions["keys.py"] == "skipped:secret"
    # too large: the verdict a walk gives it, the file never read
    (tmp_path / "huge.py").write_text(PY * 100)
    big = serve(tmp_path, "--max-file-bytes", "1000")
    answer = big.ask({"id": 1, "op": "compress", "path": "huge.py"})
    assert answer["action"] == "skipped:too-large"
    assert answer["reason"] == f"{len(PY * 100)} bytes, over --max-file-bytes 1000"
    assert big.ask({"id": 2, "op": "compress", "path": "x.py", "text": PY * 100})["action"] == "skipped:too-large"
    assert server.close() == 0 and big.close() == 0


def test_count_is_exact_for_each_encoding(tmp_path, serve):
    server = serve(tmp_path)
    text = "def héllo():\n    return '<|endoftext|>'\n"
    for encoding in ("o200k_base", "cl100k_base"):
        answer = server.ask({"id": encoding, "op": "count", "text": text, "encoding": encoding})
        assert answer["tokens"] == codepith.count_tokens(text, encoding=encoding)
        assert answer["bytes"] == len(text.encode())
        _validate(answer, "count")
    assert server.close() == 0


# --------------------------------------------------------------------------- hostile lines


def test_every_hostile_line_costs_only_itself(tmp_path, serve):
    outside = tmp_path / "outside.py"
    outside.write_text(PY)
    root = tmp_path / "root"
    write(root, "a.py", PY)
    os.symlink(outside, root / "link.py")
    server = serve(root, "--max-line-bytes", "4096")
    hostile = [
        (b"garbage }{", None, "invalid-json"),
        (b"x" * 100_000, None, "line-too-long"),  # far over the limit: skipped in bounded memory
        (b"[" * 2000 + b"]" * 2000, None, "invalid-json"),  # nests deeper than the parser goes
        (b'{"id": 1, "op": "hello", "x": ' + b"[" * 64 + b"]" * 64 + b"}", None, "invalid-json"),  # 65 levels
        (b'{"id": 1, "op": "hello"}\x00', None, "invalid-json"),
        (b'{"id": 2, "op": "count", "text": "\xff\xfe"}', None, "invalid-utf8"),
        (b"[1, 2]", None, "not-an-object"),
        (b'"just a string"', None, "not-an-object"),
        (b'{"op": "hello"}', None, "invalid-id"),
        (b'{"id": null, "op": "hello"}', None, "invalid-id"),
        (b'{"id": {"a": 1}, "op": "hello"}', None, "invalid-id"),
        (b'{"id": true, "op": "hello"}', None, "invalid-id"),
        (b'{"id": 1e999, "op": "hello"}', None, "invalid-id"),
        (b'{"id": NaN, "op": "hello"}', None, "invalid-json"),
        (b'{"id": 3, "op": "explode"}', 3, "unknown-op"),
        (b'{"id": 4}', 4, "unknown-op"),
        (b'{"id": 5, "op": "compress"}', 5, "invalid-request"),
        (b'{"id": 6, "op": "compress", "path": 7}', 6, "invalid-request"),
        (b'{"id": 7, "op": "compress", "path": "a.py", "level": "tiny"}', 7, "invalid-request"),
        (b'{"id": 8, "op": "count", "text": "x", "extra": 1}', 8, "invalid-request"),
        (b'{"id": 9, "op": "map", "tokens": "many"}', 9, "invalid-request"),
        (b'{"id": 10, "op": "pack", "mode": "compact", "paths": "a.py"}', 10, "invalid-request"),
        (b'{"id": 11, "op": "compress", "path": "../outside.py"}', 11, "outside-root"),
        (json.dumps({"id": 12, "op": "compress", "path": str(outside)}).encode(), 12, "outside-root"),
        (b'{"id": 13, "op": "compress", "path": "link.py"}', 13, "outside-root"),  # a symlink that leaves the root
        (b'{"id": 14, "op": "compress_tree", "path": ".."}', 14, "outside-root"),
        (b'{"id": 15, "op": "compress", "path": "missing.py"}', 15, "not-found"),
        (b'{"id": 16, "op": "compress", "path": "a.py", "text": "\\ud800"}', 16, "invalid-request"),
        (b'{"id": 17, "op": "compress", "path": "a.py", "language": "cobol"}', 17, "invalid-request"),
    ]
    server.send(
        b"".join(line + b"\n" for line, _, _ in hostile) + b'{"id": "alive", "op": "compress", "path": "a.py"}\n'
    )
    answers = server.answers(len(hostile) + 1)
    assert server.close() == 0
    by_line = {a["error"]["line"]: a for a in answers if "error" in a}
    for number, (_, rid, code) in enumerate(hostile, 1):
        answer = by_line[number]
        assert (answer["id"], answer["error"]["code"]) == (rid, code), number
        message = answer["error"]["message"]
        assert "\n" not in message and "Traceback" not in message and "; " in message
        _validate(answer, None)
    (alive,) = [a for a in answers if a["id"] == "alive"]
    assert alive["action"] == "compressed"
    assert {code for _, _, code in hostile} <= set(ERROR_CODES)
    assert b"Traceback" not in server.proc.stderr.read()  # type: ignore[union-attr]


def test_a_lone_surrogate_id_comes_back_as_sent(tmp_path, serve):
    server = serve(tmp_path)
    server.send(b'{"id": "\\udce9x", "op": "hello"}\n')
    (answer,) = server.answers(1)
    assert answer["id"] == "\udce9x"
    assert server.raw[0].startswith(b'{"id":"\\udce9x"')
    assert server.close() == 0


# --------------------------------------------------------------------------- workers stopped and killed


def _slow_file(root: Path) -> str:
    write(root, "slow.py", PY * 2000)
    return "slow.py"


def _wait_for_workers(server: Server, n: int) -> list[int]:
    until = time.monotonic() + WAIT
    while len(pids := server.workers()) < n:
        assert time.monotonic() < until, "no worker started"
        time.sleep(0.05)
    return pids


def test_a_worker_stuck_past_the_time_limit_is_stopped_and_only_its_request_fails(tmp_path, serve):
    write(tmp_path, "a.py", PY)
    server = serve(tmp_path, "--jobs", "1", "--timeout", "0.5")
    assert server.ask({"id": "warm", "op": "compress", "path": "a.py"})["action"] == "compressed"
    (stuck,) = _wait_for_workers(server, 1)
    os.kill(stuck, signal.SIGSTOP)  # stuck where no alarm reaches it, as in native code
    t0 = time.monotonic()
    server.request({"id": "stuck", "op": "compress", "path": "a.py"}, {"id": "next", "op": "compress", "path": "a.py"})
    first, second = server.answers(2)
    assert first["id"] == "stuck" and first["error"]["code"] == "timeout"
    assert "--timeout" in first["error"]["message"]
    assert time.monotonic() - t0 < 20
    assert second["id"] == "next" and second["action"] == "compressed"  # a new worker took over
    assert stuck not in server.workers()
    _validate(first, None)
    assert server.close() == 0


def test_a_file_over_the_time_limit_is_kept_whole_as_bulk_keeps_it(tmp_path, serve):
    name = _slow_file(tmp_path)
    server = serve(tmp_path, "--jobs", "1", "--timeout", "0.001")
    answer = server.ask({"id": 1, "op": "compress", "path": name})
    assert answer["action"] == "kept-whole"
    assert answer["reason"] == "timed out after 0.001 s; kept whole"
    assert answer["text"] == (tmp_path / name).read_text()
    assert server.close() == 0


def test_a_worker_that_dies_costs_only_the_request_it_was_on(tmp_path, serve):
    write(tmp_path, "a.py", PY)
    server = serve(tmp_path, "--jobs", "1", "--timeout", "0")
    assert server.ask({"id": "warm", "op": "count", "text": "x"})["tokens"] == 1
    (victim,) = _wait_for_workers(server, 1)
    os.kill(victim, signal.SIGSTOP)  # holds the request while the test kills it
    server.request({"id": "doomed", "op": "compress", "path": "a.py"})
    time.sleep(1.0)  # handed to the stopped worker
    os.kill(victim, signal.SIGKILL)
    (answer,) = server.answers(1)
    assert answer["id"] == "doomed" and answer["error"]["code"] == "worker-died"
    assert "SIGKILL" in answer["error"]["message"]
    server.request(*({"id": n, "op": "compress", "path": "a.py"} for n in range(5)))
    assert {a["action"] for a in server.answers(5)} == {"compressed"}
    assert server.close() == 0


# --------------------------------------------------------------------------- the folder ops


def test_compress_tree_map_and_pack_give_what_the_library_gives(tmp_path, serve):
    tmp_path = tmp_path / "project"  # beside the test's cache folder, not around it
    write(tmp_path, "src/app.py", PY)
    write(tmp_path, "src/util.py", "from src.app import f\n\n\ndef g():\n    return f(1, 2)\n")
    write(tmp_path, "web/main.go", "package main\n\nfunc Main() int {\n\treturn 1\n}\n")
    (tmp_path / "web" / "logo.png").write_bytes(b"\x89PNG\x00\x00")
    server = serve(tmp_path)
    server.request(
        {"id": "tree", "op": "compress_tree", "path": "src", "format": "markdown"},
        {"id": "all", "op": "compress_tree", "texts": False},
        {"id": "map", "op": "map", "tokens": 300, "focus": ["src/util.py"]},
        {"id": "pack", "op": "pack", "mode": "compact", "paths": ["src/app.py", "web/main.go"], "token_budget": 500},
        {"id": "stop", "op": "pack", "mode": "fail-closed", "paths": ["src/app.py"], "byte_budget": 10},
    )
    got = {a["id"]: a for a in server.answers(5)}
    assert server.close() == 0
    ops = {"tree": "compress_tree", "all": "compress_tree", "map": "map", "pack": "pack", "stop": None}
    for rid, op in ops.items():
        _validate(got[rid], op)
    results = list(codepith.compress_tree(tmp_path / "src", cache=False))
    tree = got["tree"]
    assert [(f["path"], f["action"], f["text"]) for f in tree["files"]] == [
        ("src/" + r.path, r.action, r.text) for r in results
    ]
    assert tree["summary"]["files_considered"] == 2
    assert tree["document"].startswith("# codepith: src (signatures)")
    assert all(r.text in tree["document"] for r in results)
    assert {f["path"]: f["action"] for f in got["all"]["files"]} == {
        "src/app.py": "compressed",
        "src/util.py": "compressed",
        "web/logo.png": "skipped:binary",
        "web/main.go": "compressed",
    }
    assert all("text" not in f for f in got["all"]["files"])
    mapped = codepith.repo_map(tmp_path, tokens=300, focus=["src/util.py"], cache=False).to_json()
    assert {k: v for k, v in got["map"].items() if k != "id"} == mapped
    packed = codepith.pack(
        tmp_path, mode="compact", pr_paths=["src/app.py", "web/main.go"], token_budget=500, write_audit=False
    )
    assert got["pack"]["output"] == packed.output
    assert got["pack"]["status"] == "packed"
    assert not (tmp_path / ".codepith" / "context-audit.jsonl").exists()  # the server writes no audit line
    assert got["stop"]["error"]["code"] == "failed"
    assert '"mode" field set to "compact"' in got["stop"]["error"]["message"]


# --------------------------------------------------------------------------- the end


def test_shutdown_answers_last_after_the_work_in_flight_and_exits_0(tmp_path, serve):
    write(tmp_path, "a.py", PY)
    server = serve(tmp_path)
    requests = [{"id": n, "op": "compress", "path": "a.py"} for n in range(30)]
    server.request(*requests, {"id": "bye", "op": "shutdown"}, {"id": "late", "op": "hello"})
    answers = server.answers(31)
    assert answers[-1] == {"id": "bye", "shutdown": True}
    assert sorted(a["id"] for a in answers[:-1]) == list(range(30))
    assert server.proc.wait(WAIT) == 0
    assert server.lines.get(timeout=WAIT) is None  # nothing after shutdown: the late line is not read
    _validate(answers[-1], "shutdown")


def test_the_end_of_input_finishes_the_work_and_exits_0(tmp_path, serve):
    write(tmp_path, "a.py", PY)
    server = serve(tmp_path)
    server.send(b"".join(json.dumps({"id": n, "op": "compress", "path": "a.py"}).encode() + b"\n" for n in range(20)))
    server.send(b'{"id": "no newline", "op": "count", "text": "x"}')  # the last line may lack its newline
    assert server.close() == 0
    answers = server.answers(21)
    assert sorted(map(str, (a["id"] for a in answers))) == sorted([*map(str, range(20)), "no newline"])
    assert server.lines.get(timeout=WAIT) is None


def test_standard_output_holds_only_responses(tmp_path, serve):
    write(tmp_path, "a.py", PY)
    server = serve(tmp_path)
    server.request({"id": 1, "op": "compress", "path": "a.py"}, {"id": 2, "op": "map", "tokens": 100})
    server.send(b"nonsense\n")
    assert server.close() == 0
    assert len(server.raw) == 3
    assert all(isinstance(json.loads(line), dict) for line in server.raw)


def test_the_command_explains_itself_and_refuses_bad_options(tmp_path):
    run = [sys.executable, "-m", "codepith", "serve"]
    shown = subprocess.run([*run, "--help"], capture_output=True, text=True, timeout=WAIT)
    assert shown.returncode == 0
    assert "docs/serve.md" in shown.stdout and "JSON Lines" in shown.stdout
    for bad, flag in ((["--jobs", "0"], "--jobs"), (["--max-line-bytes", "0"], "--max-line-bytes")):
        done = subprocess.run(
            [*run, "--root", str(tmp_path), *bad],
            capture_output=True,
            text=True,
            timeout=WAIT,
            stdin=subprocess.DEVNULL,
        )
        assert done.returncode == 2
        assert done.stderr.startswith("codepith: error: ") and flag in done.stderr
        assert done.stderr.count("\n") == 1 and done.stdout == ""
