"""Guide-constrained extraction: the model chooses, the guide and the parser decide.

Every line the backend returns is parsed again with the alphabet's parser and, in
strict mode, must be one of the guide's candidates; anything else is rejected with
its reason and never becomes a fact. A rejected answer is regenerated from its
longest valid prefix, a bounded number of times.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from logic.alphabet import Alphabet
from logic.diagnostics import StatementError
from logic.extraction.backends import Backend, backend_get
from logic.extraction.grammar import (
    END,
    NONE,
    Constraint,
    GuideMode,
    constraint_compile,
)
from logic.extraction.guide import Candidate, Guide, guide_build
from logic.extraction.options import ExtractionOptions
from logic.extraction.prompt import prompt_build
from logic.statements import Statement, Unclear, statement_parse

_LINE = re.compile(r'^\s*"(?P<quote>[^"]*)"\s*=>\s*(?P<statement>.*?)\s*$')


@dataclass(frozen=True)
class Evidence:
    """The words that produced a statement: offsets into the transcript (None when
    an unguided model gave a statement with no words to show for it)."""

    statement: str
    start: int | None
    end: int | None
    note: str = ""


# Why a value the nurse's words ask to leave out was left out, as the confirmation
# says it: "Not recorded: Temp 41 °C (as asked)".
WITHHELD = {"forbidden": "as asked", "unmeasured": "not measured"}


@dataclass(frozen=True)
class NotRecorded:
    """A statement the words name that is not a current, asserted observation of
    this patient, with the ConText categories that say why ("historical",
    "hypothetical", "range", "conflict", "forbidden", "unmeasured"...), its words
    and the statement itself (``parsed``)."""

    statement: str
    start: int
    end: int
    context: tuple[str, ...]
    parsed: Statement | None = field(default=None, compare=False)

    @property
    def instruction(self) -> bool:
        """Whether the nurse's words told the system not to record it ("do not
        chart that"): the instruction was followed."""
        return "forbidden" in self.context

    @property
    def reason(self) -> str:
        """Why it was left out where the words asked for that ("as asked", "not
        measured"), else ""."""
        return next((WITHHELD[c] for c in WITHHELD if c in self.context), "")


@dataclass(frozen=True)
class Rejection:
    """A line of model output that did not become a fact, and why."""

    line: str
    reason: str


@dataclass(frozen=True)
class Extraction:
    """The result of extracting one utterance."""

    text: str
    statements: tuple[Statement, ...]
    evidence: tuple[Evidence, ...]
    unclear: tuple[str, ...]
    rejected: tuple[Rejection, ...] = ()
    raw: tuple[str, ...] = ()
    violations: int = 0
    ms: int = 0
    tokens: int = 0
    canonical: tuple[str, ...] = field(default=(), compare=False)
    questions: tuple[str, ...] = ()
    instructions: tuple[str, ...] = ()
    not_recorded: tuple[NotRecorded, ...] = ()

    @property
    def instruction(self) -> bool:
        """Whether the words held an instruction addressed to the system (none of
        it was done); the app records this in its audit trail."""
        return bool(self.instructions)

    @property
    def withheld(self) -> dict[Statement, str]:
        """Statements left out because the words said so ("do not record",
        "not measured"), with why, for ``confirmation_text(withheld=...)``."""
        return {
            n.parsed: n.reason
            for n in self.not_recorded
            if n.parsed is not None and n.reason
        }

    @property
    def said(self) -> dict[Statement, str]:
        """What was said where it differs from the recorded value ("98.4 °F"),
        for ``confirmation_text(said=...)``."""
        return {
            s: e.note
            for s, e in zip(self.statements, self.evidence, strict=True)
            if e.note
        }

    def to_json(self) -> dict[str, Any]:
        """The JSON object ``python -m logic extract`` prints."""
        return {
            "statements": list(self.canonical),
            "unclear": list(self.unclear),
            "evidence": [
                {"statement": e.statement, "start": e.start, "end": e.end}
                | ({"said": e.note} if e.note else {})
                for e in self.evidence
            ],
            "rejected": [{"line": r.line, "reason": r.reason} for r in self.rejected],
            "ms": self.ms,
            "questions": list(self.questions),
            "instruction": self.instruction,
            "instructions": list(self.instructions),
            "not_recorded": [
                {
                    "statement": n.statement,
                    "start": n.start,
                    "end": n.end,
                    "context": list(n.context),
                    "instruction": n.instruction,
                }
                for n in self.not_recorded
            ],  # fmt: skip
        }


class _Judge:
    """Validates output lines one by one against the alphabet and the guide."""

    def __init__(self, guide: Guide, alphabet: Alphabet, constraint: Constraint):
        self.guide, self.alphabet, self.constraint = guide, alphabet, constraint
        self.accepted: list[tuple[Statement, Evidence, str]] = []
        self.rejected: list[Rejection] = []
        self.violations = 0

    def line(self, line: str) -> bool:
        """Accept or reject one line; False when it was rejected."""
        match = _LINE.match(line)
        quote, text = (match["quote"], match["statement"]) if match else ("", line)
        if text == NONE:
            return True
        try:
            parsed = statement_parse(text, self.alphabet)
        except StatementError as error:
            self.violations += 1
            return self.reject(line, str(error))
        if isinstance(parsed, Unclear):
            return self.reject(line, "unclear parts come from the guide, not the model")
        if any(parsed == s for s, _, _ in self.accepted):
            return True
        candidate = next(
            (c for c in self.guide.candidates if c.statement == parsed), None
        )
        reason = self.unsupported(parsed, candidate)
        if reason:
            return self.reject(line, reason)
        canonical = parsed.canonical(self.alphabet)
        start, end = self.evidence(quote, candidate)
        note = candidate.note if candidate is not None else ""
        self.accepted.append((parsed, Evidence(canonical, start, end, note), quote))
        return True

    def unsupported(self, statement: Statement, candidate: Candidate | None) -> str:
        mode = self.constraint.mode
        if mode is GuideMode.STRICT and candidate is None:
            return "not supported by the nurse's words (not a guide candidate)"
        canonical = statement.canonical(self.alphabet)
        if mode is GuideMode.RELAXED and canonical not in self.constraint.lines:
            return "value not said in the utterance"
        if mode is not GuideMode.OFF and any(
            self.group(statement) == self.group(s) for s, _, _ in self.accepted
        ):
            return f"a second value for {statement.type}"
        return ""

    def group(self, statement: Statement) -> str:
        """One value per latest-value type; every value of a background type."""
        condition = self.alphabet.conditions.get(statement.type)
        if statement.family == "condition" and condition and condition.accumulates:
            return f"{statement.type}:{statement.value}"
        return statement.type

    def chosen(self) -> list[Candidate]:
        return [
            c
            for c in self.guide.candidates
            if any(c.statement == s for s, _, _ in self.accepted)
        ]

    def evidence(
        self, quote: str, candidate: Candidate | None
    ) -> tuple[int | None, int | None]:
        if candidate is not None:
            return candidate.start, candidate.end
        found = self.guide.text.lower().find(quote.lower()) if quote.strip() else -1
        return (found, found + len(quote)) if found >= 0 else (None, None)

    def reject(self, line: str, reason: str) -> bool:
        self.rejected.append(Rejection(line, reason))
        return False

    def prefix(self) -> str:
        return "".join(f"{_quoted(q)} => {e.statement}\n" for _, e, q in self.accepted)


def _quoted(quote: str) -> str:
    return f'"{quote}"'


def extract(
    text: str,
    *,
    alphabet: Alphabet,
    state: Mapping[str, object] | None = None,
    options: ExtractionOptions | None = None,
    backend: Backend | None = None,
) -> Extraction:
    """Extract the statements of one utterance under the guide ``options.guide``.

    ``state`` holds the patient's current values only (``{"temperature": 38.6}``).
    """
    started = time.perf_counter()
    options = options or ExtractionOptions()
    guide = guide_build(text, alphabet, state)
    constraint = constraint_compile(guide, alphabet, options.guide)
    judge = _Judge(guide, alphabet, constraint)
    raw, tokens = [], 0
    # Strict mode with no candidate: the words allow nothing, so nothing is asked.
    if options.guide is not GuideMode.STRICT or guide.candidates:
        backend = backend or backend_get(options)
        prompt = prompt_build(guide.model_text(), alphabet, state)
        retries = options.retries if options.guide is not GuideMode.OFF else 0
        feedback = ""
        for _ in range(1 + retries):
            output = backend.generate(
                prompt, constraint, prefix=judge.prefix(), feedback=feedback
            )
            raw.append(output.text)
            tokens += output.tokens
            lines = [x for x in output.lines if x.strip() != END]
            # Every line is judged, so that every violation is counted.
            if all([judge.line(x) for x in lines]):
                break
            feedback = judge.rejected[-1].reason
    return Extraction(
        text=text,
        statements=tuple(s for s, _, _ in judge.accepted),
        evidence=tuple(e for _, e, _ in judge.accepted),
        unclear=_unclear(guide, judge, options.guide),
        rejected=tuple(judge.rejected),
        raw=tuple(raw),
        violations=judge.violations,
        ms=round((time.perf_counter() - started) * 1000),
        tokens=tokens,
        canonical=tuple(e.statement for _, e, _ in judge.accepted),
        questions=guide.questions,
        instructions=guide.instructions,
        not_recorded=tuple(
            NotRecorded(
                c.statement.canonical(alphabet),
                c.start,
                c.end,
                tuple(sorted(c.context)),
                c.statement,
            )
            for c in guide.excluded
        ),
    )


def _unclear(guide: Guide, judge: _Judge, mode: GuideMode) -> tuple[str, ...]:
    """The guide's unclear parts, plus (in strict mode) candidates the model left
    out: words about the patient are shown, never dropped silently."""
    parts = [u.text for u in guide.unclear]
    if mode is GuideMode.STRICT:
        chosen = {c.group for c in judge.chosen()}
        for candidate in guide.candidates:
            if candidate.group not in chosen:
                parts.append(guide.quote(candidate))
                chosen.add(candidate.group)
    return tuple(dict.fromkeys(parts))
