"""NEWS2 (RCP 2017): every band edge of every parameter, on both SpO2 scales."""

from __future__ import annotations

import pytest

from tests.logic.scenarios import NORMAL_OBS, observations

RESPIRATION = [(8, 3), (9, 1), (11, 1), (12, 0), (20, 0), (21, 2), (24, 2), (25, 3)]
SPO2_SCALE_1 = [(91, 3), (92, 2), (93, 2), (94, 1), (95, 1), (96, 0), (100, 0)]
SYSTOLIC = [
    (90, 3),
    (91, 2),
    (100, 2),
    (101, 1),
    (110, 1),
    (111, 0),
    (219, 0),
    (220, 3),
]
PULSE = [
    (40, 3),
    (41, 1),
    (50, 1),
    (51, 0),
    (90, 0),
    (91, 1),
    (110, 1),
    (111, 2),
    (130, 2),
    (131, 3),
]
TEMPERATURE = [
    ("35.0", 3),
    ("35.1", 1),
    ("36.0", 1),
    ("36.1", 0),
    ("38.0", 0),
    ("38.1", 1),
    ("39.0", 1),
    ("39.1", 2),
]
CONSCIOUSNESS = [
    ("alert", 0),
    ("confused", 3),
    ("voice", 3),
    ("pain", 3),
    ("unresponsive", 3),
]


@pytest.mark.parametrize(("value", "points"), RESPIRATION)
def test_respiration_rate_scores(solve, value, points):
    state = solve(observations(respiratoryRate=f"data(respiratoryRate, {value})"))
    assert state.news2.subscores["respiratoryRate"] == points


@pytest.mark.parametrize(("value", "points"), SPO2_SCALE_1)
def test_spo2_scale_1_scores(solve, value, points):
    state = solve(observations(oxygenSaturation=f"data(oxygenSaturation, {value})"))
    assert state.news2.subscores["oxygenSaturation"] == points


SPO2_SCALE_2 = [
    (83, "air", 3),
    (84, "air", 2),
    (85, "air", 2),
    (86, "air", 1),
    (87, "air", 1),
    (88, "air", 0),
    (92, "air", 0),
    (93, "air", 0),
    (97, "air", 0),
    (100, "air", 0),
    (88, "supplemental", 0),
    (92, "supplemental", 0),
    (93, "supplemental", 1),
    (94, "supplemental", 1),
    (95, "supplemental", 2),
    (96, "supplemental", 2),
    (97, "supplemental", 3),
    (100, "supplemental", 3),
    (83, "supplemental", 3),
]


@pytest.mark.parametrize(("value", "supply", "points"), SPO2_SCALE_2)
def test_spo2_scale_2_scores_for_hypercapnic_patients(solve, value, supply, points):
    """Scale 2 applies once hypercapnic respiratory failure is in the background."""
    scenario = observations(
        oxygenSaturation=f"data(oxygenSaturation, {value})",
        oxygenSupply=f"condition(oxygenSupply, {supply})",
    ) + [(0, "condition(backgroundInfo, hypercapnicRespiratoryFailure)")]
    assert solve(scenario).news2.subscores["oxygenSaturation"] == points


def test_scale_2_is_not_used_without_hypercapnic_background(solve):
    """On scale 1, 88 % scores 3; on scale 2 it would score 0."""
    state = solve(observations(oxygenSaturation="data(oxygenSaturation, 88)"))
    assert state.news2.subscores["oxygenSaturation"] == 3


@pytest.mark.parametrize(("supply", "points"), [("air", 0), ("supplemental", 2)])
def test_oxygen_supply_scores(solve, supply, points):
    state = solve(observations(oxygenSupply=f"condition(oxygenSupply, {supply})"))
    assert state.news2.subscores["oxygenSupply"] == points


@pytest.mark.parametrize(("value", "points"), SYSTOLIC)
def test_systolic_bp_scores(solve, value, points):
    state = solve(observations(systolicBP=f"data(systolicBP, {value})"))
    assert state.news2.subscores["systolicBP"] == points


@pytest.mark.parametrize(("value", "points"), PULSE)
def test_pulse_scores(solve, value, points):
    state = solve(observations(heartRate=f"data(heartRate, {value})"))
    assert state.news2.subscores["heartRate"] == points


@pytest.mark.parametrize(("value", "points"), CONSCIOUSNESS)
def test_consciousness_scores(solve, value, points):
    state = solve(observations(consciousness=f"condition(consciousness, {value})"))
    assert state.news2.subscores["consciousness"] == points


@pytest.mark.parametrize(("value", "points"), TEMPERATURE)
def test_temperature_scores(solve, value, points):
    state = solve(observations(temperature=f"data(temperature, {value})"))
    assert state.news2.subscores["temperature"] == points


def test_normal_observations_score_zero_in_band_low(solve):
    news2 = solve(observations()).news2
    assert (news2.complete, news2.score, news2.band) == (True, 0, "low")
    assert not news2.single_parameter_3
    assert set(news2.subscores) == set(NORMAL_OBS)


@pytest.mark.parametrize(
    ("overrides", "score", "band", "problem"),
    [
        # 4 points, no single 3: low.
        (
            {
                "respiratoryRate": "data(respiratoryRate, 22)",
                "oxygenSupply": "condition(oxygenSupply, supplemental)",
            },
            4,
            "low",
            None,
        ),
        # a single 3 with a total under 5: low-medium.
        (
            {"consciousness": "condition(consciousness, voice)"},
            3,
            "low-medium",
            "news2LowMedium",
        ),
        # 5 points: medium (takes precedence over the single 3 rule).
        (
            {
                "consciousness": "condition(consciousness, confused)",
                "oxygenSupply": "condition(oxygenSupply, supplemental)",
            },
            5,
            "medium",
            "news2Medium",
        ),
        # 6 points: still medium.
        (
            {
                "respiratoryRate": "data(respiratoryRate, 25)",
                "systolicBP": "data(systolicBP, 95)",
                "heartRate": "data(heartRate, 95)",
            },
            6,
            "medium",
            "news2Medium",
        ),
        # 7 points: high.
        (
            {
                "respiratoryRate": "data(respiratoryRate, 25)",
                "systolicBP": "data(systolicBP, 95)",
                "heartRate": "data(heartRate, 115)",
            },
            7,
            "high",
            "news2High",
        ),
    ],
)
def test_bands_and_their_single_problem(solve, overrides, score, band, problem):
    state = solve(observations(**overrides))
    assert (state.news2.score, state.news2.band) == (score, band)
    news2_problems = {p for p in state.problem_names if p.startswith("news2")}
    assert news2_problems == ({problem} if problem else set())


def test_incomplete_news2_names_the_missing_parameters(solve):
    scenario = [(0, "data(temperature, 38.0)"), (0, "data(heartRate, 120)")]
    news2 = solve(scenario).news2
    assert not news2.complete
    assert news2.score is None and news2.band is None
    assert set(news2.missing) == {
        "respiratoryRate",
        "oxygenSaturation",
        "oxygenSupply",
        "systolicBP",
        "consciousness",
    }


def test_news2_uses_current_values_only(solve):
    """An old abnormal pulse no longer counts once a normal one is recorded."""
    scenario = observations(heartRate="data(heartRate, 140)") + [
        (30, "data(heartRate, 70)")
    ]
    assert solve(scenario).news2.subscores["heartRate"] == 0


def test_news2_problem_is_supported_by_the_seven_current_readings(solve):
    state = solve(observations(consciousness="condition(consciousness, voice)"))
    (problem,) = [p for p in state.problems if p.name == "news2LowMedium"]
    assert {f.statement.type for f in problem.support} == set(NORMAL_OBS)
