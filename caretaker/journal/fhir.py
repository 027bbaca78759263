"""A patient's recorded observations as a FHIR R4 Bundle for the hospital's EHR.

Each measurement fact becomes an ``Observation`` following the FHIR vital-signs
profile (LOINC code, UCUM unit, ``effectiveDateTime`` = when the nurse said it); a
systolic and diastolic pair from one message becomes one blood-pressure panel; each
solved message's NEWS2 total becomes an Observation of its own (SNOMED CT, as the
NHS's NEWS2 FHIR guidance codes it); an undone fact is sent as ``entered-in-error``.

The Bundle is a ``transaction`` of ``PUT Observation/<id>`` entries with stable ids,
so posting it again updates instead of duplicating. It is validated with
fhir.resources (R4B, whose Observation and Bundle are R4's) before it leaves.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.conf import settings
from fhir.resources.R4B.bundle import Bundle
from fhir.resources.R4B.observation import Observation

from caretaker.journal.models import Fact, Message
from caretaker.wards.models import Patient

LOINC = "http://loinc.org"
SNOMED = "http://snomed.info/sct"
UCUM = "http://unitsofmeasure.org"
CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category"
PROFILE = "http://hl7.org/fhir/StructureDefinition/"


@dataclass(frozen=True)
class Code:
    """How one measurement type is coded: LOINC codes, UCUM unit, category, and the
    FHIR vital-signs profile it follows (empty: none)."""

    codes: tuple[tuple[str, str], ...]
    text: str
    unit: str
    ucum: str
    category: str = "vital-signs"
    profile: str = ""


# By the alphabet's measurement type names (logic/rules/default/alphabet.toml).
CODES = {
    "temperature": Code((("8310-5", "Body temperature"),), "Temperature", "°C",
                        "Cel", profile="bodytemp"),
    "heartRate": Code((("8867-4", "Heart rate"),), "Pulse", "beats/minute", "/min",
                      profile="heartrate"),
    "respiratoryRate": Code((("9279-1", "Respiratory rate"),), "Respiratory rate",
                            "breaths/minute", "/min", profile="resprate"),
    "oxygenSaturation": Code(
        (("2708-6", "Oxygen saturation in Arterial blood"),
         ("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry")),
        "SpO2", "%", "%", profile="oxygensat"),
    "painLevel": Code(
        (("72514-3", "Pain severity - 0-10 verbal numeric rating [Score] - Reported"),),
        "Pain score", "score", "{score}", category="survey"),
    "bloodGlucose": Code((("15074-8", "Glucose [Moles/volume] in Blood"),),
                         "Blood glucose", "mmol/L", "mmol/L", category="laboratory"),
}  # fmt: skip
BLOOD_PRESSURE = {
    "systolicBP": ("8480-6", "Systolic blood pressure"),
    "diastolicBP": ("8462-4", "Diastolic blood pressure"),
}
PANEL = ("85354-9", "Blood pressure panel with all children optional")
NEWS2 = (
    "1104051000000101",
    "Royal College of Physicians NEWS2 (National Early Warning Score 2) total score",
)


def _number(text: str) -> int | float:
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(value)


def _codeable(
    system: str, codes: Iterable[tuple[str, str]], text: str
) -> dict[str, Any]:
    return {"coding": [{"system": system, "code": c, "display": d} for c, d in codes],
            "text": text}  # fmt: skip


def _quantity(value: int | float, unit: str, ucum: str) -> dict:
    return {"value": value, "unit": unit, "system": UCUM, "code": ucum}


def _observation(
    patient: Patient, ident: str, *, at: datetime, retracted: bool, category: str,
    code: dict, profile: str = "", said: str = "", **value: object,
) -> dict:  # fmt: skip
    resource = {
        "resourceType": "Observation",
        "id": ident,
        "status": "entered-in-error" if retracted else "final",
        "category": [{"coding": [{"system": CATEGORY, "code": category}]}],
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


def _measurement(fact: Fact) -> dict:
    code = CODES[fact.type]
    return _observation(
        fact.patient, f"caretaker-fact-{fact.pk}", at=fact.said_at,
        retracted=fact.retracted_at is not None, category=code.category,
        code=_codeable(LOINC, code.codes, code.text), profile=code.profile,
        said=_words(fact),
        valueQuantity=_quantity(_number(fact.value), code.unit, code.ucum),
    )  # fmt: skip


def _blood_pressure(message: Message, facts: list[Fact]) -> dict:
    """One panel for a message's systolic and diastolic facts; undone parts leave
    it, and the panel is ``entered-in-error`` when both are undone."""
    kept = [f for f in facts if f.retracted_at is None]
    components = [
        {"code": _codeable(LOINC, [BLOOD_PRESSURE[f.type]], BLOOD_PRESSURE[f.type][1]),
         "valueQuantity": _quantity(_number(f.value), "mmHg", "mm[Hg]")}
        for f in (kept or facts)
    ]  # fmt: skip
    return _observation(
        message.patient, f"caretaker-bp-{message.pk}", at=message.said_at,
        retracted=not kept, category="vital-signs",
        code=_codeable(LOINC, [PANEL], "Blood pressure"), profile="bp",
        said=message.transcript, component=components,
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
    """The patient's measurements (and NEWS2 totals) said at or after ``since`` as a
    validated FHIR R4 transaction Bundle, in JSON-ready form."""
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
    resources = [_measurement(f) for f in facts if f.type in CODES]
    pressures: dict[int, list[Fact]] = {}
    for fact in facts:
        if fact.type in BLOOD_PRESSURE:
            pressures.setdefault(fact.message_id, []).append(fact)
    resources += [_blood_pressure(group[0].message, group)
                  for group in pressures.values()]  # fmt: skip
    resources += [_news2(m) for m in messages.select_related("patient")]
    resources.sort(key=lambda r: (r["effectiveDateTime"], r["id"]))
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
