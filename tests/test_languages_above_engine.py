"""The layers above the engine on Rust, Java, C, C++, C#, Ruby, PHP, CSS, SCSS, Swift and
Dart: the MCP server compresses each and packs it, and project memory reads each with
the language's own rule for what is exported (`pub`, `public`, Ruby outside
`private`, PHP `public`, C without `static`, C++ outside anonymous namespaces, SCSS
members not named `_x`/`-x`, nothing in CSS, Swift `public`/`open`, Dart names not
`_x` outside types named `_X`, Lua's global functions and returned module table,
every Bash function, Kotlin and Scala outside `private`)."""

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
    "Sources/Add/add.swift": (
        "import Foundation\n\npublic func add(a: Int, b: Int) -> Int {\n    let c = a + b\n    return c\n}\n",
        "public func add(a: Int, b: Int) -> Int { /* \u2026 */ }",
    ),
    "lib/add.dart": (
        "import 'dart:math';\n\nint add(int a, int b) {\n  var c = a + b;\n  return c;\n}\n",
        "int add(int a, int b) { /* \u2026 */ }",
    ),
    "src/main/kotlin/add.kt": (
        "package m\n\nimport kotlin.math.max\n\nfun add(a: Int, b: Int): Int {\n    val c = a + b\n    return c\n}\n",
        "fun add(a: Int, b: Int): Int { /* \u2026 */ }",
    ),
    "src/main/scala/m/add.scala": (
        "package m\n\nimport scala.math.max\n\ndef add(a: Int, b: Int): Int =\n  val c = a + b\n  c\n",
        "def add(a: Int, b: Int): Int = { /* \u2026 */ }",
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
    "contracts/Add.sol": (
        "pragma solidity ^0.8.0;\nlibrary Add {\n    function add(uint a, uint b) internal pure returns (uint) {\n"
        "        uint c = a + b; // c = a + b\n        return c;\n    }\n}\n",
        "function add(uint a, uint b) internal pure returns (uint) { /* \u2026 */ }",
    ),
    "web/Add.vue": (
        "<template>\n  <p>{{ add(1, 2) }}</p>\n</template>\n<script setup lang=\"ts\">\nimport { ref } from 'vue'\n"
        "function add(a: number, b: number): number {\n  const c = a + b // c = a + b\n  return c\n}\n</script>\n",
        "function add(a: number, b: number): number { /* \u2026 */ }",
    ),
    "web/Add.svelte": (
        "<script>\n  export function add(a, b) {\n    const c = a + b; // c = a + b\n    return c;\n  }\n</script>\n"
        "<p>{add(1, 2)}</p>\n",
        "export function add(a, b) { /* \u2026 */ }",
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
    "swift": (
        "Sources/Geo/point.swift",
        b"""import Foundation
public struct Point {
    public var x: Int
    var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
    private func hidden() {}
}
open class Base {
    open func draw() {}
    func internalDefault() {}
}
func helper() -> Int { return 1 }
public protocol Shape {
    var name: String { get }
    func area() -> Double
}
public enum Kind { case round }
enum Inner { case a }
""",
        {
            "Point",
            "Point.x",
            "Point.init",
            "Base",
            "Base.draw",
            "Shape",
            "Shape.name",
            "Shape.area",
            "Kind",
            "Kind.round",
        },
        {"Point.y", "Point.hidden", "Base.internalDefault", "helper", "Inner", "Inner.a"},
    ),
    "dart": (
        "lib/point.dart",
        b"""import 'dart:math';
class Point {
  final int x;
  int _y = 0;
  static const int _zero = 0;
  Point(this.x);
  int get y => _y;
  void _hidden() {}
}
class _Secret { void open() {} }
int helper() => 1;
void _private() {}
mixin Walker { void walk() {} }
extension on int { void twice() {} }
extension Named on String { void shout() {} }
enum Color { red }
typedef _Alias = int;
""",
        {
            "Point",
            "Point.x",
            "Point.y",
            "helper",
            "Walker",
            "Walker.walk",
            "Named",
            "Named.shout",
            "Color",
            "Color.red",
        },
        {
            "Point._y",
            "Point._zero",
            "Point._hidden",
            "_Secret",
            "_Secret.open",
            "_private",
            "int",
            "int.twice",
            "_Alias",
        },
    ),
    "kotlin": (
        "src/main/kotlin/geo/Point.kt",
        b"""package geo
import kotlin.math.sqrt
data class Point(val x: Int, val y: Int) {
    val norm: Double get() = sqrt((x * x + y * y).toDouble())
    private val cache = 0
    internal fun debug() {}
    protected fun guarded() {}
    fun moved(dx: Int): Point = copy(x = x + dx)
    companion object {
        val ORIGIN = Point(0, 0)
    }
}
private class Secret { fun open() {} }
internal object Registry
fun helper(): Int = 1
private fun hidden() {}
enum class Kind { ROUND }
typealias Points = List<Point>
""",
        {"Point", "Point.x", "Point.y", "Point.norm", "Point.moved", "helper", "Kind", "Kind.ROUND", "Points"},
        {"Point.cache", "Point.debug", "Point.guarded", "Secret", "Secret.open", "Registry", "hidden"},
    ),
    "scala": (
        "src/main/scala/geo/Point.scala",
        b"""package geo
import scala.math.sqrt
case class Point(x: Int, y: Int) {
  def norm: Double = sqrt((x * x + y * y).toDouble)
  private val cache = 0
  protected def guarded(): Unit = ()
  private[geo] def local = 1
}
object Point {
  val Origin = Point(0, 0)
}
private class Secret { def open(): Unit = () }
trait Shape:
  def area: Double
enum Kind:
  case Round
def helper(): Int = 1
private def hidden(): Unit = ()
type Points = List[Point]
given pointOrd: Ordering[Point] = Ordering.by(_.x)
""",
        {
            "Point",
            "Point.x",
            "Point.y",
            "Point.norm",
            "Point.Origin",
            "Shape",
            "Shape.area",
            "Kind",
            "Kind.Round",
            "helper",
            "Points",
            "pointOrd",
        },
        {"Point.cache", "Point.guarded", "Point.local", "Secret", "Secret.open", "hidden"},
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
    "solidity": (
        "contracts/V.sol",
        b"""pragma solidity ^0.8.0;
contract V is Base {
    uint256 public total;
    uint256 internal hidden;
    uint256 kept;
    event Moved(uint256 a);
    function open(uint256 a) external returns (uint256) { return a; }
    function view_() public view returns (uint256) { return total; }
    function _inner() internal {}
    function _mine() private {}
    receive() external payable {}
}
interface I {
    function f() external;
}
library L {
    function g() internal {}
}
""",
        {"V", "V.total", "V.open", "V.view_", "V.receive", "I", "I.f", "L"},
        {"V.hidden", "V.kept", "V._inner", "V._mine", "L.g"},
    ),
    "vue": (
        "web/C.vue",
        b"""<template><p>{{ n }}</p></template>
<script lang="ts">
export interface Props { n: number }
export default { name: 'C' }
function local(): void {}
</script>
<script setup lang="ts">
const n = 1
</script>
<style lang="scss">
@mixin pad($n) { padding: $n; }
</style>
""",
        {"Props", "pad"},
        {"local", "n"},
    ),
    "svelte": (
        "web/C.svelte",
        b"""<script context="module">
  export const prerender = true;
  export function load() {}
</script>
<script>
  let count = 0;
  function add() { count += 1; }
</script>
<p>{count}</p>
""",
        {"prerender", "load"},
        {"count", "add"},
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
