"""A patient's recorded observations as a FHIR R4 Bundle for the hospital's EHR.

How each type is coded is the alphabet's (``fhir = {...}`` in ``alphabet.toml``): a
measurement fact becomes an ``Observation`` with its codes, UCUM unit, category and
profile (``effectiveDateTime`` = when the nurse said it); the two readings of a
measurement pair said in one message (systolic and diastolic) become one panel when
the pair's coding has one; a condition whose type is coded becomes an Observation with
its value as a coded concept (an oxygen device); each solved message's NEWS2 total
becomes an Observation of its own (SNOMED CT, as the NHS's NEWS2 FHIR guidance codes
it); an undone fact is sent as ``entered-in-error``. A type the alphabet does not code
is not sent. Each chart day's fluid intake and urine output totals (07:00 to 07:00, the
rules' day start) are Observations too, with the day as their ``effectivePeriod``
(LOINC's 24-hour codes; today's ``preliminary`` until the day is over).

The Bundle is a ``transaction`` of ``PUT Observation/<id>`` entries with stable ids,
so posting it again updates instead of duplicating. It is validated with
fhir.resources (R4B, whose Observation and Bundle are R4's) before it leaves.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.utils import timezone
from fhir.resources.R4B.bundle import Bundle
from fhir.resources.R4B.observation import Observation

from caretaker.journal.fluids import (
    FLUID_IN,
    FLUID_OUT,
    FluidDay,
    day_start_hour,
    fluid_days,
)
from caretaker.journal.models import Fact, Message
from caretaker.journal.rules import active_rules
from caretaker.wards.models import Patient
from logic.alphabet import Alphabet, ConditionType, MeasurementType
from logic.alphabet_reading import LOINC, SNOMED, Coding
from logic.ruleset import RuleSet, default_ruleset

UCUM = "http://unitsofmeasure.org"
CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category"
PROFILE = "http://hl7.org/fhir/StructureDefinition/"
NEWS2 = (
    "1104051000000101",
    "Royal College of Physicians NEWS2 (National Early Warning Score 2) total score",
)

# A chart day's totals: LOINC's 24-hour fluid intake (every route) and urine output.
# Each entry is coded as measured since the entry before (9103-3, 9187-6: alphabet);
# the day's sums are these, over the chart's day (07:00 to 07:00, not midnight).
DAY_TOTALS = {
    FLUID_IN: ("9108-2", "Fluid intake total 24 hour"),
    FLUID_OUT: ("9192-6", "Urine output 24 hour"),
}
DAY_TOTAL_TEXT = {
    FLUID_IN: "Fluid intake, chart day",
    FLUID_OUT: "Urine output, chart day",
}


@dataclass(frozen=True)
class Coded:
    """The types of an alphabet the record codes, each with its coding."""

    measurements: Mapping[str, tuple[MeasurementType, Coding]]
    conditions: Mapping[str, tuple[ConditionType, Coding]]
    # Each member of a coded measurement pair -> the pair's first type (whose
    # coding holds the panel).
    panel_of: Mapping[str, str]


def alphabet_coded(alphabet: Alphabet) -> Coded:
    """The types of ``alphabet`` that have a FHIR coding.

    A rule set stored before the alphabet carried codings has none at all: its
    types are coded as the shipped alphabet codes a type of the same name and unit,
    so that its wards' export does not stop when caretaker is upgraded.
    """
    if not _has_codings(alphabet):
        return _fallback(alphabet)
    measurements = {n: (m, m.fhir) for n, m in alphabet.measurements.items() if m.fhir}
    conditions = {n: (c, c.fhir) for n, c in alphabet.conditions.items() if c.fhir}
    return Coded(measurements, conditions, _panels(measurements))


def _has_codings(alphabet: Alphabet) -> bool:
    return any(m.fhir for m in alphabet.measurements.values()) or any(
        c.fhir or any(v.fhir for v in c.values) for c in alphabet.conditions.values()
    )


def _fallback(alphabet: Alphabet) -> Coded:
    shipped = default_ruleset().alphabet
    if shipped is alphabet or not _has_codings(shipped):
        return Coded({}, {}, {})
    measurements = {}
    for name, own in alphabet.measurements.items():
        shipped_type = shipped.measurements.get(name)
        if shipped_type and shipped_type.fhir and shipped_type.unit == own.unit:
            measurements[name] = (own, shipped_type.fhir)
    conditions = {}
    for name in alphabet.conditions:
        shipped_condition = shipped.conditions.get(name)
        if shipped_condition and shipped_condition.fhir:
            # The shipped type, whose values carry their codings too.
            conditions[name] = (shipped_condition, shipped_condition.fhir)
    return Coded(measurements, conditions, _panels(measurements))


def _panels(
    measurements: Mapping[str, tuple[MeasurementType, Coding]],
) -> dict[str, str]:
    panel_of = {}
    for name, (kind, coding) in measurements.items():
        if coding.panel and kind.pair in measurements:
            panel_of[name] = panel_of[kind.pair] = name
    return panel_of


def _number(text: str) -> int | float:
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(value)


def _codeable(
    system: str, codes: Iterable[tuple[str, str]], text: str
) -> dict[str, Any]:
    return {"coding": [{"system": system, "code": c, "display": d} for c, d in codes],
            "text": text}  # fmt: skip


def _quantity(value: int | float, unit: str, ucum: str) -> dict:
    if not ucum:
        return {"value": value, "unit": unit}
    return {"value": value, "unit": unit, "system": UCUM, "code": ucum}


def _observation(
    patient: Patient, ident: str, *, at: datetime, retracted: bool, category: str,
    code: dict, profile: str = "", said: str = "", **value: object,
) -> dict:  # fmt: skip
    resource = {
        "resourceType": "Observation",
        "id": ident,
        "status": "entered-in-error" if retracted else "final",
        **(
            {"category": [{"coding": [{"system": CATEGORY, "code": category}]}]}
            if category
            else {}
        ),
        "code": code,
        "subject": {
            "reference": f"Patient/{patient.record_number}",
            "identifier": {
                "system": settings.CARETAKER_FHIR_MRN_SYSTEM,
                "value": patient.record_number,
            },
            "display": patient.name,
        },  # fmt: skip
        "effectiveDateTime": at.isoformat(),
        **value,
    }
    if profile:
        resource["meta"] = {"profile": [PROFILE + profile]}
    if said:
        resource["note"] = [{"text": f"Said at the bedside: {said}"}]
    return resource


def _measurement(fact: Fact, kind: MeasurementType, coding: Coding) -> dict:
    return _observation(
        fact.patient, f"caretaker-fact-{fact.pk}", at=fact.said_at,
        retracted=fact.retracted_at is not None, category=coding.category,
        code=_codeable(coding.system, coding.codes, coding.text or coding.codes[0][1]),
        profile=coding.profile, said=_words(fact),
        valueQuantity=_reading(fact, kind, coding),
    )  # fmt: skip


def _reading(fact: Fact, kind: MeasurementType, coding: Coding) -> dict:
    return _quantity(_number(fact.value), coding.unit or kind.unit, coding.ucum)


def _panel(message: Message, facts: list[Fact], coded: Coded) -> dict:
    """One panel for a message's readings of a measurement pair (systolic and
    diastolic); undone parts leave it, and the panel is ``entered-in-error`` when
    every part is undone."""
    kept = [f for f in facts if f.retracted_at is None]
    components = []
    for fact in kept or facts:
        kind, coding = coded.measurements[fact.type]
        components.append(
            {"code": _codeable(coding.system, coding.codes, coding.codes[0][1]),
             "valueQuantity": _reading(fact, kind, coding)}
        )  # fmt: skip
    lead = coded.panel_of[facts[0].type]
    coding = coded.measurements[lead][1]
    # The id stays what it was when the panel was blood pressure's only
    # ("caretaker-bp-<message>"): an EHR updates what it was sent before.
    stem = coding.profile or lead
    return _observation(
        message.patient, f"caretaker-{stem}-{message.pk}", at=message.said_at,
        retracted=not kept, category=coding.category,
        code=_codeable(coding.system, coding.panel, coding.text or coding.panel[0][1]),
        profile=coding.profile, said=message.transcript, component=components,
    )  # fmt: skip


def _condition(fact: Fact, kind: ConditionType, coding: Coding) -> dict | None:
    """A coded condition (an oxygen device): its value as a coded concept, or by
    its name alone when the value has no coding of its own."""
    value = kind.value(fact.value)
    if value is None:
        return None  # a value the alphabet no longer knows
    name = value.display or value.description or value.name
    concept = (
        _codeable(value.fhir.system, value.fhir.codes, name)
        if value.fhir
        else {"text": name}
    )
    return _observation(
        fact.patient, f"caretaker-fact-{fact.pk}", at=fact.said_at,
        retracted=fact.retracted_at is not None, category=coding.category,
        code=_codeable(coding.system, coding.codes, coding.text or coding.codes[0][1]),
        profile=coding.profile, said=_words(fact), valueCodeableConcept=concept,
    )  # fmt: skip


def _news2(message: Message) -> dict:
    assert message.news2_score is not None  # only scored messages are exported
    return _observation(
        message.patient, f"caretaker-news2-{message.pk}", at=message.said_at,
        retracted=False, category="survey",
        code=_codeable(SNOMED, [NEWS2], "NEWS2 total score"),
        valueQuantity=_quantity(message.news2_score, "score", "{score}"),
    )  # fmt: skip


def _words(fact: Fact) -> str:
    transcript = fact.message.transcript
    if fact.evidence_start is None or fact.evidence_end is None:
        return transcript
    return transcript[fact.evidence_start : fact.evidence_end]


def patient_fhir_bundle(*, patient: Patient, since: datetime | None = None) -> dict:
    """The patient's coded measurements and conditions (and NEWS2 totals) said at
    or after ``since`` as a validated FHIR R4 transaction Bundle, in JSON-ready
    form; the codings are those of the alphabet of the patient's active rules."""
    # Questions never confirmed were never observations: not exported.
    facts = (
        Fact.objects.filter(patient=patient)
        .recorded()
        .select_related("message", "patient")
    )
    messages = Message.objects.filter(patient=patient, news2_score__isnull=False)
    if since is not None:
        facts = facts.filter(said_at__gte=since)
        messages = messages.filter(said_at__gte=since)
    rules = active_rules(patient=patient).rules
    coded = alphabet_coded(rules.alphabet)
    resources = _fact_resources(list(facts), coded)
    resources += [_news2(m) for m in messages.select_related("patient")]
    resources += _day_totals(patient=patient, since=since, rules=rules, coded=coded)
    resources.sort(key=lambda r: (_effective(r), r["id"]))
    bundle = {
        "resourceType": "Bundle",
        "type": "transaction",
        "entry": [
            {
                "resource": r,
                "request": {"method": "PUT", "url": f"Observation/{r['id']}"},
            }
            for r in resources
        ],  # fmt: skip
    }
    # A programming error here must not reach an EHR. Bundle's own validation does
    # not look inside its resources: each Observation is validated as one.
    for resource in resources:
        Observation.model_validate(resource)
    Bundle.model_validate(bundle)
    return bundle


def _fact_resources(facts: list[Fact], coded: Coded) -> list[dict]:
    """An Observation per coded fact, and one panel per message and measurement
    pair."""
    resources = []
    panels: dict[tuple[int, str], list[Fact]] = {}
    for fact in facts:
        if fact.statement.startswith("condition("):
            if fact.type in coded.conditions:
                resource = _condition(fact, *coded.conditions[fact.type])
                resources += [resource] if resource else []
        elif fact.type in coded.panel_of:
            key = (fact.message_id, coded.panel_of[fact.type])
            panels.setdefault(key, []).append(fact)
        elif fact.type in coded.measurements:
            resources.append(_measurement(fact, *coded.measurements[fact.type]))
    resources += [_panel(group[0].message, group, coded) for group in panels.values()]
    return resources


def _effective(resource: dict) -> datetime:
    period = resource.get("effectivePeriod")
    return datetime.fromisoformat(
        period["start"] if period else resource["effectiveDateTime"]
    )


def _day_totals(
    *, patient: Patient, since: datetime | None, rules: RuleSet, coded: Coded
) -> list[dict]:
    """Each chart day's intake and urine output total, for the days that end after
    ``since``: summed over the whole day, whatever ``since`` cuts. A day whose every
    entry of a type was undone sends its total as ``entered-in-error``."""
    types = [t for t in DAY_TOTALS if t in coded.measurements]
    if not types:
        return []
    hour = day_start_hour(rules)
    facts = Fact.objects.filter(patient=patient, type__in=types).recorded()
    if since is not None:  # from the start of the chart day ``since`` falls in
        facts = facts.filter(said_at__gt=since - timedelta(days=1, hours=1))
    rows = list(facts.order_by("said_at", "id").values_list(
        "pk", "said_at", "type", "value", "retracted_at"))  # fmt: skip
    now = timezone.now()
    kept = [(at, t, Decimal(v)) for _pk, at, t, v, undone in rows if undone is None]
    every = [(at, t, Decimal(0)) for _pk, at, t, _v, _undone in rows]
    days = {d.start: d for d in fluid_days(kept, hour=hour, now=now)}
    resources = []
    for day in fluid_days(every, hour=hour, now=now):
        if since is not None and day.end <= since:
            continue
        within = [(pk, t, u) for pk, at, t, _v, u in rows if day.start < at <= day.end]
        for type_name in types:
            entries = [(pk, u) for pk, t, u in within if t == type_name]
            if entries:
                resources.append(
                    _day_total(patient, day, days.get(day.start), type_name, entries)
                )
    return resources


def _day_total(
    patient: Patient,
    day: FluidDay,
    kept: FluidDay | None,
    type_name: str,
    entries: list[tuple[int, datetime | None]],
) -> dict:
    """One chart day's total of ``type_name`` (``kept``: the day's totals of what was
    not undone), derived from its entries' Observations."""
    total = 0 if kept is None else kept.intake if type_name == FLUID_IN else kept.output
    standing = [pk for pk, undone in entries if undone is None]
    resource = _observation(
        patient, f"caretaker-day-{type_name}-{patient.pk}-{day.start:%Y%m%d}",
        at=day.start, retracted=not standing, category="vital-signs",
        code=_codeable(LOINC, [DAY_TOTALS[type_name]], DAY_TOTAL_TEXT[type_name]),
        valueQuantity=_quantity(total, "mL", "mL"),
        derivedFrom=[{"reference": f"Observation/caretaker-fact-{pk}"}
                     for pk in standing],
    )  # fmt: skip
    del resource["effectiveDateTime"]
    resource["effectivePeriod"] = {
        "start": day.start.isoformat(),
        "end": day.end.isoformat(),
    }
    if not day.complete and standing:
        resource["status"] = "preliminary"  # the day runs on: so far
    if not standing:
        del resource["derivedFrom"]
    return resource
