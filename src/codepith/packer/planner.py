"""The planner of a pack run: which form each file enters in (whole, or a
compression), in order, under the budgets; then the output, its sizes and
the audit line.

A file's forms come in order of preference: whole (a dependency: compressed
to ``deps_level``), then, where an optional file may be compacted, its
``signatures`` and ``outline`` compressions, made only when asked. A file is
classified once by :func:`codepith.core.verdict.classify` before its first
compression, so a binary, minified or generated file gets the verdict (and
the reason) it gets everywhere else: it keeps only its whole form, with a
warning.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.compress import LEVELS
from ..core.languages import detect_language
from ..core.literals import Level
from ..core.tokens import count_tokens
from ..core.verdict import Verdict, classify, compress_classified, wide_encoding
from ..errors import TokenizerFailed
from ..fs.paths import display_name
from .diffs import Hunk, join_hunks
from .intake import Intake
from .layout import Form
from .results import PackResult
from .run import Entry, Run

__all__ = ["Planner"]

#: what a file's block holds besides its content, per format: a fit message counts it
_WRAPPING = {"markdown": "its heading and fence", "xml": "its <file> tags", "json": "its JSON entry"}


class Planner:
    """Fills the output of ``run`` with its entries, reading them through ``intake``."""

    def __init__(self, run: Run, intake: Intake) -> None:
        self.run = run
        self.intake = intake

    # ------------------------------------------------------------ forms

    def read(self, entry: Entry) -> bool:
        """Read ``entry`` and list its forms; False when it cannot be read."""
        data = self.intake.read(entry) if entry.given is None else self.intake.take(entry)
        if data is None:
            return False
        try:
            self.prepare(entry, data)
        except TokenizerFailed as exc:  # its tokens cannot be counted: it cannot enter, the rest goes on
            entry.problem, entry.detail = "uncountable", str(exc)
            self.intake.refuse(entry)
            return False
        return True

    def prepare(self, entry: Entry, data: bytes) -> None:
        """Count ``entry``'s bytes, make its whole form, and list the forms it
        may take, in order of preference."""
        run = self.run
        item = entry.item
        item.bytes = len(data)
        item.tokens = count_tokens(data, encoding=run.encoding)
        wide = wide_encoding(data) if entry.given is None else None  # given content is UTF-8 text
        if wide is None:
            entry.whole = run.layout.form(
                item.path, data.decode("utf-8", "surrogateescape"), None, [], item.bytes, item.tokens
            )
        else:  # UTF-16/32 text enters whole as the same text in UTF-8, its BOM left out
            text = data.decode(wide, "replace").removeprefix("\ufeff")
            utf8 = text.encode("utf-8")
            entry.whole = run.layout.form(
                item.path, text, None, [], len(utf8), count_tokens(utf8, encoding=run.encoding)
            )
        if entry.is_diff:  # its name says what was left out for its content
            entry.whole = self.diff_form(entry, entry.hunks)
        entry.made[None] = entry.whole
        entry.data = data
        first = run.deps_level if entry.dependency else "full"
        entry.levels = [None if first == "full" else first]
        if entry.given is not None or detect_language(item.path) is None:
            entry.levels = [None]  # nothing to compress: whole, whatever the role
        elif run.mode != "fail-closed" and not entry.required:
            entry.levels += [
                lv
                for lv in ("signatures", "outline")
                if lv not in entry.levels and LEVELS.index(lv) > LEVELS.index(first)
            ]

    def forms(self, entry: Entry) -> list[Form]:
        """Every form ``entry`` may take, in order of preference."""
        out = []
        for level in entry.levels:
            form = self.form(entry, level)
            if form is not None:
                out.append(form)
        return out

    def form(self, entry: Entry, level: Level | None) -> Form | None:
        """``entry`` in form ``level``; None when it cannot be compressed to it,
        or comes out the same as a form before it."""
        if level not in entry.made:
            entry.made[level] = self.compressed(entry, level)
            form = entry.made[level]
            if form is not None and any(
                f is not form and f.block == form.block and f.entry == form.entry
                for f in entry.made.values()
                if f is not None
            ):
                entry.made[level] = None
        return entry.made[level]

    def compressed(self, entry: Entry, level: Level | None) -> Form | None:
        """``entry`` compressed to ``level``; None, with a warning, when the
        verdict skips it (once: every compressed form is lost) or the
        compression fails (this form is lost)."""
        assert entry.data is not None and level is not None
        path, run = entry.item.path, self.run
        language = detect_language(path, entry.data)
        assert language is not None  # a file gets compressed forms only in a language codepith compresses
        if not entry.classified:  # once per file, whatever the number of levels tried
            entry.classified = True
            entry.verdict = classify(entry.data, language, include_generated=run.include_generated)
            if entry.verdict is not None:
                run.warn(
                    f"{display_name(path)}: not compressed ({entry.verdict.kind}: {entry.verdict.reason}); "
                    "only its whole form is tried"
                )
        if entry.verdict is not None:
            return None
        r = compress_classified(entry.data, language, level=level, line_refs=True)
        if isinstance(r, Verdict):  # the compression failed; here only this form is lost
            cause = r.reason.removesuffix("; kept whole")
            run.warn(f"{display_name(path)}: cannot be compressed to {level}: {cause}; only its other forms are tried")
            return None
        elided = [(e.start_line, e.end_line) for e in r.elisions if e.kind in ("body", "block", "data")]
        return run.layout.form(
            path,
            r.data.decode("utf-8", "surrogateescape"),
            level,
            elided,
            len(r.data),
            count_tokens(r.data, encoding=run.encoding),
        )

    # ------------------------------------------------------------ filling

    def size(self, extra: Sequence[Form] = (), swap: tuple[Entry, Form] | None = None) -> tuple[int, int]:
        """The document's size with what entered (``swap``: one entry in another
        form), then ``extra``."""
        forms = [swap[1] if swap is not None and e is swap[0] else e.form for e in self.run.chosen]
        return self.run.layout.size([*forms, *extra])  # type: ignore[list-item]

    def enter(self, entry: Entry, form: Form) -> None:
        entry.form = form
        self.run.chosen.append(entry)

    def discard(self, entry: Entry, form: Form, reason: str) -> None:
        """``entry`` does not fit, even as ``form``: a stop in fail-closed mode
        or for a required file, else a warning. The message names the whole
        cost of its block (content, heading and separators), the size the
        budget check counts, against what is left."""
        run = self.run
        entry.item.action, entry.item.reason = "discard", reason
        used, after = self.size(), self.size([form])
        cost, left = [], []
        for budget, i, unit in ((run.byte_budget, 0, "bytes"), (run.token_budget, 1, "tokens")):
            if budget is not None:
                cost.append(f"{after[i] - used[i]} {unit}")
                left.append(f"{max(budget - used[i], 0)} {unit}")
        shape = f"as {form.level}" if form.level else "whole"
        message = (
            f"{display_name(entry.item.path)} does not fit: {reason} ({shape} it takes "
            f"{' and '.join(cost)}, {_WRAPPING[run.layout.fmt]} included; {' and '.join(left)} left of the "
            f"budget of {run.budgets()})"
        )
        if entry.required:
            run.stop(f"required file {message}; raise the budget")
        if run.mode == "fail-closed":
            run.stop(f"{message}; raise the budget", ("mode", "compact"))
        run.warn(f"{message}; {'compact would discard it' if run.mode == 'observe' else 'discarded'}")

    def fill_in_order(self, entry: Entry) -> None:
        """The first form of ``entry`` that fits enters; if none does, it is
        discarded (or the run stops)."""
        tried: tuple[Form, str] | None = None
        for level in entry.levels:
            form = self.form(entry, level)
            if form is None:
                continue
            reason = self.run.over(self.size([form]))
            if not reason:
                self.enter(entry, form)
                return
            tried = (form, reason)
        if tried is None:  # no compression could be made (each was warned about): whole, then
            assert entry.whole is not None
            reason = self.run.over(self.size([entry.whole]))
            if not reason:
                self.enter(entry, entry.whole)
                return
            tried = (entry.whole, reason)
        self.discard(entry, *tried)

    def fill_pr_paths(self, entries: list[Entry], diff: Entry | None = None) -> None:
        """compact and observe: the budget goes to the diff and the PR paths,
        in order. When they do not all fit whole, each PR path that fits in
        its smallest form next to the ones before it enters; then the diff's
        hunks that fit (:meth:`fit_diff`), before them; then each PR path, in
        order, is given the richest form that still fits. So the PR paths'
        bodies go before the diff's hunks, and the hunks before a PR path."""
        over = self.run.over
        wholes: list[Form] = []
        for e in ([diff] if diff else []) + entries:
            assert e.whole is not None  # read, so its whole form is made
            wholes.append(e.whole)
        if not over(self.size(wholes)):  # everything fits whole: nothing to compress
            for entry, whole in zip(([diff] if diff else []) + entries, wholes, strict=True):
                self.enter(entry, whole)
            return
        before = len(self.run.chosen)  # where the diff goes: before the PR paths
        for entry in entries:
            smallest = sorted(self.forms(entry), key=lambda f: (f.nbytes, f.ntokens))
            fit = next((f for f in smallest if not over(self.size([f]))), None)
            if fit is None:
                self.discard(entry, smallest[0], over(self.size(smallest[:1])))
            else:
                self.enter(entry, fit)
        if diff is not None:
            self.fit_diff(diff, before)
        for entry in [e for e in self.run.chosen if e in entries]:
            for form in self.forms(entry):  # the richest first
                if form is entry.form:
                    break
                if not over(self.size(swap=(entry, form))):
                    entry.form = form
                    break

    def diff_form(self, diff: Entry, hunks: list[Hunk], left_out: int | None = None) -> Form:
        """The diff holding only ``hunks``; its name says how many were left
        out (``left_out``: say that many, whatever ``hunks`` holds)."""
        run = self.run
        text = join_hunks(hunks)
        data = text.encode("utf-8", "surrogateescape")
        label = diff.item.path
        left_out = diff.hunks_total - len(hunks) if left_out is None else left_out
        if left_out:
            label += f" (trimmed: {left_out} of {diff.hunks_total} hunks left out)"
        return run.layout.form(label, text, None, [], len(data), count_tokens(data, encoding=run.encoding))

    def fit_diff(self, diff: Entry, at: int) -> None:
        """compact: ``diff`` enters at position ``at`` of the document with
        the hunks that fit, whole hunks only, in order (a later, smaller hunk
        may enter where an earlier one did not); each hunk left out is named
        in the audit and on standard error. The hunks are chosen by their
        own sizes, then the document is counted exactly, and hunks are taken
        off its end until it fits."""
        run, layout, over = self.run, self.run.layout, self.run.over
        chosen = run.chosen

        def size_with(form: Form) -> tuple[int, int]:
            forms = [e.form for e in chosen]
            forms.insert(at, form)
            return layout.size(forms)  # type: ignore[arg-type]

        assert diff.whole is not None
        if not over(size_with(diff.whole)):
            diff.form = diff.whole
            chosen.insert(at, diff)
            return
        hunks = diff.hunks
        cost = [layout.piece(h.text) for h in hunks]
        heads = {h.section: layout.piece(h.head) for h in hunks}
        # the block's cost besides its pieces: with every piece (and the longest name), or with none
        full = size_with(self.diff_form(diff, hunks, left_out=diff.hunks_total))
        pieces = [*cost, *heads.values()]
        empty = size_with(self.diff_form(diff, []))
        base = tuple(max(empty[i], full[i] - sum(c[i] for c in pieces)) for i in (0, 1))
        picked: list[int] = []
        opened: set[int] = set()
        est = base
        for i, hunk in enumerate(hunks):
            head = (0, 0) if hunk.section in opened else heads[hunk.section]
            after = (est[0] + cost[i][0] + head[0], est[1] + cost[i][1] + head[1])
            if not over(after):
                picked.append(i)
                opened.add(hunk.section)
                est = after
        form = self.diff_form(diff, [hunks[i] for i in picked])
        size = size_with(form)
        while picked and over(size):  # the estimate was short: take hunks off the end until the excess is covered
            excess = [max(size[0] - (run.byte_budget or size[0]), 0), max(size[1] - (run.token_budget or size[1]), 0)]
            while picked and (excess[0] > 0 or excess[1] > 0):
                i = picked.pop()
                excess = [excess[0] - cost[i][0], excess[1] - cost[i][1]]
            form = self.diff_form(diff, [hunks[i] for i in picked])
            size = size_with(form)
        reason = over(size_with(diff.whole))
        kept = set(picked)
        diff.item.dropped_hunks += [
            {"file": h.file, "hunk": h.name, "reason": reason} for i, h in enumerate(hunks) if i not in kept
        ]
        if not picked:
            self.discard(diff, diff.whole, reason)
            return
        diff.form = form
        chosen.insert(at, diff)
        dropped = [h for i, h in enumerate(hunks) if i not in kept]
        names = ", ".join(f"{display_name(h.file)} {display_name(h.name)}" for h in dropped[:3])
        more = f" and {len(dropped) - 3} more" if len(dropped) > 3 else ""
        run.warn(
            f"{display_name(diff.item.path)}: {len(dropped)} of {len(hunks)} hunks left out: {reason} "
            f"({names}{more}; the audit names each); raise the budget to keep them"
            + (" (compact would leave them out)" if run.mode == "observe" else "")
        )

    def check_frame(self) -> None:
        """The empty document must fit the budget too."""
        run = self.run
        empty = run.layout.size([])
        reason = run.over(empty)
        if reason:
            message = (
                f"the empty {run.layout.fmt} document alone takes {empty[0]} bytes, {empty[1]} tokens: "
                f"{reason} (budget: {run.budgets()}); raise the budget"
            )
            if run.mode == "fail-closed":
                run.stop(message)
            run.warn(message + ("; nothing is printed" if run.mode == "compact" else ""))

    def fill(self) -> None:
        """Decide every entry that may enter: required, the PR description, the
        diff, PR paths, dependencies."""
        self.check_frame()
        waiting = [e for e in self.run.entries if e.abspath is not None and not e.problem]
        for entry in [e for e in waiting if e.required]:
            if self.read(entry):
                self.fill_in_order(entry)
        given = [e for e in self.run.entries if e.given is not None and not e.problem and self.read(e)]
        for entry in [e for e in given if not e.is_diff]:  # the PR description: whole, or not at all
            self.fill_in_order(entry)
        diff = next((e for e in given if e.is_diff), None)
        prs = [e for e in waiting if e.item.role == "pr-path" and self.read(e)]
        if self.run.mode == "fail-closed":
            for entry in ([diff] if diff else []) + prs:
                self.fill_in_order(entry)
        else:
            self.fill_pr_paths(prs, diff)
        for entry in [e for e in waiting if e.dependency]:
            if self.read(entry):
                self.fill_in_order(entry)

    # ------------------------------------------------------------ the end

    def nothing_packed(self) -> str:
        run = self.run
        if not run.entries:
            return "no file was named: give --required PATH, --pr-path PATH or --diff BASE (or a --profile that does)"
        if run.diff is not None and all(e.problem == "deleted" for e in run.entries):
            return f"--diff {display_name(run.diff)} found no changed file to read"
        verb = "would be" if run.mode == "observe" else "was"
        return f"every path {verb} discarded (see the warnings above, and the audit)"

    def observed(self, size: tuple[int, int]) -> None:
        """observe: the run's status and the line that says what was printed
        (every file read, whole) beside what compact would have packed."""
        run = self.run
        printed = [e for e in run.entries if e.whole is not None]
        for entry in printed:
            entry.item.printed = True
        run.result.status = "observed"
        compact = run.layout.size([e.form for e in run.chosen])  # type: ignore[misc]
        would = (
            f"compact would pack {len(run.chosen)} of them ({compact[0]} bytes, {compact[1]} tokens)"
            if run.chosen
            else "compact would pack none of them"
        )
        run.warn(
            f"observe: {len(printed)} file{'' if len(printed) == 1 else 's'} printed whole "
            f"({size[0]} bytes, {size[1]} tokens; the budget of {run.budgets()} is not applied); {would}"
        )

    def finish(self) -> PackResult:
        """Name the decisions, check the run packed something within the
        budget, and audit it."""
        run = self.run
        for entry in run.chosen:
            form = entry.form
            assert form is not None
            entry.item.action = "inject" if form.level is None else "inject-compressed"
            entry.item.reason = "budget-ok" if form.level is None else f"compressed:{form.level}"
            if entry.item.dropped_hunks:  # the diff, with hunks left out
                entry.item.action, entry.item.reason = "inject-trimmed", "trimmed:hunks"
        if not run.chosen:
            message = "compact would pack nothing: " if run.mode == "observe" else "nothing was packed: "
            if run.mode == "fail-closed":
                run.stop(message + self.nothing_packed())
            run.warn(message + self.nothing_packed())
        self.note_forms()
        self.measure_items()
        if run.mode == "observe":  # every file that was read, whole
            output = run.layout.text([e.whole for e in run.entries if e.whole is not None])
        else:
            output = run.layout.text([e.form for e in run.chosen])  # type: ignore[misc]
        size = run.layout.count(output)
        if run.mode == "observe":
            self.observed(size)
        elif run.over(size):
            output, size = "", (0, 0)  # only the empty document can be over: check_frame warned
        result = run.result
        result.output = output
        result.bytes_used, result.tokens_used = size
        run.audit()
        return result

    def note_forms(self) -> None:
        """In the audit: the compressed form that entered, or for a file that
        did not, the smallest compression tried."""
        for entry in self.run.entries:
            if entry.form is not None:
                form = entry.form if entry.form.level else None
            else:
                tried = [f for f in entry.made.values() if f is not None and f.level]
                form = min(tried, key=lambda f: (f.nbytes, f.ntokens)) if tried else None
            if form is not None:
                item = entry.item
                item.compressed_level, item.compressed_bytes = form.level, form.nbytes
                item.compressed_tokens, item.elided_lines = form.ntokens, form.elided

    def measure_items(self) -> None:
        """Each entered block's share of the output: what it added to the
        document before it (the shares and the empty document sum to the whole)."""
        layout = self.run.layout
        before = layout.size([])
        forms: list[Form] = []
        for entry in self.run.chosen:
            assert entry.form is not None
            forms.append(entry.form)
            after = layout.size(forms)
            entry.item.out_bytes, entry.item.out_tokens = after[0] - before[0], after[1] - before[1]
            before = after
