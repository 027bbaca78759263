"""The fluid chart as a nurse reads it: the balance since the chart's day start
("Fluid balance +450 mL since 07:00"), what the rules could not assess and why
("Low urine output: not assessed. No weight recorded: ..."), and the chart day by day
(intake, urine output and balance from 07:00 to 07:00) (issue 23)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from decimal import Decimal
from functools import lru_cache
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from logic import RuleSet
from logic.diagnostics import RuleSetError
from logic.solver import program_solve


@dataclass(frozen=True)
class FluidBalanceShown:
    """Intake minus urine output (mL) since the chart's day start."""

    ml: int
    since: datetime

    @property
    def amount(self) -> str:
        """ "+450 mL", "-1,200 mL", "0 mL"."""
        sign = "+" if self.ml > 0 else "-" if self.ml < 0 else ""
        return f"{sign}{abs(self.ml):,} mL"

    @property
    def text(self) -> str:
        """ "Fluid balance +450 mL since 07:00" (the ward's clock)."""
        return (
            f"Fluid balance {self.amount} since {timezone.localtime(self.since):%H:%M}"
        )


@dataclass(frozen=True)
class NotAssessedShown:
    """A problem the rules could not assess (oliguria without a weight), and why."""

    name: str
    label: str
    reason: str

    @property
    def text(self) -> str:
        return f"{self.label}: not assessed. {self.reason}"


def fluid_balance_shown(state: Mapping[str, Any]) -> FluidBalanceShown | None:
    """The balance of a stored patient state (:func:`logic.state.state_to_record`);
    None when nothing was charted since the day start or the rules give none."""
    balance = state.get("fluid_balance")
    since = parse_datetime(balance.get("since", "")) if balance else None
    if not balance or since is None or balance.get("ml") is None:
        return None
    return FluidBalanceShown(int(balance["ml"]), since)


def not_assessed_shown(state: Mapping[str, Any]) -> tuple[NotAssessedShown, ...]:
    """What the rules say they could not assess in a stored state, by name."""
    return tuple(
        NotAssessedShown(n["name"], n.get("label") or n["name"], n.get("reason", ""))
        for n in state.get("not_assessed", [])
    )


# The two sides of the balance, as fluids.lp names them: intake in, urine out.
FLUID_IN = "fluidIntake"
FLUID_OUT = "urineOutput"
_HOURS = "".join(f"clockHour({h},{h})." for h in range(24))


@dataclass(frozen=True)
class FluidDay:
    """One chart day's fluid chart: total intake and urine output (mL) charted
    after its start and up to its end (07:00 to 07:00 on the ward's clock)."""

    start: datetime
    end: datetime
    intake: int
    output: int
    complete: bool  # over; today's totals run on

    @property
    def balance(self) -> int:
        return self.intake - self.output

    @property
    def balance_shown(self) -> str:
        return FluidBalanceShown(self.balance, self.start).amount


def day_start_hour(rules: RuleSet) -> int:
    """The hour on the ward's clock the rules start the chart's day at (time.lp's
    ``dayStartHour``), asked of the rules with one clock hour per hour of the day;
    midnight for a rule set that derives no ``dayStart``."""
    return _day_start_hour(tuple((f.name, f.text) for f in rules.files))


@lru_cache(maxsize=16)
def _day_start_hour(files: tuple[tuple[str, str], ...]) -> int:
    try:
        answer = program_solve(files, _HOURS, show=[("dayStart", 1)])
    except RuleSetError:
        return 0
    return min((int(str(t)) for (t,) in answer.of("dayStart")), default=0)


def fluid_days(
    entries: Iterable[tuple[datetime, str, Decimal]], *, hour: int, now: datetime
) -> list[FluidDay]:
    """Per chart day starting at ``hour`` on the ward's clock, oldest first, the
    totals of ``entries`` (when, type, mL): the days that have any. An entry at the
    day start itself is the last of the day before, as fluids.lp counts it."""
    zone = timezone.get_current_timezone()
    totals: dict[date, dict[str, Decimal]] = {}
    for at, type_name, ml in entries:
        if type_name in (FLUID_IN, FLUID_OUT):
            day = _chart_day(at, hour, zone)
            sides = totals.setdefault(
                day, {FLUID_IN: Decimal(0), FLUID_OUT: Decimal(0)}
            )
            sides[type_name] += ml
    days = []
    for day, sides in sorted(totals.items()):
        start = datetime.combine(day, time(hour), tzinfo=zone)
        end = datetime.combine(day + timedelta(days=1), time(hour), tzinfo=zone)
        days.append(
            FluidDay(
                start, end, int(sides[FLUID_IN]), int(sides[FLUID_OUT]), end <= now
            )
        )
    return days


def _chart_day(at: datetime, hour: int, zone: tzinfo) -> date:
    local = at.astimezone(zone)
    start = datetime.combine(local.date(), time(hour), tzinfo=zone)
    return local.date() if local > start else local.date() - timedelta(days=1)


def fluid_days_json(days: Iterable[FluidDay]) -> list[dict]:
    """The days as series.json carries them (the patient chart's fluid panel)."""
    return [
        {"start": d.start.isoformat(), "end": d.end.isoformat(),
         "label": f"{d.start.day} {d.start:%b %H:%M}", "intake": d.intake,
         "output": d.output, "balance": d.balance, "complete": d.complete}
        for d in days
    ]  # fmt: skip
