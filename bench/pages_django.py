"""Child process of the pages benchmark: ``python -m bench.pages_django BEDS DAYS
REPEAT`` with DJANGO_SETTINGS_MODULE and DATABASE_URL set; prints one JSON line.

A ward of BEDS patients, each with DAYS of 15-minute observation sets stored as the
pipeline stores them (the query-count tests' history: one solved message per set, a
failed message and an undone reading a day, a warning acknowledged, a low blood sugar
open), then each page fetched REPEAT times through Django's test client by a nurse of
the ward: time per request and the queries it issued.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import timedelta

import django

# The pages of issue 24, item 4, with the path templates of the query-count tests.
PAGES = {
    "ward dashboard": "/wards/{ward}/",
    "patient page": "/patients/{patient}/",
    "patient series.json": "/patients/{patient}/series.json",
    "patient handover": "/patients/{patient}/handover/",
    "ward handover": "/wards/{ward}/handover/",
}


def main(beds: int, days: int, repeat: int) -> None:
    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from bench.common import summary_ms
    from caretaker.care.actions import patient_reevaluate
    from tests.caretaker.factories import PatientFactory, UserFactory, WardFactory
    from tests.caretaker.wards.test_bounded_queries import (
        observations_add,
        problems_open,
    )

    call_command("migrate", "--noinput", "-v0")
    ward = WardFactory(code="bench-ward", name="Bench ward")
    nurse, colleague = UserFactory(username="nora"), UserFactory(username="colin")
    ward.staff.add(nurse)
    now = timezone.now()
    started = time.perf_counter()
    patients = []
    for bed in range(beds):
        patient = PatientFactory(ward=ward, bed=str(bed + 1), name=f"Patient {bed}")
        observations_add(patient, days=days, end=now - timedelta(minutes=10),
                         nurse=colleague)  # fmt: skip
        problems_open(patient)
        patient_reevaluate(patient_id=patient.pk)
        patients.append(patient)
    seeded = time.perf_counter() - started
    client = Client(HTTP_HOST="localhost")
    client.force_login(nurse)
    results = {}
    for page, template in PAGES.items():
        path = template.format(ward=ward.code, patient=patients[0].pk)
        client.get(path)  # untimed: templates and caches warm
        times, queries = [], 0
        for _ in range(repeat):
            with CaptureQueriesContext(connection) as captured:
                begun = time.perf_counter()
                response = client.get(path)
                times.append(time.perf_counter() - begun)
            if response.status_code != 200:
                raise RuntimeError(f"{path}: HTTP {response.status_code}")
            queries = max(queries, len(captured.captured_queries))
        results[page] = {"path": template, "queries": queries, **summary_ms(times)}
    facts = sum(p.facts.count() for p in patients[:1])
    print(json.dumps({"beds": beds, "days": days, "repeat": repeat,
                      "facts_per_patient": facts, "seed_s": round(seeded, 1),
                      "pages": results}))  # fmt: skip


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
