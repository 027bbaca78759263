"""The oxygen given now (the alphabet's ``panel = "oxygen"``: device, flow, FiO2, air
or oxygen) and the last GCS with its parts, on the patient chart and in the handovers
(issue 23, item 6)."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from caretaker.care.actions import message_import
from caretaker.journal.handover import patient_handover
from caretaker.journal.panels import panel_now, totals_last
from logic import Statement
from logic.ruleset import default_ruleset

AT = datetime(2026, 11, 25, 10, 15, tzinfo=UTC)
ON_NASAL_CANNULA = [
    Statement("condition", "oxygenSupply", "supplemental"),
    Statement("data", "oxygenFlow", Decimal("2.0")),
    Statement("condition", "oxygenDevice", "nasalCannula"),
    Statement("data", "fio2", Decimal(28)),
]
GCS = [
    "data(gcs, 14)",
    "data(gcsEye, 4)",
    "data(gcsVerbal, 4)",
    "data(gcsMotor, 6)",
]


def _oxygen(*said: tuple[int, Statement]) -> str:
    """The oxygen panel's line for statements said ``hours`` after AT."""
    timed = [(AT + timedelta(hours=hours), s) for hours, s in said]
    shown = panel_now(timed, default_ruleset().alphabet, "oxygen")
    return shown.text if shown else ""


def test_the_device_then_flow_and_fio2_are_shown_not_the_oxygen_they_imply():
    assert _oxygen(*((0, s) for s in ON_NASAL_CANNULA)) == (
        "Nasal cannula, O2 2.0 L/min, FiO2 28%"
    )


@pytest.mark.parametrize(
    ("later", "shown"),
    [
        # Back on air: the flow, the device and the FiO2 are over.
        (Statement("condition", "oxygenSupply", "air"), "On air"),
        # A mask now: the device changes, the flow and FiO2 stand until said again.
        (
            Statement("condition", "oxygenDevice", "simpleMask"),
            "Simple mask, O2 2.0 L/min, FiO2 28%",
        ),
        (Statement("data", "oxygenFlow", Decimal(4)), "Nasal cannula, O2 4.0 L/min, "
         "FiO2 28%"),
    ],
)  # fmt: skip
def test_what_is_said_later_replaces_what_it_contradicts(later, shown):
    assert _oxygen(*((0, s) for s in ON_NASAL_CANNULA), (1, later)) == shown


def test_a_device_after_air_puts_the_patient_back_on_oxygen():
    air = Statement("condition", "oxygenSupply", "air")
    mask = Statement("condition", "oxygenDevice", "venturiMask")
    assert _oxygen((0, air), (1, mask)) == "Venturi mask"
    assert _oxygen((0, air)) == "On air"
    assert _oxygen() == ""


def test_the_last_gcs_is_read_with_the_parts_said_with_it():
    alphabet = default_ruleset().alphabet

    def gcs(total: int, *parts: tuple[str, int]) -> list[tuple[datetime, Statement]]:
        return [(AT, Statement("data", "gcs", Decimal(total)))] + [
            (AT, Statement("data", t, Decimal(v))) for t, v in parts
        ]

    full = gcs(14, ("gcsEye", 4), ("gcsVerbal", 4), ("gcsMotor", 6))
    assert [t.text for t in totals_last(full, alphabet)] == ["GCS 14 (E4 V4 M6)"]
    later = [(AT + timedelta(hours=1), Statement("data", "gcs", Decimal(15)))]
    assert [t.text for t in totals_last(full + later, alphabet)] == ["GCS 15"]
    assert totals_last([], alphabet) == ()


@pytest.fixture
def dictated(patient):
    """GCS 14 (E4 V4 M6) on 2 litres by nasal cannula, FiO2 28%, an hour ago."""
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=1),
        text="GCS 14, E4 V4 M6, on 2 litres nasal cannula, FiO2 28%",
        statements=[*GCS, *(str(s) for s in ON_NASAL_CANNULA)],
    )
    return patient


@pytest.mark.django_db
def test_the_handovers_show_the_last_gcs_and_the_oxygen(client, nurse, dictated):
    handover = patient_handover(
        patient=dictated, since=timezone.now() - timedelta(hours=12)
    )
    assert [t.text for t in handover.totals] == ["GCS 14 (E4 V4 M6)"]
    assert handover.oxygen is not None
    assert handover.oxygen.text == "Nasal cannula, O2 2.0 L/min, FiO2 28%"
    summary = handover.summary()
    assert "Last GCS 14 (E4 V4 M6) at " in summary
    assert "Oxygen: Nasal cannula, O2 2.0 L/min, FiO2 28%." in summary
    client.force_login(nurse)
    for path in (
        f"/patients/{dictated.pk}/handover/",
        f"/wards/{dictated.ward.code}/handover/",
    ):
        page = client.get(path).content.decode()
        assert 'data-total="gcs">Last <strong>GCS 14 (E4 V4 M6)</strong>' in page
        assert (
            'data-panel="oxygen">Oxygen: <strong>Nasal cannula, O2 2.0 L/min, '
            "FiO2 28%</strong>" in page
        )


@pytest.mark.django_db
def test_series_json_carries_the_oxygen_given_now(client, nurse, dictated):
    client.force_login(nurse)
    data = client.get(f"/patients/{dictated.pk}/series.json").json()
    oxygen = data["panels"]["oxygen"]
    assert oxygen["label"] == "Oxygen"
    assert oxygen["text"] == "Nasal cannula, O2 2.0 L/min, FiO2 28%"
    assert [r["type"] for r in oxygen["readings"]] == [
        "oxygenDevice",
        "oxygenFlow",
        "fio2",
    ]


@pytest.mark.django_db
def test_a_patient_never_on_oxygen_has_no_oxygen_panel(client, nurse, patient):
    client.force_login(nurse)
    assert client.get(f"/patients/{patient.pk}/series.json").json()["panels"] == {}
    page = client.get(f"/patients/{patient.pk}/handover/").content.decode()
    assert 'data-panel="oxygen"' not in page and "data-total" not in page
