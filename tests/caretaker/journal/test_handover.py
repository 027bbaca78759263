"""The SBAR shift handover: NEWS2 and problems, background, each vital sign's first,
last, lowest and highest over the shift with its trend, the rules' monitoring
interval and escalation, what was not understood; for one patient and for a ward,
behind the ward access check, audited, in ward words only."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from caretaker.audit.models import Action, AuditEvent
from caretaker.care.actions import message_import
from caretaker.journal.handover import patient_handover
from caretaker.journal.models import Message
from tests.caretaker.factories import MessageFactory

pytestmark = pytest.mark.django_db

ROUND = [
    "data(respiratoryRate, {rr})",
    "data(oxygenSaturation, 95)",
    "condition(oxygenSupply, air)",
    "data(systolicBP, {sys})",
    "data(diastolicBP, {dia})",
    "data(heartRate, {hr})",
    "condition(consciousness, alert)",
    "data(temperature, {temp})",
]


def _round(patient, hours_ago: float, **values) -> None:
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=hours_ago),
        text=f"obs round {values}",
        statements=[s.format(**values) for s in ROUND],
    )


@pytest.fixture
def shift(patient):
    """Surgery said before the shift, a round before it, three rounds in it, words
    not understood and a message that failed."""
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=20),
        text="Bowel resection yesterday.",
        statements=["condition(backgroundInfo, surgery)"],
    )
    _round(patient, 14, rr=16, sys=140, dia=80, hr=70, temp="36.0")
    _round(patient, 10, rr=18, sys=128, dia=76, hr=88, temp="37.2")
    _round(patient, 6, rr=20, sys=118, dia=70, hr=104, temp="38.6")
    _round(patient, 2, rr=22, sys=122, dia=74, hr=96, temp="38.1")
    MessageFactory(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=3),
        text="temp 38 and he asked for his glasses",
        transcript="temp 38 and he asked for his glasses",
        status=Message.Status.SOLVED,
        unclear=["asked for his glasses"],
    )
    MessageFactory(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=1),
        text="sats look lower",
        transcript="",
        status=Message.Status.FAILED,
        failure_reason="The language model did not answer.",
    )
    return patient


def test_assessment_gives_first_last_lowest_highest_and_trend_of_the_shift(shift):
    handover = patient_handover(
        patient=shift, since=timezone.now() - timedelta(hours=12)
    )
    vitals = {v.type: v for v in handover.vital_signs}
    temperature = vitals["temperature"]
    assert (temperature.first.text, temperature.last.text) == (
        "Temp 37.2 °C",
        "Temp 38.1 °C",
    )
    assert temperature.lowest.text == "Temp 37.2 °C"
    assert temperature.highest.text == "Temp 38.6 °C"
    assert temperature.highest.at < temperature.last.at
    assert (temperature.trend, temperature.count) == ("rising", 3)
    # The diastolic pressure said with it is part of the BP reading, not a row.
    assert "diastolicBP" not in vitals
    bp = vitals["systolicBP"]
    assert [bp.first.text, bp.last.text, bp.lowest.text, bp.highest.text] == [
        "BP 128/76",
        "BP 122/74",
        "BP 118/70",
        "BP 128/76",
    ]
    assert bp.trend == "falling"
    assert vitals["oxygenSaturation"].last.text == "SpO2 95% on air"
    assert vitals["oxygenSaturation"].trend == "unchanged"
    assert vitals["heartRate"].highest.text == "Pulse 104"


def test_situation_background_and_recommendation_come_from_the_rules(shift):
    handover = patient_handover(
        patient=shift, since=timezone.now() - timedelta(hours=12)
    )
    # RR 22 (2) + SpO2 95 (1) + pulse 96 (1) + temp 38.1 (1) = 5: medium.
    assert (handover.news2_score, handover.news2_band) == (5, "medium")
    names = {p.name for p in handover.problems}
    assert "news2Medium" in names
    assert all(p.label and p.meaning for p in handover.problems)
    assert [b.text for b in handover.background] == ["Had surgery"]
    assert handover.monitoring_interval == "every hour"
    assert any("observations at least hourly" in e for e in handover.escalation)


def test_the_situation_reads_each_problems_label_once(shift):
    """ "NEWS2 medium (5 or 6): the patient may be getting worse.", not "...: The
    early warning score is 5 or 6: the patient ..." (issue 23)."""
    handover = patient_handover(
        patient=shift, since=timezone.now() - timedelta(hours=12)
    )
    (medium,) = [p for p in handover.problems if p.name == "news2Medium"]
    assert (medium.label, medium.meaning) == (
        "NEWS2 medium (5 or 6)",
        "the patient may be getting worse.",
    )


def test_not_understood_lists_unclear_words_and_failed_messages(shift):
    handover = patient_handover(
        patient=shift, since=timezone.now() - timedelta(hours=12)
    )
    assert [u.words for u in handover.unclear] == ["asked for his glasses"]
    assert [(f.said, f.words) for f in handover.failed] == [
        ("sats look lower", "The language model did not answer.")
    ]


def test_since_moves_the_start_of_the_shift(shift):
    handover = patient_handover(
        patient=shift, since=timezone.now() - timedelta(hours=15)
    )
    temperature = {v.type: v for v in handover.vital_signs}["temperature"]
    assert temperature.first.text == "Temp 36.0 °C"
    assert temperature.count == 4


def test_page_shows_sbar_in_ward_words_and_is_audited(client, nurse, shift):
    client.force_login(nurse)
    response = client.get(f"/patients/{shift.pk}/handover/")
    assert response.status_code == 200
    page = response.content.decode()
    for heading in ("Situation", "Background", "Assessment", "Recommendation"):
        assert f"<h3>{heading}</h3>" in page
    assert "Temp 38.6 °C" in page and "BP 118/70" in page
    assert "Had surgery" in page
    assert "asked for his glasses" in page
    assert "The language model did not answer." in page
    assert "every hour" in page
    assert "data(" not in page and "condition(" not in page
    event = AuditEvent.objects.get(action=Action.HANDOVER_VIEW)
    assert (event.patient, event.user) == (shift, nurse)


def test_a_patient_without_history_has_an_empty_handover(client, nurse, patient):
    client.force_login(nurse)
    page = client.get(f"/patients/{patient.pk}/handover/").content.decode()
    assert "No observations in this shift." in page
    assert "not scored yet" in page


def test_since_that_is_no_time_is_a_bad_request(client, nurse, patient):
    client.force_login(nurse)
    response = client.get(f"/patients/{patient.pk}/handover/?since=yesterday")
    assert response.status_code == 400
    assert not AuditEvent.objects.filter(action=Action.HANDOVER_VIEW).exists()


def test_another_wards_patient_and_ward_are_not_found(client, nurse, other_patient):
    client.force_login(nurse)
    assert client.get(f"/patients/{other_patient.pk}/handover/").status_code == 404
    assert client.get("/wards/ward-b/handover/").status_code == 404
    assert not AuditEvent.objects.filter(action=Action.HANDOVER_VIEW).exists()


def test_ward_handover_prints_every_patient_and_audits_each(client, nurse, shift, ward):
    from tests.caretaker.factories import PatientFactory

    second = PatientFactory(ward=ward, name="Arthur Price", bed="2")
    client.force_login(nurse)
    response = client.get(f"/wards/{ward.code}/handover/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Margaret Hill" in page and "Arthur Price" in page
    assert "data(" not in page and "condition(" not in page
    audited = AuditEvent.objects.filter(action=Action.HANDOVER_VIEW)
    assert {e.patient for e in audited} == {shift, second}


def test_patient_page_links_to_the_handover(client, nurse, patient):
    client.force_login(nurse)
    page = client.get(f"/patients/{patient.pk}/").content.decode()
    assert f'href="/patients/{patient.pk}/handover/"' in page


@pytest.fixture
def remote_model(settings):
    """The openai backend with rewording on, pointed at ``url``."""
    from logic.extraction.backends import backends_forget

    def point_at(url: str) -> None:
        settings.CARETAKER_LLM_BACKEND = "openai"
        settings.CARETAKER_LLM_WORDING = True
        settings.CARETAKER_LLM_BASE_URL = url
        settings.CARETAKER_LLM_CONSTRAINT = "none"
        backends_forget()

    yield point_at
    backends_forget()


def test_a_rewording_that_keeps_every_number_is_shown(
    client, nurse, shift, remote_model
):
    from caretaker.journal.handover import handover_since_default, patient_handover
    from tests.support.servers import chat_answering

    summary = patient_handover(patient=shift, since=handover_since_default()).summary()
    numbers = re.findall(r"\d+(?:\.\d+)?", summary)
    assert numbers, summary
    spoken = "Spoken: " + " and ".join(numbers)  # every number, nothing added
    client.force_login(nurse)
    with chat_answering(spoken) as url:
        remote_model(url)
        page = client.get(f"/patients/{shift.pk}/handover/").content.decode()
    assert f'data-testid="handover-wording">{spoken}' in page


def test_a_rewording_that_changes_a_number_is_not_shown(
    client, nurse, shift, remote_model
):
    from tests.support.servers import chat_answering

    client.force_login(nurse)
    with chat_answering("NEWS2 9, temperature 41.0, all fine.") as url:
        remote_model(url)
        page = client.get(f"/patients/{shift.pk}/handover/").content.decode()
    assert "handover-wording" not in page and "41.0" not in page


def test_the_new_observations_are_handed_over_as_the_alphabet_writes_them(
    client, nurse, patient
):
    """Urine output, fluid intake, weight, GCS and oxygen flow said in the shift are
    assessment rows like any vital sign, written by their alphabet displays."""
    for hours, urine, gcs in ((6, 200, 15), (2, 120, 13)):
        message_import(
            patient=patient, said_at=timezone.now() - timedelta(hours=hours),
            text=f"passed {urine} mL, GCS {gcs}, on 2 litres, drank 250, weighs 70",
            statements=[f"data(urineOutput, {urine})", f"data(gcs, {gcs})",
                        "data(oxygenFlow, 2)", "data(fluidIntake, 250)",
                        "data(weight, 70.0)"],
        )  # fmt: skip
    handover = patient_handover(
        patient=patient, since=timezone.now() - timedelta(hours=12)
    )
    vitals = {v.type: v for v in handover.vital_signs}
    urine = vitals["urineOutput"]
    assert (urine.first.text, urine.last.text, urine.trend) == (
        "Urine 200 mL", "Urine 120 mL", "falling")  # fmt: skip
    assert vitals["gcs"].lowest.text == "GCS 13"
    assert vitals["oxygenFlow"].last.text == "O2 2.0 L/min"
    assert vitals["fluidIntake"].trend == "unchanged"
    assert vitals["weight"].last.text == "Weight 70.0 kg"
    client.force_login(nurse)
    page = client.get(f"/patients/{patient.pk}/handover/").content.decode()
    assert 'data-type="urineOutput"' in page and "Urine 120 mL" in page
