"""Rule tests: short scenarios (timestamped statements -> problems expected present or
absent) that a rule set must pass before it can be saved or activated."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import Any

from logic.diagnostics import Diagnostic, LogicError
from logic.facts_file import moment_parse, zone_parse
from logic.program import TimedStatement
from logic.ruleset import RuleSet
from logic.state import patient_state_solve
from logic.statements import Statement, statement_parse
from logic.toml_bounded import toml_loads

TESTS_FILE = "tests.toml"
FORMAT = """\
# Rule tests: each [[test]] is a scenario the rules must get right.
#
# [[test]]
# name = "rising temperature after surgery"
# now = "2026-11-20T12:00:00Z"            # optional; default: the latest fact
# timezone = "Europe/London"              # optional; the ward's clock, default UTC
# facts = [
#   { at = "2026-11-20T08:00:00Z", statement = "condition(backgroundInfo, surgery)" },
#   { at = "2026-11-20T08:00:00Z", statement = "data(temperature, 37.0)" },
#   { at = "2026-11-20T12:00:00Z", statement = "data(temperature, 38.4)" },
# ]
# present = ["risingTemperatureAfterOperation"]
# absent = ["sepsisRisk"]
"""


@dataclass(frozen=True)
class RuleTest:
    """One scenario and what it expects."""

    name: str
    line: int | None
    facts: tuple[TimedStatement, ...]
    now: datetime | None
    present: tuple[str, ...]
    absent: tuple[str, ...]
    zone: tzinfo = UTC
    """The ward's time zone: the chart's day start is on its clock."""


def rule_tests_parse(
    text: str, rules: RuleSet, *, source: str = TESTS_FILE
) -> list[RuleTest]:
    """Read the tests file; raise :class:`LogicError` listing every malformed test."""
    try:
        document = toml_loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LogicError([Diagnostic(f"not valid TOML: {error}", source)]) from error
    lines = [
        n for n, line in enumerate(text.splitlines(), 1) if line.strip() == "[[test]]"
    ]
    tests, problems = [], []
    for index, raw in enumerate(document.get("test", [])):
        line = lines[index] if index < len(lines) else None
        try:
            tests.append(_test_parse(raw, rules, line))
        except (ValueError, TypeError, KeyError) as error:
            problems.append(Diagnostic(f"test {index + 1}: {error}", source, line))
    if problems:
        raise LogicError(problems)
    return tests


def _test_parse(raw: dict[str, Any], rules: RuleSet, line: int | None) -> RuleTest:
    name = str(raw.get("name") or f"test at line {line}")
    facts = []
    for fact in raw.get("facts", []):
        statement = statement_parse(str(fact["statement"]), rules.alphabet)
        if isinstance(statement, Statement):
            facts.append(TimedStatement(statement, moment_parse(str(fact["at"]))))
    present, absent = raw.get("present", []), raw.get("absent", [])
    if not isinstance(present, list) or not isinstance(absent, list):
        raise TypeError("'present' and 'absent' must be lists of problem names")
    if not present and not absent:
        raise ValueError(
            f"'{name}' expects nothing: add present = [...] or absent = [...]"
        )
    now = moment_parse(str(raw["now"])) if raw.get("now") else None
    zone = zone_parse(str(raw["timezone"])) if raw.get("timezone") else UTC
    return RuleTest(
        name,
        line,
        tuple(facts),
        now,
        tuple(map(str, present)),
        tuple(map(str, absent)),
        zone,
    )


def rule_tests_run(
    tests: list[RuleTest], rules: RuleSet, *, source: str = TESTS_FILE
) -> list[Diagnostic]:
    """Run every test; one diagnostic per failing expectation."""
    failures = []
    for test in tests:
        state = patient_state_solve(
            test.facts, rules=rules, now=test.now, zone=test.zone
        )
        found = state.problem_names
        for name in test.present:
            if name not in found:
                failures.append(
                    Diagnostic(
                        f"rule test '{test.name}' failed: expected problem '{name}', got "
                        f"{sorted(found) or 'no problems'}",
                        source,
                        test.line,
                    )
                )
        for name in test.absent:
            if name in found:
                failures.append(
                    Diagnostic(
                        f"rule test '{test.name}' failed: problem '{name}' should not be "
                        "derived",
                        source,
                        test.line,
                    )
                )
    return failures
