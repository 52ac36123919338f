"""Lessons: hand-written facts in LESSONS.md, added, superseded, consolidated, pruned and recalled."""

import io
import json
import multiprocessing
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codepith.cli import main
from codepith.core.tokens import count_tokens
from codepith.fs import jsonl
from codepith.memory.lesson_use import relevant_lessons, similar_lessons
from codepith.memory.lessons import LessonError, add_lesson, load_lessons, parse_lessons
from codepith.memory.recall import recall
from memory_trees import PROJECT, make_tree

RETRY = "The payment reconciler retries with exponential backoff because the provider's 429 has no Retry-After."
RETRY_NOW = "The payment reconciler retries three times, then parks the order for a person to look at."


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "repo"
    make_tree(root, PROJECT)
    return root


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_add_recall_supersede_and_the_old_fact_is_never_recalled_again(project, capsys):
    code, out, err = run(capsys, "memory", "add", RETRY, "--paths", "src/shop/payments/**", "--root", str(project))
    assert code == 0 and err == ""
    old = load_lessons(project).lessons[0]
    assert old.id in out and old.paths == ["src/shop/payments/**"] and old.text == RETRY
    # recalled by its path, and by its words
    code, out, _ = run(
        capsys,
        "recall",
        "fix charge_card",
        "--paths",
        "src/shop/payments/stripe.py",
        "--root",
        str(project),
        "--budget",
        "300",
    )
    assert code == 0 and RETRY in out and "charge_card" in out
    assert RETRY in recall(project, "why does the reconciler use exponential backoff", log=False).text
    line = json.loads((project / ".codepith" / "usage.jsonl").read_text().splitlines()[0])
    assert f"lesson:{old.id}" in line["items"]

    code, out, _ = run(capsys, "memory", "supersede", old.id, "--by", RETRY_NOW, "--root", str(project))
    assert code == 0 and f"{old.id} superseded by" in out
    lessons = load_lessons(project)
    old_now, new = lessons.lessons
    assert old_now.superseded_by == new.id and new.supersedes == old.id
    assert new.paths == ["src/shop/payments/**"]  # taken from the fact it replaces
    assert old_now.text == RETRY  # kept as history
    for query, paths in (
        ("fix charge_card", ["src/shop/payments/stripe.py"]),
        ("why does the reconciler use exponential backoff", []),
    ):
        text = recall(project, query, paths=paths, log=False, budget=300).text
        assert RETRY not in text and old.id not in text
    assert RETRY_NOW in recall(project, "fix charge_card", paths=["src/shop/payments/stripe.py"], log=False).text
    code, out, _ = run(capsys, "memory", "list", "--root", str(project))
    assert new.id in out and old.id not in out
    code, out, _ = run(capsys, "memory", "list", "--all", "--json", "--root", str(project))
    assert [x["status"] for x in json.loads(out)] == [f"superseded by {new.id}", "live"]


def test_the_prompt_hook_injects_relevant_lessons_within_its_budget(project, monkeypatch, capsysbinary):
    add_lesson(project, "Carts are never persisted between sessions; totals are recomputed", ["src/shop/cart.py"])
    payload = json.dumps({"prompt": "why is the shopping cart total recomputed", "cwd": str(project)}).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(payload)))
    assert main(["hook", "user-prompt-submit", "--budget", "200"]) == 0
    out = capsysbinary.readouterr().out.decode()
    assert "Carts are never persisted" in out and count_tokens(out) <= 200


def _add_many(args):
    root, worker = args
    for i in range(8):
        add_lesson(root, f"worker {worker} fact {i}", [f"src/w{worker}/**"])


def test_concurrent_adds_from_several_processes_lose_nothing(project):
    with multiprocessing.get_context("spawn").Pool(6) as pool:
        pool.map(_add_many, [(str(project), w) for w in range(6)])
    lessons = load_lessons(project)
    assert lessons.warnings == []
    assert sorted(x.text for x in lessons.lessons) == sorted(f"worker {w} fact {i}" for w in range(6) for i in range(8))
    assert len({x.id for x in lessons.lessons}) == 48


def test_hand_edits_and_untouched_lessons_keep_their_bytes(project):
    (project / "LESSONS.md").write_text(
        "# Our lessons\n\nWritten by the team.\n\n## L0000abcd\n- paths: `src/**`\n- added: 2026-01-01T00:00:00Z\n\n"
        "Orders are\nimmutable once placed.\n"
    )
    before = (project / "LESSONS.md").read_text()
    add_lesson(project, "Refunds go through refund_charge", ["src/shop/payments/**"])
    after = (project / "LESSONS.md").read_text()
    assert after.startswith(before.rstrip("\n") + "\n\n## L")
    first, second = load_lessons(project).lessons
    assert first.id == "L0000abcd" and first.text == "Orders are immutable once placed."
    assert second.text == "Refunds go through refund_charge"


def _usage(project, sessions: int, items=()) -> None:
    path = project / ".codepith" / "usage.jsonl"
    for n in range(sessions):
        jsonl.append(
            path,
            {
                "event": "inject",
                "time": f"2999-01-01T00:00:{n:02d}Z",
                "session": f"s{n}",
                "tokens": 10,
                "items": list(items) if n == 0 else [],
            },
        )


def test_prune_is_a_dry_run_by_default_and_marks_with_yes(project, capsys):
    idle = add_lesson(project, "Stock counts are eventually consistent", ["src/shop/**"])
    pulled = add_lesson(project, "Orders are immutable once placed", ["src/shop/orders.py"])
    _usage(project, 3, items=[f"lesson:{pulled.id}"])
    before = (project / "LESSONS.md").read_bytes()
    code, out, _ = run(capsys, "memory", "prune", "--sessions", "3", "--root", str(project))
    assert code == 0 and idle.id in out and pulled.id not in out and "dry run" in out
    assert (project / "LESSONS.md").read_bytes() == before  # nothing changed
    code, out, _ = run(capsys, "memory", "prune", "--sessions", "3", "--root", str(project), "--yes")
    assert code == 0 and "pruned 1 lesson" in out
    lessons = {x.id: x for x in load_lessons(project).lessons}
    assert lessons[idle.id].pruned and not lessons[idle.id].live and lessons[pulled.id].live
    assert "eventually consistent" not in recall(project, "stock counts", paths=["src/shop/cart.py"], log=False).text


def test_a_lesson_added_after_the_sessions_is_never_proposed(project, capsys):
    _usage(project, 5)
    fresh = add_lesson(project, "Stock counts are eventually consistent", ["src/shop/**"])
    # the log's sessions are dated 2999 (later than now); date the lesson after them
    text = (project / "LESSONS.md").read_text().replace(fresh.added, "2999-12-31T00:00:00Z")
    (project / "LESSONS.md").write_text(text)
    code, out, _ = run(capsys, "memory", "prune", "--sessions", "1", "--root", str(project))
    assert code == 0 and "nothing to prune" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["memory", "supersede", "Lffffffff", "--by", "x"], "no lesson 'Lffffffff'"),
        (["memory", "add", "   "], "the fact is empty"),
        (["memory", "add", "x", "--supersedes", "nope"], "no lesson 'nope'"),
        (["memory", "add", "x", "--paths", "a`b"], "backquote"),
    ],
)
def test_bad_input_is_one_clear_line(project, capsys, args, message):
    add_lesson(project, "Orders are immutable once placed", ["src/shop/orders.py"])
    code, out, err = run(capsys, *args, "--root", str(project))
    assert code == 1 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_superseding_a_superseded_lesson_names_its_successor(project):
    old = add_lesson(project, "Orders are immutable once placed", ["src/shop/orders.py"])
    new = add_lesson(project, "Orders are immutable once paid", supersedes=old.id)
    with pytest.raises(LessonError, match=f"already superseded by {new.id}; supersede {new.id} instead"):
        add_lesson(project, "Orders can change until shipped", supersedes=old.id)


def test_a_glob_that_matches_nothing_is_a_warning_and_the_lesson_is_kept(project, capsys):
    code, out, err = run(
        capsys, "memory", "add", "Old API", "--paths", "legacy/**", "src/shop/*.py", "--root", str(project)
    )
    assert code == 0 and "added" in out
    assert err.count("\n") == 1 and "'legacy/**' matches no file" in err and "src/shop" not in err
    assert load_lessons(project).lessons[0].paths == ["legacy/**", "src/shop/*.py"]


def test_consolidate_lists_near_duplicates_and_contradictions_only(project, capsys):
    a = add_lesson(project, "Payment retries use exponential backoff with jitter", ["src/shop/payments/**"])
    b = add_lesson(project, "Payment retries use exponential backoff and jitter always", ["src/shop/payments/**"])
    c = add_lesson(project, "Never retry payment calls from the web client", ["src/shop/payments/**"])
    d = add_lesson(project, "Payment calls from the web client retry once", ["src/shop/payments/**"])
    add_lesson(project, "The storefront is written in TypeScript", ["web/**"])
    pairs = {(p.a.id, p.b.id): p.kind for p in similar_lessons(project)}
    assert pairs == {(a.id, b.id): "duplicate", (c.id, d.id): "contradiction"}
    code, out, _ = run(capsys, "memory", "consolidate", "--root", str(project))
    assert code == 0 and "duplicate:" in out and "contradiction:" in out and "memory supersede" in out


def test_lessons_file_that_is_hand_broken_is_read_with_warnings():
    lessons = parse_lessons("## L00000001\n- colour: red\n\nA fact.\n## L00000001\n\nAgain.\n## L00000002\n")
    assert [x.id for x in lessons.lessons] == ["L00000001", "L00000002"]
    assert any("unknown key 'colour'" in w for w in lessons.warnings)
    assert any("a second lesson L00000001" in w for w in lessons.warnings)
    assert any("has no text" in w for w in lessons.warnings)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    facts=st.lists(
        st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=300).filter(
            lambda s: s.strip()
        ),
        min_size=1,
        max_size=6,
    ),
    budget=st.integers(min_value=40, max_value=400),
)
def test_recall_with_lessons_never_goes_over_its_budget(project, facts, budget):
    (project / "LESSONS.md").unlink(missing_ok=True)
    for fact in facts:
        add_lesson(project, fact + " cart", ["src/shop/**"])
    pick = relevant_lessons(project, "cart", ["src/shop/cart.py"], budget // 3)
    assert pick.tokens <= budget // 3 and (not pick.text or count_tokens(pick.text) == pick.tokens)
    result = recall(project, "shopping cart", paths=["src/shop/cart.py"], budget=budget, log=False)
    assert result.tokens == count_tokens(result.text) <= budget
    assert all(i.split(":", 1)[1] in result.text for i in result.items if i.startswith("lesson:"))
    assert os.path.exists(project / "LESSONS.md")


def test_no_prompt_text_reaches_the_usage_log_by_default(project, monkeypatch, capsysbinary):
    add_lesson(project, "Carts are never persisted between sessions", ["src/shop/cart.py"])
    prompt = "why is alice@example.com's shopping cart not persisted"
    payload = json.dumps({"prompt": prompt, "cwd": str(project), "session_id": "s1"}).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(payload)))
    assert main(["hook", "user-prompt-submit"]) == 0
    assert main(["recall", prompt, "--root", str(project)]) == 0
    assert "Carts are never persisted" in capsysbinary.readouterr().out.decode()
    state = b"".join(p.read_bytes() for p in (project / ".codepith").iterdir() if p.is_file())
    assert b"alice" not in state and b"cart not persisted" not in state
    records = [json.loads(x) for x in (project / ".codepith" / "usage.jsonl").read_text().splitlines()]
    assert len(records) == 2 and all("query" not in r and len(r["query_sha256"]) == 64 for r in records)
    assert all(any(i.startswith("lesson:") for i in r["items"]) for r in records)


def test_prompts_are_kept_only_when_the_project_opts_in(project, capsys):
    assert main(["recall", "shopping cart", "--root", str(project)]) == 0
    (project / ".codepith.toml").write_text("[memory]\nlog_prompts = true\n")
    assert main(["recall", "shopping cart", "--root", str(project)]) == 0
    first, second = [json.loads(x) for x in (project / ".codepith" / "usage.jsonl").read_text().splitlines()]
    assert "query" not in first and second["query"] == "shopping cart"
    (project / ".codepith.toml").write_text("[memory]\nlog_prompts = 'yes'\n")
    code, out, err = run(capsys, "recall", "shopping cart", "--root", str(project))
    assert code == 1 and "log_prompts" in err and len(err.strip().splitlines()) == 1


def test_a_lessons_file_that_is_a_link_is_never_read_or_written_through(project, tmp_path, capsys):
    outside = tmp_path / "outside.md"
    outside.write_text("## L00000001\n\nA planted fact about the shopping cart.\n")
    (project / "LESSONS.md").symlink_to(outside)
    code, out, err = run(capsys, "memory", "add", "x", "--root", str(project))
    assert code == 1 and "symlink" in err and len(err.strip().splitlines()) == 1
    result = recall(project, "shopping cart", log=False)
    assert result.text and "planted" not in result.text
    assert any("LESSONS.md" in w and "symlink" in w for w in result.warnings)
    assert outside.read_text() == "## L00000001\n\nA planted fact about the shopping cart.\n"


@pytest.mark.parametrize(
    "fact, paths, message",
    [
        ("n\udce9 fact", [], "not text"),
        ("fact", ["src/\nx"], "control character"),
    ],
)
def test_facts_and_globs_that_are_not_text_are_refused(project, fact, paths, message):
    with pytest.raises(LessonError, match=message):
        add_lesson(project, fact, paths)
    assert not (project / "LESSONS.md").exists()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    fact=st.text(min_size=1, max_size=200).filter(lambda s: s.strip() and s.isprintable()),
    globs=st.lists(
        st.text(min_size=1, max_size=30).filter(lambda s: s.strip() and s.isprintable() and "`" not in s), max_size=3
    ),
)
def test_what_is_added_reads_back_the_same(project, fact, globs):
    (project / "LESSONS.md").unlink(missing_ok=True)
    lesson = add_lesson(project, fact, globs)
    again = load_lessons(project)
    assert again.warnings == [] and [x.id for x in again.lessons] == [lesson.id]
    assert again.lessons[0].text == " ".join(fact.split()) and again.lessons[0].paths == lesson.paths
