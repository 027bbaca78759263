"""Fluids (fluids.lp): oliguria, the fluid balance since the chart's day start on the
ward's clock, and what the state reads back (fluid balance, problems not assessed)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from logic import patient_state_solve, statement_parse
from logic.program import TimedStatement, clock_hours
from logic.state import FluidBalance, NotAssessed, state_to_json
from tests.logic.conftest import START

LONDON = ZoneInfo("Europe/London")
HOUR = 60


def hourly_urine(millilitres: int, hours: int = 7) -> list[tuple[float, str]]:
    """An output every hour from 07:00 (minute -60), the first one 6 hours before
    the last."""
    return [(HOUR * (h - 1), f"data(urineOutput, {millilitres})") for h in range(hours)]


def support(state, name: str) -> list[str]:
    (problem,) = [p for p in state.problems if p.name == name]
    return [
        f"{f.statement.type}={f.statement.value}@{(f.at - START) // timedelta(minutes=1)}"
        for f in problem.support
    ]


def test_oliguria_rests_on_the_weight_and_the_outputs_of_the_period(solve):
    """The output at the start of the period is urine passed before it: it marks
    the start and is not counted, nor shown."""
    state = solve([(0, "data(weight, 70.0)"), *hourly_urine(30)])
    assert "oliguria" in state.problem_names
    assert sorted(support(state, "oliguria")) == sorted(
        ["weight=70.0@0", *(f"urineOutput=30@{HOUR * h}" for h in range(6))]
    )
    assert state.not_assessed == ()


def test_without_a_weight_oliguria_is_not_assessed_and_the_state_says_why(solve, rules):
    state = solve(hourly_urine(10))
    assert "oliguria" not in state.problem_names
    assert state.not_assessed == (
        NotAssessed(
            "oliguria",
            "No weight recorded: urine output per kg cannot be assessed.",
            "Low urine output",
        ),
    )
    assert state_to_json(state, rules)["not_assessed"] == [
        {
            "name": "oliguria",
            "label": "Low urine output",
            "reason": "No weight recorded: urine output per kg cannot be assessed.",
        }
    ]


def test_a_heavy_patient_and_a_long_period_stay_within_clingo_numbers(solve):
    """400 kg over 25 hours: the threshold is computed without overflowing."""
    scenario = [(-17 * HOUR, "data(urineOutput, 0)"), (0, "data(weight, 400.0)")]
    scenario += [(HOUR * h, "data(urineOutput, 5000)") for h in range(1, 7)]
    state = solve(scenario, now=7 * HOUR)
    assert "oliguria" not in state.problem_names  # 30 L over 23 h: plenty


def test_the_fluid_balance_is_read_back_with_its_day_start(solve, rules):
    state = solve(
        [
            (-90, "data(fluidIntake, 900)"),  # 06:30: yesterday's chart
            (0, "data(fluidIntake, 500)"),
            (120, "data(urineOutput, 350)"),
            (240, "data(fluidIntake, 250)"),
        ]
    )
    assert state.fluid_balance == FluidBalance(
        400, datetime(2026, 11, 20, 7, 0, tzinfo=UTC)
    )
    assert state_to_json(state, rules)["fluid_balance"] == {
        "ml": 400,
        "since": "2026-11-20T07:00:00Z",
    }


def test_no_fluid_balance_without_fluids_charted_today(solve, rules):
    state = solve([(0, "data(heartRate, 70)"), (-90, "data(fluidIntake, 900)")])
    assert state.fluid_balance is None
    assert "fluid_balance" not in state_to_json(state, rules)
    assert "not_assessed" not in state_to_json(state, rules)


@pytest.mark.parametrize(
    ("now", "day_start"),
    [
        # Spring: 01:00 GMT becomes 02:00 BST on 29 March 2026.
        ("2026-03-29T05:00:00+00:00", "2026-03-28T07:00:00+00:00"),  # 22 h before
        ("2026-03-29T06:00:00+00:00", "2026-03-29T06:00:00+00:00"),  # 07:00 BST
        # Autumn: 02:00 BST becomes 01:00 GMT on 25 October 2026.
        ("2026-10-25T06:59:00+00:00", "2026-10-24T06:00:00+00:00"),  # 24 h 59 min
        ("2026-10-25T07:00:00+00:00", "2026-10-25T07:00:00+00:00"),  # 07:00 GMT
    ],
)
def test_the_day_start_is_07_00_on_the_ward_clock_across_summer_time(now, day_start):
    stamp = int(datetime.fromisoformat(now).timestamp())
    hours = dict(clock_hours(stamp, LONDON))
    assert hours[7] == int(datetime.fromisoformat(day_start).timestamp())
    assert all(stamp - 90000 <= t <= stamp for t in hours.values())


def test_a_25_hour_chart_day_keeps_its_first_entry(rules):
    """The night summer time ends, the chart's day runs 25 hours: an intake at its
    start still counts, with and without the readings the rules cannot see."""
    facts = [
        TimedStatement(
            statement_parse("data(fluidIntake, 2100)", rules.alphabet),
            datetime(2026, 10, 24, 6, 1, tzinfo=UTC),  # 07:01 BST
        )
    ]
    now = datetime(2026, 10, 25, 6, 59, tzinfo=UTC)  # 06:59 GMT
    for full in (False, True):
        state = patient_state_solve(
            facts, rules=rules, now=now, zone=LONDON, full_history=full
        )
        assert "fluidBalancePositive" in state.problem_names
        assert state.fluid_balance is not None and state.fluid_balance.ml == 2100
