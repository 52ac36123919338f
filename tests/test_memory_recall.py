"""Tier 3: `codepith recall`, its cached symbol index, the prompt hook, the usage log."""

import json
import multiprocessing
import os

import pytest

import codepith._version
from codepith.cli import main
from codepith.core.tokens import count_tokens
from codepith.errors import InvalidOption
from codepith.memory.recall import recall, split_identifier, stem, terms
from codepith.memory.symbols import load_index, scan_file
from codepith.memory.usage import Injection, UsageLog, log_injection, read_usage, usage_stats
from helpers import run_hook
from memory_trees import PROJECT, make_tree


@pytest.fixture
def project(tmp_path):
    make_tree(
        tmp_path,
        {
            **PROJECT,
            "src/shop/orders.py": (
                "from .cart import ShoppingCart\n\n\n"
                "def place_order(cart: ShoppingCart) -> str:\n"
                '    """Turn a cart into an order."""\n    return "id"\n'
            ),
            "tests/test_cart.py": "def test_add_item_to_shopping_cart():\n    pass\n",
            ".gitignore": "ignored/\n",
            "ignored/secret.py": "def shopping_cart_secret():\n    pass\n",
            ".claude/rules/payments.md": (
                '---\npaths:\n  - "src/shop/payments/**"\n---\n# Refunds\nRefunds go through refund_charge only; '
                "never call the provider directly.\n\n## Logging\nLog charge ids, never card tokens.\n"
            ),
        },
    )
    return tmp_path


def test_identifier_splitting_and_stemming():
    assert split_identifier("parseHTTPResponse_v2") == ["parse", "http", "response", "v2"] or split_identifier(
        "parseHTTPResponse_v2"
    ) == ["parse", "http", "response", "v", "2"]
    assert split_identifier("ShoppingCart") == ["shopping", "cart"]
    assert stem("budgets") == stem("budget") and stem("enforced") == stem("enforce")
    assert stem("classes") == stem("class") == "class"
    assert terms("How are the token budgets enforced?") == {"token", stem("budget"), stem("enforce")}


def test_symbols_signatures_docs_and_qualified_names():
    doc, symbols = scan_file(PROJECT["src/shop/cart.py"].encode(), "python", "src/shop/cart.py")
    assert doc == "The shopping cart."
    by = {s.qualname: s for s in symbols}
    assert by["ShoppingCart"].signature == "class ShoppingCart:"
    assert by["ShoppingCart.add_item"].signature == "def add_item(self, sku: str, quantity: int = 1) -> None:"
    assert by["ShoppingCart.add_item"].doc == "Put ``quantity`` of ``sku`` in the cart."
    assert by["ShoppingCart.add_item"].line == 7
    _, go = scan_file(PROJECT["server/main.go"].encode(), "go", "server/main.go")
    assert [(s.signature, s.doc) for s in go] == [
        ("func ListenAndServe(addr string) error", "ListenAndServe starts the HTTP server.")
    ]
    _, ts = scan_file(PROJECT["web/api.ts"].encode(), "typescript", "web/api.ts")
    fetch = next(s for s in ts if s.name == "fetchCart")
    assert fetch.signature == "export async function fetchCart(userId: string): Promise<Cart>"
    assert fetch.doc == "Fetch the cart of a user." and fetch.exported


def test_a_query_naming_a_symbol_ranks_its_defining_file_first(project):
    r = recall(project, "where is ShoppingCart defined", budget=600, log=False)
    first_file = r.text.split("## ", 2)[1].split("\n", 1)[0]
    assert first_file == "src/shop/cart.py"
    assert r.items[0] == "symbol:src/shop/cart.py:ShoppingCart"
    r = recall(project, "charge_card", budget=600, log=False)
    assert r.items[0] == "symbol:src/shop/payments/stripe.py:charge_card"
    assert "Charge a card through the provider; returns the charge id." in r.text


def test_camel_and_snake_case_words_match(project):
    r = recall(project, "fetch cart of a user", budget=300, log=False)
    assert r.items[0] == "symbol:web/api.ts:fetchCart"
    r = recall(project, "refund a charge", budget=300, log=False)
    assert "symbol:src/shop/payments/stripe.py:refund_charge" in r.items[:2]


def test_rule_sections_are_recalled_and_paths_bring_near_things_up(project):
    r = recall(project, "refunds provider", budget=600, log=False)
    assert "rule:.claude/rules/payments.md#Refunds" in r.items
    assert "## .claude/rules/payments.md \u00a7 Refunds\nRefunds go through refund_charge only" in r.text
    near = recall(project, "item", paths=["src/shop/cart.py"], budget=600, log=False)
    assert near.items[0].startswith("symbol:src/shop/cart.py:")
    # a file path written in the query counts as near
    r = recall(project, "what does src/shop/orders.py do", budget=600, log=False)
    assert r.paths == ["src/shop/orders.py"] and r.items[0] == "symbol:src/shop/orders.py:place_order"


def test_ignored_files_and_the_cache_folder_are_never_indexed(project):
    index = load_index(project)
    assert "ignored/secret.py" not in index.files
    assert not any(p.startswith(".codepith/") for p in index.all_files())
    assert (project / ".codepith" / "symbols.json").exists()
    r = recall(project, "shopping cart secret", budget=600, log=False)
    assert "secret" not in r.text


def test_the_index_is_refreshed_when_files_change(project):
    first = load_index(project)
    assert first.parsed == len(first.files)
    again = load_index(project)
    assert again.parsed == 0 and again.files == first.files
    (project / "src/shop/new.py").write_text("def brand_new_function():\n    pass\n")
    (project / "src/shop/orders.py").write_text("def renamed_order():\n    pass\n\n")
    (project / "web/api.ts").unlink()
    third = load_index(project)
    assert third.parsed == 2
    assert "web/api.ts" not in third.files
    names = {s.name for s in third.symbols()}
    assert {"brand_new_function", "renamed_order"} <= names and "place_order" not in names
    r = recall(project, "brand new function", budget=200, log=False)
    assert r.items[0] == "symbol:src/shop/new.py:brand_new_function"


def test_an_edit_to_codepiths_modules_rebuilds_the_index(project, monkeypatch):
    # a development checkout edited without a new version number: the old code's index is not read
    first = load_index(project)
    assert load_index(project).parsed == 0
    monkeypatch.setattr(codepith._version, "code_stamp", lambda: "edited")
    assert load_index(project).parsed == len(first.files)


def test_a_corrupt_cache_is_rebuilt_with_a_warning(project):
    load_index(project)
    (project / ".codepith" / "symbols.json").write_text("{not json")
    index = load_index(project)
    assert index.parsed == len(index.files) and any("rebuilding" in w for w in index.warnings)


def test_budget_is_exact_and_never_exceeded(project):
    for budget in (23, 40, 64, 100, 600, 5000):
        r = recall(project, "cart order payment charge refund fetch", budget=budget, log=False)
        assert r.tokens == count_tokens(r.text) <= budget
    with pytest.raises(InvalidOption, match="5 is too small") as caught:
        recall(project, "cart", budget=5, log=False)
    assert caught.value.parameter == "budget"
    with pytest.raises(InvalidOption, match="must be a positive number, got 0") as caught:
        recall(project, "cart", budget=0, log=False)
    assert caught.value.parameter == "budget"


@pytest.mark.parametrize("value, problem", [("0", "must be a positive number, got 0"), ("5", "5 is too small")])
def test_cli_recall_names_the_budget_flag(project, capsys, value, problem):
    assert main(["recall", "cart", "--root", str(project), "--budget", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'--budget'" in err and problem in err and "budget=" not in err


def test_nothing_matched_prints_nothing_and_logs_nothing(project, capsys):
    assert main(["recall", "zzzqqq", "--root", str(project)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and "nothing in the index matches" in captured.err
    assert not (project / ".codepith" / "usage.jsonl").exists()


def test_cli_recall_prints_and_logs(project, capsysbinary):
    assert (
        main(
            [
                "recall",
                "shopping cart",
                "--root",
                str(project),
                "--budget",
                "200",
                "--paths",
                "src/shop/cart.py",
                "src/shop/orders.py",
            ]
        )
        == 0
    )
    out = capsysbinary.readouterr().out.decode()
    assert out.startswith("# codepith recall") and count_tokens(out) <= 200
    [line] = read_usage(project / ".codepith" / "usage.jsonl")
    assert line["source"] == "cli" and line["session"] is None
    assert line["paths"] == ["src/shop/cart.py", "src/shop/orders.py"]
    assert line["tokens"] == count_tokens(out) and line["budget"] == 200
    assert "symbol:src/shop/cart.py:ShoppingCart" in line["items"]


def test_the_usage_log_keeps_a_salted_hash_of_the_prompt_not_the_prompt(project, capsysbinary):
    log = project / ".codepith" / "usage.jsonl"
    for _ in range(2):
        assert main(["recall", "shopping cart for alice@example.com", "--root", str(project)]) == 0
    assert main(["recall", "fetch cart", "--root", str(project)]) == 0
    raw = log.read_text()
    assert "alice" not in raw and "shopping cart" not in raw and "fetch cart" not in raw
    first, again, other = read_usage(log)
    assert "query" not in first and first["query_chars"] == len("shopping cart for alice@example.com")
    assert first["query_sha256"] == again["query_sha256"] != other["query_sha256"]
    # salted: not the plain SHA-256 of the prompt
    import hashlib

    assert first["query_sha256"] != hashlib.sha256(b"shopping cart for alice@example.com").hexdigest()
    # with --log-prompts the prompt is kept, and hashed the same way
    assert main(["recall", "shopping cart for alice@example.com", "--root", str(project), "--log-prompts"]) == 0
    kept = read_usage(log)[-1]
    assert kept["query"] == "shopping cart for alice@example.com"
    assert kept["query_sha256"] == first["query_sha256"]
    capsysbinary.readouterr()


def test_memory_stats_reads_old_logs_with_prompts_and_new_ones_without(project, capsys):
    log = project / ".codepith" / "usage.jsonl"
    log.parent.mkdir()
    old = {
        "schema": 1,
        "event": "inject",
        "session": "s1",
        "query": "shopping cart",
        "tokens": 40,
        "items": ["symbol:src/shop/cart.py:ShoppingCart"],
    }
    log.write_text(json.dumps(old) + "\n")
    recall(project, "ShoppingCart", budget=300, log=UsageLog(session="s2"))
    assert main(["memory", "stats", "--root", str(project), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sessions"] == 2 and data["injections"] == 2
    pulls = {i["item"]: i["pulls"] for i in data["items"]}
    assert pulls["symbol:src/shop/cart.py:ShoppingCart"] == 2


def test_cli_recall_extra_arguments_need_paths(project, capsys):
    assert main(["recall", "shopping", "cart", "--root", str(project)]) == 2
    assert "quote the query" in capsys.readouterr().err


# --------------------------------------------------------------------------- hook


def test_hook_prints_the_injection_and_logs_the_session(project, monkeypatch, capsysbinary):
    payload = {
        "session_id": "abc",
        "transcript_path": "/x",
        "cwd": str(project),
        "hook_event_name": "UserPromptSubmit",
        "prompt": "fix charge_card rounding",
    }
    code, out, err = run_hook(monkeypatch, capsysbinary, json.dumps(payload).encode(), "--budget", "150")
    assert code == 0 and err == ""
    assert "def charge_card(token: str, amount_cents: int) -> str:" in out and count_tokens(out) <= 150
    assert out == recall(project, payload["prompt"], budget=150, log=False).text
    [line] = read_usage(project / ".codepith" / "usage.jsonl")
    assert line["session"] == "abc" and line["source"] == "hook"
    code, out, _ = run_hook(monkeypatch, capsysbinary, json.dumps(payload).encode(), "--json")
    assert json.loads(out)["hookSpecificOutput"]["additionalContext"].startswith("# codepith recall")


@pytest.mark.parametrize(
    "stdin, reason",
    [
        (b"", "not JSON"),
        (b"not json", "not JSON"),
        (b"[1, 2]", "not a JSON object"),
        (b'{"cwd": "."}', "no string `prompt`"),
        (b'{"prompt": 3}', "no string `prompt`"),
        (b'{"prompt": "x", "cwd": "/no/such/folder"}', "is not a folder"),
        (b"\xff\xfe\x00garbage", "not JSON"),
    ],
)
def test_hook_never_breaks_the_prompt_on_bad_input(monkeypatch, capsysbinary, stdin, reason):
    code, out, err = run_hook(monkeypatch, capsysbinary, stdin)
    assert code == 0 and out == ""
    assert err.startswith("codepith hook: nothing injected:") and reason in err


@pytest.mark.parametrize("value, problem", [("0", "must be a positive number, got 0"), ("5", "5 is too small")])
def test_hook_names_a_bad_budget_as_its_flag(project, monkeypatch, capsysbinary, value, problem):
    payload = json.dumps({"prompt": "cart", "cwd": str(project)}).encode()
    code, out, err = run_hook(monkeypatch, capsysbinary, payload, "--budget", value)
    assert (code, out) == (2, "") and "'--budget'" in err and problem in err
    assert not (project / ".codepith" / "usage.jsonl").exists()


def test_hook_survives_an_unexpected_failure(project, monkeypatch, capsysbinary):
    def boom(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("codepith.cli.memory.recall", boom)
    payload = json.dumps({"prompt": "cart", "cwd": str(project)}).encode()
    code, out, err = run_hook(monkeypatch, capsysbinary, payload)
    assert (code, out) == (0, "") and "disk on fire" in err


#: one character of each class, for prompts made of a single class
CLASSES = {
    "spaces": " ",
    "newlines": "\n",
    "letters": "q",
    "digits": "7",
    "hex": "0123456789abcdef",
    "punctuation": "!",
    "cjk": "\u4e2d",
    "emoji": "\U0001f600",
    "path": "a/b.",
    "camel": "fooBar_",
}


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_a_megabyte_prompt_of_one_class_is_answered(project, monkeypatch, capsysbinary, hang_guard, name):
    chars = CLASSES[name]
    prompt = "fix charge_card rounding " + chars * (1_000_000 // len(chars.encode()))  # 1 MB of UTF-8
    payload = json.dumps({"prompt": prompt, "cwd": str(project)}, ensure_ascii=False).encode()
    code, out, err = run_hook(monkeypatch, capsysbinary, payload)
    assert code == 0 and "def charge_card(" in out, err
    assert (
        err.startswith(f"codepith hook: warning: the query is {len(prompt):,} characters long; recall read its first ")
        and err.endswith(" (at most 20,000)\n")
        and err.count("\n") == 1
    ), err


def test_recall_reads_a_long_query_up_to_its_limit(project):
    from codepith.memory.recall import MAX_QUERY_CHARS

    found = recall(project, "charge_card " + "q" * 3 * MAX_QUERY_CHARS, log=False)
    assert "def charge_card(" in found.text
    assert (
        found.warnings[0] == f"the query is {3 * MAX_QUERY_CHARS + 12:,} characters long; recall read "
        f"its first {MAX_QUERY_CHARS:,} (at most {MAX_QUERY_CHARS:,})"
    )


# --------------------------------------------------------------------------- usage


def _append(args):
    path, worker = args
    for i in range(25):
        injection = Injection(
            f"q{worker}-{i}" + "x" * 300, [f"symbol:a.py:f{worker}_{i}"] * 20, i, 600, "o200k_base", []
        )
        log_injection(path, injection, UsageLog(source="cli", session=f"s{worker}"))


def test_16_concurrent_appenders_lose_no_line(tmp_path):
    path = str(tmp_path / ".codepith" / "usage.jsonl")
    with multiprocessing.get_context("spawn").Pool(16) as pool:
        pool.map(_append, [(path, w) for w in range(16)])
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert len(lines) == 16 * 25
    records = [json.loads(line) for line in lines]  # none torn or interleaved
    assert sorted(r["items"][0] for r in records) == sorted(
        f"symbol:a.py:f{w}_{i}" for w in range(16) for i in range(25)
    )
    assert len({r["query_sha256"] for r in records}) == 16 * 25  # one salt, made once, distinct queries


def test_stats_fold_pulls_per_item_and_list_idle_ones():
    def rec(session, items):
        return {"event": "inject", "session": session, "items": items, "tokens": 10}

    records = [
        rec("s1", ["symbol:a.py:f", "rule:r.md#A"]),
        rec("s1", ["symbol:a.py:f"]),
        rec(None, ["symbol:b.py:g"]),  # a recall run: a session of its own
        rec("s2", ["symbol:a.py:f"]),
        rec("s3", ["symbol:c.py:h"]),
        rec("s4", ["symbol:c.py:h"]),
    ]
    stats = usage_stats(records, idle_after=3, known=["rule:r.md#A", "rule:r.md#Never"])
    assert (stats.sessions, stats.injections, stats.tokens) == (5, 6, 60)
    by = {s.item: s for s in stats.items}
    assert (by["symbol:a.py:f"].pulls, by["symbol:a.py:f"].sessions, by["symbol:a.py:f"].idle_sessions) == (3, 2, 2)
    assert by["symbol:c.py:h"].pulls == 2 and by["symbol:c.py:h"].idle_sessions == 0
    assert stats.items[0].item == "symbol:a.py:f"
    candidates = [(s.item, s.pulls, s.idle_sessions) for s in stats.candidates]
    assert candidates == [("rule:r.md#Never", 0, 5), ("rule:r.md#A", 1, 4), ("symbol:b.py:g", 1, 3)]
    assert usage_stats(records, idle_after=6, known=["rule:r.md#Never"]).candidates == []
    with pytest.raises(InvalidOption, match="must be a positive number, got 0") as caught:
        usage_stats(records, idle_after=0)
    assert caught.value.parameter == "idle_after"


def test_stats_cli_names_the_sessions_flag(project, capsys):
    assert main(["memory", "stats", "--root", str(project), "--sessions", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'--sessions'" in err and "must be a positive number, got 0" in err
    assert "idle_after" not in err


def test_stats_cli_reads_the_log_and_never_evicts(project, capsys):
    for q in ("shopping cart", "fetch cart", "refunds"):
        recall(project, q, budget=300, log=UsageLog(session=None))
    before = sorted(p.name for p in (project / ".claude" / "rules").iterdir())
    assert main(["memory", "stats", "--root", str(project), "--sessions", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 injections in 3 sessions" in out and "eviction candidates (not pulled in the last 1 sessions)" in out
    # the Refunds section was pulled by the last run; Logging never was
    assert "  rule:.claude/rules/payments.md#Logging  (never pulled, idle 3)" in out
    assert "rule:.claude/rules/payments.md#Refunds  (" not in out
    assert sorted(p.name for p in (project / ".claude" / "rules").iterdir()) == before
    assert main(["memory", "stats", "--root", str(project), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sessions"] == 3 and data["items"]
    (project / ".codepith" / "usage.jsonl").write_text('not json\n{"event": "inject", "items": ["x"]}\n')
    assert main(["memory", "stats", "--root", str(project)]) == 0
    assert "1 injections in 1 sessions" in capsys.readouterr().out


def test_usage_log_path_outside_cwd_and_relative_root(project, monkeypatch, capsys):
    monkeypatch.chdir(project)
    assert main(["recall", "cart", "--budget", "100"]) == 0
    capsys.readouterr()
    assert os.path.exists(project / ".codepith" / "usage.jsonl")


def test_recall_bytes_are_independent_of_the_hash_seed(project):
    import subprocess
    import sys

    outputs = set()
    for seed in ("0", "7", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "codepith",
                "recall",
                "cart order charge",
                "--root",
                str(project),
                "--budget",
                "300",
                "--no-log",
            ],
            capture_output=True,
            env=env,
            timeout=120,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr
        outputs.add(proc.stdout)
        (project / ".codepith" / "recall.sqlite").unlink()
    assert len(outputs) == 1 and outputs.pop().startswith(b"# codepith recall")


def _no_agent_env(monkeypatch):
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)


def test_hook_without_cwd_outside_any_project_indexes_nothing(tmp_path, monkeypatch, capsysbinary):
    """Run from a folder such as /tmp with no `cwd` in its input: no walk of
    the working folder, no index written there; one line on stderr, exit 0."""
    from codepith.core.discover import repository_root

    if repository_root(str(tmp_path)) is not None:
        pytest.skip("the temporary folder lies inside a git repository")
    _no_agent_env(monkeypatch)
    make_tree(tmp_path, {"stray.py": "def charge_card():\n    pass\n"})
    monkeypatch.chdir(tmp_path)
    code, out, err = run_hook(monkeypatch, capsysbinary, json.dumps({"prompt": "charge_card"}).encode())
    assert code == 0 and out == ""
    assert err.count("\n") == 1 and "no project found" in err and "give --root" in err
    assert not (tmp_path / ".codepith").exists()


def test_hook_without_cwd_takes_the_agents_project_folder(project, tmp_path_factory, monkeypatch, capsysbinary):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    monkeypatch.chdir(elsewhere)
    code, out, err = run_hook(monkeypatch, capsysbinary, json.dumps({"prompt": "charge_card"}).encode())
    assert code == 0 and err == "" and "def charge_card(" in out
    assert (project / ".codepith").is_dir() and not (elsewhere / ".codepith").exists()


def test_hook_without_cwd_takes_the_git_repository_of_its_folder(project, monkeypatch, capsysbinary):
    """From a subfolder of a repository: the repository's top, never the
    subfolder alone and never a folder above it."""
    _no_agent_env(monkeypatch)
    (project / ".git").mkdir()
    monkeypatch.chdir(project / "src" / "shop" / "payments")
    code, out, err = run_hook(monkeypatch, capsysbinary, json.dumps({"prompt": "fetchCart shopping"}).encode())
    assert code == 0 and err == ""
    assert "fetchCart" in out  # web/api.ts: outside the working folder, inside the repository
    assert (project / ".codepith").is_dir() and not (project / "src" / "shop" / "payments" / ".codepith").exists()
    assert not (project.parent / ".codepith").exists()
