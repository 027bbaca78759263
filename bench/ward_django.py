"""Child process of the ward benchmark: `python -m bench.ward_django PATIENTS HOURS`
with DJANGO_SETTINGS_MODULE and DATABASE_URL set; prints one JSON line."""

from __future__ import annotations

import json
import sys
import time
from datetime import timedelta

import django


def main(patients: int, hours: int) -> None:
    django.setup()
    from django.core.management import call_command
    from django.db import transaction
    from django.utils import timezone

    from bench.common import summary_ms
    from bench.ward_bench import observation_sets
    from caretaker.care.actions import patient_reevaluate
    from caretaker.journal.models import Fact, Message
    from caretaker.journal.rules import active_rules
    from caretaker.wards.services import patient_admit

    call_command("migrate", "--noinput", "-v0")
    end = timezone.now()
    ids = []
    started = time.perf_counter()
    for index in range(patients):
        patient, _ = patient_admit(
            record_number=f"B{index:05}",
            name=f"Patient {index}",
            ward_code="bench",
            bed=str(index),
            admitted_at=end - timedelta(hours=hours),
        )
        rules = active_rules(patient=patient).rules
        facts = observation_sets(
            rules, sets=hours, every=timedelta(hours=1), seed=index, end=end
        )
        by_time: dict = {}
        for fact in facts:
            by_time.setdefault(fact.at, []).append(fact)
        with transaction.atomic():
            messages = Message.objects.bulk_create(
                Message(
                    patient=patient,
                    said_at=at,
                    text="bench",
                    transcript="bench",
                    status=Message.Status.SOLVED,
                )
                for at in by_time
            )
            Fact.objects.bulk_create(
                Fact(
                    patient=patient,
                    message=message,
                    said_at=message.said_at,
                    type=f.statement.type,
                    statement=f.statement.canonical(rules.alphabet),
                    value=f.statement.value_text(rules.alphabet),
                )
                for message, group in zip(messages, by_time.values(), strict=True)
                for f in group
            )
        ids.append(patient.pk)
    loaded = time.perf_counter() - started
    times = []
    started = time.perf_counter()
    for patient_id in ids:
        begun = time.perf_counter()
        patient_reevaluate(patient_id=patient_id)
        times.append(time.perf_counter() - begun)
    total = time.perf_counter() - started
    print(
        json.dumps(
            {
                "patients": patients,
                "facts_per_patient": len(facts),
                "load_s": round(loaded, 1),
                "total_s": round(total, 2),
                "patients_per_s": round(patients / total, 1),
                **summary_ms(times),
            }
        )
    )


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
