"""When a spoken value is asked about instead of recorded.

A wrong fact in a patient record is worse than a missing one, and the recogniser
mishears ("heart rate's 118" → "heart rates 180"). A value becomes a question for
the nurse ("Pulse 180?") when its words were uncertain, when it jumps implausibly
from the patient's last reading, or when it sits in the chart's extreme bands. The
thresholds are the alphabet's (``confirm_confidence``, ``confirm_change``,
``confirm_outside``), beside each type's range, for clinical leads to tune.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Literal

from logic.alphabet import Alphabet
from logic.extraction.confirmation import readings
from logic.program import TimedStatement
from logic.statements import Statement

DoubtKind = Literal["confidence", "change", "extreme"]


@dataclass(frozen=True)
class Doubt:
    """Why a value is asked about, in words a nurse reads."""

    kind: DoubtKind
    reason: str


def statement_doubts(
    statement: Statement,
    alphabet: Alphabet,
    *,
    confidence: float | None = None,
    previous: TimedStatement | None = None,
    at: datetime | None = None,
) -> tuple[Doubt, ...]:
    """The doubts about a spoken ``statement``: ``confidence`` is the recogniser's
    (the lowest probability of the words it rests on; None when unknown),
    ``previous`` the patient's last reading of the type and ``at`` when this one was
    said. No doubt: the value may be recorded."""
    doubts: list[Doubt] = []
    needed = alphabet.confidence_needed(statement.type)
    if confidence is not None and confidence < needed:
        doubts.append(
            Doubt(
                "confidence",
                f"the recogniser was unsure of these words ({confidence:.0%} sure)",
            )
        )
    measurement = alphabet.measurements.get(statement.type)
    if measurement is None or not isinstance(statement.value, Decimal):
        return tuple(doubts)
    value = statement.value
    if measurement.confirm_outside is not None:
        low, high = measurement.confirm_outside
        if not low <= value <= high:
            doubts.append(
                Doubt("extreme", f"in the chart's extreme band (not {low}–{high})")
            )
    if (
        measurement.confirm_change is not None
        and previous is not None
        and at is not None
        and isinstance(previous.statement.value, Decimal)
    ):
        by, within = measurement.confirm_change
        minutes = (at - previous.at).total_seconds() / 60
        if 0 <= minutes <= within and abs(value - previous.statement.value) > by:
            before = reading_text(previous.statement, alphabet)
            doubts.append(
                Doubt("change", f"last reading {before}, {_minutes(minutes)} ago")
            )
    return tuple(doubts)


def reading_text(statement: Statement, alphabet: Alphabet) -> str:
    """The statement as a nurse writes it ("Pulse 180")."""
    return readings([statement], alphabet)[0].text


def question_text(statement: Statement, alphabet: Alphabet) -> str:
    """What the bedside asks: ``Pulse 180?``."""
    return reading_text(statement, alphabet) + "?"


def _minutes(minutes: float) -> str:
    whole = round(minutes)
    return "1 minute" if whole == 1 else f"{whole} minutes"
