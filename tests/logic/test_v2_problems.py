"""GCS, oxygen need, NICE sepsis high risk and NEWS2 with an oxygen device (alphabet v2
rules in problems.lp and news2.lp): what they derive and the evidence they show."""

from __future__ import annotations

import pytest

from tests.logic.scenarios import NORMAL_OBS
from tests.logic.test_fluids import HOUR, support


def test_gcs_drop_rests_on_both_readings(solve):
    state = solve([(0, "data(gcsMotor, 6)"), (30, "data(gcsMotor, 5)")])
    assert support(state, "gcsDrop") == ["gcsMotor=6@0", "gcsMotor=5@30"]


def test_rising_oxygen_rests_on_both_readings(solve):
    state = solve([(0, "data(oxygenFlow, 2.0)"), (30, "data(oxygenFlow, 2.5)")])
    assert support(state, "oxygenNeedRising") == [
        "oxygenFlow=2.0@0",
        "oxygenFlow=2.5@30",
    ]


def test_no_urine_for_18_hours_shows_the_outputs_charted(solve):
    state = solve(
        [(0, "data(urineOutput, 300)"), (6 * HOUR, "data(urineOutput, 0)")],
        now=18 * HOUR,
    )
    assert "sepsisHighRisk" in state.problem_names
    assert support(state, "sepsisHighRisk") == [f"urineOutput=0@{6 * HOUR}"]


def news2(solve, *statements: tuple[float, str], supply: bool = True):
    scenario = [(0, t) for k, t in NORMAL_OBS.items() if supply or k != "oxygenSupply"]
    return solve([*scenario, *statements]).news2


@pytest.mark.parametrize(
    ("statements", "points"),
    [
        ([(10, "condition(oxygenDevice, nasalCannula)")], 2),  # device after air
        ([(-10, "condition(oxygenDevice, nasalCannula)")], 0),  # air after device
        ([(0, "condition(oxygenDevice, niv)")], 0),  # same message: air said
        (
            [
                (10, "condition(oxygenDevice, simpleMask)"),
                (20, "condition(oxygenSupply, air)"),
            ],
            0,
        ),
    ],
)
def test_the_latest_of_air_and_a_device_scores(solve, statements, points):
    assert news2(solve, *statements).subscores["oxygenSupply"] == points


def test_a_device_alone_completes_news2_and_is_its_evidence(solve):
    result = news2(solve, (0, "condition(oxygenDevice, cpap)"), supply=False)
    assert result.complete and result.subscores["oxygenSupply"] == 2
    state = solve(
        [
            (0, NORMAL_OBS[k])
            for k in NORMAL_OBS
            if k not in ("oxygenSupply", "respiratoryRate")
        ]
        + [(0, "condition(oxygenDevice, cpap)"), (0, "data(respiratoryRate, 26)")]
    )
    assert "news2Medium" in state.problem_names
    assert "oxygenDevice=cpap@0" in support(state, "news2Medium")


def test_without_air_oxygen_or_a_device_the_supply_is_missing(solve):
    assert news2(solve, supply=False).missing == ("oxygenSupply",)
