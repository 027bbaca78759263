"""The fluid chart on the patient page and in the handover: the balance since the
chart's day start (07:00 on the ward's clock), and oliguria said to be not assessed
while no weight is recorded, with the rules' reason (issue 23)."""

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from caretaker.care.actions import message_import
from caretaker.journal.fluids import FluidBalanceShown
from caretaker.journal.handover import patient_handover

pytestmark = pytest.mark.django_db

NO_WEIGHT = "No weight recorded: urine output per kg cannot be assessed."


def _day_start() -> datetime:
    """07:00 on the ward's clock, today's or, before it, yesterday's."""
    now = timezone.localtime()
    start = now.replace(hour=7, minute=0, second=0, microsecond=0)
    return start if start < now else start - timedelta(days=1)


@pytest.fixture
def charted(patient):
    """A litre in and 400 mL out since the day start, and no weight."""
    start, now = _day_start(), timezone.now()
    message_import(patient=patient, said_at=start + (now - start) / 2,
                   text="1 litre of saline went through",
                   statements=["data(fluidIntake, 1000)"])  # fmt: skip
    message_import(patient=patient, said_at=start + (now - start) * 3 / 4,
                   text="catheter drained 400", statements=["data(urineOutput, 400)"])  # fmt: skip
    return patient


def test_the_patient_page_shows_the_balance_and_why_oliguria_is_not_assessed(
    client, nurse, charted
):
    client.force_login(nurse)
    page = client.get(f"/patients/{charted.pk}/").content.decode()
    assert 'data-fluid-balance="600"' in page
    assert "<strong>+600 mL</strong> since 07:00" in page
    assert 'data-not-assessed="oliguria"' in page
    assert f"<strong>Low urine output</strong>: not assessed. {NO_WEIGHT}" in page


def test_the_handover_shows_them_too(client, nurse, charted):
    handover = patient_handover(
        patient=charted, since=timezone.now() - timedelta(hours=12)
    )
    assert handover.fluid_balance is not None
    assert handover.fluid_balance.text == "Fluid balance +600 mL since 07:00"
    assert [n.text for n in handover.not_assessed] == [
        f"Low urine output: not assessed. {NO_WEIGHT}"
    ]
    assert "Fluid balance +600 mL since 07:00." in handover.summary()
    assert "Low urine output: not assessed." in handover.summary()
    client.force_login(nurse)
    page = client.get(f"/patients/{charted.pk}/handover/").content.decode()
    assert 'data-fluid-balance="600"' in page and 'data-not-assessed="oliguria"' in page


def test_with_a_weight_oliguria_is_assessed(client, nurse, charted):
    message_import(patient=charted, said_at=timezone.now(), text="weighs 70 kg",
                   statements=["data(weight, 70.0)"])  # fmt: skip
    client.force_login(nurse)
    page = client.get(f"/patients/{charted.pk}/").content.decode()
    assert "not assessed" not in page


def test_a_patient_without_fluids_shows_no_balance(client, nurse, patient):
    client.force_login(nurse)
    page = client.get(f"/patients/{patient.pk}/").content.decode()
    assert "data-fluid-balance" not in page and "not assessed" not in page


@pytest.mark.parametrize(
    ("ml", "amount"), [(1200, "+1,200 mL"), (-300, "-300 mL"), (0, "0 mL")]
)
def test_the_balance_reads_with_its_sign(ml, amount):
    assert FluidBalanceShown(ml, timezone.now()).amount == amount
