"""NEWS2 as a nurse reads it: a complete score in its band's colour, a partial one as
a lower bound with what is missing ("NEWS2 ≥ 3, 2 of 7 missing"), never in a band's
colour (issue 23, item 5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from logic.alphabet import Alphabet
from logic.state import type_labels

NEWS2_PARAMETERS = 7  # snapshots stored before the state counted them


@dataclass(frozen=True)
class News2Shown:
    """A patient's NEWS2 from the stored state, ready for a page."""

    complete: bool
    score: int | None
    """The score when complete; while partial, the least it can be (None in
    snapshots stored before the state gave one)."""
    band: str  # "" while partial: a partial score has no band
    missing: tuple[str, ...]  # the missing parameters, as a chart heads them
    parameter_count: int = NEWS2_PARAMETERS

    @property
    def partial(self) -> bool:
        return not self.complete

    @property
    def lower_bound(self) -> str:
        """ "NEWS2 ≥ 3", or "NEWS2 –" when the stored state gave no bound."""
        return "NEWS2 –" if self.score is None else f"NEWS2 ≥ {self.score}"

    @property
    def missing_count(self) -> str:
        """ "2 of 7 missing"."""
        return f"{len(self.missing)} of {self.parameter_count} missing"

    @property
    def text(self) -> str:
        """The score in one line: "NEWS2 5 (medium)" or "NEWS2 ≥ 3, 2 of 7 missing"."""
        if self.complete:
            return f"NEWS2 {self.score} ({self.band})"
        return f"{self.lower_bound}, {self.missing_count}"


def news2_shown(state: Mapping[str, Any], alphabet: Alphabet) -> News2Shown | None:
    """The NEWS2 of a stored patient state (:func:`logic.state.state_to_record`);
    None before the patient's first solve, or when the rules gave no score."""
    news2 = state.get("news2") or {}
    if news2.get("complete"):
        if news2.get("score") is None:
            return None  # a rule set without NEWS2
        return News2Shown(True, news2["score"], news2.get("band") or "", ())
    if not news2:
        return None
    return News2Shown(
        complete=False,
        score=news2.get("score_at_least"),
        band="",
        missing=type_labels(news2.get("missing", []), alphabet),
        parameter_count=news2.get("parameter_count") or NEWS2_PARAMETERS,
    )
