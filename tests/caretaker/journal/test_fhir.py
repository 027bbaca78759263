"""FHIR R4 export: Observations coded as the patient's alphabet codes them (LOINC
codes, UCUM units), one blood-pressure panel per message, a coded oxygen device,
NEWS2 totals, undone facts as entered-in-error; validated by fhir.resources, by
command and over HTTP with access rules."""

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone
from fhir.resources.R4B.bundle import Bundle
from fhir.resources.R4B.observation import Observation

from caretaker.audit.models import Action, AuditEvent
from caretaker.care.actions import fact_undo, message_import
from caretaker.journal.models import Fact, Message
from tests.caretaker.factories import RuleSetActivationFactory, RuleSetVersionFactory
from tests.support.ward_clock import chart_day_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def recorded(patient):
    """Two rounds of observations, the second with an undone pulse."""
    first = timezone.now() - timedelta(hours=4)
    message_import(patient=patient, said_at=first, text="temp 37.2, BP 128/76",
                   statements=["data(temperature, 37.2)", "data(systolicBP, 128)",
                               "data(diastolicBP, 76)"])  # fmt: skip
    message_import(patient=patient, said_at=first + timedelta(hours=2),
                   text="sats 94, resps 22, pulse 118, pain 6, BM 7.2",
                   statements=["data(oxygenSaturation, 94)",
                               "data(respiratoryRate, 22)", "data(heartRate, 118)",
                               "data(painLevel, 6)", "data(bloodGlucose, 7.2)",
                               "condition(oxygenSupply, air)",
                               "condition(consciousness, alert)"])  # fmt: skip
    fact_undo(fact=Fact.objects.get(patient=patient, type="heartRate"))
    return first


def export(*arguments: str) -> dict:
    out = StringIO()
    call_command("fhir_export", *arguments, stdout=out)
    return json.loads(out.getvalue())


def observations(bundle: dict) -> dict[str, dict]:
    """By the first coding's code."""
    return {e["resource"]["code"]["coding"][0]["code"]: e["resource"]
            for e in bundle["entry"]}  # fmt: skip


def test_the_export_is_a_valid_bundle_with_the_vital_signs_codes(patient, recorded):
    bundle = export(patient.record_number)
    Bundle.model_validate(bundle)
    for entry in bundle["entry"]:
        Observation.model_validate(entry["resource"])
        assert entry["request"] == {
            "method": "PUT",
            "url": f"Observation/{entry['resource']['id']}",
        }
    assert bundle["type"] == "transaction"
    by_code = observations(bundle)
    assert {"8310-5", "8867-4", "9279-1", "2708-6", "85354-9", "72514-3",
            "15074-8", "1104051000000101"} <= set(by_code)  # fmt: skip
    temperature = by_code["8310-5"]
    assert temperature["valueQuantity"] == {
        "value": 37.2, "unit": "°C", "system": "http://unitsofmeasure.org",
        "code": "Cel"}  # fmt: skip
    assert temperature["meta"]["profile"] == [
        "http://hl7.org/fhir/StructureDefinition/bodytemp"
    ]
    assert temperature["subject"]["reference"] == f"Patient/{patient.record_number}"
    assert temperature["effectiveDateTime"] == recorded.isoformat()
    assert [c["code"] for c in by_code["2708-6"]["code"]["coding"]] == [
        "2708-6",
        "59408-5",
    ]
    assert by_code["9279-1"]["valueQuantity"]["code"] == "/min"
    assert by_code["15074-8"]["valueQuantity"]["code"] == "mmol/L"
    assert by_code["72514-3"]["valueQuantity"]["value"] == 6


def test_systolic_and_diastolic_of_one_message_are_one_panel(patient, recorded):
    panel = observations(export(patient.record_number))["85354-9"]
    assert {c["code"]["coding"][0]["code"]: c["valueQuantity"]["value"]
            for c in panel["component"]} == {"8480-6": 128, "8462-4": 76}  # fmt: skip
    assert {c["valueQuantity"]["code"] for c in panel["component"]} == {"mm[Hg]"}
    assert "valueQuantity" not in panel


def test_an_undone_fact_is_entered_in_error_and_news2_has_its_own_observation(
    patient, recorded
):
    by_code = observations(export(patient.record_number))
    assert by_code["8867-4"]["status"] == "entered-in-error"
    assert by_code["8310-5"]["status"] == "final"
    # Only the second message had every NEWS2 parameter: one total, as scored then.
    scored = Message.objects.get(patient=patient, news2_score__isnull=False)
    news2 = by_code["1104051000000101"]
    assert news2["valueQuantity"] == {
        "value": scored.news2_score, "unit": "score",
        "system": "http://unitsofmeasure.org", "code": "{score}"}  # fmt: skip
    assert news2["effectiveDateTime"] == scored.said_at.isoformat()


def test_since_limits_the_export_and_bad_input_is_a_clear_error(patient, recorded):
    later = (recorded + timedelta(hours=1)).isoformat()
    codes = observations(export(patient.record_number, "--since", later))
    assert "8310-5" not in codes and "9279-1" in codes
    with pytest.raises(CommandError, match="no patient"):
        export("NO-SUCH-MRN")
    with pytest.raises(CommandError, match="ISO 8601"):
        export(patient.record_number, "--since", "yesterday-ish")


def test_over_http_with_the_wards_access_rules_and_audited(
    client, nurse, patient, other_patient, recorded
):
    client.force_login(nurse)
    response = client.get(f"/patients/{patient.pk}/fhir/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/fhir+json"
    Bundle.model_validate(json.loads(response.content))
    assert AuditEvent.objects.filter(user=nurse, action=Action.FHIR_EXPORT,
                                     patient=patient).exists()  # fmt: skip
    assert client.get(f"/patients/{other_patient.pk}/fhir/").status_code == 404
    assert client.get(f"/patients/{patient.pk}/fhir/?since=soon").status_code == 400


@pytest.fixture
def charted(patient):
    """A round of the alphabet's version 2 observations."""
    said = timezone.now() - timedelta(hours=1)
    message_import(patient=patient, said_at=said,
                   text="on 2L nasal cannula, FiO2 28%, GCS 14, passed 350 mL, "
                        "drank 300 mL, weighs 72.4 kg",
                   statements=["condition(oxygenSupply, supplemental)",
                               "data(oxygenFlow, 2)",
                               "condition(oxygenDevice, nasalCannula)",
                               "data(fio2, 28)", "data(gcs, 14)",
                               "data(urineOutput, 350)", "data(fluidIntake, 300)",
                               "data(weight, 72.4)"])  # fmt: skip
    return said


def test_the_new_observations_are_coded_as_the_alphabet_says(patient, charted):
    """Urine output in mL, weight in kg with the body-weight profile, FiO2 in %, the
    GCS as a score, the oxygen flow in L/min, and the device as a coded value."""
    bundle = export(patient.record_number)
    Bundle.model_validate(bundle)
    by_code = observations(bundle)
    ucum = "http://unitsofmeasure.org"
    assert by_code["9187-6"]["valueQuantity"] == {
        "value": 350, "unit": "mL", "system": ucum, "code": "mL"}  # fmt: skip
    assert by_code["9103-3"]["valueQuantity"]["value"] == 300
    weight = by_code["29463-7"]
    assert weight["valueQuantity"] == {
        "value": 72.4, "unit": "kg", "system": ucum, "code": "kg"}  # fmt: skip
    assert weight["meta"]["profile"] == [
        "http://hl7.org/fhir/StructureDefinition/bodyweight"
    ]
    assert by_code["3150-0"]["valueQuantity"]["code"] == "%"
    assert by_code["3150-0"]["valueQuantity"]["value"] == 28
    assert by_code["3151-8"]["valueQuantity"]["code"] == "L/min"
    gcs = by_code["9269-2"]
    assert gcs["valueQuantity"]["code"] == "{score}"
    assert gcs["category"][0]["coding"][0]["code"] == "survey"
    device = by_code["107117-4"]
    assert device["valueCodeableConcept"] == {
        "coding": [{"system": "http://snomed.info/sct", "code": "336623009",
                    "display": "Oxygen nasal cannula"}],
        "text": "Nasal cannula",
    }  # fmt: skip
    assert device["effectiveDateTime"] == charted.isoformat()
    assert "valueQuantity" not in device
    # Conditions the alphabet does not code stay out, as before; the chart day's
    # intake and urine output totals come with the entries.
    assert len(bundle["entry"]) == 9


def test_an_undone_device_is_entered_in_error(patient, charted):
    fact_undo(fact=Fact.objects.get(patient=patient, type="oxygenDevice"))
    device = observations(export(patient.record_number))["107117-4"]
    assert device["status"] == "entered-in-error"


def _ward_alphabet(ward, alphabet: str) -> None:
    """Activate a ward version of the shipped rule set with its own alphabet."""
    RuleSetActivationFactory(
        version=RuleSetVersionFactory(ward=ward, alphabet=alphabet)
    )


def test_the_codings_are_those_of_the_patients_rule_set(patient, recorded):
    """A ward whose alphabet codes temperature otherwise, and codes no pulse, sends
    what its alphabet says: no code in caretaker names a type."""
    shipped = RuleSetVersionFactory.build().alphabet
    alphabet = shipped.replace('["8310-5", "Body temperature"]',
                               '["8331-1", "Oral temperature"]')  # fmt: skip
    alphabet = "\n".join(
        line for line in alphabet.split("\n")
        if not (line.startswith("fhir = ") and '"8867-4"' in line)
    )  # fmt: skip
    _ward_alphabet(patient.ward, alphabet)
    by_code = observations(export(patient.record_number))
    assert "8331-1" in by_code and "8310-5" not in by_code
    assert "8867-4" not in by_code
    assert "9279-1" in by_code


def test_a_rule_set_stored_before_codings_is_coded_as_the_shipped_one(
    patient, recorded
):
    """An alphabet stored before it could carry codings exports as the shipped
    alphabet codes its types: an upgrade does not stop the export."""
    shipped = RuleSetVersionFactory.build().alphabet
    bare = "\n".join(
        line for line in shipped.split("\n") if not line.startswith("fhir = ")
    )
    before = export(patient.record_number)
    _ward_alphabet(patient.ward, bare)
    assert export(patient.record_number) == before


@pytest.fixture
def two_days(patient):
    """Yesterday's chart day: 1,500 mL in and 900 mL out (and a drink undone);
    today's: 400 mL in so far, the last of it at 07:00 sharp of yesterday's."""
    start = chart_day_start()
    said = [
        (start - timedelta(hours=20), "data(fluidIntake, 1500)"),
        (start - timedelta(hours=10), "data(urineOutput, 900)"),
        (start - timedelta(hours=5), "data(fluidIntake, 250)"),
        (start, "data(urineOutput, 100)"),
        (start + timedelta(minutes=1), "data(fluidIntake, 400)"),
    ]
    for at, statement in said:
        message_import(patient=patient, said_at=at, text=statement,
                       statements=[statement])  # fmt: skip
    fact_undo(fact=Fact.objects.get(patient=patient, value="250"))
    return start


def _day_totals(bundle: dict) -> dict[tuple[str, str], dict]:
    """By LOINC code and the day's start."""
    return {
        (r["code"]["coding"][0]["code"], r["effectivePeriod"]["start"]): r
        for r in (e["resource"] for e in bundle["entry"])
        if "effectivePeriod" in r
    }


def test_each_chart_days_intake_and_urine_output_totals_are_observations(
    patient, two_days
):
    """LOINC 9108-2 and 9192-6 over the chart day (07:00 to 07:00) as the period;
    an entry at 07:00 is the day before's, as the rules count it; an undone entry
    is left out; today's totals are preliminary; re-exporting keeps the ids."""
    bundle = export(patient.record_number)
    Bundle.model_validate(bundle)
    totals = _day_totals(bundle)
    yesterday = (two_days - timedelta(days=1)).isoformat()
    today = two_days.isoformat()
    assert {k: r["valueQuantity"]["value"] for k, r in totals.items()} == {
        ("9108-2", yesterday): 1500,
        ("9192-6", yesterday): 1000,
        ("9108-2", today): 400,
    }
    intake = totals[("9108-2", yesterday)]
    assert intake["effectivePeriod"] == {"start": yesterday, "end": today}
    assert intake["status"] == "final"
    assert intake["code"]["coding"][0] == {
        "system": "http://loinc.org", "code": "9108-2",
        "display": "Fluid intake total 24 hour"}  # fmt: skip
    assert intake["valueQuantity"]["code"] == "mL"
    assert len(intake["derivedFrom"]) == 1  # the undone drink is not part of it
    assert totals[("9108-2", today)]["status"] == "preliminary"
    assert _day_totals(export(patient.record_number)).keys() == totals.keys()
    assert [r["id"] for r in _day_totals(export(patient.record_number)).values()] == [
        r["id"] for r in totals.values()
    ]


def test_since_sends_the_whole_day_it_falls_in(patient, two_days):
    """A total is the whole day's, even when ``since`` cuts the day: the record
    replaces the total it was sent before."""
    since = (two_days + timedelta(minutes=30)).isoformat()
    totals = _day_totals(export(patient.record_number, "--since", since))
    assert {k[0]: r["valueQuantity"]["value"] for k, r in totals.items()} == {
        "9108-2": 400
    }
    since = (two_days - timedelta(hours=8)).isoformat()
    totals = _day_totals(export(patient.record_number, "--since", since))
    assert (
        totals[("9108-2", (two_days - timedelta(days=1)).isoformat())]["valueQuantity"][
            "value"
        ]
        == 1500
    )


def test_a_day_whose_every_entry_was_undone_sends_its_total_in_error(patient, two_days):
    fact_undo(fact=Fact.objects.get(patient=patient, value="400"))
    totals = _day_totals(export(patient.record_number))
    total = totals[("9108-2", two_days.isoformat())]
    assert total["status"] == "entered-in-error"
    assert "derivedFrom" not in total
