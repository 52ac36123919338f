"""The layers above the engine on Rust, Java, C, C++, C#, Ruby, PHP, CSS and SCSS: the MCP
server compresses each and packs it, and project memory reads each with the
language's own rule for what is exported (`pub`, `public`, Ruby outside
`private`, PHP `public`, C without `static`, C++ outside anonymous namespaces, SCSS
members not named `_x`/`-x`, nothing in CSS, Lua's global functions and returned module table, every Bash function)."""

from __future__ import annotations

import pytest

from codepith.memory.definitions import scan_file

#: path -> (source, a header compress must keep verbatim at `signatures`)
FILES = {
    "src/lib.rs": (
        "/// Adds.\npub fn add(a: i32, b: i32) -> i32 {\n    let c = a + b;\n    c\n}\n",
        "pub fn add(a: i32, b: i32) -> i32 {",
    ),
    "src/Main.java": (
        "public class Main {\n    public static int add(int a, int b) {\n        int c = a + b;\n        return c;\n    }\n}\n",
        "public static int add(int a, int b) {",
    ),
    "src/add.c": (
        '#include "add.h"\n\nint add(int a, int b)\n{\n    int c = a + b;\n    return c;\n}\n',
        "int add(int a, int b) { /* \u2026 */ }",
    ),
    "src/add.cpp": (
        "namespace m {\nint add(int a, int b)\n{\n    int c = a + b;\n    return c;\n}\n}\n",
        "int add(int a, int b) { /* \u2026 */ }",
    ),
    "src/Add.cs": (
        "public static class M\n{\n    public static int Add(int a, int b)\n    {\n        var c = a + b;\n        return c;\n    }\n}\n",
        "public static int Add(int a, int b) { /* \u2026 */ }",
    ),
    "lib/add.rb": (
        "module M\n  def self.add(a, b)\n    c = a + b\n    c\n  end\nend\n",
        "  def self.add(a, b)\n",
    ),
    "src/add.php": (
        "<?php\nfunction add(int $a, int $b): int\n{\n    $c = $a + $b;\n    return $c;\n}\n",
        "function add(int $a, int $b): int { /* \u2026 */ }",
    ),
    "styles/site.scss": (
        "@use 'tokens';\n@mixin add($a, $b) {\n  // c = a + b\n  $c: $a + $b;\n  width: $c;\n}\n",
        "@mixin add($a, $b) { /* \u2026 */ }",
    ),
    "lua/add.lua": (
        "local M = {}\nfunction M.add(a, b)\n  local c = a + b\n  return c\nend\nreturn M\n",
        "function M.add(a, b)\n  -- ...\nend\n",
    ),
    "bin/add.sh": (
        "#!/bin/bash\nadd() {\n  local c=$(( $1 + $2 ))  # c = a + b\n  echo $c\n}\n",
        "add() { : ...; }",
    ),
}


def test_the_mcp_server_compresses_packs_and_optimizes_every_new_language(tmp_path):
    from helpers import parses, run, server

    for rel, (text, _header) in FILES.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(text.encode())

    async def main():
        async with server(tmp_path) as c:
            outline = 0
            for rel, (text, header) in FILES.items():
                out, text = await c.text("compress_file", path=rel, level="signatures")
                assert parses(rel, text), (rel, text)
                assert header in text and "c = a + b" not in text, (rel, text)
                assert out["tokens_after"] < out["tokens_before"], rel
                outline += (await c.call("compress_file", path=rel, level="outline"))["tokens_after"]
            packed, output = await c.text("pack_context", paths=sorted(FILES), byte_budget=100000)
            assert packed["status"] == "packed"
            assert {i["path"] for i in packed["items"]} == set(FILES)
            for rel, (_text, header) in FILES.items():
                assert header.split("(")[0].strip() in output, rel
            for rel in FILES:
                await c.call("start_turn")
                await c.call("track_file", path=rel)
            for _ in range(6):
                await c.call("start_turn")
            # compressing every file to outline fits: nothing is evicted
            plan, texts = await c.reply("optimize_context", budget=int(outline / 0.7) + 1, include_text=True)
            assert plan["triggered"] and plan["reached"], plan
            d = {x["path"]: x for x in plan["decisions"]}
            for rel in FILES:
                assert d[rel]["action"] == "compress", d[rel]
                assert parses(rel, texts[d[rel]["text_block"]]), rel

    run(main)


#: language -> (path, source, qualified names exported, qualified names not exported)
EXPORTS = {
    "rust": (
        "src/lib.rs",
        b"""pub fn open() {}
pub(crate) fn half_open() {}
fn closed() {}
pub struct S { pub a: u8, b: u8 }
pub enum E { A }
pub trait T { fn t(&self); }
#[macro_export]
macro_rules! shown { () => {} }
macro_rules! hidden { () => {} }
mod inner { pub const K: u8 = 1; static Z: u8 = 2; }
""",
        {"open", "S", "S.a", "E", "E.A", "T", "T.t", "shown", "inner.K"},
        {"half_open", "closed", "S.b", "hidden", "inner", "inner.Z"},
    ),
    "java": (
        "src/A.java",
        b"""public class A {
    public int shown;
    int hidden;
    public void open() {}
    private void closed() {}
    public interface I { void m(); }
}
""",
        {"A", "A.shown", "A.open", "A.I", "A.I.m"},
        {"A.hidden", "A.closed"},
    ),
    "csharp": (
        "src/A.cs",
        b"""namespace N {
public class A {
    public int Shown;
    internal int Hidden;
    public void Open() {}
    private void Closed() {}
    public interface I { void M(); }
    public enum Color { Red }
}
class B { }
}
""",
        {"N", "N.A", "N.A.Shown", "N.A.Open", "N.A.I", "N.A.I.M", "N.A.Color", "N.A.Color.Red"},
        {"N.A.Hidden", "N.A.Closed", "N.B"},
    ),
    "ruby": (
        "lib/a.rb",
        b"""class A
  def open; end
  private
  def closed; end
end
class B
  def shown; end
  private def hidden; end
end
""",
        {"A", "A.open", "B", "B.shown"},
        {"A.closed", "B.hidden"},
    ),
    "php": (
        "src/a.php",
        b"""<?php
class A {
    public function open() {}
    private function closed() {}
    function byDefault() {}
    protected $hidden;
}
function helper() {}
""",
        {"A", "A.open", "A.byDefault", "helper"},
        {"A.closed", "A.$hidden"},
    ),
    "c": (
        "src/a.c",
        b"""int open(int a);
static int closed(int a) { return a; }
int shown(int a) { return a; }
struct point { int x; };
""",
        {"open", "shown", "point"},
        {"closed"},
    ),
    "cpp": (
        "src/a.cpp",
        b"""namespace api {
int open(int a) { return a; }
}
namespace {
int closed(int a) { return a; }
}
static int hidden(int a) { return a; }
class Shown { public: int f(); };
""",
        {"api", "api.open", "Shown"},
        {"closed", "hidden"},
    ),
    "scss": (
        "styles/_tokens.scss",
        b"""@use "sass:math";
$primary: #0b5fff;
$_scale: 1.25;
@mixin above($width) { @media (min-width: $width) { @content; } }
@mixin -internal { color: red; }
@function rem($px) { @return math.div($px, 16px) * 1rem; }
%focus-ring { outline: 2px solid $primary; }
%_reset { margin: 0; }
.button { color: $primary; }
""",
        {"$primary", "above", "rem", "%focus-ring"},
        {"$_scale", "-internal", "%_reset", ".button"},
    ),
    "css": (
        "styles/site.css",
        b"""@import "base.css";
:root { --accent: #0b5fff; }
.button,
.button--primary { color: var(--accent); }
@keyframes spin { to { transform: rotate(1turn); } }
""",
        set(),
        {":root", ":root.--accent", ".button, .button--primary", "spin"},
    ),
    "lua": (
        "lua/m.lua",
        b"""local M = {}
local function helper() end
local cached = function() end
function M.open(a) return helper(a) end
function M:method() end
M.assigned = function() end
function global_fn() end
local Other = {}
function Other.hidden() end
return M
""",
        {"M", "M.open", "M:method", "M.assigned", "global_fn"},
        {"helper", "cached", "Other", "Other.hidden"},
    ),
    "bash": (
        "bin/x.sh",
        b"""f() { :; }
function g {
  inner() { :; }
}
h() ( ls )
""",
        {"f", "g", "g.inner", "h"},
        set(),
    ),
}


@pytest.mark.parametrize("language", sorted(EXPORTS))
def test_memory_marks_what_the_language_exports(language):
    path, source, exported, private = EXPORTS[language]
    _doc, symbols = scan_file(source, language, path)
    got = {s.qualname: s.exported for s in symbols}
    missing = (exported | private) - set(got)
    assert not missing, (missing, got)
    assert {q for q in exported if not got[q]} == set(), got
    assert {q for q in private if got[q]} == set(), got
