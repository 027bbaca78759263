"""What a raised alert says: the problem's label once, what to do, and the readings
behind it (the text the bedside, the dashboard and their websockets show)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.care.actions import message_import

pytestmark = pytest.mark.django_db

# A full set scoring 9: NEWS2 high (and qSOFA 2: sepsis risk).
HIGH = [
    "data(respiratoryRate, 26)",
    "data(oxygenSaturation, 91)",
    "condition(oxygenSupply, air)",
    "data(systolicBP, 95)",
    "data(diastolicBP, 60)",
    "data(heartRate, 125)",
    "data(temperature, 39.2)",
    "condition(consciousness, alert)",
]


def _said(patient, statements, hours_ago=1.0, text="obs"):
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=hours_ago),
        text=text,
        statements=statements,
    )


def _warning(problem: str) -> tuple[str, str]:
    """The alert's words and its readings, apart."""
    text = Alert.objects.get(problem=problem).text
    words, _, readings = text.partition(" Based on: ")
    return words, readings


def test_a_news2_high_alert_names_its_label_once(patient):
    """Issue 23: not "NEWS2 high (7 or more): NEWS2 of 7 or more: ..."."""
    _said(patient, HIGH)
    words, readings = _warning("news2High")
    assert words == (
        "NEWS2 high (7 or more): emergency assessment by a clinical team with "
        "critical-care competencies; continuous monitoring."
    )
    assert "Pulse 125" in readings and "Temp 39.2 °C" in readings


def test_a_finding_that_restates_the_label_is_left_out(patient):
    _said(patient, ["condition(backgroundInfo, surgery)", "data(temperature, 37.0)"], 3)
    _said(patient, ["data(temperature, 38.6)"])
    words, readings = _warning("risingTemperatureAfterOperation")
    assert words == "Rising temperature after surgery: assess for infection."
    assert readings.startswith("Had surgery, Temp 37.0 °C at ")


def test_a_finding_that_says_more_than_the_label_is_kept(patient):
    """ "Low blood sugar" does not say below what: the threshold stays."""
    _said(patient, ["data(bloodGlucose, 3.1)"])
    words, readings = _warning("hypoglycaemia")
    assert words == (
        "Low blood sugar: Blood glucose below 4.0 mmol/L: treat hypoglycaemia now "
        "and recheck in 15 minutes."
    )
    assert readings.startswith("BM 3.1 mmol/L at ")
