"""Relative statements against the patient's current values: "up two points",
"another degree", "unchanged", "same as this morning"."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

_RISE = r"up|risen|rose|gone up|increased|climbed|higher|raised"
_FALL = r"down|fallen|fell|dropped|gone down|come down|decreased|lower|reduced"
_SINCE = (
    r"(?:\s+(?:from|since|than|as|compared to|compared with)\s+(?:the\s+)?"
    r"(?:earlier|before|this morning|last time|yesterday|last night|previously|"
    r"handover|admission|last set(?: of obs)?|last obs|previous(?: set)?|"
    r"the morning|when i came on))?"
)
# Words that may stand between the type and the change ("sats are up", "pain's down").
_LEAD = re.compile(
    r"(?:[\s,]|'s\b|\b(?:is|are|has|have|had|been|was|still|now|just|all|"
    r"gone|um|uh|er|slightly|a bit|about)\b)*",
    re.I,
)
_SHIFT = re.compile(
    rf"(?:(?P<rise>{_RISE})|(?P<fall>{_FALL}))\s+(?:by\s+)?(?:about\s+|another\s+)?"
    r"(?P<amount>\d+(?:\.\d+)?|half\s+an?|an?|one|another|point\s+\d)\b"
    r"(?:\s+(?:points?|degrees?|beats?|breaths?|percent|%|mmhg|units?))?"
    # "a degree and a half"
    r"(?P<half>\s+and\s+a\s+half)?"
    rf"{_SINCE}(?!\s*(?:to|at|of)\b)",
    re.I,
)
_SAME = re.compile(
    r"(?:unchanged|no change|not changed|hasn't changed|the same|same)"
    rf"{_SINCE}\b",
    re.I,
)


@dataclass(frozen=True)
class Relative:
    """A change said after a type word: where it ends and its signed amount
    (0 for "unchanged")."""

    end: int
    delta: Decimal


def relative_after(text: str, position: int, limit: int) -> Relative | None:
    """The relative phrase that follows a type word ending at ``position`` (before
    ``limit``), or None."""
    lead = _LEAD.match(text, position, limit)
    start = lead.end() if lead else position
    shift = _SHIFT.match(text, start, limit)
    if shift:
        amount = shift.group("amount").lower()
        if amount.startswith("point"):
            amount = "0." + amount.split()[-1]  # "up point six"
        elif amount.startswith("half"):
            amount = "0.5"  # "gone up half a degree"
        delta = (
            Decimal(1) if amount in ("a", "an", "one", "another") else Decimal(amount)
        ) + (Decimal("0.5") if shift.group("half") else 0)
        return Relative(shift.end(), delta if shift.group("rise") else -delta)
    same = _SAME.match(text, start, limit)
    if same:
        return Relative(same.end(), Decimal(0))
    return None


def current_value(state: Mapping[str, object], type_name: str) -> Decimal | None:
    """The patient's current value of ``type_name`` as a Decimal, or None."""
    current = state.get(type_name)
    if isinstance(current, bool) or not isinstance(
        current, int | float | str | Decimal
    ):
        return None
    try:
        return Decimal(str(current))
    except ArithmeticError:
        return None
