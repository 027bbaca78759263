"""The patient page explains each problem with its facts and the nurse's words."""

from datetime import timedelta

import pytest
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.care.actions import message_import
from caretaker.journal.models import Fact

pytestmark = pytest.mark.django_db


def after_surgery(patient, text: str, statements: list[str]) -> None:
    """Surgery and a temperature of 37.0 three hours ago, then ``text`` an hour ago."""
    now = timezone.now()
    message_import(
        patient=patient,
        said_at=now - timedelta(hours=3),
        text="had surgery, temp 37",
        statements=["condition(backgroundInfo, surgery)", "data(temperature, 37.0)"],
    )
    message_import(patient=patient, said_at=now - timedelta(hours=1), text=text,
                   statements=statements)  # fmt: skip


def test_problem_explanation_shows_the_words_each_fact_came_from(
    client, nurse, patient
):
    after_surgery(patient, "She's warm now, temp is 38.6 on the probe",
                  ["data(temperature, 38.6)"])  # fmt: skip
    fact = Fact.objects.get(statement="data(temperature, 38.6)")
    Fact.objects.filter(pk=fact.pk).update(evidence_start=16, evidence_end=28)
    client.force_login(nurse)
    page = client.get(f"/patients/{patient.pk}/").content.decode()
    assert 'data-problem="risingTemperatureAfterOperation"' in page
    assert "from “temp is 38.6”" in page  # the evidence span
    assert "from “had surgery, temp 37”" in page  # no span: the whole message


def test_warning_text_gives_local_times_not_iso(patient):
    message_import(
        patient=patient,
        said_at=timezone.now(),
        text="BM 3.1",
        statements=["data(bloodGlucose, 3.1)"],
    )
    text = Alert.objects.get(problem="hypoglycaemia").text
    assert "3.1 mmol/L at " in text  # ward words, not the canonical statement
    assert "T" not in text.split(" at ")[-1] and "Z" not in text.split(" at ")[-1]


def _visible(page: str) -> str:
    """The page's text outside ``<details>`` (closed by default) and tags."""
    import re

    page = re.sub(r"<details.*?</details>", "", page, flags=re.DOTALL)
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.DOTALL)
    return re.sub(r"<[^>]+>", " ", page)


def test_problems_and_journal_read_in_plain_clinical_language(client, nurse, patient):
    """A nurse reads problems by label and meaning and values as she writes them;
    the rule name and the statements are there only behind "details"."""
    after_surgery(patient, "temp 38.6, BP 128 over 76", [
        "data(temperature, 38.6)", "data(systolicBP, 128)", "data(diastolicBP, 76)"
    ])  # fmt: skip
    client.force_login(nurse)
    page = client.get(f"/patients/{patient.pk}/").content.decode()
    visible = _visible(page)
    assert "Rising temperature after surgery" in visible
    assert "The temperature is higher than the reading before it" in visible
    assert "Had surgery" in visible and "Temp 38.6 °C" in visible
    assert "BP 128/76" in visible  # the journal reads both values as one line
    for raw in ("data(", "condition(", "risingTemperatureAfterOperation"):
        assert raw not in visible, raw
    # The leads still find the statements and the rule behind "details".
    assert "data(systolicBP, 128)" in page
    assert "<code>risingTemperatureAfterOperation</code>" in page


def test_an_incomplete_news2_names_what_is_missing_in_ward_words(
    client, nurse, patient
):
    from datetime import timedelta

    from django.utils import timezone

    from caretaker.care.actions import message_import

    message_import(patient=patient, said_at=timezone.now() - timedelta(minutes=5),
                   text="pulse 80", statements=["data(heartRate, 80)"])  # fmt: skip
    client.force_login(nurse)
    page = client.get(f"/patients/{patient.pk}/").content.decode()
    assert "6 of 7 missing" in page  # issue 23: a partial NEWS2, with its count
    assert "Consciousness (ACVPU)" in page and "Air or oxygen" in page
    assert "respiratoryRate" not in page.split("6 of 7 missing")[1][:200]


def test_under_its_label_a_problem_does_not_say_it_again(client, nurse, patient):
    """Issue 23: under "NEWS2 high (7 or more)" the meaning and the description
    read without the finding the label names ("NEWS2 of 7 or more", "The early
    warning score is 7 or more"); what they add is kept."""
    message_import(patient=patient, said_at=timezone.now() - timedelta(hours=1),
                   text="obs", statements=[
        "data(respiratoryRate, 26)", "data(oxygenSaturation, 91)",
        "condition(oxygenSupply, air)", "data(systolicBP, 95)",
        "data(diastolicBP, 60)", "data(heartRate, 125)", "data(temperature, 39.2)",
        "condition(consciousness, alert)",
    ])  # fmt: skip
    client.force_login(nurse)
    visible = _visible(client.get(f"/patients/{patient.pk}/").content.decode())
    assert visible.count("7 or more") == 1  # the label's
    assert "The patient may be critically ill." in visible
    assert "Emergency assessment by a clinical team" in visible
    # A finding that says more than its label stays: "Sepsis risk" names no qSOFA.
    assert "qSOFA of 2 or more: possible sepsis" in visible
