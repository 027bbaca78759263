"""The default problem catalogue: each problem, positive and negative."""

from __future__ import annotations

import pytest

from tests.logic.scenarios import observations


def names(state):
    return state.problem_names


# --- risingTemperatureAfterOperation ----------------------------------------------


def test_demo_scenario_post_surgery_rising_temperature(solve):
    """The write-up's demo: surgery, 37.0, later 38.4 -> rising temperature warning."""
    state = solve(
        [
            (0, "condition(backgroundInfo, surgery)"),
            (0, "data(temperature, 37.0)"),
            (240, "data(temperature, 38.4)"),
        ]
    )
    (problem,) = [
        p for p in state.problems if p.name == "risingTemperatureAfterOperation"
    ]
    supported = {f.statement.canonical() for f in problem.support}
    assert supported == {
        "condition(backgroundInfo, surgery)",
        "data(temperature, 37.0)",
        "data(temperature, 38.4)",
    }
    assert problem.severity and problem.description
    assert problem.label == "Rising temperature after surgery"
    assert problem.meaning and problem.title == problem.label


def test_the_state_json_carries_label_and_meaning_beside_the_name(solve):
    """The pages read problems by label and meaning; the rule name stays for code."""
    from logic import state_to_json
    from logic.ruleset import default_ruleset

    state = solve([(0, "data(bloodGlucose, 3.2)")])
    (problem,) = state_to_json(state, default_ruleset())["problems"]
    assert problem["name"] == "hypoglycaemia"
    assert problem["label"] == "Low blood sugar"
    assert problem["meaning"] == "Blood glucose is below 4.0 mmol/L."


@pytest.mark.parametrize("intervention", ["surgery", "operation", "procedure"])
def test_any_intervention_counts(solve, intervention):
    state = solve(
        [
            (0, f"condition(backgroundInfo, {intervention})"),
            (0, "data(temperature, 37.0)"),
            (60, "data(temperature, 37.1)"),
        ]
    )
    assert "risingTemperatureAfterOperation" in names(state)


@pytest.mark.parametrize(
    "scenario",
    [
        # no intervention in the background
        [
            (0, "condition(backgroundInfo, diabetes)"),
            (0, "data(temperature, 37.0)"),
            (60, "data(temperature, 38.4)"),
        ],
        # temperature falling
        [
            (0, "condition(backgroundInfo, surgery)"),
            (0, "data(temperature, 38.4)"),
            (60, "data(temperature, 37.0)"),
        ],
        # temperature unchanged
        [
            (0, "condition(backgroundInfo, surgery)"),
            (0, "data(temperature, 38.4)"),
            (60, "data(temperature, 38.4)"),
        ],
        # only one temperature
        [(0, "condition(backgroundInfo, surgery)"), (60, "data(temperature, 39.4)")],
    ],
)
def test_no_rising_temperature_warning(solve, scenario):
    assert "risingTemperatureAfterOperation" not in names(solve(scenario))


def test_background_stated_after_the_readings_still_counts(solve):
    """Background facts are all values ever stated, whenever they were said."""
    state = solve(
        [
            (0, "data(temperature, 37.0)"),
            (60, "data(temperature, 37.5)"),
            (90, "condition(backgroundInfo, operation)"),
        ]
    )
    assert "risingTemperatureAfterOperation" in names(state)


def test_only_the_latest_two_temperatures_are_compared(solve):
    state = solve(
        [
            (0, "condition(backgroundInfo, surgery)"),
            (0, "data(temperature, 36.5)"),
            (60, "data(temperature, 38.9)"),
            (120, "data(temperature, 38.0)"),
        ]
    )
    assert "risingTemperatureAfterOperation" not in names(state)


# --- sepsisRisk (qSOFA) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("scenario", "expected"),
    [
        ([(0, "data(respiratoryRate, 22)"), (0, "data(systolicBP, 100)")], True),
        (
            [
                (0, "data(respiratoryRate, 22)"),
                (0, "condition(consciousness, confused)"),
            ],
            True,
        ),
        ([(0, "condition(consciousness, voice)"), (0, "data(systolicBP, 90)")], True),
        (
            [
                (0, "data(respiratoryRate, 21)"),
                (0, "data(systolicBP, 100)"),
                (0, "condition(consciousness, alert)"),
            ],
            False,
        ),
        (
            [
                (0, "data(respiratoryRate, 22)"),
                (0, "data(systolicBP, 101)"),
                (0, "condition(consciousness, alert)"),
            ],
            False,
        ),
        ([(0, "data(systolicBP, 80)")], False),
    ],
)
def test_sepsis_risk_needs_two_qsofa_criteria(solve, scenario, expected):
    assert ("sepsisRisk" in names(solve(scenario))) is expected


def test_sepsis_risk_support_lists_the_criteria_met(solve):
    state = solve(
        [
            (0, "data(respiratoryRate, 30)"),
            (0, "data(systolicBP, 95)"),
            (0, "condition(consciousness, alert)"),
        ]
    )
    (problem,) = [p for p in state.problems if p.name == "sepsisRisk"]
    assert {f.statement.type for f in problem.support} == {
        "respiratoryRate",
        "systolicBP",
    }


# --- pain -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "increasing", "uncontrolled"),
    [
        (3, 5, True, False),
        (3, 4, False, False),
        (5, 3, False, False),
        (7, 7, False, True),
        (6, 8, True, False),
        (7, 9, True, True),
        (8, 6, False, False),
    ],
)
def test_pain_problems(solve, before, after, increasing, uncontrolled):
    state = solve(
        [(0, f"data(painLevel, {before})"), (60, f"data(painLevel, {after})")]
    )
    assert ("painIncreasing" in names(state)) is increasing
    assert ("uncontrolledPain" in names(state)) is uncontrolled


def test_single_pain_score_raises_nothing(solve):
    assert not names(solve([(0, "data(painLevel, 9)")]))


# --- glucose --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("3.9", {"hypoglycaemia"}),
        ("4.0", set()),
        ("11.0", set()),
        ("11.1", {"hyperglycaemia"}),
        ("1.0", {"hypoglycaemia"}),
        ("6.4", set()),
    ],
)
def test_glucose_problems(solve, value, expected):
    assert names(solve([(0, f"data(bloodGlucose, {value})")])) == expected


def test_glucose_problem_follows_the_current_value(solve):
    state = solve([(0, "data(bloodGlucose, 3.2)"), (15, "data(bloodGlucose, 5.6)")])
    assert "hypoglycaemia" not in names(state)


# --- observationsOverdue --------------------------------------------------------------

# (overrides, interval in minutes): total 0 -> 12 h, low -> 4 h, low-medium -> 1 h,
# medium -> 1 h, high -> 30 min.
INTERVALS = [
    ({}, 12 * 60),
    ({"heartRate": "data(heartRate, 95)"}, 4 * 60),
    ({"consciousness": "condition(consciousness, voice)"}, 60),
    (
        {
            "consciousness": "condition(consciousness, confused)",
            "oxygenSupply": "condition(oxygenSupply, supplemental)",
        },
        60,
    ),
    (
        {
            "respiratoryRate": "data(respiratoryRate, 25)",
            "systolicBP": "data(systolicBP, 95)",
            "heartRate": "data(heartRate, 115)",
        },
        30,
    ),
]


@pytest.mark.parametrize(("overrides", "interval"), INTERVALS)
def test_observations_overdue_after_the_monitoring_interval(solve, overrides, interval):
    scenario = observations(**overrides)
    assert "observationsOverdue" not in names(solve(scenario, now=interval))
    assert "observationsOverdue" in names(solve(scenario, now=interval + 1))


def test_overdue_counts_from_the_oldest_of_the_seven_values(solve):
    """A fresh pulse does not reset the clock for the other six parameters."""
    scenario = observations(heartRate="data(heartRate, 95)") + [
        (200, "data(heartRate, 96)")
    ]
    state = solve(scenario, now=241)
    assert "observationsOverdue" in names(state)
    (problem,) = [p for p in state.problems if p.name == "observationsOverdue"]
    assert all(f.statement.type != "heartRate" for f in problem.support)


def test_overdue_needs_a_complete_news2(solve):
    assert "observationsOverdue" not in names(
        solve([(0, "data(heartRate, 70)")], now=10_000)
    )
