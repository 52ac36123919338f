"""Hypothesis properties of compress(): round trip, validity, retention, size,
on generated programs in every language and on arbitrary text."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith import compress
from codepith.core.checks import check_retention, check_validity
from codepith.core.registry import SPECS

LEVELS = ["full", "signatures", "outline"]

names = st.sampled_from(["f", "run", "parse", "données", "名前", "_x", "value2", "handle"])
words = st.sampled_from(["héllo", "wörld", "中文", "😀", "data", "x + 1", "العربية", "e\u0301"])
ints = st.integers(0, 999).map(str)


def joined(parts, newline):
    return newline.join(parts) + newline


@st.composite
def python_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    ind = draw(st.sampled_from(["    ", "  ", "\t"]))
    parts = []
    if draw(st.booleans()):
        parts.append('"""Module ' + draw(words) + "." + nl + nl + "More " + draw(words) + '."""')
    for _ in range(draw(st.integers(0, 3))):
        parts.append(draw(st.sampled_from(["import os", "from typing import Any", "import sys as system"])))
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["def", "async", "class", "const", "data", "if", "comment"]))
        name = draw(names)
        body = [ind + f"x = '{draw(words)}'" for _ in range(draw(st.integers(1, 4)))] + [ind + "return x"]
        doc = (
            [ind + '"""Doc ' + draw(words) + "." + nl + nl + ind + "Details." + nl + ind + '"""']
            if draw(st.booleans())
            else []
        )
        if kind in ("def", "async"):
            prefix = "async def" if kind == "async" else "def"
            params = draw(
                st.sampled_from(["()", "(a, b=1)", "(a: int,\n        b: str = 'é') -> str", "(*args, **kw)"])
            )
            deco = ["@decorator(" + draw(ints) + ")"] if draw(st.booleans()) else []
            parts.append(joined(deco + [f"{prefix} {name}{params}:"] + doc + body, nl).rstrip(nl))
        elif kind == "class":
            methods = []
            for m in range(draw(st.integers(0, 3))):
                methods += [ind + f"def m{m}(self, y):", ind * 2 + f"return y * {m}  # {draw(words)}"]
            attrs = [ind + f"attr{i}: int = {i}" for i in range(draw(st.integers(0, 2)))]
            lines = [f"class {name.capitalize()}(object):"] + doc + attrs + methods
            if len(lines) == 1:
                lines.append(ind + "pass")
            parts.append(joined(lines, nl).rstrip(nl))
        elif kind == "const":
            parts.append(f"{name.upper()} = {draw(ints)}")
        elif kind == "data":
            items = [ind + f"'{draw(words)}': {i}," for i in range(draw(st.integers(1, 9)))]
            parts.append(joined([f"{name.upper()}_MAP = {{"] + items + ["}"], nl).rstrip(nl))
        elif kind == "if":
            parts.append(joined(['if __name__ == "__main__":', ind + f"{name}()"], nl).rstrip(nl))
        else:
            parts.append(f"# {draw(words)} comment")
    return (nl + nl).join(parts) + nl


@st.composite
def js_program(draw, typed=False):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append("'use strict';")
    for _ in range(draw(st.integers(0, 3))):
        parts.append(
            draw(
                st.sampled_from(
                    [
                        "import fs from 'fs';",
                        "import { a, b as c } from './x';",
                        "const path = require('path');",
                        "export * from './y';",
                    ]
                )
            )
        )
    t = (lambda s: s) if typed else (lambda s: "")
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["function", "arrow", "class", "data", "if", "doc", "iife", "exports"]))
        name = draw(st.sampled_from(["f", "run", "parse", "donnees", "value2", "handle"]))
        stmts = " ".join(f"let v{i} = '{draw(words)}';" for i in range(draw(st.integers(1, 4))))
        if kind == "function":
            parts.append(
                f"export function {name}(a{t(': number')}, b = 1){t(': string')} {{{nl}  {stmts}{nl}  return a + b;{nl}}}"
            )
        elif kind == "arrow":
            parts.append(f"const {name} = async (x{t(': string')}) => {{ {stmts} return x; }};")
        elif kind == "class":
            parts.append(
                f"class {name.capitalize()} extends Base {{{nl}  static count = 0;{nl}  #secret = '{draw(words)}';{nl}"
                f"  constructor(y) {{ super(); this.y = y; {stmts} }}{nl}  get v() {{ return this.y + 1; }}{nl}"
                f"  m = () => {{ {stmts} }};{nl}  static {{ {stmts} }}{nl}}}"
            )
        elif kind == "data":
            items = "".join(f"  '{draw(words)}',{nl}" for _ in range(draw(st.integers(1, 9))))
            parts.append(f"const {name.upper()} = [{nl}{items}];")
        elif kind == "if":
            parts.append(f"if (typeof window !== 'undefined') {{{nl}  console.log('{draw(words)}');{nl}}}")
        elif kind == "doc":
            parts.append(
                f"/**{nl} * Summary {draw(words)}.{nl} * @param x the x{nl} */{nl}function {name}Doc(x) {{ {stmts} }}"
            )
        elif kind == "iife":
            parts.append(
                f";(function (root) {{{nl}  function inner{name}() {{ {stmts} }}{nl}  root.{name} = inner{name};{nl}}})(this);"
            )
        else:
            parts.append(f"module.exports = {{{nl}  {name}(a) {{ {stmts} return a; }},{nl}  k: require('./k'),{nl}}};")
    if typed:
        parts.append(f"export interface I{draw(st.integers(0, 9))} {{{nl}  a: number;{nl}  b?: string;{nl}}}")
        parts.append("export type T = { x: number } | null;")
    return (nl + nl).join(parts) + nl


@st.composite
def go_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append("//go:build linux")
    parts.append("// Package p does " + draw(words) + "." + nl + "package p")
    parts.append(f'import ({nl}\t"fmt"{nl}\tm "math"{nl})')
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["func", "method", "struct", "const", "var", "data"]))
        stmts = nl.join(f'\tv{j} := "{draw(words)}"' for j in range(draw(st.integers(1, 4))))
        if kind == "func":
            parts.append(
                f"// F{i} does {draw(words)}.{nl}// More.{nl}func F{i}[T any](a T, b int) (T, error) {{{nl}{stmts}{nl}\tfmt.Println(m.Pi){nl}\treturn a, nil{nl}}}"
            )
        elif kind == "method":
            parts.append(
                f"func (s *S{i}) M(a int) int {{{nl}{stmts}{nl}\treturn a{nl}}}{nl}{nl}type S{i} struct{{ X int }}"
            )
        elif kind == "struct":
            parts.append(f'type T{i} struct {{{nl}\tA int `json:"a"`{nl}\tB struct{{ C string }}{nl}}}')
        elif kind == "const":
            parts.append(f"const ({nl}\tK{i} = iota{nl}\tL{i}{nl})")
        elif kind == "var":
            parts.append(f"var fn{i} = func(a int) int {{{nl}{stmts}{nl}\treturn a{nl}}}")
        else:
            items = "".join(f'\t"{draw(words)}",{nl}' for _ in range(draw(st.integers(1, 9))))
            parts.append(f"var table{i} = []string{{{nl}{items}}}")
    return (nl + nl).join(parts) + nl


@st.composite
def java_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append("// SPDX-License-Identifier: MIT")
    parts.append("package org.example." + draw(st.sampled_from(["app", "données", "util"])) + ";")
    parts.append(
        nl.join(
            draw(
                st.lists(
                    st.sampled_from(
                        [
                            "import java.util.List;",
                            "import java.util.*;",
                            "import static java.lang.Math.max;",
                            "import java.util.function.Function;",
                        ]
                    ),
                    min_size=1,
                    max_size=3,
                )
            )
        )
    )
    members = []
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["method", "ctor", "field", "lambda", "data", "nested", "enum", "record", "init"]))
        stmts = nl.join(f'        String v{j} = "{draw(words)}";' for j in range(draw(st.integers(1, 4))))
        doc = f"    /**{nl}     * Does {draw(words)}.{nl}     */{nl}" if draw(st.booleans()) else ""
        if kind == "method":
            members.append(
                f'{doc}    @SuppressWarnings({{"unchecked",{nl}        "rawtypes"}}){nl}'
                f"    public <T extends Comparable<T>> List<T> m{i}({nl}            T a, int b){nl}"
                f"            throws Exception {{{nl}{stmts}{nl}        return null;{nl}    }}"
            )
        elif kind == "ctor":
            members.append(f"{doc}    Main(int a{i}) {{{nl}{stmts}{nl}    }}")
        elif kind == "field":
            members.append(f"{doc}    private static final int K{i} = {draw(ints)};")
        elif kind == "lambda":
            members.append(f"    Function<String, String> f{i} = s -> {{{nl}{stmts}{nl}        return s;{nl}    }};")
        elif kind == "data":
            items = "".join(f'        "{draw(words)}",{nl}' for _ in range(draw(st.integers(1, 9))))
            members.append(f"    static final String[] TABLE{i} = {{{nl}{items}    }};")
        elif kind == "nested":
            members.append(
                f"    static class N{i} implements Runnable {{{nl}        public void run() {{{nl}"
                f"{stmts}{nl}        }}{nl}    }}"
            )
        elif kind == "enum":
            members.append(
                f"    enum E{i} {{{nl}        A(1), B(2) {{ int g() {{ return 2; }} }};{nl}"
                f"        E{i}(int v) {{ }}{nl}        int g() {{{nl}{stmts}{nl}            return 1;{nl}        }}{nl}    }}"
            )
        elif kind == "record":
            members.append(f"    record R{i}(int x, String y) {{{nl}        R{i} {{{nl}{stmts}{nl}        }}{nl}    }}")
        else:
            members.append(f"    static {{{nl}{stmts}{nl}    }}{nl}{nl}    {{{nl}{stmts}{nl}    }}")
    parts.append(f"/** Main {draw(words)}. */{nl}public class Main {{{nl}" + (nl + nl).join(members) + f"{nl}}}")
    if draw(st.booleans()):
        parts.append(
            f"sealed interface Shape permits Sq {{{nl}    double area();{nl}"
            f'    default String d() {{ return "{draw(words)}"; }}{nl}}}{nl}{nl}'
            f"record Sq(double s) implements Shape {{{nl}    public double area() {{ return s * s; }}{nl}}}"
        )
    return (nl + nl).join(parts) + nl


@st.composite
def csharp_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append("#nullable enable")
    parts.append(
        draw(
            st.sampled_from(
                [
                    "using System;",
                    "global using System.Text;",
                    "using static System.Math;",
                    "using Map = System.Collections.Generic.Dictionary<string, int>;",
                ]
            )
        )
    )
    block = draw(st.booleans())
    parts.append("namespace Acme.Gen" + (nl + "{" if block else ";"))
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["class", "record", "interface", "enum", "struct", "directive"]))
        stmts = " ".join(f'var v{j} = "{draw(words)}";' for j in range(draw(st.integers(1, 4))))
        doc = f"/// <summary>{nl}/// Type {draw(words)}.{nl}/// </summary>{nl}" if draw(st.booleans()) else ""
        if kind == "class":
            parts.append(
                f"{doc}[Serializable]{nl}public class C{i}<T> : Base where T : class, new(){nl}{{{nl}"
                f"    private const int K = {draw(ints)};{nl}    public int Auto {{ get; init; }} = 1;{nl}"
                f"    public C{i}(int a) : base(a) {{ {stmts} }}{nl}"
                f'    public string M(T x, int y = 2){nl}        => x.ToString() + "{draw(words)}" + y;{nl}'
                f"    public int P {{ get {{ {stmts} return 1; }} set => _ = value; }}{nl}"
                f"    public static C{i}<T> operator +(C{i}<T> a, C{i}<T> b) {{ {stmts} return a; }}{nl}"
                f"    Func<int, int> f = x => {{ {stmts} return x; }};{nl}"
                f"    public event EventHandler? Changed;{nl}}}"
            )
        elif kind == "record":
            parts.append(
                f"{doc}public record R{i}(int A, string B){nl}{{{nl}    public int Twice() => A * 2 + B.Length;{nl}}}"
            )
        elif kind == "interface":
            parts.append(f"public interface I{i}{nl}{{{nl}    void A();{nl}    int B() {{ {stmts} return 0; }}{nl}}}")
        elif kind == "enum":
            items = "".join(f"    M{j} = {j},{nl}" for j in range(draw(st.integers(1, 9))))
            parts.append(f"{doc}public enum E{i}{nl}{{{nl}{items}}}")
        elif kind == "struct":
            items = "".join(f'        "{draw(words)}",{nl}' for _ in range(draw(st.integers(1, 9))))
            parts.append(
                f"public struct S{i}{nl}{{{nl}    public static readonly string[] Table ={nl}    {{{nl}{items}    }};{nl}}}"
            )
        else:
            parts.append(f"#region R{i}{nl}#if DEBUG{nl}public delegate void D{i}(int x);{nl}#endif{nl}#endregion")
    if block:
        parts.append("}")
    return (nl + nl).join(parts) + nl


@st.composite
def rust_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append(f"//! Crate {draw(words)}.{nl}//! More.{nl}#![allow(dead_code)]")
    parts.append(draw(st.sampled_from(["use std::fmt;", "use std::{io, collections::HashMap as Map};", "mod util;"])))
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["fn", "impl", "struct", "enum", "trait", "macro", "const", "data", "tests"]))
        stmts = nl.join(f'    let v{j} = "{draw(words)}";' for j in range(draw(st.integers(1, 4))))
        doc = f"/// F{i} does {draw(words)}.{nl}/// More.{nl}" if draw(st.booleans()) else ""
        if kind == "fn":
            parts.append(
                f"{doc}#[inline]{nl}pub fn f{i}<'a, T: Clone>(a: &'a T, b: i32) -> Option<&'a T>{nl}where{nl}    T: Default,{nl}{{{nl}{stmts}{nl}    Some(a){nl}}}"
            )
        elif kind == "impl":
            parts.append(
                f"pub struct S{i}<T>(T);{nl}{nl}impl<T: fmt::Debug> S{i}<T> {{{nl}{doc}    pub async fn m(&self, x: u8) -> u8 {{{nl}{stmts}{nl}        x{nl}    }}{nl}}}"
            )
        elif kind == "struct":
            parts.append(
                f"{doc}#[derive(Debug)]{nl}pub struct T{i}<'a> {{{nl}    /// The a.{nl}    pub a: &'a str,{nl}    b: Vec<u8>,{nl}}}"
            )
        elif kind == "enum":
            parts.append(f"{doc}pub enum E{i} {{{nl}    A,{nl}    B(i32),{nl}    C {{ x: u8 }},{nl}}}")
        elif kind == "trait":
            parts.append(
                f"pub trait Tr{i}: Sized {{{nl}    type Out;{nl}    fn req(&self) -> Self::Out;{nl}    fn def(&self) -> u8 {{{nl}{stmts}{nl}        0{nl}    }}{nl}}}"
            )
        elif kind == "macro":
            parts.append(
                f"macro_rules! mac{i} {{{nl}    ($x:expr) => {{{nl}        $x + {draw(ints)} + {draw(ints)}{nl}    }};{nl}}}"
            )
        elif kind == "const":
            parts.append(f"pub static INIT{i}: fn() -> u32 = || {{{nl}{stmts}{nl}    1{nl}}};")
        elif kind == "data":
            items = "".join(f'    "{draw(words)}",{nl}' for _ in range(draw(st.integers(1, 9))))
            parts.append(f"pub const TABLE{i}: &[&str] = &[{nl}{items}];")
        else:
            parts.append(
                f"#[cfg(test)]{nl}mod tests{i} {{{nl}    use super::*;{nl}    #[test]{nl}    fn t() {{{nl}{stmts}{nl}    }}{nl}}}"
            )
    return (nl + nl).join(parts) + nl


@st.composite
def ruby_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append(f"# frozen_string_literal: true{nl}# encoding: utf-8")
    parts.append(draw(st.sampled_from(['require "json"', 'require_relative "lib/util"', "require 'set'"])))
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["def", "class", "module", "oneline", "heredoc", "data", "spec", "control"]))
        stmts = nl.join(f'    v{j} = "{draw(words)}"' for j in range(draw(st.integers(1, 4))))
        doc = f"# M{i} does {draw(words)}.{nl}# More.{nl}" if draw(st.booleans()) else ""
        if kind == "def":
            parts.append(f"{doc}def m{i}(a, b = {draw(ints)}, *rest, k:, **opts, &blk){nl}{stmts}{nl}    a{nl}end")
        elif kind == "class":
            parts.append(
                f"{doc}class C{i} < Base{nl}  include Comparable{nl}  attr_reader :a{nl}  X{i} = {draw(ints)}{nl}"
                f"  class << self{nl}    def build(x){nl}  {stmts}{nl}    end{nl}  end{nl}{nl}  private{nl}{nl}"
                f"  def {draw(names)}(x){nl}  {stmts}{nl}  rescue => e{nl}    nil{nl}  end{nl}end"
            )
        elif kind == "module":
            parts.append(
                f"module M{i}{nl}  extend self{nl}  def self.f(x) = x + {draw(ints)}{nl}{nl}  def g(y){nl}  {stmts}{nl}  end{nl}end"
            )
        elif kind == "oneline":
            parts.append(f"def one{i}; x = {draw(ints)}; x * 2; end")
        elif kind == "heredoc":
            parts.append(f"def h{i}{nl}  s = <<~TXT{nl}    {draw(words)}{nl}    end{nl}  TXT{nl}  s{nl}end")
        elif kind == "data":
            items = "".join(f'  "{draw(words)}",{nl}' for _ in range(draw(st.integers(1, 9))))
            parts.append(f"TABLE{i} = [{nl}{items}].freeze")
        elif kind == "spec":
            parts.append(f'describe "{draw(words)}" do{nl}  it "works" do{nl}  {stmts}{nl}  end{nl}end')
        else:
            parts.append(f'if ENV["X{i}"]{nl}{stmts}{nl}else{nl}  puts 1{nl}end')
    return (nl + nl).join(parts) + nl


@st.composite
def php_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append("<!DOCTYPE html>" + nl + "<p>" + draw(words) + "</p>")
    parts.append("<?php")
    if draw(st.booleans()):
        parts.append("declare(strict_types=1);")
    parts.append("namespace App\\" + draw(st.sampled_from(["Gen", "Données", "Util"])) + ";")
    parts.append(
        nl.join(
            draw(
                st.lists(
                    st.sampled_from(
                        ["use Foo\\Bar;", "use Foo\\{Baz, Qux as Q};", "use function Foo\\helper;", "use const Foo\\K;"]
                    ),
                    min_size=1,
                    max_size=3,
                )
            )
        )
    )
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["function", "class", "interface", "trait", "enum", "closure", "data", "html"]))
        stmts = nl.join(f'    $v{j} = "{draw(words)}";' for j in range(draw(st.integers(1, 4))))
        doc = f"/**{nl} * Does {draw(words)}.{nl} */{nl}" if draw(st.booleans()) else ""
        if kind == "function":
            parts.append(
                f"{doc}function f{i}(int $a, ?string ...$b): ?array{nl}{{{nl}{stmts}{nl}    return null;{nl}}}"
            )
        elif kind == "class":
            parts.append(
                f"{doc}#[Attr({draw(ints)})]{nl}final class C{i} extends Base implements \\Countable{nl}{{{nl}"
                f"    use T;{nl}    public const K = {draw(ints)};{nl}    private ?int $p = null;{nl}"
                f"    public function __construct(private readonly int $x, protected array $y = []){nl}"
                f"    {{{nl}    {stmts}{nl}    }}{nl}{nl}    abstract protected static function a(): void;{nl}{nl}"
                f"    public function count(): int {{ $f = fn($z) => $z + 1; return $f(1); }}{nl}}}"
            )
        elif kind == "interface":
            parts.append(f"interface I{i} extends \\Countable{nl}{{{nl}    public function m(int $a): static;{nl}}}")
        elif kind == "trait":
            parts.append(
                f"trait T{i}{nl}{{{nl}    protected function t(): void{nl}    {{{nl}    {stmts}{nl}    }}{nl}}}"
            )
        elif kind == "enum":
            parts.append(
                f"{doc}enum E{i}: string{nl}{{{nl}    case A = 'a';{nl}    case B = 'b';{nl}"
                f"    public function label(): string {{ return match ($this) {{ self::A => 'x', self::B => 'y' }}; }}{nl}}}"
            )
        elif kind == "closure":
            parts.append(
                f"$c{i} = function ($a) use ($b): int {{{nl}{stmts}{nl}    return 1;{nl}}};{nl}$d{i} = fn($x) => $x * {draw(ints)};"
            )
        elif kind == "data":
            items = "".join(f'    "{draw(words)}",{nl}' for _ in range(draw(st.integers(1, 9))))
            parts.append(f"const TABLE{i} = [{nl}{items}];")
        else:
            parts.append(f"?>{nl}<ul><?php foreach ($xs as $x): ?><li><?= $x ?></li><?php endforeach; ?></ul>{nl}<?php")
    return (nl + nl).join(parts) + nl


@st.composite
def c_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = [draw(st.sampled_from(["#include <stdio.h>", '#include "util.h"', "#include <stdlib.h>"]))]
    if draw(st.booleans()):
        parts.append(f"#define M{draw(ints)}(a, b) \\{nl}    ((a) + (b))")
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["fn", "static", "proto", "struct", "enum", "typedef", "data", "ifdef"]))
        stmts = nl.join(f'    const char *v{j} = "{draw(words)}";' for j in range(draw(st.integers(1, 4))))
        doc = draw(
            st.sampled_from(
                [
                    "",
                    f"/** F{i} does {draw(words)}.{nl} * More.{nl} */{nl}",
                    f"/// F{i} does {draw(words)}.{nl}/// More.{nl}",
                    f"// {draw(words)}{nl}",
                ]
            )
        )
        if kind == "fn":
            parts.append(f"{doc}int f{i}(int a,{nl}       const char *b){nl}{{{nl}{stmts}{nl}    return a;{nl}}}")
        elif kind == "static":
            parts.append(f"{doc}static inline unsigned *s{i}(void) {{{nl}{stmts}{nl}    return 0;{nl}}}")
        elif kind == "proto":
            parts.append(f"{doc}extern char *p{i}(const char *s, ...);")
        elif kind == "struct":
            parts.append(
                f"{doc}struct S{i} {{{nl}    int a; /* {draw(words)} */{nl}    unsigned b : 2;{nl}"
                f"    union {{ int x; float y; }} u;{nl}    int (*cb)(void *);{nl}}};"
            )
        elif kind == "enum":
            items = "".join(f"    E{i}_{j} = {j},{nl}" for j in range(draw(st.integers(1, 9))))
            parts.append(f"{doc}enum E{i} {{{nl}{items}}};")
        elif kind == "typedef":
            parts.append(f"{doc}typedef int (*fn{i}_t)(const void *, const void *);")
        elif kind == "data":
            items = "".join(f'    "{draw(words)}",{nl}' for _ in range(draw(st.integers(1, 9))))
            parts.append(f"static const char *table{i}[] = {{{nl}{items}}};")
        else:
            parts.append(
                f"#ifdef FEATURE_{i}{nl}void g{i}(void){nl}{{{nl}{stmts}{nl}}}{nl}#else{nl}"
                f"#define g{i}() ((void)0){nl}#endif"
            )
    return (nl + nl).join(parts) + nl


@st.composite
def cpp_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = [draw(st.sampled_from(["#include <vector>", '#include "util.hpp"', "#include <string>"]))]
    anon = draw(st.booleans())
    parts.append("namespace {" if anon else "namespace gen {")
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["class", "template", "outside", "lambda", "enum", "data", "extern", "ifdef"]))
        stmts = nl.join(f'    const char *v{j} = "{draw(words)}";' for j in range(draw(st.integers(1, 4))))
        doc = draw(
            st.sampled_from(
                [
                    "",
                    f"/** C{i} does {draw(words)}.{nl} * More.{nl} */{nl}",
                    f"/// C{i} does {draw(words)}.{nl}/// More.{nl}",
                    f"// {draw(words)}{nl}",
                ]
            )
        )
        if kind == "class":
            parts.append(
                f"{doc}class C{i} : public B {{{nl}public:{nl}    C{i}(int a) : a_(a), b_{{2}} {{{nl}{stmts}{nl}    }}{nl}"
                f"    ~C{i}() override {{{nl}{stmts}{nl}    }}{nl}    C{i}(const C{i} &) = delete;{nl}"
                f"    C{i} &operator=(C{i} &&o) noexcept {{{nl}{stmts}{nl}        return *this;{nl}    }}{nl}"
                f"    virtual int f() const = 0;{nl}private:{nl}    int a_, b_;{nl}}};"
            )
        elif kind == "template":
            parts.append(
                f"{doc}template <typename T, int N = {draw(ints)}>{nl}T t{i}(const std::vector<T> &xs){nl}{{{nl}{stmts}{nl}    return xs[0];{nl}}}"
            )
        elif kind == "outside":
            parts.append(
                f"struct S{i} {{{nl}    int m() const;{nl}}};{nl}{nl}{doc}int S{i}::m() const{nl}{{{nl}{stmts}{nl}    return 0;{nl}}}"
            )
        elif kind == "lambda":
            parts.append(f"auto l{i} = [](int x) {{{nl}{stmts}{nl}    return x;{nl}}};")
        elif kind == "enum":
            items = "".join(f"    E{i}_{j} = {j},{nl}" for j in range(draw(st.integers(1, 9))))
            parts.append(f"{doc}enum class E{i} : int {{{nl}{items}}};")
        elif kind == "data":
            items = "".join(f'    "{draw(words)}",{nl}' for _ in range(draw(st.integers(1, 9))))
            parts.append(f"static const char *table{i}[] = {{{nl}{items}}};")
        elif kind == "extern":
            parts.append(f'extern "C" {{{nl}int c{i}(int argc, char **argv);{nl}}}')
        else:
            parts.append(f"#ifdef FEATURE_{i}{nl}void g{i}(){nl}{{{nl}{stmts}{nl}}}{nl}#endif")
    parts.append("}  // namespace")
    return (nl + nl).join(parts) + nl


css_names = st.sampled_from(["card", "btn", "nav-item", "über", "café", "_x", "value2", "is-active"])
scss_names = st.sampled_from(["card", "btn", "nav-item", "_x", "value2", "is-active"])  # its grammar reads ASCII only


@st.composite
def css_program(draw, scss=False):
    """Stylesheets (SCSS ones with Sass's own statements too) of the forms the
    pinned grammars read without an error."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    ind = draw(st.sampled_from(["  ", "    ", "\t"]))
    imports = [
        '@import url("base.css");',
        "@import 'print.css' print;",
        "@import url(theme.css) screen and (min-width: 40em);",
    ]
    if scss:
        imports += ['@use "sass:math";', '@forward "src/list";', '@import "mixins";']
    else:
        imports += ["@namespace svg url(http://www.w3.org/2000/svg);"]
    parts = ['@charset "utf-8";'] if draw(st.booleans()) else []
    parts += draw(st.lists(st.sampled_from(imports), max_size=3))

    def declarations(depth: int) -> list[str]:
        pad = ind * depth
        out = []
        for j in range(draw(st.integers(1, 4))):
            value = draw(st.sampled_from([f"{j}px", "red !important", f'"{draw(words)}"', "calc(1rem + 2px)", '"}"']))
            out.append(f"{pad}prop-{j}: {value};")
        return out

    def rule(selector: str, depth: int) -> str:
        pad = ind * depth
        lines = [f"{pad}{selector} {{"] + declarations(depth + 1)
        nested = ["", "&:hover", "& > .child", ".inner", "@media (min-width: 40em)"]
        if scss:
            nested += ["&__el", ".x-#{$i}", "@include above(md)"]
        for _ in range(draw(st.integers(0, 2)) if depth < 3 else 0):
            inner = draw(st.sampled_from(nested))
            if inner:
                lines.append(rule(inner, depth + 1))
        if scss and draw(st.booleans()):
            lines.append(pad + ind + draw(st.sampled_from(["@extend .base;", "@include reset;", "$local: 1px;"])))
        lines.append(pad + "}")
        return nl.join(lines)

    kinds = ["rule", "list", "root", "media", "supports", "font", "keyframes", "layer", "comment", "minified"]
    if scss:
        kinds += ["variable", "mixin", "function", "placeholder", "each", "if"]
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(kinds))
        name = draw(scss_names if scss else css_names)
        doc = draw(
            st.sampled_from(["", f"/** {name} {draw(words)}.{nl} * More.{nl} */{nl}", f"/* {draw(words)} }} */{nl}"])
        )
        if scss and not doc and draw(st.booleans()):
            doc = f"/// {name} does {draw(words)}.{nl}/// More.{nl}"
        if kind == "rule":
            parts.append(doc + rule(f".{name}{i}", 0))
        elif kind == "list":
            parts.append(doc + rule(f",{nl}".join(f".{name}-{j}:hover" for j in range(draw(st.integers(2, 9)))), 0))
        elif kind == "root":
            props = [f"{ind}--{name}-{j}: {j}px;" for j in range(draw(st.integers(1, 4)))]
            parts.append(doc + nl.join([":root {"] + props + declarations(1) + ["}"]))
        elif kind == "media":
            parts.append(nl.join([f"@media screen and (max-width: {draw(ints)}px) {{", rule(f".{name}", 1), "}"]))
        elif kind == "supports":
            parts.append(nl.join(["@supports (display: grid) {", rule(f"#{name}", 1), "}"]))
        elif kind == "font":
            parts.append(rule("@font-face", 0))
        elif kind == "keyframes":
            frames = [rule(sel, 1) for sel in ("from", "50%", "to")[: draw(st.integers(1, 3))]]
            parts.append(nl.join([f"@keyframes {name}{i} {{"] + frames + ["}"]))
        elif kind == "layer":
            parts.append(nl.join(["@layer base, components;", "@layer components {", rule(f".{name}", 1), "}"]))
        elif kind == "comment":
            parts.append(f"/* {draw(words)} comment */")
        elif kind == "minified":
            parts.append(f".{name}{i}{{a:1px;b:2px;c:3px}}.{name}{i} a{{d:4px;e:5px;f:6px}}")
        elif kind == "variable":
            parts.append(f"${name}-{i}: {draw(ints)}px;")
        elif kind == "mixin":
            parts.append(doc + rule(f"@mixin m{i}($a, $b: {draw(ints)}px)", 0))
        elif kind == "function":
            body = [f"{ind}$x: $a * {draw(ints)};", f"{ind}@return $x + 1px;"]
            parts.append(doc + nl.join([f"@function f{i}($a) {{"] + body + ["}"]))
        elif kind == "placeholder":
            parts.append(doc + rule(f"%{name}{i}", 0))
        elif kind == "each":
            parts.append(nl.join([f"@each $i in {draw(ints)} {{", rule(".icon-#{$i}", 1), "}"]))
        else:
            parts.append(nl.join(["@if $theme == dark {", rule(f".{name}", 1), "} @else {", rule(f".{name}", 1), "}"]))
    return (nl + nl).join(parts) + nl


@st.composite
def swift_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append("// swift-tools-version:5.9")
    parts.append(draw(st.sampled_from(["import Foundation", "@testable import Kit", "import struct Kit.Box"])))
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["class", "struct", "enum", "protocol", "extension", "func", "data", "directive"]))
        stmts = nl.join(f'        let v{j} = "{draw(words)} \\(x) {{"' for j in range(draw(st.integers(1, 4))))
        doc = f"/// T{i} holds {draw(words)}.{nl}/// More.{nl}" if draw(st.booleans()) else ""
        if kind == "class":
            parts.append(
                f"{doc}@MainActor{nl}public final class C{i}<T: Equatable>: Base where T: Sendable {{{nl}"
                f"    private var k: Int = {draw(ints)}{nl}"
                f"    var w: Int {{{nl}        get {{{nl}            let x = k{nl}{stmts}{nl}            return x{nl}        }}{nl}"
                f"        set {{ k = newValue }}{nl}    }}{nl}"
                f'    var o: Int = 0 {{{nl}        didSet {{ print("{draw(words)}", oldValue) }}{nl}    }}{nl}'
                f"    init(x: Int) {{{nl}{stmts}{nl}        k = x{nl}    }}{nl}"
                f'    deinit {{ print("{draw(words)}") }}{nl}'
                f"    subscript(x: Int) -> Int {{{nl}{stmts}{nl}        return x{nl}    }}{nl}"
                f"    @objc func m(_ x: Int, y: T) async throws -> Int {{{nl}{stmts}{nl}        return x{nl}    }}{nl}}}"
            )
        elif kind == "struct":
            parts.append(
                f"{doc}struct V{i}: View {{{nl}    @State private var n = 0{nl}"
                f'    var body: some View {{{nl}        VStack {{{nl}            Text("{draw(words)}"){nl}'
                f"                .onTapGesture {{ n += 1 }}{nl}        }}{nl}    }}{nl}}}"
            )
        elif kind == "enum":
            cases = "".join(f"    case c{j}(Int, name: String){nl}" for j in range(draw(st.integers(1, 5))))
            parts.append(
                f"{doc}indirect enum E{i} {{{nl}{cases}    case leaf{nl}"
                f"    var isLeaf: Bool {{{nl}        if case .leaf = self {{ return true }}{nl}        return false{nl}    }}{nl}}}"
            )
        elif kind == "protocol":
            parts.append(
                f"{doc}protocol P{i}: AnyObject {{{nl}    associatedtype Item{nl}    var items: [Item] {{ get set }}{nl}"
                f"    func add(_ item: Item) throws{nl}    init(){nl}}}"
            )
        elif kind == "extension":
            parts.append(
                f"extension Array where Element == Int {{{nl}    func f{i}(x: Int) -> Int {{{nl}{stmts}{nl}"
                f"        return reduce(x) {{ $0 + $1 }}{nl}    }}{nl}"
                f"    static func +++ (a: Self, b: Self) -> Self {{{nl}{stmts}{nl}        let x = 1{nl}        return a + b{nl}    }}{nl}}}"
            )
        elif kind == "func":
            parts.append(
                f"{doc}@discardableResult{nl}func f{i}<T>(_ x: T, using body: (T) -> Void) -> T where T: Hashable {{{nl}"
                f'    let s = """{nl}    }} {draw(words)} {{{nl}    """{nl}{stmts}{nl}    body(x){nl}    return x{nl}}}'
            )
        elif kind == "data":
            items = "".join(f'    "{draw(words)}": {j},{nl}' for j in range(draw(st.integers(1, 9))))
            parts.append(f"typealias Table{i} = [String: Int]{nl}let table{i}: Table{i} = [{nl}{items}]")
        else:
            parts.append(
                f'#if DEBUG{nl}func debug{i}() {{ print("{draw(words)}") }}{nl}#else{nl}let release{i} = 1{nl}#endif'
            )
    return (nl + nl).join(parts) + nl


@st.composite
def dart_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append("// ignore_for_file: unused_element")
    parts.append(
        draw(
            st.sampled_from(
                [
                    "import 'dart:async';",
                    "import 'package:a/a.dart' as a show B hide C;",
                    "import 'big.dart' deferred as big;",
                    "export 'src/x.dart' show X;",
                    "part 'p.dart';",
                ]
            )
        )
    )
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["class", "mixin", "extension", "enum", "func", "typedef", "data"]))
        stmts = nl.join(f"    final v{j} = '{draw(words)} ${{x}} {{';" for j in range(draw(st.integers(1, 4))))
        doc = f"/// T{i} holds {draw(words)}.{nl}/// More.{nl}" if draw(st.booleans()) else ""
        if kind == "class":
            parts.append(
                f"{doc}@immutable{nl}abstract class C{i}<T extends num> extends Base with M implements I {{{nl}"
                f"  static const int k = {draw(ints)};{nl}  final int x;{nl}"
                f"  C{i}(this.x) : assert(x > 0), super() {{{nl}{stmts}{nl}  }}{nl}"
                f"  C{i}.named(int y) : this(y);{nl}  factory C{i}.make(int x) => D{i}(x);{nl}"
                f"  int get twice => x * 2 + {draw(ints)};{nl}  set value(int x) {{{nl}{stmts}{nl}  }}{nl}"
                f"  void abstractOne();{nl}  external int native();{nl}"
                f"  Future<int> m(int x, {{int y = 1}}) async {{{nl}{stmts}{nl}    return x..toString()..hashCode;{nl}  }}{nl}"
                f"  bool operator ==(Object o) => o is C{i} && o.x == x;{nl}}}"
            )
        elif kind == "mixin":
            parts.append(f"{doc}mixin M{i} on Base {{{nl}  void mixed(int x) {{{nl}{stmts}{nl}  }}{nl}}}")
        elif kind == "extension":
            parts.append(
                f"extension X{i} on String {{{nl}  String get shout => toUpperCase() + r'{{{draw(words)}';{nl}"
                f"  int f(int x) {{{nl}{stmts}{nl}    return x;{nl}  }}{nl}}}"
            )
        elif kind == "enum":
            values = ", ".join(f"v{j}({j})" for j in range(draw(st.integers(1, 5))))
            parts.append(
                f"{doc}enum E{i} {{{nl}  {values};{nl}  final int n;{nl}  const E{i}(this.n);{nl}"
                f"  int twice() {{{nl}    return n * 2;{nl}  }}{nl}}}"
            )
        elif kind == "func":
            parts.append(
                f"{doc}Stream<int> f{i}(int x) async* {{{nl}{stmts}{nl}    yield x;{nl}}}{nl}{nl}"
                f"int g{i}(int a, int b){nl}    => a + b + {draw(ints)};"
            )
        elif kind == "typedef":
            parts.append(f"typedef H{i} = void Function(int x);")
        else:
            items = "".join(f"  '{draw(words)}': {j},{nl}" for j in range(draw(st.integers(1, 9))))
            parts.append(f"const table{i} = {{{nl}{items}}};")
    return (nl + nl).join(parts) + nl


@st.composite
def kotlin_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    if draw(st.booleans()):
        parts.append('@file:JvmName("Gen")')
    parts.append("package a.b" + nl + nl + "import x.y.Z as W" + nl + "import x.y.*")
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["class", "enum", "object", "func", "script", "typealias"]))
        stmts = nl.join(
            f'        val v{j} = "{draw(words)} ${{ if (x) {{ {j} }} else 0 }} {{"'
            for j in range(draw(st.integers(1, 4)))
        )
        doc = f"/** T{i} holds {draw(words)}.{nl} * More. */{nl}" if draw(st.booleans()) else ""
        vis = draw(st.sampled_from(["", "private ", "internal ", "public "]))
        if kind == "class":
            parts.append(
                f"{doc}@Ann({draw(ints)}){nl}{vis}data class C{i}<T : Any>(val x: Int, val f: () -> Unit = {{ }}) : B(), I {{{nl}"
                f"    init {{{nl}{stmts}{nl}    }}{nl}"
                f"    constructor(s: String) : this(s.length) {{{nl}{stmts}{nl}    }}{nl}"
                f"    var p: Int = {draw(ints)}{nl}        get() = field + {draw(ints)}{nl}"
                f"        private set(value) {{{nl}{stmts}{nl}            field = value{nl}        }}{nl}"
                f"    companion object {{{nl}        const val K = {draw(ints)}{nl}    }}{nl}"
                f"    fun m(y: Int): Int {{{nl}{stmts}{nl}        return y{nl}    }}{nl}}}"
            )
        elif kind == "enum":
            entries = ",".join(f"{nl}    V{j}({j})" for j in range(draw(st.integers(1, 5))))
            parts.append(
                f"{doc}enum class E{i}(val n: Int) {{{entries};{nl}{nl}"
                f"    fun twice(): Int {{{nl}        return n * 2 + {draw(ints)}{nl}    }}{nl}}}"
            )
        elif kind == "object":
            parts.append(
                f"{vis}object O{i} : I {{{nl}    override fun run() = listOf(1, 2).map {{ it * {draw(ints)} }}{nl}"
                f'    val raw = """a }} {draw(words)} {{"""{nl}}}'
            )
        elif kind == "func":
            parts.append(
                f"{doc}{vis}suspend fun String.f{i}(x: Int): Int {{{nl}{stmts}{nl}    return x{nl}}}{nl}{nl}"
                f"val lazy{i}: Int by lazy {{{nl}    {draw(ints)} + 1{nl}}}"
            )
        elif kind == "script":
            parts.append(f"val t{i} = foo {{ bar({draw(ints)}) }};")
        else:
            parts.append(f"typealias H{i} = (Int) -> Unit")
    return (nl + nl).join(parts) + nl


@st.composite
def lua_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = ["-- luacheck: ignore" if draw(st.booleans()) else "-- module", "local M = {}"]
    parts.append(
        draw(st.sampled_from(['local json = require "dkjson"', 'local u = require("lib.util")', "require('strict')"]))
    )
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["field", "method", "local", "value", "table", "long"]))
        stmts = nl.join(f'  local v{j} = "{draw(words)} end"' for j in range(draw(st.integers(1, 4))))
        doc = f"--- F{i} does {draw(words)}.{nl}-- @param x number{nl}" if draw(st.booleans()) else ""
        if kind == "field":
            parts.append(
                f"{doc}function M.f{i}(x, ...){nl}{stmts}{nl}  if x then return x end{nl}  return {draw(ints)}{nl}end"
            )
        elif kind == "method":
            parts.append(f"{doc}function M:m{i}(x) return self.k + x end")
        elif kind == "local":
            parts.append(
                f"{doc}local function l{i}(t){nl}  local function inner(v){nl}{stmts}{nl}    return v{nl}  end{nl}"
                f"  for k = 1, #t do inner(t[k]) end{nl}  return t{nl}end"
            )
        elif kind == "value":
            parts.append(
                f"{doc}local g{i} = function(a){nl}{stmts}{nl}  return a{nl}end{nl}M.h{i} = function() return 1 end"
            )
        elif kind == "table":
            fields = "".join(f'  k{j} = "{draw(words)}",{nl}' for j in range(draw(st.integers(1, 5))))
            parts.append(f"local T{i} = {{{nl}{fields}  run = function(self){nl}{stmts}{nl}  end,{nl}}}")
        else:
            parts.append(f"local s{i} = [==[{nl}function fake() end{nl}]]{nl}]==]{nl}--[[ {draw(words)} end ]]")
    parts.append("return M")
    return (nl + nl).join(parts) + nl


@st.composite
def scala_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = ["package a.b" + nl + "package c", "import x.y.{Z, W => V, *}" + nl + "import q._"]
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["class", "object", "trait", "enum", "given", "extension", "def"]))
        stmts = nl.join(f'    val v{j} = s"{draw(words)} ${{x + {j}}} }}"' for j in range(draw(st.integers(1, 4))))
        doc = f"/** T{i} holds {draw(words)}.{nl}  * More. */{nl}" if draw(st.booleans()) else ""
        vis = draw(st.sampled_from(["", "private ", "protected ", "final "]))
        if kind == "class":
            parts.append(
                f'{doc}@deprecated("x", "1"){nl}{vis}case class C{i}[T <: Any](x: Int)(implicit e: E) '
                f"extends B with I {{{nl}  type T{i} = Int{nl}  val k = {draw(ints)}{nl}"
                f"  def m(y: Int)(z: Int): Int = {{{nl}{stmts}{nl}    y + z{nl}  }}{nl}"
                f"  def run(n: Int) {{{nl}{stmts}{nl}  }}{nl}}}"
            )
        elif kind == "object":
            parts.append(
                f"{vis}object O{i}:{nl}  def f(x: Int): Int ={nl}{stmts}{nl}    x * {draw(ints)}{nl}"
                f'  val raw = """a }} {draw(words)} {{"""{nl}end O{i}'
            )
        elif kind == "trait":
            parts.append(f"{doc}trait T{i}[A]:{nl}  def m(a: A): A{nl}  def n: Int = {draw(ints)} + 1 + 2 + 3")
        elif kind == "enum":
            cases = nl.join(f"  case V{j} extends E{i}({j})" for j in range(draw(st.integers(1, 5))))
            parts.append(f"enum E{i}(val n: Int):{nl}{cases}{nl}{nl}  def twice: Int ={nl}    n * 2 + {draw(ints)}")
        elif kind == "given":
            parts.append(
                f"given g{i}: Ord[Int] with{nl}  def compare(x: Int, y: Int): Int ={nl}{stmts}{nl}    x - y{nl}{nl}"
                f"given Ord[String] = (x, y) => x.compareTo(y) + {draw(ints)}"
            )
        elif kind == "extension":
            parts.append(
                f"extension (s: String){nl}  def shout{i}(using o: Ord[String]): String ={nl}{stmts}{nl}    s + s"
            )
        else:
            parts.append(
                f"{vis}def f{i}(xs: Int*)(using ev: Ord[Int]): Int = {{{nl}{stmts}{nl}  xs.sum{nl}}}{nl}{nl}"
                f"val top{i} = List(1, 2).map {{ x =>{nl}  x * {draw(ints)}{nl}}}"
            )
    return (nl + nl).join(parts) + nl


@st.composite
def bash_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = [draw(st.sampled_from(["#!/bin/bash", "#!/usr/bin/env bash", "#!/bin/sh"])), "set -eu"]
    parts.append(draw(st.sampled_from(["source ./lib.sh", '. "$DIR/common.sh"', "source 'x y.sh'"])))
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["posix", "keyword", "subshell", "heredoc", "case", "nested", "top"]))
        stmts = nl.join(f'  echo "{draw(words)} }} {{" "$@"' for _ in range(draw(st.integers(1, 4))))
        doc = f"# F{i} does {draw(words)}.{nl}# More.{nl}" if draw(st.booleans()) else ""
        if kind == "posix":
            parts.append(f"{doc}f{i}() {{{nl}{stmts}{nl}  local x={draw(ints)}{nl}}}")
        elif kind == "keyword":
            parts.append(f"{doc}function k{i} {{{nl}{stmts}{nl}  return 0{nl}}}")
        elif kind == "subshell":
            parts.append(f"{doc}s{i}() ({nl}  cd /tmp{nl}{stmts}{nl})")
        elif kind == "heredoc":
            quote = draw(st.sampled_from(["EOT", "'EOT'", "-EOT"]))
            parts.append(f"{doc}h{i}() {{{nl}  cat <<{quote}{nl}}} {draw(words)} {{{nl}EOT{nl}}}")
        elif kind == "case":
            parts.append(
                f'{doc}function c{i}() {{{nl}  case "$1" in{nl}    a) echo "}}" ;;{nl}    b|c){nl}{stmts}{nl}      ;;{nl}'
                f"    *) return 1 ;;{nl}  esac{nl}}}"
            )
        elif kind == "nested":
            parts.append(f"{doc}outer{i}() {{{nl}  inner{i}() {{{nl}{stmts}{nl}  }}{nl}  inner{i}{nl}}}")
        else:
            parts.append(f'for x in a b; do{nl}  echo "$x {draw(words)}"{nl}done{nl}V{i}="{draw(words)}"')
    return (nl + nl).join(parts) + nl


@st.composite
def solidity_program(draw):
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = ["// SPDX-License-Identifier: MIT", "pragma solidity ^0.8.20;"]
    parts.append(
        draw(
            st.sampled_from(
                ['import "./A.sol";', 'import {A, B as C} from "./A.sol";', 'import * as L from "../L.sol";']
            )
        )
    )
    for i in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["contract", "interface", "library", "free"]))
        stmts = nl.join(f'        emit Log("{draw(words)} }} {{", {j});' for j in range(draw(st.integers(1, 4))))
        doc = f"/// @notice T{i} holds {draw(words)}.{nl}/// @dev More.{nl}" if draw(st.booleans()) else ""
        if kind == "contract":
            parts.append(
                f"{doc}contract C{i} is Base {{{nl}    using SafeMath for uint256;{nl}    uint256 public x = {draw(ints)};{nl}"
                f"    uint256 y;{nl}    struct S {{ uint a; }}{nl}    enum E {{ A, B }}{nl}    event Log(string s, uint n);{nl}"
                f"    error Bad(uint a);{nl}    modifier only() {{{nl}        require(msg.sender == address(0));{nl}        _;{nl}    }}{nl}"
                f"    constructor(uint a) {{{nl}{stmts}{nl}        x = a;{nl}    }}{nl}"
                f"    receive() external payable {{{nl}{stmts}{nl}    }}{nl}"
                f"    /** @dev f. */{nl}    function f(uint a) public only returns (uint r) {{{nl}{stmts}{nl}"
                f"        assembly {{ r := add(a, 1) }}{nl}    }}{nl}"
                f"    function f() external view returns (uint) {{{nl}{stmts}{nl}        return x;{nl}    }}{nl}}}"
            )
        elif kind == "interface":
            parts.append(
                f"{doc}interface I{i} {{{nl}    function g(uint a) external returns (bool);{nl}    event E(uint a);{nl}}}"
            )
        elif kind == "library":
            parts.append(
                f"{doc}library L{i} {{{nl}    function h(uint a) internal pure returns (uint) {{{nl}"
                f"        uint b = a * {draw(ints)};{nl}        return b + 1;{nl}    }}{nl}}}"
            )
        else:
            parts.append(
                f"{doc}function free{i}(uint a) pure returns (uint) {{{nl}    uint b = a;{nl}    return b * 2;{nl}}}"
            )
    return (nl + nl).join(parts) + nl


@st.composite
def markup(draw, nl: str, svelte: bool):
    """A component's markup: elements, attributes, text with braces, blocks."""
    items = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["element", "each", "if", "slot", "comment"]))
        text = draw(words)
        if kind == "element":
            expr = "{count}" if svelte else "{{ count }}"
            items.append(f'<p class="a" title="{text}">{text} {expr}</p>')
        elif kind == "each":
            items.append(
                f"{{#each items as item (item.id)}}{nl}  <li>{{item}} {text}</li>{nl}{{/each}}"
                if svelte
                else f'<li v-for="item in items" :key="item.id">{{{{ item }}}} {text}</li>'
            )
        elif kind == "if":
            items.append(
                f"{{#if ok}}{nl}  <b>{text}</b>{nl}{{:else}}{nl}  <i>no</i>{nl}{{/if}}"
                if svelte
                else f'<b v-if="ok">{text}</b>{nl}<i v-else>no</i>'
            )
        elif kind == "slot":
            items.append(f'<slot name="footer">{text}</slot>')
        else:
            items.append(f"<!-- {text} -->")
    return nl.join(items)


@st.composite
def component_program(draw, svelte: bool):
    """A Vue or Svelte component: markup, scripts and styles in their own languages."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    parts = []
    body = draw(markup(nl, svelte))
    if not svelte:
        parts.append(f"<template>{nl}{body}{nl}</template>")
    elif body:
        parts.append(body)
    for _ in range(draw(st.integers(1, 2))):
        typed = draw(st.booleans())
        code = draw(js_program(typed=typed)).replace("\r\n", nl).replace("\n", nl)
        attributes = (' lang="ts"' if typed else "") + draw(st.sampled_from(["", " setup", ' context="module"']))
        parts.append(f"<script{attributes}>{nl}{code}</script>")
    if draw(st.booleans()):
        scss = draw(st.booleans())
        style = draw(css_program(scss=scss)).replace("\r\n", nl).replace("\n", nl)
        lang = ' lang="scss"' if scss else ""
        parts.append(f"<style{lang} scoped>{nl}{style}</style>")
    order = draw(st.permutations(parts))
    return (nl + nl).join(order) + nl


PROGRAMS = {
    "python": python_program(),
    "javascript": js_program(),
    "typescript": js_program(typed=True),
    "tsx": js_program(typed=True),
    "go": go_program(),
    "java": java_program(),
    "csharp": csharp_program(),
    "rust": rust_program(),
    "ruby": ruby_program(),
    "php": php_program(),
    "c": c_program(),
    "cpp": cpp_program(),
    "css": css_program(),
    "scss": css_program(scss=True),
    "swift": swift_program(),
    "dart": dart_program(),
    "kotlin": kotlin_program(),
    "scala": scala_program(),
    "lua": lua_program(),
    "bash": bash_program(),
    "solidity": solidity_program(),
    "vue": component_program(svelte=False),
    "svelte": component_program(svelte=True),
}


def check_promises(source: str, language: str):
    data = source.encode("utf-8")
    for level in LEVELS:
        for refs in (False, True):
            result = compress(data, language=language, level=level, line_refs=refs)
            assert result.expand() == data
            assert len(result.data) <= len(data)
            errors_in, errors_out = check_validity(result)
            assert errors_in == result.parse_errors
            assert errors_out <= errors_in, result.text
            kept = check_retention(result)
            assert kept.ok, (kept.missing, result.text)
            if level == "full":
                assert result.data == data


@pytest.mark.parametrize("language", list(PROGRAMS))
def test_hyp_generated_programs_keep_the_promises(language):
    @given(PROGRAMS[language])
    def run(source):
        check_promises(source, language)

    run()


@pytest.mark.parametrize("language", list(PROGRAMS))
def test_hyp_generated_programs_parse_cleanly_and_stay_clean(language):
    """The generators make valid programs, so outputs must be error-free too."""

    @given(PROGRAMS[language])
    def run(source):
        result = compress(source, language=language, level="outline")
        assert result.parse_errors == 0, source
        assert result.output_errors == 0

    run()


@pytest.mark.parametrize("language", list(PROGRAMS))
@given(text=st.text(max_size=300))
def test_hyp_arbitrary_text_round_trips_without_new_errors(language, text):
    for level in ("signatures", "outline"):
        result = compress(text, language=language, level=level)
        assert result.expand() == text.encode("utf-8", "surrogateescape")
        assert result.output_errors <= result.parse_errors


@given(st.binary(max_size=300))
def test_hyp_arbitrary_bytes_round_trip(data):
    for language in ("python", "go"):
        result = compress(data, language=language)
        assert result.expand() == data


def test_every_language_has_a_program_generator():
    """A registered language without a generator would escape the property tests."""
    assert sorted(PROGRAMS) == sorted(SPECS)
