"""codepith as repomix's per-file processor (docs/repomix.md).

``docs/repomix.config.json`` is the config the guide shows; a test checks it
against the language registry, and the guide's JSON block against the file.
The end-to-end test runs the real repomix (``input.processors``, repomix 1.17.0
and later) with that config on a small polyglot tree: every file is in the
pack, each source file holds exactly what ``codepith compress FILE`` prints,
re-parses without errors and keeps every definition; files codepith keeps
whole or refuses go in whole.

repomix is found at ``$CODEPITH_REPOMIX`` (``.ci/run`` installs the pinned
version and sets it), else on ``PATH``. When it is missing the test is
skipped, except in CI (``CI`` set), where it fails.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import codepith
from codepith.core.languages import captures, extensions, parse
from codepith.core.validity import file_errors

REPO = Path(__file__).resolve().parent.parent
CONFIG = REPO / "docs" / "repomix.config.json"
GUIDE = REPO / "docs" / "repomix.md"
#: the first repomix with ``input.processors`` (lib/core/file/fileProcessorRun.js)
MIN_VERSION = (1, 17, 0)
#: the version .ci/run installs
PINNED = "1.18.1"
INSTALL = (
    f"install it with `npm install --prefix ~/.cache/codepith-repomix repomix@{PINNED}` and set "
    "CODEPITH_REPOMIX=~/.cache/codepith-repomix/node_modules/.bin/repomix (or put repomix on PATH)"
)
#: repomix's per-processor timeout in the config (ms): above codepith's own
#: 60 s per file, so a slow file is kept whole by codepith with a note
TIMEOUT_MS = 120_000


def expected_config() -> dict:
    """The processors config the guide documents: one processor per language
    codepith compresses, matching that language's extensions and naming the
    language (repomix hands the command a temp file, named ``<n><ext>``, and
    drops an extension like ``.c++`` that is not ``[A-Za-z0-9_-]``)."""
    processors = []
    for language in codepith.languages():
        own = [ext[1:] for ext, lang in extensions().items() if lang == language]
        pattern = "**/*." + (own[0] if len(own) == 1 else "{" + ",".join(own) + "}")
        processors.append(
            {
                "pattern": pattern,
                "command": f"codepith compress {{file}} --filter -q --level signatures --language {language}",
                "timeout": TIMEOUT_MS,
                "onError": "fail",
            }
        )
    return {"input": {"processors": processors}}


def test_config_covers_every_language():
    assert json.loads(CONFIG.read_text(encoding="utf-8")) == expected_config(), (
        "docs/repomix.config.json is out of date with the language registry: regenerate it "
        "from tests/test_repomix_processor.py::expected_config and update docs/repomix.md"
    )


def test_guide_shows_the_config():
    blocks = re.findall(r"```json\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    assert blocks, "docs/repomix.md has no ```json block"
    assert json.loads(blocks[0]) == json.loads(CONFIG.read_text(encoding="utf-8"))


def test_pins_agree():
    """The version CI installs is the one the guide and this test name."""
    assert re.findall(r"repomix@([\d.]+)", (REPO / ".ci" / "run").read_text(encoding="utf-8")) == [PINNED]
    assert set(re.findall(r"repomix@([\d.]+)", GUIDE.read_text(encoding="utf-8"))) == {PINNED}


# --- the polyglot tree --------------------------------------------------------

#: path -> source; each is compressed (something elided), valid before and after
COMPRESSED = {
    "main.py": """\
from app.service import load_orders


def main() -> int:
    orders = load_orders("[]")
    print(len(orders))
    return 0
""",
    "app/service.py": '''\
"""Order service."""
import json
from dataclasses import dataclass


@dataclass
class Order:
    id: int
    total: float

    def describe(self) -> str:
        text = f"order {self.id}"
        return text + f" {self.total:.2f}"


def load_orders(raw: str) -> list[Order]:
    rows = json.loads(raw)
    return [Order(**row) for row in rows]


async def refresh(client, order_id: int) -> Order:
    data = await client.get(order_id)
    return Order(**data)
''',
    "web/store.ts": """\
import { EventEmitter } from "events";

export interface Item { id: number; name: string }

export type Listener = (item: Item) => void;

export class Store extends EventEmitter {
  private items: Map<number, Item> = new Map();

  add(item: Item): void {
    this.items.set(item.id, item);
    this.emit("add", item);
  }

  get(id: number): Item | undefined {
    const found = this.items.get(id);
    return found;
  }
}

export function createStore(seed: Item[]): Store {
  const store = new Store();
  for (const item of seed) store.add(item);
  return store;
}
""",
    "web/ItemView.tsx": """\
import React from "react";

export function ItemView({ name }: { name: string }) {
  const label = name.toUpperCase();
  return <div className="item">{label}</div>;
}
""",
    "cmd/server/main.go": """\
package main

import (
\t"fmt"
\t"net/http"
)

type Server struct {
\tAddr string
\thits int
}

func (s *Server) Handle(w http.ResponseWriter, r *http.Request) {
\ts.hits++
\tfmt.Fprintf(w, "hits: %d", s.hits)
}

func NewServer(addr string) *Server {
\ts := &Server{Addr: addr}
\treturn s
}

func main() {
\ts := NewServer(":8080")
\thttp.HandleFunc("/", s.Handle)
\t_ = http.ListenAndServe(s.Addr, nil)
}
""",
    "core/src/lib.rs": """\
use std::collections::HashMap;

pub struct Cache {
    entries: HashMap<String, u64>,
}

pub trait Store {
    fn put(&mut self, key: &str, value: u64);
}

impl Cache {
    pub fn new() -> Self {
        let entries = HashMap::new();
        Cache { entries }
    }

    pub fn hits(&self, key: &str) -> u64 {
        let found = self.entries.get(key).copied();
        found.unwrap_or(0)
    }
}

impl Store for Cache {
    fn put(&mut self, key: &str, value: u64) {
        self.entries.insert(key.to_string(), value);
    }
}

pub fn checksum(data: &[u8]) -> u64 {
    let mut sum = 0u64;
    for b in data {
        sum = sum.wrapping_add(*b as u64);
    }
    sum
}
""",
    "java/com/example/Greeter.java": """\
package com.example;

import java.util.List;

public class Greeter {
    private final String greeting;

    public Greeter(String greeting) {
        this.greeting = greeting;
    }

    public String greet(String name) {
        String text = greeting + ", " + name;
        return text.trim();
    }

    public static int count(List<String> names) {
        int n = 0;
        for (String name : names) { n += name.length(); }
        return n;
    }

    interface Formatter {
        String format(String text);
    }
}
""",
    # `.c++`: repomix's temp file has no extension; --language carries it
    "native/engine.c++": """\
#include <vector>

class Engine {
 public:
  int run(const std::vector<int>& xs) {
    int total = 0;
    for (int x : xs) total += x;
    return total;
  }
};

int start(int argc) {
  Engine engine;
  return engine.run({argc, 2, 3});
}
""",
}

#: path -> source that reaches the pack unchanged
WHOLE = {
    # a folder run skips it (skipped:generated): as a filter, codepith writes it whole
    "cmd/server/zz_generated.go": """\
// Code generated by stringer. DO NOT EDIT.

package main

func (s Server) String() string {
\treturn "server " + s.Addr
}
""",
    # a parse error: codepith prints it whole (exit 0, a note on stderr)
    "scripts/broken.py": "def unfinished(x:\n    return x\n",
    # no processor matches it
    "README.md": "# Demo\n\nA polyglot tree for repomix and codepith.\n",
}


#: an AWS access key id's shape (in two pieces: this file is not a secret itself)
KEY = "AK" + "IA" + "Q7XZ2M4PLK9RTB3W"
SECRET = {"config/settings.py": f'REGION = "eu-west-1"\nACCESS_KEY_ID = "{KEY}"\n'}


def language_of(path: str) -> str:
    return extensions()[os.path.splitext(path)[1]]


def definitions(language: str, data: bytes) -> set[str]:
    """The names the language's tags query finds (every defined name)."""
    root = parse(language, data).root_node
    return {node.text.decode() for node in captures(language, "tags", root).get("name", [])}


# --- the end-to-end run ---------------------------------------------------------


def unavailable(why: str):
    """Fail in CI, where repomix must be there; skip elsewhere."""
    message = f"{why}; {INSTALL}"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def repomix() -> str:
    path = os.environ.get("CODEPITH_REPOMIX") or shutil.which("repomix")
    if not path:
        unavailable("repomix is not installed (no $CODEPITH_REPOMIX, no repomix on PATH)")
    assert path is not None
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        unavailable(f"no repomix at {path}")
    try:
        done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=120)
    except OSError as exc:
        pytest.fail(f"repomix at {path} does not start ({exc}); it needs Node.js on PATH")
    found = re.search(r"(\d+)\.(\d+)\.(\d+)", done.stdout)
    if done.returncode != 0 or not found:
        pytest.fail(f"`{path} --version` failed (exit {done.returncode}): {done.stderr.strip()[:500]}")
    version = tuple(int(part) for part in found.groups())
    if version < MIN_VERSION:
        pytest.fail(
            f"repomix {found.group(0)} at {path} has no input.processors "
            f"(needs {'.'.join(map(str, MIN_VERSION))} or later); {INSTALL}"
        )
    return path


def write_tree(root: Path) -> None:
    for rel, text in {**COMPRESSED, **WHOLE, **SECRET}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def run_repomix(repomix: str, tree: Path, out: Path, home: Path) -> dict[str, str]:
    """Pack ``tree`` with the guide's config; the packed files, path -> content."""
    bindir = os.path.dirname(sys.executable)
    if shutil.which("codepith", path=bindir) is None:
        pytest.fail(f"no codepith script next to {sys.executable}: install codepith into this environment")
    env = {
        **os.environ,
        # the codepith under test answers the processors' `codepith compress`
        "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
        # no user-wide repomix config, no token cache outside the test's folder
        "XDG_CONFIG_HOME": str(home),
        "REPOMIX_TOKEN_CACHE": "0",
        "NO_COLOR": "1",
    }
    command = [repomix, "--config", str(CONFIG), "--style", "json", "--output", str(out), str(tree)]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (
        f"repomix failed (exit {done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return json.loads(out.read_text(encoding="utf-8"))["files"]


def test_repomix_packs_with_codepith(repomix, tmp_path):
    tree = tmp_path / "tree"
    write_tree(tree)
    files = run_repomix(repomix, tree, tmp_path / "pack.json", tmp_path / "xdg")

    # nothing lost: every file of the tree is in the pack
    assert sorted(files) == sorted({**COMPRESSED, **WHOLE, **SECRET})

    for rel, source in COMPRESSED.items():
        language = language_of(rel)
        data = source.encode("utf-8")
        packed = files[rel]
        assert file_errors(language, data) == 0, f"{rel}: the test's input does not parse"
        # exactly what `codepith compress FILE` prints (repomix trims the ends)
        expected = codepith.compress(data, language=language, level="signatures").data.decode("utf-8")
        assert packed.strip() == expected.strip(), f"{rel}: the pack does not hold codepith's output"
        assert packed.strip() != source.strip(), f"{rel}: nothing was elided"
        out = packed.encode("utf-8") + b"\n"  # repomix trims; its xml and plain styles add the newline
        assert file_errors(language, out) == 0, f"{rel}: the packed file does not re-parse cleanly:\n{packed}"
        missing = definitions(language, data) - definitions(language, out)
        assert not missing, f"{rel}: definitions lost in the pack: {sorted(missing)}"

    for rel, source in WHOLE.items():
        assert files[rel].strip() == source.strip(), f"{rel}: should be packed whole"

    # a file holding a credential: one comment line in its place, never the key
    assert files["config/settings.py"].startswith(
        "# codepith: this file is left out, it holds a secret: AWS Access Key"
    )
    assert KEY not in json.dumps(files)
