"""The fluid chart on the patient page and in the handover: the balance since the
chart's day start (07:00 on the ward's clock), and oliguria said to be not assessed
while no weight is recorded, with the rules' reason; the chart day by day (issue 23)."""

from dataclasses import replace
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from caretaker.care.actions import message_import
from caretaker.journal.fluids import (
    FLUID_IN,
    FLUID_OUT,
    FluidBalanceShown,
    day_start_hour,
    fluid_days,
)
from caretaker.journal.handover import patient_handover
from logic.ruleset import default_ruleset
from tests.support.ward_clock import chart_day_start

pytestmark = pytest.mark.django_db

NO_WEIGHT = "No weight recorded: urine output per kg cannot be assessed."


@pytest.fixture
def charted(patient):
    """A litre in and 400 mL out since the day start, and no weight."""
    start, now = chart_day_start(), timezone.now()
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


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    """A moment on the ward's clock, ``day`` days after 24 Nov 2026."""
    zone = timezone.get_current_timezone()
    return datetime(2026, 11, 24 + day, hour, minute, tzinfo=zone)


def test_the_chart_day_starts_at_the_rules_day_start_hour():
    """The day start is asked of the rules (time.lp's dayStartHour): a ward whose
    charts turn at 08:00 changes the constant, and the panel follows."""
    rules = default_ruleset()
    assert day_start_hour(rules) == 7
    files = tuple(
        replace(f, text=f.text.replace("dayStartHour = 7.", "dayStartHour = 8."))
        for f in rules.files
    )
    assert day_start_hour(replace(rules, files=files)) == 8
    without = tuple(f for f in rules.files if f.name != "time.lp")
    assert day_start_hour(replace(rules, files=without)) == 0


def test_each_chart_day_totals_its_intake_and_output_from_07_00_to_07_00():
    """An entry at 07:00 itself is the last of the day before, as fluids.lp counts
    it; today's totals run on until its end."""
    entries = [
        (_at(0, 9), FLUID_IN, Decimal(500)),
        (_at(0, 22), FLUID_OUT, Decimal(300)),
        (_at(1, 6, 59), FLUID_IN, Decimal(250)),
        (_at(1, 7), FLUID_OUT, Decimal(100)),
        (_at(1, 7, 1), FLUID_IN, Decimal(1000)),
        (_at(1, 8), "weight", Decimal(70)),
    ]
    days = fluid_days(entries, hour=7, now=_at(1, 12))
    assert [(d.start, d.end) for d in days] == [
        (_at(0, 7), _at(1, 7)),
        (_at(1, 7), _at(2, 7)),
    ]
    assert [(d.intake, d.output, d.balance) for d in days] == [
        (750, 400, 350),
        (1000, 0, 1000),
    ]
    assert [d.complete for d in days] == [True, False]
    assert days[0].balance_shown == "+350 mL"


def test_series_json_carries_the_fluid_chart_day_by_day(client, nurse, charted):
    """The patient chart's fluid panel: one row per chart day with its totals."""
    message_import(patient=charted, said_at=chart_day_start() - timedelta(hours=2),
                   text="drank 300 mL", statements=["data(fluidIntake, 300)"])  # fmt: skip
    client.force_login(nurse)
    data = client.get(f"/patients/{charted.pk}/series.json").json()
    assert data["fluidDayStart"] == "07:00"
    days = data["fluidDays"]
    assert [(d["intake"], d["output"], d["balance"]) for d in days] == [
        (300, 0, 300),
        (1000, 400, 600),
    ]
    assert [d["complete"] for d in days] == [True, False]
    assert days[1]["start"] == chart_day_start().isoformat()
