"""The SBAR shift handover of a patient, read from stored facts and the last solve."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.utils import timezone

from caretaker.journal.fluids import (
    FluidBalanceShown,
    NotAssessedShown,
    fluid_balance_shown,
    not_assessed_shown,
)
from caretaker.journal.models import Message, PatientSnapshot
from caretaker.journal.news2 import News2Shown, news2_shown
from caretaker.journal.panels import (
    PanelReading,
    PanelShown,
    panel_now,
    totals_last,
)
from caretaker.journal.rules import active_rules
from caretaker.journal.selectors import fact_list_active
from caretaker.wards.models import Patient
from logic import Statement, statement_parse
from logic.alphabet import Alphabet
from logic.extraction.confirmation import readings
from logic.state import type_labels
from logic.warning import after_label

SHIFT = timedelta(hours=12)
OXYGEN_PANEL = "oxygen"  # the alphabet's panel of the oxygen given (panel = "oxygen")

# The problems news2.lp derives whose descriptions are the RCP chart's clinical
# response (who reviews, how soon). Named here, not worded here: the words are the
# rules'; a rule set without these problems shows no escalation.
ESCALATION_PROBLEMS = (
    "news2High",
    "news2Medium",
    "news2LowMedium",
    "observationsOverdue",
)


@dataclass(frozen=True)
class Reading:
    """One reading as a nurse writes it ("BP 128/76") and when it was said."""

    text: str
    at: datetime


@dataclass(frozen=True)
class VitalSign:
    """One measurement over the shift: first, last, lowest, highest and the trend."""

    type: str
    first: Reading
    last: Reading
    lowest: Reading
    highest: Reading
    count: int
    trend: str  # "rising", "falling", "unchanged" or "one reading"


@dataclass(frozen=True)
class ProblemLine:
    name: str
    label: str
    meaning: str
    severity: str
    description: str = ""  # the rules' clinical action text (escalation)


@dataclass(frozen=True)
class NotUnderstood:
    """Words the extraction could not express, or a message that failed."""

    at: datetime
    said: str
    words: str  # the unclear part, or the failure's reason


@dataclass(frozen=True)
class Handover:
    patient: Patient
    since: datetime
    until: datetime
    news2_score: int | None
    news2_band: str
    news2_missing: tuple[str, ...]
    problems: tuple[ProblemLine, ...]
    background: tuple[Reading, ...]
    vital_signs: tuple[VitalSign, ...]
    monitoring_interval: str  # empty when the rules derive none
    escalation: tuple[str, ...]
    unclear: tuple[NotUnderstood, ...]
    failed: tuple[NotUnderstood, ...]
    # A model's spoken rewording of summary(), shown only when it keeps every number
    # (CARETAKER_LLM_WORDING); empty otherwise.
    wording: str = ""
    # The NEWS2 as the page shows it, partial or complete; None before any solve.
    news2: News2Shown | None = None
    # Intake minus urine output since the chart's day start; None when none charted.
    fluid_balance: FluidBalanceShown | None = None
    # What the rules could not assess, and why (oliguria without a weight).
    not_assessed: tuple[NotAssessedShown, ...] = ()
    # The last reading of each total with its parts ("GCS 14 (E4 V4 M6)"), however
    # old; and the oxygen given now ("Nasal cannula, O2 2.0 L/min, FiO2 28%").
    totals: tuple[PanelReading, ...] = ()
    oxygen: PanelShown | None = None

    def summary(self) -> str:
        """The handover in a few sentences, built only from the sections above: what
        a model may reword, and what its rewording is checked against."""
        parts = []
        if self.news2_score is not None:
            parts.append(f"NEWS2 {self.news2_score} ({self.news2_band}).")
        elif self.news2 is not None and self.news2.partial:
            missing = ", ".join(self.news2.missing)
            parts.append(f"{self.news2.text} ({missing}).")
        if self.problems:
            parts.append("Problems: " + ", ".join(p.label for p in self.problems) + ".")
        parts += [n.text for n in self.not_assessed]
        if self.background:
            parts.append(
                "Background: " + ", ".join(b.text for b in self.background) + "."
            )
        for vital in self.vital_signs:
            parts.append(
                f"{vital.first.text} at {vital.first.at:%H:%M}, then "
                f"{vital.last.text} at {vital.last.at:%H:%M} ({vital.trend})."
            )
        parts += [
            f"Last {t.text} at {timezone.localtime(t.at):%H:%M}." for t in self.totals
        ]
        if self.oxygen is not None:
            parts.append(f"{self.oxygen.label}: {self.oxygen.text}.")
        if self.fluid_balance is not None:
            parts.append(f"{self.fluid_balance.text}.")
        if self.monitoring_interval:
            parts.append(f"Observations {self.monitoring_interval}.")
        if self.unclear:
            parts.append(
                "Not understood: "
                + "; ".join(f"'{u.words}'" for u in self.unclear)
                + "."
            )
        return " ".join(parts)


def handover_since_default(*, now: datetime | None = None) -> datetime:
    """The start of the shift being handed over: the last 12 hours."""
    return (now or timezone.now()) - SHIFT


def patient_handover(
    *, patient: Patient, since: datetime, until: datetime | None = None
) -> Handover:
    """The handover of ``patient`` for what was said from ``since`` to ``until``."""
    until = until or timezone.now()
    rules = active_rules(patient=patient).rules
    alphabet = rules.alphabet
    snapshot = PatientSnapshot.objects.filter(patient=patient).first()
    state = snapshot.state if snapshot else {}
    news2 = state.get("news2", {})
    problems = tuple(_problem_line(p) for p in state.get("problems", []))
    facts = _statements(patient=patient, alphabet=alphabet)
    messages = Message.objects.filter(
        patient=patient, said_at__gte=since, said_at__lte=until
    ).order_by("said_at", "id")
    return Handover(
        patient=patient,
        since=since,
        until=until,
        news2_score=news2.get("score") if news2.get("complete") else None,
        news2_band=news2.get("band") or "",
        news2_missing=type_labels(news2.get("missing", []), alphabet),
        news2=news2_shown(state, alphabet),
        fluid_balance=fluid_balance_shown(state),
        not_assessed=not_assessed_shown(state),
        totals=totals_last([(at, s) for at, _m, s in facts], alphabet),
        oxygen=panel_now([(at, s) for at, _m, s in facts], alphabet, OXYGEN_PANEL),
        problems=problems,
        background=_background(facts, alphabet),
        vital_signs=_vital_signs(
            [f for f in facts if since <= f[0] <= until], alphabet
        ),
        monitoring_interval=_interval_text(news2.get("monitoring_interval")),
        escalation=tuple(
            p.description
            for p in problems
            if p.name in ESCALATION_PROBLEMS and p.description
        ),
        unclear=tuple(
            NotUnderstood(m.said_at, m.transcript or m.text, str(words))
            for m in messages
            for words in m.unclear
        ),
        failed=tuple(
            NotUnderstood(m.said_at, m.transcript or m.text, m.failure_reason)
            for m in messages
            if m.status == Message.Status.FAILED
        ),
    )


def _problem_line(problem: dict) -> ProblemLine:
    # label and meaning are newer than name and description: old snapshots lack them.
    # The meaning is read after the label ("label: meaning"): said once.
    label = problem.get("label") or problem["name"]
    return ProblemLine(
        name=problem["name"],
        label=label,
        meaning=after_label(
            label, problem.get("meaning") or problem.get("description", "")
        ),
        severity=problem.get("severity", ""),
        description=problem.get("description", ""),
    )


Said = tuple[datetime, int, Statement]  # when, which message, what


def _statements(*, patient: Patient, alphabet: Alphabet) -> list[Said]:
    """The patient's active facts as statements; one the alphabet no longer knows
    (an admin removed its type) is left out, as the solve leaves it out."""
    said = []
    # A week of 15-minute sets repeats a few hundred statements thousands of times:
    # rows, not model instances, and each text parsed once (a ward handover of 30
    # beds with a week each spent most of its time building and parsing them).
    parsed: dict[str, Statement | None] = {}
    rows = fact_list_active(patient=patient).values_list(
        "said_at", "message_id", "statement"
    )
    for said_at, message_id, text in rows:
        if text not in parsed:
            try:
                statement = statement_parse(text, alphabet)
            except ValueError:
                statement = None
            parsed[text] = statement if isinstance(statement, Statement) else None
        if (known := parsed[text]) is not None:
            said.append((said_at, message_id, known))
    return said


def _background(facts: Sequence[Said], alphabet: Alphabet) -> tuple[Reading, ...]:
    """What the alphabet keeps every value of (its accumulating conditions: the
    background), each value as first said."""
    background = alphabet.accumulating
    first: dict[tuple[str, str], Reading] = {}
    for at, _message, statement in facts:
        key = (statement.type, str(statement.value))
        if statement.type in background and key not in first:
            first[key] = Reading(_text([statement], alphabet), at)
    return tuple(first.values())


def _text(statements: Sequence[Statement], alphabet: Alphabet) -> str:
    return " ".join(r.text for r in readings(statements, alphabet))


def _partner_types(alphabet: Alphabet) -> dict[str, str]:
    """Type -> the type whose reading it completes ("diastolicBP" -> "systolicBP")."""
    return {
        m.pair: name
        for name, m in alphabet.measurements.items()
        if m.pair and m.pair_display
    }


def _vital_signs(facts: Sequence[Said], alphabet: Alphabet) -> tuple[VitalSign, ...]:
    """Each measured type's readings, a pair's partner said in the same message
    folded into its reading ("BP 128/76", "SpO2 96% on air")."""
    partners = _partner_types(alphabet)
    said_with = {(message, s.type): s for _at, message, s in facts}
    series: dict[str, list[tuple[Decimal, Reading]]] = {}
    for at, message, statement in facts:
        if statement.family != "data":
            continue
        owner = partners.get(statement.type)
        if owner and (message, owner) in said_with:
            continue  # shown within its owner's reading
        together = [statement]
        pair = alphabet.measurements[statement.type].pair
        if pair and (message, pair) in said_with:
            together.append(said_with[(message, pair)])
        assert isinstance(statement.value, Decimal)
        reading = Reading(_text(together, alphabet), at)
        series.setdefault(statement.type, []).append((statement.value, reading))
    order = list(alphabet.measurements)
    return tuple(
        _vital_sign(name, series[name]) for name in sorted(series, key=order.index)
    )


def _vital_sign(name: str, values: list[tuple[Decimal, Reading]]) -> VitalSign:
    # min and max keep the earliest of equal values: the first time it was reached.
    lowest = min(values, key=lambda v: v[0])
    highest = max(values, key=lambda v: v[0])
    first, last = values[0], values[-1]
    if len(values) == 1:
        trend = "one reading"
    elif last[0] == first[0]:
        trend = "unchanged"
    else:
        trend = "rising" if last[0] > first[0] else "falling"
    return VitalSign(
        type=name,
        first=first[1],
        last=last[1],
        lowest=lowest[1],
        highest=highest[1],
        count=len(values),
        trend=trend,
    )


def _interval_text(seconds: int | None) -> str:
    if not seconds:
        return ""
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return "every hour" if hours == 1 else f"every {hours} hours"
    return f"every {seconds // 60} minutes"
