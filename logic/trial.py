"""Everything that grounds a rule set under validation runs here, in a separate process
with a time and memory limit, so a rule like ``p(X+1) :- p(X).`` is caught instead of
hanging the server: clingo's safety check of each file, a solve of synthetic patients,
and the rule tests. The child is a fresh ``python -m logic.trial`` (not a fork of a
threaded server, and without re-importing whatever ``__main__`` the server has)."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from logic.alphabet import Alphabet
from logic.diagnostics import Diagnostic, LogicError
from logic.program import TimedStatement
from logic.rule_tests import TESTS_FILE, rule_tests_parse, rule_tests_run
from logic.ruleset import RuleSet, ruleset_from_texts
from logic.solver import rules_check
from logic.state import patient_state_solve
from logic.statements import Statement

TRIAL_SECONDS = 10.0
TRIAL_MEMORY_BYTES = 2 * 1024**3
TRIAL_MAX_ATOMS = 500_000
READINGS_PER_TYPE = 48  # two days of hourly observations
Report = Callable[[dict[str, Any]], None]  # one line to the parent
GROWING = (
    "a rule probably builds ever larger terms (like p(X+1) :- p(X).) or compares too "
    "many readings with each other"
)


@dataclass(frozen=True)
class TrialOutcome:
    """What the bounded run found; ``tests`` counts the rule tests that ran."""

    errors: tuple[Diagnostic, ...]
    tests: int = 0


def synthetic_patients(alphabet: Alphabet) -> list[list[TimedStatement]]:
    """A patient with nothing recorded, and one with hourly readings of every type
    sweeping each value range, every condition value and every background fact."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    facts = []
    for hour in range(READINGS_PER_TYPE):
        moment = start + timedelta(hours=hour)
        for m in alphabet.measurements.values():
            step = (m.maximum - m.minimum) / (READINGS_PER_TYPE - 1)
            value = (m.minimum + step * hour).quantize(Decimal(1).scaleb(-m.decimals))
            facts.append(TimedStatement(Statement("data", m.name, value), moment))
        for c in alphabet.conditions.values():
            values = c.values if c.accumulates else (c.values[hour % len(c.values)],)
            facts += [
                TimedStatement(Statement("condition", c.name, v.name), moment)
                for v in values
            ]
    return [[], facts]


def _bounded(
    alphabet_text: str,
    files: dict[str, str],
    tests_text: str | None,
    report: Report,
) -> None:
    """In the child process: report each stage before it starts, then the outcome."""
    resource.setrlimit(resource.RLIMIT_AS, (TRIAL_MEMORY_BYTES, TRIAL_MEMORY_BYTES))
    try:
        rules = ruleset_from_texts(alphabet_text, files)
        errors = _files_ground(files, report) or _synthetic_solve(rules, report)
        if errors:
            report({"errors": [_plain(d) for d in errors]})
            return
        tests = rule_tests_parse(tests_text, rules) if tests_text is not None else []
        report({"stage": "running the rule tests", "file": TESTS_FILE})
        failures = rule_tests_run(tests, rules)
        report({"errors": [_plain(d) for d in failures], "tests": len(tests)})
    except LogicError as error:
        report({"errors": [_plain(d) for d in error.diagnostics]})
    except (MemoryError, RuntimeError):
        report({"memory": True})


def _files_ground(files: dict[str, str], report: Report) -> list[Diagnostic]:
    """Each file grounded on its own; the problems of the first that has any."""
    for name, text in sorted(files.items()):
        report({"stage": f"grounding {name} on its own", "file": name})
        if errors := rules_check([(name, text)]):
            return errors
    return []


def _synthetic_solve(rules: RuleSet, report: Report) -> list[Diagnostic]:
    """The synthetic patients solved; a problem when one grounds too large."""
    report({"stage": "solving synthetic patients", "file": "rules"})
    largest = max(
        patient_state_solve(p, rules=rules).ground_atoms
        for p in synthetic_patients(rules.alphabet)
    )
    return [_too_large(largest)] if largest > TRIAL_MAX_ATOMS else []


def _plain(diagnostic: Diagnostic) -> list[Any]:
    return [diagnostic.message, diagnostic.file, diagnostic.line]


def _too_large(atoms: int) -> Diagnostic:
    return Diagnostic(
        f"grounding a synthetic patient with {READINGS_PER_TYPE} readings per type "
        f"produced {atoms} atoms (limit {TRIAL_MAX_ATOMS}): rules that compare every "
        "pair or triple of readings grow too fast; use next/3",
        "rules",
    )


def ruleset_trial_run(
    alphabet_text: str,
    files: dict[str, str],
    tests_text: str | None = None,
    *,
    seconds: float = TRIAL_SECONDS,
) -> TrialOutcome:
    """Ground each file, solve synthetic patients and run the rule tests within
    ``seconds`` and the memory limit, in a fresh Python process (``python -m
    logic.trial``) that gets the rule set as JSON texts and reports line by line."""
    request = json.dumps(
        {"alphabet": alphabet_text, "files": files, "tests": tests_text}
    )
    child = _child_run(request, seconds)
    stage, where = "starting the trial", "rules"
    for line in child.out.splitlines():
        message = json.loads(line)
        if "stage" in message:
            stage, where = message["stage"], message["file"]
        elif "errors" in message:
            errors = tuple(Diagnostic(*d) for d in message["errors"])
            return TrialOutcome(errors, int(message.get("tests", 0)))
    return TrialOutcome((_failure(child, stage, where, seconds),))


@dataclass(frozen=True)
class _ChildExit:
    """What the trial's process wrote, and how it ended."""

    out: str
    err: str
    returncode: int | None
    timed_out: bool


def _child_run(request: str, seconds: float) -> _ChildExit:
    """``python -m logic.trial`` given ``request``; killed after ``seconds``."""
    process = subprocess.Popen(
        [sys.executable, "-m", "logic.trial"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # ``-m`` puts the working directory first on the import path: the child
        # imports this checkout's logic/, whatever the caller's environment.
        cwd=Path(__file__).resolve().parents[1],
    )
    try:
        out, err = process.communicate(request, timeout=seconds)
        timed_out = False
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        timed_out = True
    return _ChildExit(out, err, process.returncode, timed_out)


def _failure(child: _ChildExit, stage: str, where: str, seconds: float) -> Diagnostic:
    """Why the child reported no outcome: out of time, out of memory, or a crash
    (in ``stage``, about ``where``)."""
    if child.timed_out:
        return Diagnostic(
            f"{stage} did not finish within {seconds:g} s: {GROWING}", where
        )
    if (
        child.returncode in (0, -9)
        or "MemoryError" in child.err
        or "bad_alloc" in child.err
        or "memory" in child.out
    ):
        return _memory(stage, where)
    err = child.err.strip()
    detail = err.splitlines()[-1] if err else f"exit {child.returncode}"
    return Diagnostic(f"{stage} stopped unexpectedly ({detail})", where)


def _memory(stage: str, where: str) -> Diagnostic:
    return Diagnostic(
        f"{stage} ran out of memory ({TRIAL_MEMORY_BYTES // 1024**3} GiB): look for "
        "rules that generate unbounded terms or huge ranges",
        where,
    )


def _main() -> None:
    request = json.load(sys.stdin)

    def report(message: dict[str, Any]) -> None:
        print(json.dumps(message), flush=True)

    _bounded(request["alphabet"], request["files"], request["tests"], report)


def ruleset_trial(
    alphabet_text: str, files: dict[str, str], *, seconds: float = TRIAL_SECONDS
) -> list[Diagnostic]:
    """Problems found by grounding and solving synthetic patients within the limits
    (none: fine); the rule tests are not run."""
    return list(ruleset_trial_run(alphabet_text, files, seconds=seconds).errors)


if __name__ == "__main__":
    _main()
