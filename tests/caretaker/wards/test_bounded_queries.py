"""Pages that do not grow with history: the ward dashboard, the patient page and its
series.json, and the handovers issue as many queries for a patient with a week of
15-minute observations as for one with a day of them (issue 24, item 4)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.care.actions import message_import, patient_reevaluate
from caretaker.journal.models import Fact, Message
from tests.caretaker.factories import FactFactory, PatientFactory, UserFactory

pytestmark = pytest.mark.django_db

EVERY = timedelta(minutes=15)
# NEWS2 0 to 12 over the day, so that every band and the chart's shading are used.
SCORES = [0, 1, 2, 3, 5, 7, 9, 4, 2, 1]


def observation_set(index: int) -> dict[str, str]:
    """A full set of NEWS2 observations, varying with ``index``."""
    return {
        "respiratoryRate": str(12 + index % 14),
        "oxygenSaturation": str(90 + index % 10),
        "systolicBP": str(95 + index % 40),
        "diastolicBP": str(55 + index % 30),
        "heartRate": str(55 + index % 80),
        "temperature": f"{35.5 + (index % 40) / 10:.1f}",
    }


def observations_add(patient, *, days: int, end, nurse) -> None:
    """``days`` of 15-minute observation sets up to ``end``, as the pipeline stores
    them (one solved message per set, its facts with evidence), with what a day
    brings: words not understood, a failed message, an undone reading, a warning
    acknowledged."""
    sets = days * 24 * 4
    start = end - EVERY * sets
    messages, values = [], []
    for index in range(sets):
        observed = observation_set(index)
        text = ", ".join(f"{name} {value}" for name, value in observed.items())
        messages.append(
            Message(
                patient=patient,
                author=nurse,
                said_at=start + EVERY * index,
                text=text,
                transcript=text,
                status=Message.Status.SOLVED,
                news2_score=SCORES[index % len(SCORES)],
                unclear=["the drain"] if index % 24 == 0 else [],
            )
        )
        values.append(observed)
    messages += [
        Message(
            patient=patient,
            author=nurse,
            said_at=start + timedelta(days=day, hours=3),
            text="resps twenty",
            status=Message.Status.FAILED,
            failure_reason="the language model did not answer",
        )
        for day in range(days)
    ]
    Message.objects.bulk_create(messages)
    facts = []
    for index, (message, observed) in enumerate(zip(messages, values, strict=False)):
        undone = index % 96 == 5
        facts += [
            Fact(
                patient=patient,
                message=message,
                said_at=message.said_at,
                type=name,
                value=value,
                statement=f"data({name}, {value})",
                evidence_start=0,
                evidence_end=len(name),
                retracted_at=message.said_at if undone else None,
                retracted_by=nurse if undone else None,
            )
            for name, value in observed.items()
        ]
        facts += [
            Fact(
                patient=patient,
                message=message,
                said_at=message.said_at,
                type=name,
                value=value,
                statement=f"condition({name}, {value})",
            )
            for name, value in (("oxygenSupply", "air"), ("consciousness", "alert"))
        ]
    Fact.objects.bulk_create(facts)
    Alert.objects.bulk_create(
        Alert(
            patient=patient,
            problem="news2High",
            severity="high",
            text="NEWS2 high (7 or more)",
            first_derived_at=start + timedelta(days=day, hours=5),
            acknowledged_at=start + timedelta(days=day, hours=5, minutes=10),
            acknowledged_by=nurse,
        )
        for day in range(days)
    )


def problems_open(patient) -> None:
    """Surgery at admission and a low blood sugar now (a warning nobody has
    acknowledged yet)."""
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(days=8),
        text="back from theatre",
        statements=["condition(backgroundInfo, surgery)"],
    )
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(minutes=5),
        text="BM 3.1",
        statements=["data(bloodGlucose, 3.1)"],
    )


# Each page and the queries it may issue for a ward of one patient, whatever the
# days of history (as measured: session, user, audit event included). A page that
# needs one more says so here.
PAGES = {
    "ward dashboard": ("/wards/{ward}/", 8),
    "patient page": ("/patients/{patient}/", 12),
    "patient series.json": ("/patients/{patient}/series.json", 8),
    "patient handover": ("/patients/{patient}/handover/", 9),
    "ward handover": ("/wards/{ward}/handover/", 10),
}


def queries_of(client, path: str, bound: int, django_assert_max_num_queries) -> int:
    with django_assert_max_num_queries(bound) as captured:
        response = client.get(path)
    assert response.status_code == 200, path
    return len(captured.captured_queries)


@pytest.mark.parametrize("page", list(PAGES))
def test_a_week_of_observations_costs_a_page_no_more_queries_than_a_day(
    client, nurse, ward, patient, page, django_assert_max_num_queries
):
    """The same page with a day of 15-minute observations, then a week: within its
    bound, and as many queries for the week as for the day."""
    colleague = UserFactory(username="colleague")
    path, bound = PAGES[page]
    path = path.format(ward=ward.code, patient=patient.pk)
    client.force_login(nurse)
    now = timezone.now()
    observations_add(patient, days=1, end=now, nurse=colleague)
    problems_open(patient)
    day = queries_of(client, path, bound, django_assert_max_num_queries)
    observations_add(patient, days=6, end=now - timedelta(days=1), nurse=colleague)
    patient_reevaluate(patient_id=patient.pk)
    week = queries_of(client, path, bound, django_assert_max_num_queries)
    assert week == day


def test_thirty_beds_cost_the_ward_dashboard_no_more_queries_than_one(
    client, nurse, ward, patient, django_assert_max_num_queries
):
    """Every station opens the dashboard, and every socket's snapshot reads the same
    rows: a full ward costs what one bed does (each with a warning and a question)."""

    def asking(bed) -> None:
        """A low blood sugar warning open, and a pulse of 180 to confirm."""
        problems_open(bed)
        FactFactory(message__patient=bed, question="Pulse 180?", type="heartRate",
                    value="180", statement="data(heartRate, 180)")  # fmt: skip

    path, bound = PAGES["ward dashboard"][0].format(ward=ward.code), 10
    client.force_login(nurse)
    asking(patient)
    one = queries_of(client, path, bound, django_assert_max_num_queries)
    for _ in range(29):
        asking(PatientFactory(ward=ward))
    page = client.get(path).content.decode()
    assert page.count("Pulse 180?") >= 30
    assert page.count("Low blood sugar") >= 30
    thirty = queries_of(client, path, bound, django_assert_max_num_queries)
    assert thirty == one
