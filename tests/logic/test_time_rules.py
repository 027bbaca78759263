"""Time rules: the latest reading is current, background accumulates, grounding is
linear in the number of readings."""

from __future__ import annotations

from datetime import timedelta

from logic import TimedStatement, patient_state_solve, statement_parse
from tests.logic.conftest import START


def test_current_is_the_latest_reading_whatever_the_input_order(solve):
    state = solve(
        [
            (120, "data(heartRate, 90)"),
            (0, "data(heartRate, 70)"),
            (60, "data(heartRate, 80)"),
        ]
    )
    assert state.current["heartRate"].statement.canonical() == "data(heartRate, 90)"
    assert state.current["heartRate"].at == START + timedelta(minutes=120)


def test_a_correction_in_the_same_message_wins(solve):
    """Two readings at the same instant: the one said last is current."""
    state = solve([(0, "data(temperature, 37.2)"), (0, "data(temperature, 37.4)")])
    assert str(state.current["temperature"].statement.value) == "37.4"


def test_latest_condition_replaces_the_earlier_one(solve):
    state = solve(
        [
            (0, "condition(consciousness, confused)"),
            (30, "condition(consciousness, alert)"),
        ]
    )
    assert state.current["consciousness"].statement.value == "alert"


def test_background_accumulates_and_is_not_a_current_value(solve):
    state = solve(
        [
            (0, "condition(backgroundInfo, diabetes)"),
            (60, "condition(backgroundInfo, surgery)"),
            (90, "condition(backgroundInfo, diabetes)"),
        ]
    )
    assert state.background == ("diabetes", "surgery")
    assert "backgroundInfo" not in state.current


def test_now_defaults_to_the_latest_fact(solve):
    assert solve([(0, "data(heartRate, 70)"), (45, "data(painLevel, 2)")]).now == (
        START + timedelta(minutes=45)
    )


def test_no_facts_gives_an_empty_state(solve):
    state = solve([])
    assert not state.current and not state.problems and not state.news2.complete


def _ground_size(rules, readings: int) -> int:
    types = ("temperature", "heartRate", "respiratoryRate", "painLevel", "bloodGlucose")
    values = {
        "temperature": "37.{}",
        "heartRate": "7{}",
        "respiratoryRate": "1{}",
        "painLevel": "{}",
        "bloodGlucose": "5.{}",
    }
    facts = []
    for i in range(readings):
        name = types[i % len(types)]
        text = f"data({name}, {values[name].format(i % 10)})"
        moment = START + timedelta(minutes=15 * (i // len(types)))
        facts.append(TimedStatement(statement_parse(text, rules.alphabet), moment))
    state = patient_state_solve(facts, rules=rules, full_history=True)
    assert state.current  # the state was really computed
    return state.ground_atoms


def test_grounding_grows_linearly_for_5000_facts(rules):
    """Ten times the readings gives about ten times the ground program, not a
    thousand times (the naive rules joining three readings are cubic)."""
    small, large = _ground_size(rules, 500), _ground_size(rules, 5000)
    assert 8 * small <= large <= 12 * small
