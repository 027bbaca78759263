"""The patient page's observation chart: readings with the nurse's words, one chart
per measurement of the alphabet (named, ordered and bounded by it), and the NEWS2
bands of the active rule set (read from its rules by :mod:`logic.news2_chart`)."""

from decimal import Decimal

from django.utils import timezone

from caretaker.journal.fluids import day_start_hour, fluid_days, fluid_days_json
from caretaker.journal.models import Fact
from caretaker.journal.panels import PanelShown, Said, panel_now, panel_types
from caretaker.journal.rules import active_rules
from caretaker.journal.selectors import fact_list_active
from caretaker.wards.models import Patient
from logic import Statement, statement_parse
from logic.alphabet import Alphabet
from logic.extraction.confirmation import type_label
from logic.news2_chart import (
    BACKGROUND,
    CONSCIOUSNESS,
    SPO2,
    SUPPLY,
    Band,
    News2Chart,
    news2_bands,
)

WORDS_MAX = 160  # a tooltip, not the whole message
OXYGEN_PANEL = "oxygen"  # the panel shown with the SpO2 chart (alphabet: panel)


def patient_chart(*, patient: Patient) -> dict:
    """series.json: readings by type as ``[time, value, words]``, the charts to draw
    (:func:`chart_list`), conditions the chart marks (consciousness, oxygen), the NEWS2
    series with its band per point, whether the patient is on SpO2 scale 2, the bands
    to shade, the consciousness levels by the names a nurse reads (the chart's
    rows), the fluid chart day by day (:func:`fluid_days`, from the rules' day
    start) and the oxygen given now (the alphabet's ``oxygen`` panel)."""
    rules = active_rules(patient=patient).rules
    chart = news2_bands(rules)
    facts = fact_list_active(patient=patient).select_related("message")
    series: dict[str, list] = {}
    conditions: dict[str, list] = {CONSCIOUSNESS: [], SUPPLY: []}
    fluids: list[tuple] = []
    oxygen_types = panel_types(rules.alphabet, OXYGEN_PANEL)
    oxygen_said: list[Said] = []
    scale_2_since = None
    for fact in facts:
        at = fact.said_at.isoformat()
        if fact.type in oxygen_types:
            oxygen_said += _said(fact, rules.alphabet)
        if fact.statement.startswith("data("):
            series.setdefault(fact.type, []).append(
                [at, float(fact.value), _words(fact)]
            )
            fluids.append((fact.said_at, fact.type, Decimal(fact.value)))
        elif fact.type in conditions:
            conditions[fact.type].append([at, fact.value, _words(fact)])
        elif fact.type == BACKGROUND and fact.value in chart.scale_2_background:
            scale_2_since = scale_2_since or at
    # Keyed as the column is typed; only scored messages are looked up.
    band_of: dict[int | None, str] = {s.score: s.band for s in chart.scores}
    news2 = [
        # The band the rules gave then; messages solved before it was stored: by score.
        [m.said_at.isoformat(), m.news2_score,
         m.news2_band or band_of.get(m.news2_score, ""),
         _clip(m.transcript or m.text)]
        for m in patient.messages.filter(news2_score__isnull=False).order_by("said_at")
    ]  # fmt: skip
    hour = day_start_hour(rules)
    oxygen = panel_now(oxygen_said, rules.alphabet, OXYGEN_PANEL)
    return {
        "series": series,
        "charts": chart_list(rules.alphabet, chart),
        "fluidDays": fluid_days_json(fluid_days(fluids, hour=hour, now=timezone.now())),
        "fluidDayStart": f"{hour:02d}:00",
        "panels": {OXYGEN_PANEL: _panel_json(oxygen)} if oxygen else {},
        "consciousness": conditions[CONSCIOUSNESS],
        "oxygen": conditions[SUPPLY],
        "news2": news2,
        "scale2": {"on": scale_2_since is not None, "since": scale_2_since},
        "bands": news2_chart_json(chart),
        "consciousnessLevels": consciousness_levels(rules.alphabet),
    }


def chart_list(alphabet: Alphabet, chart: News2Chart) -> list[dict]:
    """One chart per measurement type, in the alphabet's order: titled by its chart
    name and unit, bounded by its range, with the lines drawn in it (a pair's
    partner, as diastolic in the blood pressure's, and the parts of a total, as the
    GCS's eyes, verbal and motor responses, which then have no chart of their own);
    ``news2`` when the rules score it (shaded by its bands), ``spo2`` for the one
    shaded by the SpO2 scales. patient.js names no type: a type added to the
    alphabet is charted."""
    measurements = alphabet.measurements
    drawn_within = {
        other: name
        for name, m in measurements.items()
        for other in (m.pair, *m.total_of)
        if other in measurements and other != name
    }
    charts = []
    for name, measurement in measurements.items():
        if name in drawn_within:
            continue
        lines = [name, *(t for t, owner in drawn_within.items() if owner == name)]
        label = _pair_label(alphabet, name) or type_label(name, alphabet)
        unit = measurement.unit
        charts.append({
            "type": name,
            "title": f"{label} ({unit})" if unit else label,
            "lines": [{"type": t, "label": type_label(t, alphabet)} for t in lines],
            "min": float(min(measurements[t].minimum for t in lines)),
            "max": float(max(measurements[t].maximum for t in lines)),
            "news2": name in chart.parameters or name == SPO2,
            "spo2": name == SPO2,
        })  # fmt: skip
    return charts


def _pair_label(alphabet: Alphabet, name: str) -> str:
    """A measurement pair's name on its chart: its ``pair_display`` up to the first
    value ("BP"); empty when it has none or its partner is no measurement."""
    measurement = alphabet.measurements[name]
    if measurement.pair not in alphabet.measurements or not measurement.pair_display:
        return ""
    return measurement.pair_display.split("{", 1)[0].strip()


def consciousness_levels(alphabet: Alphabet) -> list[dict]:
    """The ACVPU values in the alphabet's order, each with the name a nurse reads
    ("New confusion" for ``confused``): the chart's rows."""
    condition = alphabet.conditions.get(CONSCIOUSNESS)
    return [
        {"value": v.name, "label": v.display or v.description.capitalize() or v.name}
        for v in (condition.values if condition else ())
    ]


def news2_chart_json(chart: News2Chart) -> dict:
    """The chart's bands as JSON: what patient.js shades, so that it keeps no copy."""
    return {
        "parameters": {k: _bands(v) for k, v in chart.parameters.items()},
        "spo2": {str(k): _bands(v) for k, v in chart.spo2.items()},
        "spo2Scale2Above": {k: _bands(v) for k, v in chart.spo2_scale_2_above.items()},
        "consciousness": {b.value: b.points for b in chart.consciousness},
        "scores": [
            {"score": s.score, "band": s.band, "bandSingle3": s.band_single_3}
            for s in chart.scores
        ],
        "steps": {k: float(v) for k, v in chart.steps.items()},
    }


def _bands(bands: tuple[Band, ...]) -> list[dict]:
    return [
        {"low": _number(b.low), "high": _number(b.high), "points": b.points}
        for b in bands
    ]


def _number(value: Decimal | None) -> float | None:
    return None if value is None else float(value)


def _said(fact: Fact, alphabet: Alphabet) -> list[Said]:
    """A fact as a statement with its time; none when the alphabet no longer has
    its type (the solve leaves it out too)."""
    try:
        statement = statement_parse(fact.statement, alphabet)
    except ValueError:
        return []
    return [(fact.said_at, statement)] if isinstance(statement, Statement) else []


def _panel_json(panel: PanelShown) -> dict:
    return {
        "label": panel.label,
        "text": panel.text,
        "since": panel.since.isoformat(),
        "readings": [
            {"type": r.type, "text": r.text, "at": r.at.isoformat()}
            for r in panel.readings
        ],
    }


def _words(fact: Fact) -> str:
    return _clip(fact.evidence_text or fact.message.transcript or fact.message.text)


def _clip(text: str) -> str:
    return text if len(text) <= WORDS_MAX else text[: WORDS_MAX - 1] + "…"
