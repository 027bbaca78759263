"""History pruning: readings the rules cannot see are left out, and nothing else."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logic import RuleSet, patient_state_solve
from logic.history import history_depth, history_need
from logic.program import program_build
from logic.ruleset import RuleFile
from tests.logic.conftest import START, timed


def _files(rules: RuleSet, extra: str | None = None, drop: str | None = None):
    files = [(f.name, f.text) for f in rules.files if f.name != drop]
    if extra is not None:
        files.append(("extra.lp", extra))
    return files


def _depth(rules: RuleSet, extra: str | None = None, drop: str | None = None):
    return history_depth(_files(rules, extra, drop), rules.alphabet.accumulating)


def _windows(rules: RuleSet, extra: str | None = None, files=None):
    need = history_need(files or _files(rules, extra), rules.alphabet.accumulating)
    return None if need is None else dict(need.windows)


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
        # A second now/1 would widen every window; inWindow/3 is the time rules'.
        "now(0).",
        "inWindow(temperature, 370, 0).",
        # Windows the builder cannot read from the file: every reading is kept.
        "window(temperature, W) :- now(W).",
        "window(temperature, 3600) :- now(_).",
        "window(T, 3600) :- accumulates(T).",
        "window(temperature, 60 * 60).",
        "{ window(temperature, 3600) }.",
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


def test_the_shipped_rules_keep_a_day_of_fluids(rules):
    """Fluid balance looks back to the chart's day start, up to 25 hours on the
    ward's clock; oliguria (6 hours) and sepsis (18 hours) look within it."""
    assert _windows(rules) == {"fluidIntake": 90000, "urineOutput": 90000}


def test_the_longest_window_declared_for_a_type_counts(rules):
    extra = (
        "window(urineOutput, 100000).\n"
        "window(temperature, 3600).\n"
        "window(heartRate, 60).\nwindow(heartRate, 3600).\n"
    )
    assert _windows(rules, extra) == {
        "fluidIntake": 90000,
        "heartRate": 3600,
        "temperature": 3600,
        "urineOutput": 100000,
    }


def test_windows_without_the_window_rule_reach_no_rule(rules):
    """A rule set from before windows (time.lp without inWindow/3 and beforeWindow/3)
    keeps the last two readings, whatever windows it declares."""
    time_lp = next(f.text for f in rules.files if f.name == "time.lp")
    start = time_lp.index("inWindow(Type")
    last = "not inWindow(Type, Value, T)."
    end = time_lp.index(last) + len(last)
    files = [
        (n, time_lp[:start] + time_lp[end:] if n == "time.lp" else t)
        for n, t in _files(rules)
        if n != "fluids.lp" and n != "problems.lp"
    ]
    files.append(("extra.lp", "window(temperature, 3600)."))
    need = history_need(files, rules.alphabet.accumulating)
    assert need is not None and need.depth == 2 and dict(need.windows) == {}


def test_the_builder_keeps_the_window_and_the_latest_two(rules):
    facts = [
        timed(rules, 60 * hour, f"data(temperature, 37.{hour})") for hour in range(10)
    ]

    def kept(minutes_back: int, now_hours: int = 9) -> list[int]:
        program = program_build(
            facts,
            alphabet=rules.alphabet,
            now=START + timedelta(hours=now_hours),
            depth=2,
            windows={"temperature": 60 * minutes_back},
        )
        (pool,) = re.findall(r"d\(temperature,\((.*?)\)\)\.", program.text)
        return [int(e.split(",")[1]) // 3600 for e in pool.split(";")]

    # From 06:00 on, 06:00 included, and the reading before the window (05:00).
    assert kept(180) == [5, 6, 7, 8, 9]
    assert kept(179) == [6, 7, 8, 9]
    assert kept(0) == [8, 9]  # the latest two in any case
    # Nothing charted for 21 hours: the window reaches back from the latest reading.
    assert kept(60, now_hours=30) == [7, 8, 9]
    assert kept(60, now_hours=5) == [3, 4, 5, 6, 7, 8, 9]  # readings after now


def test_the_pruned_program_does_not_grow_with_windowed_history(rules):
    """Hourly urine outputs for a week: only the last 25 hours enter the program."""

    def ground_atoms(hours: int) -> int:
        facts = [timed(rules, 0, "data(weight, 70.0)")] + [
            timed(rules, 60 * i, f"data(urineOutput, {20 + i % 40})")
            for i in range(hours)
        ]
        return patient_state_solve(facts, rules=rules).ground_atoms

    assert ground_atoms(24 * 7) == ground_atoms(48)


READINGS = st.sampled_from(
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
    + [f"data(urineOutput, {v})" for v in (0, 0, 20, 60, 400)]
    + [f"data(fluidIntake, {v})" for v in (100, 900, 2100)]
    + [f"data(weight, {v})" for v in ("50.0", "82.5")]
    + [f"data(gcs, {v})" for v in (15, 13, 9)]
    + [f"data(gcsMotor, {v})" for v in (6, 5)]
    + [f"data(oxygenFlow, {v})" for v in ("2.0", "4.0", "15.0")]
    + [f"data(fio2, {v})" for v in (28, 40)]
    + [
        "condition(oxygenDevice, nasalCannula)",
        "condition(oxygenDevice, highFlow)",
        "condition(consciousness, alert)",
        "condition(consciousness, confused)",
        "condition(oxygenSupply, air)",
        "condition(oxygenSupply, supplemental)",
        "condition(backgroundInfo, surgery)",
        "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
    ]
)


# Up to 50 hours after the start: the fluid windows (25 hours) leave readings out.
MINUTES = st.integers(min_value=0, max_value=3000)


@settings(max_examples=150, deadline=None)
@given(
    readings=st.lists(st.tuples(MINUTES, READINGS), max_size=40),
    now_after=st.integers(min_value=0, max_value=4500),
)
def test_pruning_never_changes_the_state(rules, readings, now_after):
    facts = [timed(rules, minutes, text) for minutes, text in readings]
    now = START + timedelta(minutes=now_after)
    pruned = patient_state_solve(facts, rules=rules, now=now)
    full = patient_state_solve(facts, rules=rules, now=now, full_history=True)
    assert pruned == full


# Short windows on a measurement and on a condition: every reading in a window, and
# the one before it, is the evidence of a problem, so a reading lost or kept too many
# changes the state.
WINDOWED = """
window(temperature, 7200).
window(consciousness, 3600).
problem(temperatureWindow) :- inWindow(temperature, _, _).
evidence(temperatureWindow, temperature, V, T) :- inWindow(temperature, V, T).
evidence(temperatureWindow, temperature, V, T) :- beforeWindow(temperature, V, T).
problem(consciousnessWindow) :- inWindow(consciousness, _, _).
evidence(consciousnessWindow, consciousness, V, T) :- inWindow(consciousness, V, T).
problem(consciousnessBefore) :- beforeWindow(consciousness, confused, _).
evidence(consciousnessBefore, consciousness, V, T) :- beforeWindow(consciousness, V, T).
feverCount(N) :- N = #count { T : inWindow(temperature, V, T), V > 380 }.
problem(feverTwice) :- feverCount(N), N >= 2.
"""
WINDOWED_READINGS = st.sampled_from(
    [f"data(temperature, {v})" for v in ("36.5", "38.2", "38.9")]
    + ["condition(consciousness, alert)", "condition(consciousness, confused)"]
    + ["data(heartRate, 70)"]
)


@settings(max_examples=100, deadline=None)
@given(
    readings=st.lists(st.tuples(st.integers(0, 600), WINDOWED_READINGS), max_size=30),
    now_after=st.integers(min_value=0, max_value=900),
)
def test_pruning_never_changes_the_state_of_windowed_rules(rules, readings, now_after):
    ruleset = RuleSet(
        alphabet=rules.alphabet,
        files=(*rules.files, RuleFile("windowed.lp", WINDOWED)),
    )
    files = [(f.name, f.text) for f in ruleset.files]
    assert _windows(rules, files=files)["temperature"] == 7200
    facts = [timed(rules, minutes, text) for minutes, text in readings]
    now = START + timedelta(minutes=now_after)
    pruned = patient_state_solve(facts, rules=ruleset, now=now)
    full = patient_state_solve(facts, rules=ruleset, now=now, full_history=True)
    assert pruned == full
