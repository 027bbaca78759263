"""Fixtures for the logic core: the shipped rule set and a `solve` helper for scenarios."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

import pytest

from logic import (
    PatientState,
    RuleSet,
    Statement,
    TimedStatement,
    default_ruleset,
    patient_state_solve,
    statement_parse,
)

START = datetime(2026, 11, 20, 8, 0, tzinfo=UTC)

# A scenario is a list of (minutes after 08:00, canonical statement).
Scenario = Sequence[tuple[float, str]]
Solve = Callable[..., PatientState]


@pytest.fixture(scope="session")
def rules() -> RuleSet:
    return default_ruleset()


def timed(rules: RuleSet, minutes: float, text: str) -> TimedStatement:
    statement = statement_parse(text, rules.alphabet)
    assert isinstance(statement, Statement)
    return TimedStatement(statement, START + timedelta(minutes=minutes))


@pytest.fixture
def solve(rules: RuleSet) -> Solve:
    """solve([(minutes, "data(temperature, 37.2)"), ...], now=minutes) -> state.

    Every scenario is also solved with the whole history (logic.history leaves out
    readings the rules cannot see): both must give the same state."""

    def run(scenario: Scenario, now: float | None = None) -> PatientState:
        facts = [timed(rules, minutes, text) for minutes, text in scenario]
        moment = None if now is None else START + timedelta(minutes=now)
        if moment is None and not facts:
            # with no fact to take "now" from, each solve would read the wall clock,
            # and two reads can straddle a second
            moment = START
        state = patient_state_solve(facts, rules=rules, now=moment)
        full = patient_state_solve(facts, rules=rules, now=moment, full_history=True)
        assert state == full
        return state

    return run
