"""The fluid chart as a nurse reads it: the balance since the chart's day start
("Fluid balance +450 mL since 07:00"), and what the rules could not assess and why
("Low urine output: not assessed. No weight recorded: ...") (issue 23)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime


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
