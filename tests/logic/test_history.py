"""History pruning: readings the rules cannot see are left out, and nothing else."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logic import RuleSet, patient_state_solve
from logic.history import history_depth
from logic.ruleset import RuleFile
from tests.logic.conftest import START, timed


def _files(rules: RuleSet, extra: str | None = None, drop: str | None = None):
    files = [(f.name, f.text) for f in rules.files if f.name != drop]
    if extra is not None:
        files.append(("extra.lp", extra))
    return files


def _depth(rules: RuleSet, extra: str | None = None, drop: str | None = None):
    return history_depth(_files(rules, extra, drop), rules.alphabet.accumulating)


def test_the_shipped_rules_need_the_last_two_readings(rules):
    assert _depth(rules) == 2


@pytest.mark.parametrize(
    "rule",
    [
        # Each of these looks at readings other than the current and previous one.
        "feverTwice :- data(temperature, V1, T1), data(temperature, V2, T2), T1 < T2, "
        "V1 > 380, V2 > 380.",
        "readings(N) :- N = #count { T : reading(temperature, _, T) }.",
        "gap(T2 - T1) :- next(heartRate, T1, T2).",
        "wasConfused :- condition(consciousness, confused, _).",
        "seen(Type) :- condition(Type, _, _).",
        "stale(T) :- superseded(temperature, T).",
        # These change what current/3 or previous/3 mean.
        "current(temperature, 370, 0).",
        "previous(heartRate, 70, 0) :- now(_).",
        "accumulates(temperature).",
        "data(temperature, 370, 0).",
        "#show X : data(temperature, X, _).",
    ],
)
def test_rules_that_see_more_history_keep_all_of_it(rules, rule):
    assert _depth(rules, extra=rule) is None


def test_background_conditions_may_be_used_directly(rules):
    rule = "diabetic :- condition(backgroundInfo, diabetes, _)."
    assert _depth(rules, extra=rule) == 2


def test_without_the_standard_time_rules_every_reading_counts(rules):
    assert _depth(rules, drop="time.lp") is None
    edited = next(f.text for f in rules.files if f.name == "time.lp").replace(
        "superseded(Type, T) :- next(Type, T, _).", ""
    )
    files = [(n, edited if n == "time.lp" else t) for n, t in _files(rules)]
    assert history_depth(files, rules.alphabet.accumulating) is None


def test_rules_that_do_not_parse_keep_all_of_it(rules):
    assert _depth(rules, extra="broken(") is None


def test_a_rule_looking_back_further_sees_the_older_reading(rules):
    """The first fever was three readings ago: with pruning it would be lost."""
    extra = (
        "problem(feverTwice) :- data(temperature, V1, T1), data(temperature, V2, T2),"
        " T1 < T2, V1 > 380, V2 > 380.\n"
        "severity(feverTwice, medium).\n"
        'description(feverTwice, "Two fevers.").\n'
        'label(feverTwice, "Two fevers").\n'
        'meaning(feverTwice, "Two temperatures above 38.0.").\n'
    )
    ruleset = RuleSet(
        alphabet=rules.alphabet,
        files=(*rules.files, RuleFile("extra.lp", extra)),
    )
    facts = [
        timed(rules, minutes, f"data(temperature, {value})")
        for minutes, value in ((0, 38.5), (60, 37.0), (120, 37.1), (180, 38.6))
    ]
    state = patient_state_solve(facts, rules=ruleset)
    assert "feverTwice" in state.problem_names


def test_the_pruned_program_does_not_grow_with_history(rules):
    def ground_atoms(readings: int) -> int:
        facts = [
            timed(rules, 15 * i, f"data(heartRate, {60 + i % 40})")
            for i in range(readings)
        ]
        return patient_state_solve(facts, rules=rules).ground_atoms

    assert ground_atoms(2000) == ground_atoms(20)


READINGS = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=600),  # minutes after the start
        st.sampled_from(
            [
                f"data(temperature, {v})"
                for v in ("35.0", "36.5", "37.0", "38.2", "38.9", "39.5")
            ]
            + [f"data(heartRate, {v})" for v in (38, 45, 70, 95, 120, 140)]
            + [f"data(respiratoryRate, {v})" for v in (8, 10, 16, 22, 26)]
            + [f"data(oxygenSaturation, {v})" for v in (85, 90, 93, 95, 98)]
            + [f"data(systolicBP, {v})" for v in (85, 95, 105, 120, 230)]
            + [f"data(painLevel, {v})" for v in (1, 3, 5, 7, 9)]
            + [f"data(bloodGlucose, {v})" for v in ("3.1", "6.0", "12.5")]
            + [
                "condition(consciousness, alert)",
                "condition(consciousness, confused)",
                "condition(oxygenSupply, air)",
                "condition(oxygenSupply, supplemental)",
                "condition(backgroundInfo, surgery)",
                "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
            ]
        ),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(readings=READINGS, now_after=st.integers(min_value=0, max_value=3000))
def test_pruning_never_changes_the_state(rules, readings, now_after):
    facts = [timed(rules, minutes, text) for minutes, text in readings]
    now = START + timedelta(minutes=now_after)
    pruned = patient_state_solve(facts, rules=rules, now=now)
    full = patient_state_solve(facts, rules=rules, now=now, full_history=True)
    assert pruned == full
