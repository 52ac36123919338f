"""Fuzz ``codepith.core.compress`` with random bytes and mutated real files, on both builds.

    python benchmarks/fuzz.py [CORPUS_DIR ...]
    python benchmarks/fuzz.py --gap [CORPUS_DIR ...]   (see fuzz_gap.py)

Counts come from the environment: ``CODEPITH_FUZZ_RANDOM`` random byte strings
(default 20,000) and ``CODEPITH_FUZZ_MUTATIONS`` mutations of real files
(default 5,000) taken from the given folders (default: the golden cases), with
``CODEPITH_FUZZ_SEED`` (default 0). Every input goes through ``compress`` at
``signatures`` and ``outline`` (line refs on every other input) in two child
processes, one on the compiled core and one on the pure-Python twin
(``CODEPITH_NO_EXTENSIONS=1``). Each child checks, per input and level: no
exception (a documented refusal -- ``ParseTimeout`` of a grammar that loops,
``InputTooLarge`` -- is counted apart), ``expand()`` gives the input back byte for byte, the output has no
more error nodes than the input and is no longer than it; and records a digest
of its output and elisions. The parent compares the two builds' digests and
stops a child that makes no progress for ``CODEPITH_FUZZ_HANG`` seconds
(default 120), naming the input it was on. Exit status 1 on any failure.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from codepith.core.registry import SPECS

HERE = Path(__file__).resolve().parent
# every registered language, by its extensions (the registry is the one list)
EXTENSIONS = {ext: spec.name for spec in SPECS.values() for ext in spec.extensions}
LANGUAGES = list(SPECS)
# fragments that make random input look like code often enough to reach the engine's paths
FRAGMENTS = [
    b"def ",
    b"class ",
    b"function ",
    b"func ",
    b"=> ",
    b"{",
    b"}",
    b"(",
    b")",
    b"[",
    b"]",
    b":",
    b";",
    b"\n",
    b"\r\n",
    b"\t",
    b"    ",
    b"'",
    b'"',
    b"`",
    b"/*",
    b"*/",
    b"//",
    b"#",
    b'"""',
    b"return ",
    b"import ",
    b"export ",
    b"package p\n",
    b"(function(){",
    b"})();",
    b"!function(e,t){",
    b"}(this,",
    b"define(",
    b"x",
    b"1",
    b"caf\xc3\xa9",
    b"\xe2\x80\xa6",
    b"\xff",
    b"\xc3",
    b"\x00",
    b"\xf0\x9f\x98\x80",
    b"@dec\n",
    b"lambda: ",
    b"async ",
    b"await ",
    b"yield ",
    b"interface I ",
    b"type T = ",
    b"<T>",
]


def random_input(rng: random.Random) -> tuple[str, bytes]:
    language = rng.choice(LANGUAGES)
    kind = rng.random()
    size = rng.choice([0, 1, 2, 8, 32, 128, 512, 2048])
    if kind < 0.3:
        data = bytes(rng.getrandbits(8) for _ in range(size))
    elif kind < 0.5:
        data = bytes(rng.choice(b" \n\t(){}[]:;,.=>'\"/*#abcdef0123") for _ in range(size))
    else:
        data = b"".join(rng.choice(FRAGMENTS) for _ in range(max(1, size // 4)))
    return language, data


def mutate(rng: random.Random, data: bytes, other: bytes) -> bytes:
    n = len(data)
    op = rng.randrange(7)
    i = rng.randrange(n + 1)
    j = min(n, i + rng.randrange(1, 200))
    if op == 0:
        return data[:i] + data[j:]  # delete a range
    if op == 1:
        return data[:j] + data[i:j] * rng.randrange(1, 5) + data[j:]  # repeat a range
    if op == 2:
        return data[:i] + bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 16))) + data[i:]
    if op == 3:
        b = bytearray(data)
        for _ in range(rng.randrange(1, 8)):
            if b:
                b[rng.randrange(len(b))] = rng.getrandbits(8)
        return bytes(b)
    if op == 4:
        k = rng.randrange(len(other) + 1)
        return data[:i] + other[k:]  # splice two files
    if op == 5:
        return data[:i]  # truncate
    return data[:i] + rng.choice(FRAGMENTS) + data[i:]


def corpus_files(dirs: list[str]) -> list[tuple[str, Path]]:
    out = []
    for d in dirs:
        for p in sorted(Path(d).rglob("*")):
            if p.is_file() and p.suffix in EXTENSIONS and p.stat().st_size <= 200_000:
                out.append((EXTENSIONS[p.suffix], p))
    return out


def build_cases(out: Path, n_random: int, n_mut: int, seed: int, dirs: list[str]) -> int:
    rng = random.Random(seed)
    files = corpus_files(dirs)
    count = 0
    with out.open("w") as f:
        for _ in range(n_random):
            language, data = random_input(rng)
            f.write(json.dumps({"language": language, "data": data.hex(), "origin": "random"}) + "\n")
            count += 1
        for _k in range(n_mut if files else 0):
            language, path = files[rng.randrange(len(files))]
            _, other = files[rng.randrange(len(files))]
            data = mutate(rng, path.read_bytes(), other.read_bytes())
            f.write(json.dumps({"language": language, "data": data.hex(), "origin": f"mutation of {path}"}) + "\n")
            count += 1
    return count


CHILD = r"""
import hashlib, json, sys
import codepith
from codepith.core.checks import check_validity
cases, progress, result = sys.argv[1:4]
failures = []
refused = []
digests = []
with open(cases) as f, open(progress, "w") as prog:
    for index, line in enumerate(f):
        case = json.loads(line)
        prog.write(f"{index}\n"); prog.flush()
        data = bytes.fromhex(case["data"])
        h = hashlib.sha256()
        for level in ("signatures", "outline"):
            try:
                r = codepith.compress(data, language=case["language"], level=level, line_refs=bool(index % 2))
                problems = []
                if r.expand() != data:
                    problems.append("expand() differs from the input")
                errors_in, errors_out = check_validity(r)
                if errors_out > errors_in:
                    problems.append(f"output has {errors_out} error nodes, input {errors_in}")
                if len(r.data) > len(data):
                    problems.append("output longer than input")
                h.update(r.data)
                h.update(repr(r.elisions).encode())
            except (codepith.ParseTimeout, codepith.InputTooLarge) as exc:  # a documented refusal
                refused.append({"index": index, "level": level, "language": case["language"],
                                "origin": case["origin"], "problem": f"{type(exc).__name__}: {exc}"})
                problems = []
            except Exception as exc:  # a crash is a finding
                problems = [f"{type(exc).__name__}: {exc}"]
            for p in problems:
                failures.append({"index": index, "level": level, "language": case["language"],
                                 "origin": case["origin"], "problem": p})
        digests.append(h.hexdigest())
json.dump({"native": codepith.native, "failures": failures, "refused": refused, "digests": digests},
          open(result, "w"))
"""


def run_child(cases: Path, work: Path, pure: bool, hang: float, command: list[str] | None = None) -> dict:
    """Run the checks of ``cases`` in a child on one build (``command``, or the
    random and mutation checks), stopped after ``hang`` seconds without progress."""
    env = dict(os.environ)
    if pure:
        env["CODEPITH_NO_EXTENSIONS"] = "1"
    else:
        env.pop("CODEPITH_NO_EXTENSIONS", None)
    tag = "pure" if pure else "native"
    progress, result = work / f"{tag}.progress", work / f"{tag}.json"
    progress.write_text("")
    command = command or [sys.executable, "-c", CHILD]
    proc = subprocess.Popen([*command, str(cases), str(progress), str(result)], env=env)
    last, seen = time.monotonic(), ""
    while proc.poll() is None:
        time.sleep(1)
        now = progress.read_text().strip().rsplit("\n", 1)[-1] if progress.exists() else ""
        if now != seen:
            seen, last = now, time.monotonic()
        elif time.monotonic() - last > hang:
            proc.kill()
            return {"hang": int(seen or 0), "failures": [], "digests": []}
    if proc.returncode != 0:
        return {"crash": proc.returncode, "at": int(seen or 0), "failures": [], "digests": []}
    return json.loads(result.read_text())


def main(argv: list[str]) -> int:
    if argv[:1] == ["--gap"]:
        from fuzz_gap import main as gap_main

        return gap_main(argv[1:])
    n_random = int(os.environ.get("CODEPITH_FUZZ_RANDOM", "20000"))
    n_mut = int(os.environ.get("CODEPITH_FUZZ_MUTATIONS", "5000"))
    seed = int(os.environ.get("CODEPITH_FUZZ_SEED", "0"))
    hang = float(os.environ.get("CODEPITH_FUZZ_HANG", "120"))
    dirs = argv or [str(HERE.parent / "tests" / "cases")]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cases = work / "cases.jsonl"
        total = build_cases(cases, n_random, n_mut, seed, dirs)
        origins = [json.loads(line)["origin"] for line in cases.open()]
        print(
            f"{total} inputs ({n_random} random, {total - n_random} mutations of files under {', '.join(dirs)}), seed {seed}"
        )
        results = {}
        bad = 0
        for pure in (False, True):
            tag = "pure-Python" if pure else "native"
            t0 = time.perf_counter()
            r = results[tag] = run_child(cases, work, pure, hang)
            took = time.perf_counter() - t0
            if "hang" in r:
                print(f"{tag}: no progress for {hang:.0f} s on input {r['hang']} ({origins[r['hang']]})")
                bad += 1
                continue
            if "crash" in r:
                print(f"{tag}: the process died (status {r['crash']}) on input {r['at']} ({origins[r['at']]})")
                bad += 1
                continue
            print(
                f"{tag}: {total} inputs x 2 levels in {took:.1f} s, {len(r['failures'])} failures, "
                f"{len(r['refused'])} refused as documented (ParseTimeout, InputTooLarge)"
            )
            for f in r["refused"][:5]:
                print(
                    f"  refused: input {f['index']} ({f['language']}, {f['level']}, {f['origin']}): {f['problem'][:120]}"
                )
            for f in r["failures"][:20]:
                print(f"  input {f['index']} ({f['language']}, {f['level']}, {f['origin']}): {f['problem']}")
            bad += len(r["failures"])
        a, b = results.get("native", {}).get("digests"), results.get("pure-Python", {}).get("digests")
        if a and b:
            diff = [i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]
            print(f"outputs identical between the builds: {len(a) - len(diff)}/{len(a)}")
            for i in diff[:20]:
                print(f"  input {i} ({origins[i]}) differs")
            bad += len(diff)
        print("OK" if not bad else f"FAILED: {bad} finding(s)")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
