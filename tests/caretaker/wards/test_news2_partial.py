"""A partial NEWS2 (issue 23, item 5) on every page a nurse reads it: "NEWS2 ≥ 5, 5 of
7 missing" with the missing parameters named, never in a band's colour; a complete
score reads as before."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from caretaker.care.actions import message_import
from caretaker.care.presenters import patient_row, ward_rows
from caretaker.journal.handover import patient_handover
from logic import default_ruleset

pytestmark = pytest.mark.django_db

# Resps 26 scores 3 and pulse 125 scores 2: at least 5, a medium band if complete.
PARTIAL = ["data(respiratoryRate, 26)", "data(heartRate, 125)"]
MISSING = "Temp, SpO2, Systolic BP, Consciousness (ACVPU), Air or oxygen"
FULL = [
    "data(respiratoryRate, 16)",
    "data(oxygenSaturation, 97)",
    "condition(oxygenSupply, air)",
    "data(systolicBP, 120)",
    "data(diastolicBP, 70)",
    "data(heartRate, 70)",
    "condition(consciousness, alert)",
    "data(temperature, 37.0)",
]


def said(patient, statements: list[str]) -> None:
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(minutes=5),
        text="obs",
        statements=statements,
    )


def _news2_markup(page: str) -> str:
    (markup,) = re.findall(r'<span class="news2-score".*?</span></span>', page)
    return markup


def _text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", markup)).strip()


def test_the_state_a_row_carries_says_the_score_is_partial(patient):
    """What the dashboard and its sockets read: additive fields beside "complete"
    and "missing"."""
    said(patient, PARTIAL)
    news2 = patient_row(patient=patient)["state"]["news2"]
    assert news2["complete"] is False and news2["partial"] is True
    assert news2["score_at_least"] == 5
    assert news2["parameter_count"] == 7
    assert len(news2["missing"]) == 5
    assert ", ".join(news2["missing_labels"]) == MISSING  # in the chart's order
    assert ward_rows(ward=patient.ward)[0]["state"]["news2"] == news2


def test_the_patient_page_shows_a_partial_score_as_a_lower_bound(
    client, nurse, patient
):
    said(patient, PARTIAL)
    client.force_login(nurse)
    markup = _news2_markup(client.get(f"/patients/{patient.pk}/").content.decode())
    assert _text(markup).startswith("NEWS2 ≥ 5, 5 of 7 missing: ")
    for name in MISSING.split(", "):
        assert name in _text(markup)
    assert 'class="news2 partial"' in markup
    assert "band-" not in markup  # never a band's colour


def test_the_patient_page_shows_a_complete_score_in_its_band(client, nurse, patient):
    said(patient, FULL)
    client.force_login(nurse)
    markup = _news2_markup(client.get(f"/patients/{patient.pk}/").content.decode())
    assert _text(markup) == "NEWS2: 0 (low)"
    assert 'class="news2 band-low"' in markup
    assert "partial" not in markup and "missing" not in markup


def test_the_handover_shows_a_partial_score_and_says_it_in_its_summary(
    client, nurse, patient
):
    said(patient, PARTIAL)
    handover = patient_handover(
        patient=patient, since=timezone.now() - timedelta(hours=12)
    )
    assert f"NEWS2 ≥ 5, 5 of 7 missing ({MISSING})." in handover.summary()
    client.force_login(nurse)
    page = client.get(f"/patients/{patient.pk}/handover/").content.decode()
    markup = _news2_markup(page)
    assert _text(markup).startswith("NEWS2 ≥ 5, 5 of 7 missing: ")
    assert "band-" not in markup
    ward_page = client.get(f"/wards/{patient.ward.code}/handover/").content.decode()
    assert "NEWS2 ≥ 5" in _text(_news2_markup(ward_page))


def test_a_snapshot_stored_before_partial_scores_reads_without_a_bound():
    """An older snapshot has "complete" and "missing" only: no bound is made up."""
    from caretaker.journal.news2 import news2_shown

    shown = news2_shown(
        {"news2": {"complete": False, "missing": ["temperature", "consciousness"]}},
        default_ruleset().alphabet,
    )
    assert shown is not None and shown.partial
    assert shown.text == "NEWS2 –, 2 of 7 missing"
    assert shown.missing == ("Temp", "Consciousness (ACVPU)")
    assert news2_shown({}, default_ruleset().alphabet) is None
