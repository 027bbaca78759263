"""The demo scenario of the original write-up, replayed message by message."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from logic.program import TimedStatement
from logic.ruleset import RuleSet
from logic.state import patient_state_solve, state_to_json
from logic.statements import Statement, statement_parse

# (time, what the nurse said, the statements understood from it)
SCENARIO: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "2026-11-20T08:00:00Z",
        "She had surgery yesterday, temp 37.",
        ("condition(backgroundInfo, surgery)", "data(temperature, 37.0)"),
    ),
    (
        "2026-11-20T08:05:00Z",
        "BP 128 over 76, pulse 88, resps 18, sats 96 on air, alert.",
        (
            "data(systolicBP, 128)",
            "data(diastolicBP, 76)",
            "data(heartRate, 88)",
            "data(respiratoryRate, 18)",
            "data(oxygenSaturation, 96)",
            "condition(oxygenSupply, air)",
            "condition(consciousness, alert)",
        ),
    ),
    (
        "2026-11-20T14:00:00Z",
        "Temp now 38.4, pulse 104, pain 6 out of 10.",
        ("data(temperature, 38.4)", "data(heartRate, 104)", "data(painLevel, 6)"),
    ),
    (
        "2026-11-20T14:30:00Z",
        "Resps 24, BP 98 over 60, she's newly confused.",
        (
            "data(respiratoryRate, 24)",
            "data(systolicBP, 98)",
            "data(diastolicBP, 60)",
            "condition(consciousness, confused)",
        ),
    ),
)


def demo_run(rules: RuleSet) -> list[dict[str, object]]:
    """Solve the post-operative patient's state after each message of the scenario."""
    facts: list[TimedStatement] = []
    states = []
    for at, words, statements in SCENARIO:
        moment = datetime.fromisoformat(at).astimezone(UTC)
        for text in statements:
            statement = statement_parse(text, rules.alphabet)
            assert isinstance(statement, Statement)
            facts.append(TimedStatement(statement, moment))
        state = patient_state_solve(facts, rules=rules, now=moment)
        states.append({"at": at, "said": words, **state_to_json(state, rules)})
    return states


def demo_print(rules: RuleSet) -> None:
    """Print the scenario for a person: what was said, then the state as JSON."""
    for step in demo_run(rules):
        print(f"\n[{step['at']}] nurse: {step['said']}")
        problems = step["problems"]
        assert isinstance(problems, list)
        for problem in problems:
            print(
                f"  WARNING {problem['severity']}: {problem['name']}: "
                f"{problem['description']}"
            )
        print("  state: " + json.dumps({k: step[k] for k in ("current", "news2")}))
