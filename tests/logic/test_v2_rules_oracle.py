"""Issue 23's rules against readings of their definitions written apart from the rules:
oliguria, the fluid balance, a falling GCS, rising oxygen need, NICE sepsis high risk
and an oxygen device in NEWS2, on generated histories around every threshold, with
readings missing.

Each oracle is written from the issue's definition and the interpretation the rule
files document (fluids.lp, problems.lp, logic/rules/README.md), never from the rules'
code: oliguria's period runs from the latest urine output at least 6 hours before the
latest one to the latest one; an entry at the day start itself belongs to the day
before; urine is "being charted" for the 18-hour criterion when an output was charted
18 hours ago or more. Neither definition looks back a fixed time: the fluid rules read
25 hours (fluids.lp's window) and the latest output before them, and the last tests show
an output just older than that still counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from fractions import Fraction
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from logic import (
    PatientState,
    RuleSet,
    Statement,
    TimedStatement,
    patient_state_solve,
    statement_parse,
)

HOUR = 3600
FLUID_WINDOW = 25 * HOUR  # the longest chart day: the fluid rules' window
NOW = datetime(2026, 11, 20, 14, 0, tzinfo=UTC)
CONDITIONS = {"consciousness", "oxygenSupply", "oxygenDevice"}
NEW_PROBLEMS = (
    "oliguria",
    "fluidBalancePositive",
    "fluidBalanceNegative",
    "gcsDrop",
    "oxygenNeedRising",
    "sepsisHighRisk",
)
BOUNDED = settings(max_examples=150, deadline=None)


@dataclass(frozen=True)
class Said:
    """One statement, ``seconds`` after ``now`` (zero or less), its value as said."""

    seconds: int
    type: str
    value: str

    def text(self) -> str:
        kind = "condition" if self.type in CONDITIONS else "data"
        return f"{kind}({self.type}, {self.value})"


History = Sequence[Said]


def solve(
    rules: RuleSet,
    history: History,
    *,
    now: datetime = NOW,
    zone: tzinfo = UTC,
    full_history: bool = False,
) -> PatientState:
    """The state at ``now`` on the ward's clock in ``zone``."""
    facts = []
    for entry in history:
        statement = statement_parse(entry.text(), rules.alphabet)
        assert isinstance(statement, Statement), entry
        facts.append(TimedStatement(statement, now + timedelta(seconds=entry.seconds)))
    return patient_state_solve(
        facts, rules=rules, now=now, zone=zone, full_history=full_history
    )


# --- Reading a history as a nurse reads the chart ---------------------------------


def readings(history: History, type_name: str) -> list[tuple[int, str]]:
    """The readings of a type in time order; of two said in the same second, the
    one said later (a correction) stands."""
    by_second = {s.seconds: s.value for s in history if s.type == type_name}
    return sorted(by_second.items())


def latest(history: History, type_name: str) -> str | None:
    found = readings(history, type_name)
    return found[-1][1] if found else None


def latest_number(history: History, type_name: str) -> Fraction | None:
    value = latest(history, type_name)
    return None if value is None else Fraction(value)


def fluid_readings(history: History, type_name: str) -> list[tuple[int, Fraction]]:
    return [(t, Fraction(v)) for t, v in readings(history, type_name)]


# --- The oracles --------------------------------------------------------------------


def oliguria(history: History) -> bool:
    """KDIGO stage 1: below 0.5 mL/kg/h over the period from the latest output at
    least 6 hours before the latest one to the latest one; the outputs after the
    period's start are the urine passed in it."""
    weight = latest_number(history, "weight")
    urine = fluid_readings(history, "urineOutput")
    if weight is None or not urine:
        return False
    end = urine[-1][0]
    starts = [t for t, _ in urine if end - t >= 6 * HOUR]
    if not starts:
        return False
    start = max(starts)
    passed = sum(ml for t, ml in urine if start < t <= end)
    rate_per_kg = passed / Fraction(end - start, HOUR) / weight
    return rate_per_kg < Fraction(1, 2)


def oliguria_not_assessed(history: History) -> bool:
    """Urine is charted but no weight was ever recorded."""
    return bool(fluid_readings(history, "urineOutput")) and not readings(
        history, "weight"
    )


def day_start(now: datetime, zone: tzinfo, hour: int = 7) -> datetime:
    """The last time at or before ``now`` when the ward's clock read 07:00."""
    local_day = now.astimezone(zone).date()
    for days_back in (0, 1):
        day = local_day - timedelta(days=days_back)
        start = datetime(day.year, day.month, day.day, hour, tzinfo=zone)
        if start <= now:
            return start.astimezone(UTC)
    raise AssertionError("a day start is at most a day and an hour back")


def fluid_balance(history: History, now: datetime, zone: tzinfo) -> int | None:
    """Intake minus urine output charted after the day start, up to now; None when
    nothing was charted since."""
    since = (day_start(now, zone) - now) // timedelta(seconds=1)
    intake = [ml for t, ml in fluid_readings(history, "fluidIntake") if t > since]
    output = [ml for t, ml in fluid_readings(history, "urineOutput") if t > since]
    if not intake and not output:
        return None
    return int(sum(intake) - sum(output))


def fell(history: History, type_name: str, by: int) -> bool:
    found = readings(history, type_name)
    return len(found) >= 2 and int(found[-2][1]) - int(found[-1][1]) >= by


def gcs_drop(history: History) -> bool:
    """The GCS total 2 or more below the GCS before it, or the motor score 1 or more
    below the motor score before it."""
    return fell(history, "gcs", 2) or fell(history, "gcsMotor", 1)


def rose_within_12_hours(history: History, type_name: str) -> bool:
    found = readings(history, type_name)
    if len(found) < 2:
        return False
    (before, was), (at, now_value) = found[-2:]
    return Fraction(now_value) > Fraction(was) and at - before <= 12 * HOUR


def oxygen_need_rising(history: History) -> bool:
    return rose_within_12_hours(history, "oxygenFlow") or rose_within_12_hours(
        history, "fio2"
    )


def no_urine_for_18_hours(history: History) -> bool:
    """An output charted 18 hours ago or more, and none with urine since."""
    urine = fluid_readings(history, "urineOutput")
    charted = any(t <= -18 * HOUR for t, _ in urine)
    passed = any(ml > 0 for t, ml in urine if t > -18 * HOUR)
    return charted and not passed


def sepsis_high_risk(history: History) -> bool:
    """NICE NG51, any one high-risk criterion, on the latest reading of each."""

    def at_least(type_name: str, threshold: int) -> bool:
        value = latest_number(history, type_name)
        return value is not None and value >= threshold

    def at_most(type_name: str, threshold: int) -> bool:
        value = latest_number(history, type_name)
        return value is not None and value <= threshold

    return (
        at_least("respiratoryRate", 25)
        or at_most("systolicBP", 90)
        or at_least("heartRate", 131)
        or latest(history, "consciousness")
        in {"confused", "voice", "pain", "unresponsive"}
        or at_least("fio2", 40)
        or no_urine_for_18_hours(history)
    )


def air_or_oxygen_points(history: History) -> int | None:
    """NEWS2 air or oxygen: of what was said last, "on air" scores 0, oxygen or an
    oxygen device 2; said in the same message, air or oxygen itself counts."""
    supply = readings(history, "oxygenSupply")
    device = readings(history, "oxygenDevice")
    if device and (not supply or device[-1][0] > supply[-1][0]):
        return 2
    if supply:
        return 2 if supply[-1][1] == "supplemental" else 0
    return None


# --- Generating histories -----------------------------------------------------------


def seconds_around(*marks: int) -> st.SearchStrategy[int]:
    """Times (seconds from now, zero or less) at each mark, a second either side of
    it, or anywhere in the last 27 hours."""
    exact = sorted({m + d for m in marks for d in (-1, 0, 1) if m + d <= 0})
    return st.one_of(st.sampled_from(exact), st.integers(-27 * HOUR, 0))


def said(
    type_name: str,
    values: st.SearchStrategy[str],
    times: st.SearchStrategy[int],
    most: int = 3,
) -> st.SearchStrategy[list[Said]]:
    return st.lists(st.builds(Said, times, st.just(type_name), values), max_size=most)


def numbers(
    low: int, high: int, *exact: int, step: Fraction = Fraction(1)
) -> st.SearchStrategy[str]:
    """Values as said: the exact ones (thresholds and a step either side) or any in
    range, with the alphabet's decimals."""

    def text(n: Fraction) -> str:
        return str(int(n)) if step == 1 else f"{float(n):.1f}"

    near = {Fraction(e) + d for e in exact for d in (-step, 0, step)}
    inside = sorted(n for n in near if low <= n <= high)
    steps = int((high - low) / step)
    anywhere = st.integers(0, steps).map(lambda k: low + k * step)
    if not inside:
        return anywhere.map(text)
    return st.one_of(st.sampled_from(inside), anywhere).map(text)


TENTH = Fraction(1, 10)
WEIGHTS = numbers(1, 400, 50, 70, 72, step=TENTH)
URINE = st.one_of(st.sampled_from(["0", "5", "30", "35", "36", "50"]), numbers(0, 5000))
FLUID = numbers(0, 5000, 0, 500, 1500, 2000)


@st.composite
def urine_at_the_threshold(draw: st.DrawFn) -> list[Said]:
    """A weight and the outputs of one period whose volume is 0.5 mL/kg/h exactly,
    or a millilitre either side."""
    kg = draw(
        st.one_of(
            st.integers(1, 200).map(lambda k: Fraction(2 * k)), WEIGHTS.map(Fraction)
        )
    )
    period = draw(
        st.sampled_from([6 * HOUR, 6 * HOUR + 1, 7 * HOUR, 12 * HOUR, 24 * HOUR])
    )
    end = draw(st.sampled_from([0, -1, -HOUR, -30 * 60]))
    threshold = kg * period / (2 * HOUR)
    volume = max(0, int(threshold) + draw(st.sampled_from([-1, 0, 1])))
    count = max(draw(st.integers(1, 6)), -(-volume // 5000))
    between = sorted(
        draw(
            st.lists(
                st.integers(end - 6 * HOUR + 1, end - 1),
                min_size=count - 1,
                max_size=count - 1,
                unique=True,
            )
        )
    )
    shares = [volume // count + (1 if i < volume % count else 0) for i in range(count)]
    history = [Said(end - period, "urineOutput", draw(URINE))]
    history += [
        Said(t, "urineOutput", str(ml))
        for t, ml in zip([*between, end], shares, strict=True)
    ]
    if draw(st.integers(0, 9)) != 9:  # a weight, mostly
        history.append(
            Said(draw(seconds_around(0, -26 * HOUR)), "weight", f"{float(kg):.1f}")
        )
    return history


ZONES = [
    UTC,
    ZoneInfo("Europe/London"),
    ZoneInfo("America/New_York"),
    ZoneInfo("Asia/Kolkata"),
    ZoneInfo("Australia/Lord_Howe"),
]
DAYS = [
    datetime.fromisoformat(day)
    for day in [
        *("2026-11-20", "2026-06-15"),  # ordinary days
        *("2026-03-29", "2026-03-30", "2026-10-25", "2026-10-26"),  # London: BST
        *("2026-03-08", "2026-11-01", "2026-11-02"),  # New York: EDT
        *("2026-04-05", "2026-10-04"),  # Lord Howe Island: 30 minutes
    ]
]


@st.composite
def near_the_day_start(draw: st.DrawFn) -> tuple[datetime, tzinfo, list[Said]]:
    """Now at 06:59, 07:00 or 07:01 on the ward's clock (or any time of the day),
    intakes and outputs at, around and a day before the day starts, and a last entry
    that brings the balance to +2,000 or -1,500 mL exactly, or 1 mL either side."""
    zone = draw(st.sampled_from(ZONES))
    day = draw(st.sampled_from(DAYS))
    seven = datetime(day.year, day.month, day.day, 7, tzinfo=zone).astimezone(UTC)
    shift = draw(
        st.one_of(
            st.sampled_from([-60, -1, 0, 1, 60]), st.integers(-HOUR * 12, HOUR * 12)
        )
    )
    now = seven + timedelta(seconds=shift)
    starts = [
        (seven - now) // timedelta(seconds=1) - back
        for back in (0, 24 * HOUR, 23 * HOUR, 25 * HOUR)
    ]
    times = seconds_around(0, *starts)
    history = draw(said("fluidIntake", FLUID, times, 4)) + draw(
        said("urineOutput", FLUID, times, 4)
    )
    target = draw(st.sampled_from([None, 2000, -1500]))
    balance = fluid_balance(history, now, zone) or 0
    if target is not None:
        gap = target + draw(st.sampled_from([-1, 0, 1])) - balance
        if 0 < abs(gap) <= 5000:
            kind = "fluidIntake" if gap > 0 else "urineOutput"
            history.append(
                Said(draw(st.sampled_from([0, -1, -60])), kind, str(abs(gap)))
            )
    return now, zone, history


@st.composite
def sepsis_readings(draw: st.DrawFn) -> list[Said]:
    """One criterion alone, its latest reading at its threshold or a step either
    side; or some charted (once or twice: only the latest counts), each at its
    threshold, a step either side or anywhere, and urine outputs charted 18 hours
    ago, a second either side, and since."""
    anytime = seconds_around(0, -HOUR)
    criteria = {
        "respiratoryRate": numbers(2, 70, 25, 12),
        "systolicBP": numbers(40, 300, 90, 120),
        "heartRate": numbers(20, 250, 130, 80),
        "fio2": numbers(21, 100, 40, 21),
        "consciousness": st.sampled_from(
            ["alert", "alert", "confused", "voice", "pain", "unresponsive"]
        ),
    }
    if draw(st.booleans()):  # one criterion alone, its latest reading at the edge
        name = draw(st.sampled_from(sorted(criteria)))
        edge = {"respiratoryRate": 25, "systolicBP": 90, "heartRate": 130, "fio2": 40}
        value = criteria[name]
        if name in edge:
            value = st.sampled_from([str(edge[name] + d) for d in (-1, 0, 1)])
        older = draw(said(name, criteria[name], seconds_around(-HOUR), 1))
        return [*older, Said(draw(st.sampled_from([0, -1])), name, draw(value))]
    charted = draw(st.sets(st.sampled_from(sorted(criteria)), max_size=3))
    history = [
        s for c in sorted(charted) for s in draw(said(c, criteria[c], anytime, 2))
    ]
    urine_times = seconds_around(0, -18 * HOUR, -FLUID_WINDOW)
    urine = said("urineOutput", st.sampled_from(["0", "0", "1", "250"]), urine_times, 4)
    return history + draw(urine)


def gcs_readings() -> st.SearchStrategy[list[Said]]:
    times = seconds_around(0, -HOUR)
    return st.tuples(
        said("gcs", numbers(3, 15, 13, 15), times, 3),
        said("gcsMotor", numbers(1, 6, 5), times, 3),
    ).map(lambda pair: [*pair[0], *pair[1]])


@st.composite
def oxygen_readings(draw: st.DrawFn) -> list[Said]:
    """Flow rates and FiO2, the last two of a type often 12 hours apart exactly, a
    second either side, or closer; the latest equal, a step higher or lower, or any."""
    scales: dict[str, tuple[Fraction, Fraction, str]] = {
        "oxygenFlow": (Fraction(1, 2), Fraction(60), "{:.1f}"),
        "fio2": (Fraction(21), Fraction(100), "{:.0f}"),
    }
    steps = [Fraction(k, 2) for k in (-1, 0, 1, 2, 20)]
    gaps = st.one_of(
        st.sampled_from([12 * HOUR - 1, 12 * HOUR, 12 * HOUR + 1, 0, 1]),
        st.integers(0, 27 * HOUR),
    )
    history = []
    for type_name, (low, high, shown) in scales.items():
        value = numbers(int(low) + 1, int(high), 2, 28, 40)
        history += draw(said(type_name, value, seconds_around(-12 * HOUR), 2))
        if draw(st.booleans()):
            at = draw(st.sampled_from([0, -1, -HOUR]))
            before = Fraction(draw(value))
            step = draw(st.sampled_from(steps))
            after = min(max(before + step, low), high)
            history += [
                Said(at - draw(gaps), type_name, shown.format(float(before))),
                Said(at, type_name, shown.format(float(after))),
            ]
    return history


def oliguria_readings() -> st.SearchStrategy[list[Said]]:
    marks = (0, -6 * HOUR, -19 * HOUR, -FLUID_WINDOW, -FLUID_WINDOW - 6 * HOUR)
    urine = said("urineOutput", URINE, seconds_around(*marks), 8)
    weight = said("weight", WEIGHTS, seconds_around(0, -26 * HOUR), 1)
    return st.one_of(
        urine_at_the_threshold(),
        st.tuples(urine, weight).map(lambda pair: [*pair[0], *pair[1]]),
    )


def device_readings() -> st.SearchStrategy[list[Said]]:
    times = st.sampled_from([0, -1, -60, -HOUR])
    devices = [
        "nasalCannula",
        "simpleMask",
        "venturiMask",
        "nonRebreather",
        "highFlow",
        "cpap",
        "niv",
    ]
    return st.tuples(
        said("oxygenSupply", st.sampled_from(["air", "supplemental"]), times, 2),
        said("oxygenDevice", st.sampled_from(devices), times, 2),
    ).map(lambda pair: [*pair[0], *pair[1]])


def problems(state: PatientState) -> set[str]:
    return set(NEW_PROBLEMS) & state.problem_names


# --- The properties -----------------------------------------------------------------


@BOUNDED
@given(oliguria_readings())
def test_oliguria_is_kdigo_urine_output_below_half_a_ml_per_kg_per_hour(rules, history):
    state = solve(rules, history)
    assert ("oliguria" in state.problem_names) == oliguria(history)
    assessed = {n.name for n in state.not_assessed}
    assert ("oliguria" in assessed) == oliguria_not_assessed(history)


@BOUNDED
@given(near_the_day_start())
def test_the_fluid_balance_is_intake_minus_output_since_07_00(rules, case):
    now, zone, history = case
    state = solve(rules, history, now=now, zone=zone)
    balance = fluid_balance(history, now, zone)
    if balance is None:
        assert state.fluid_balance is None
    else:
        assert state.fluid_balance is not None
        assert (state.fluid_balance.ml, state.fluid_balance.since) == (
            balance,
            day_start(now, zone),
        )
    expected = set()
    if balance is not None and balance > 2000:
        expected.add("fluidBalancePositive")
    if balance is not None and balance < -1500:
        expected.add("fluidBalanceNegative")
    assert (
        problems(state) & {"fluidBalancePositive", "fluidBalanceNegative"} == expected
    )


@BOUNDED
@given(gcs_readings())
def test_gcs_drop_is_a_fall_of_2_in_the_total_or_1_in_the_motor_score(rules, history):
    state = solve(rules, history)
    assert ("gcsDrop" in state.problem_names) == gcs_drop(history)
    if gcs_drop(history):
        (problem,) = [p for p in state.problems if p.name == "gcsDrop"]
        assert problem.severity == "high"


@BOUNDED
@given(oxygen_readings())
def test_oxygen_need_rising_is_more_flow_or_fio2_than_within_12_hours_before(
    rules, history
):
    state = solve(rules, history)
    assert ("oxygenNeedRising" in state.problem_names) == oxygen_need_rising(history)


@BOUNDED
@given(sepsis_readings())
def test_sepsis_high_risk_is_any_one_nice_ng51_criterion(rules, history):
    state = solve(rules, history)
    assert ("sepsisHighRisk" in state.problem_names) == sepsis_high_risk(history)


@BOUNDED
@given(device_readings())
def test_an_oxygen_device_is_supplemental_oxygen_for_news2(rules, history):
    news2 = solve(rules, history).news2
    points = air_or_oxygen_points(history)
    assert news2.subscores.get("oxygenSupply") == points
    assert ("oxygenSupply" in news2.missing) == (points is None)


@settings(max_examples=100, deadline=None)
@given(
    st.tuples(
        oliguria_readings(),
        gcs_readings(),
        oxygen_readings(),
        sepsis_readings(),
        said("fluidIntake", FLUID, seconds_around(0, -FLUID_WINDOW), 4),
    ),
    st.sampled_from(ZONES),
)
def test_all_together_every_rule_agrees_and_no_reading_it_needs_is_left_out(
    rules, parts, zone
):
    """One history of every type: each rule still reads only its own, and leaving
    out the readings no rule sees changes nothing."""
    history = [s for part in parts for s in part]
    state = solve(rules, history, zone=zone)
    assert state == solve(rules, history, zone=zone, full_history=True)
    balance = fluid_balance(history, NOW, zone)
    expected = {
        "oliguria": oliguria(history),
        "fluidBalancePositive": balance is not None and balance > 2000,
        "fluidBalanceNegative": balance is not None and balance < -1500,
        "gcsDrop": gcs_drop(history),
        "oxygenNeedRising": oxygen_need_rising(history),
        "sepsisHighRisk": sepsis_high_risk(history),
    }
    assert problems(state) == {name for name, holds in expected.items() if holds}
    assert (None if state.fluid_balance is None else state.fluid_balance.ml) == balance
    assessed = {n.name for n in state.not_assessed}
    assert ("oliguria" in assessed) == oliguria_not_assessed(history)


def test_an_output_charted_over_25_hours_ago_still_starts_the_oliguria_period(rules):
    """The definition's period starts at the latest output 6 hours or more before
    the latest one, however long ago: 10 mL in 25 hours and a second is oliguria, as
    at 25 hours exactly; with the pruned history as with the whole."""
    for back in (FLUID_WINDOW, FLUID_WINDOW + 1, 3 * FLUID_WINDOW):
        history = [
            Said(0, "weight", "70.0"),
            Said(-back, "urineOutput", "300"),
            Said(0, "urineOutput", "10"),
        ]
        state = solve(rules, history)
        assert "oliguria" in state.problem_names, back
        assert state == solve(rules, history, full_history=True)


def test_an_output_charted_long_ago_and_none_since_is_no_urine_for_18_hours(rules):
    """One output 25 hours and a second ago and nothing since, or only 0 mL since:
    urine is charted and none was passed for 18 hours."""
    for since in ([], [Said(-HOUR, "urineOutput", "0")]):
        history = [Said(-FLUID_WINDOW - 1, "urineOutput", "250"), *since]
        state = solve(rules, history)
        assert "sepsisHighRisk" in state.problem_names, since
        assert state == solve(rules, history, full_history=True)


def test_when_nothing_was_charted_lately_the_period_ends_at_the_last_output(rules):
    """The latest output a day ago ends the period; its start is the latest output 6
    hours before that, even when an output in between lies before the 25 hours."""
    history = [
        Said(0, "weight", "70.0"),
        Said(-60 * HOUR, "urineOutput", "100"),
        Said(-28 * HOUR - 1, "urineOutput", "900"),
        Said(-26 * HOUR, "urineOutput", "5"),
        Said(-21 * HOUR, "urineOutput", "5"),
    ]
    assert oliguria(history)
    state = solve(rules, history)
    assert "oliguria" in state.problem_names
    assert state == solve(rules, history, full_history=True)
