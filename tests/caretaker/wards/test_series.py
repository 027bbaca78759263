"""series.json: readings with the nurse's words, a chart per measurement of the
alphabet, and NEWS2 bands from the active rules."""

from datetime import timedelta

import pytest
from django.utils import timezone

from caretaker.care.actions import message_import
from caretaker.care.activation import ruleset_activate
from caretaker.journal.models import Fact
from caretaker.rulesets.selectors import ruleset_active_get
from caretaker.rulesets.services import Draft, ruleset_version_create
from logic.ruleset import default_ruleset, default_ruleset_path
from logic.validation import ruleset_read_directory
from tests.caretaker.factories import RuleSetActivationFactory, RuleSetVersionFactory

pytestmark = pytest.mark.django_db

OBS = [
    "data(respiratoryRate, 18)",
    "data(oxygenSaturation, 95)",
    "condition(oxygenSupply, supplemental)",
    "data(systolicBP, 120)",
    "data(heartRate, 135)",
    "condition(consciousness, alert)",
    "data(temperature, 38.4)",
]


def _series(client, nurse, patient) -> dict:
    client.force_login(nurse)
    response = client.get(f"/patients/{patient.pk}/series.json")
    assert response.status_code == 200
    return response.json()


def test_points_carry_the_words_and_time_they_were_said(client, nurse, patient):
    """Each reading comes with the evidence span, else the whole message."""
    said_at = timezone.now() - timedelta(hours=1)
    message_import(
        patient=patient, said_at=said_at, text="pulse is 135, temp 38.4", statements=OBS
    )
    fact = Fact.objects.get(statement="data(heartRate, 135)")
    Fact.objects.filter(pk=fact.pk).update(evidence_start=0, evidence_end=12)
    data = _series(client, nurse, patient)
    assert data["series"]["heartRate"] == [
        [fact.said_at.isoformat(), 135.0, "pulse is 135"]
    ]
    assert data["series"]["temperature"][0][1:] == [38.4, "pulse is 135, temp 38.4"]
    assert data["oxygen"][0][1] == "supplemental"
    assert data["consciousness"][0][1] == "alert"
    score, band = data["news2"][0][1:3]
    # pulse 3, SpO2 95 on scale 1: 1, oxygen 2, temperature 1
    assert (score, band) == (7, "high")
    assert data["scale2"] == {"on": False, "since": None}


def test_a_single_parameter_scoring_3_keeps_its_low_medium_band(client, nurse, patient):
    """Total 3 from one red parameter is low-medium, not low: the band is the one
    the rules gave when the message was solved, not one read off the score."""
    normal = [s for s in OBS if "heartRate" not in s and "oxygen" not in s
              and "temperature" not in s]  # fmt: skip
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=1),
        text="pulse 135, otherwise fine",
        statements=[*normal, "condition(oxygenSupply, air)", "data(heartRate, 135)",
                    "data(temperature, 37.0)", "data(oxygenSaturation, 97)"],
    )  # fmt: skip
    score, band = _series(client, nurse, patient)["news2"][0][1:3]
    assert (score, band) == (3, "low-medium")


def test_bands_come_from_the_shipped_rules(client, nurse, patient):
    bands = _series(client, nurse, patient)["bands"]
    assert bands["parameters"]["heartRate"][-1] == {
        "low": 131.0,
        "high": None,
        "points": 3,
    }
    assert {"low": 35.1, "high": 36.0, "points": 1} in bands["parameters"][
        "temperature"
    ]
    assert bands["spo2"]["2"][-1] == {"low": 88.0, "high": 92.0, "points": 0}
    assert bands["spo2Scale2Above"]["supplemental"][-1]["points"] == 3
    assert bands["consciousness"]["voice"] == 3
    assert bands["scores"][5] == {"score": 5, "band": "medium", "bandSingle3": "medium"}
    assert bands["steps"]["temperature"] == 0.1


def test_consciousness_levels_are_named_as_a_nurse_reads_them(client, nurse, patient):
    """The chart's ACVPU rows, in the alphabet's order, by their display names:
    what labels each dot (issue 23), never the rules' value names alone."""
    levels = _series(client, nurse, patient)["consciousnessLevels"]
    assert levels == [
        {"value": "alert", "label": "Alert"},
        {"value": "confused", "label": "New confusion"},
        {"value": "voice", "label": "Responds to voice"},
        {"value": "pain", "label": "Responds to pain"},
        {"value": "unresponsive", "label": "Unresponsive"},
    ]


def test_scale_2_from_the_background(client, nurse, patient):
    said_at = timezone.now() - timedelta(hours=2)
    message_import(
        patient=patient,
        said_at=said_at,
        text="known CO2 retainer",
        statements=["condition(backgroundInfo, hypercapnicRespiratoryFailure)"],
    )
    scale2 = _series(client, nurse, patient)["scale2"]
    assert scale2 == {"on": True, "since": said_at.isoformat()}


def test_bands_follow_the_activated_rule_set_version(client, nurse, patient):
    """After activating a version whose pulse scores 3 from 121, the chart says so."""
    ruleset_active_get()
    alphabet, files, _tests = ruleset_read_directory(default_ruleset_path())
    files = dict(files)
    files["news2.lp"] = (
        files["news2.lp"]
        .replace("heartRate,  111,  130, 2)", "heartRate,  111,  120, 2)")
        .replace("heartRate,  131, #sup, 3)", "heartRate,  121, #sup, 3)")
    )
    version = ruleset_version_create(draft=Draft(alphabet, files, ""))
    ruleset_activate(version=version)
    bands = _series(client, nurse, patient)["bands"]
    assert bands["parameters"]["heartRate"][-1]["low"] == 121.0


def test_every_measurement_of_the_alphabet_has_a_chart(client, nurse, patient):
    """One chart per measurement, named by the alphabet, with a pair's partner and a
    total's parts drawn in it (no chart of their own); the rules' NEWS2 parameters
    are shaded, the SpO2 chart by its scales (issue 23, item 1)."""
    alphabet = default_ruleset().alphabet
    charts = {c["type"]: c for c in _series(client, nurse, patient)["charts"]}
    within = {"diastolicBP", "gcsEye", "gcsVerbal", "gcsMotor"}
    assert set(charts) == set(alphabet.measurements) - within
    assert charts["weight"]["title"] == "Weight (kg)"
    assert charts["urineOutput"]["title"] == "Urine (mL)"
    assert (charts["urineOutput"]["min"], charts["urineOutput"]["max"]) == (0, 5000)
    assert [line["type"] for line in charts["systolicBP"]["lines"]] == [
        "systolicBP", "diastolicBP"]  # fmt: skip
    assert [line["label"] for line in charts["gcs"]["lines"]] == [
        "GCS", "GCS eyes", "GCS verbal", "GCS motor"]  # fmt: skip
    assert (charts["gcs"]["min"], charts["gcs"]["max"]) == (1, 15)  # its parts' too
    assert {t for t, c in charts.items() if c["news2"]} == {
        "temperature", "heartRate", "respiratoryRate", "oxygenSaturation",
        "systolicBP"}  # fmt: skip
    assert [t for t, c in charts.items() if c["spo2"]] == ["oxygenSaturation"]


def test_a_version_2_reading_is_in_the_series(client, nurse, patient):
    said_at = timezone.now() - timedelta(hours=1)
    message_import(patient=patient, said_at=said_at, text="passed 350 mL, GCS E4",
                   statements=["data(urineOutput, 350)", "data(gcsEye, 4)"])  # fmt: skip
    series = _series(client, nurse, patient)["series"]
    assert series["urineOutput"] == [
        [said_at.isoformat(), 350.0, "passed 350 mL, GCS E4"]
    ]
    assert series["gcsEye"][0][1] == 4.0


def test_a_type_added_to_a_wards_alphabet_is_charted(client, nurse, patient):
    """Adding a type is alphabet entries only: the chart comes with it."""
    lactate = (
        '\n[data.lactate]\ndescription = "venous lactate"\ndisplay = "Lactate {value}'
        ' mmol/L"\nunit = "mmol/L"\nmin = 0.1\nmax = 30.0\ndecimals = 1\n'
    )
    version = RuleSetVersionFactory(
        ward=patient.ward, alphabet=RuleSetVersionFactory.build().alphabet + lactate
    )
    RuleSetActivationFactory(version=version)
    chart = _series(client, nurse, patient)["charts"][-1]
    assert chart == {
        "type": "lactate", "title": "Lactate (mmol/L)",
        "lines": [{"type": "lactate", "label": "Lactate"}], "min": 0.1, "max": 30.0,
        "news2": False, "spo2": False,
    }  # fmt: skip
