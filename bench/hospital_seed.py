"""Child process of the hospital benchmarks, with Django set up on PostgreSQL: a
hospital of WARDS x BEDS patients, each with DAYS of observation sets every HOURS,
written with bulk inserts (no solve, no audit: history as an import would leave it),
and the demo nurse on the staff of every ward.

    python -m bench.hospital_seed WARDS BEDS DAYS HOURS

Prints one JSON line: counts, seconds, and each record number's patient id.
"""

from __future__ import annotations

import functools
import json
import random
import sys
import time
import uuid
from datetime import timedelta
from typing import Any

import django


def ward_code(ward: int) -> str:
    return f"h{ward:02}"


def record_number(ward: int, bed: int) -> str:
    return f"H{ward:02}B{bed:02}"


def observation_set(rng: random.Random) -> tuple[str, list[str]]:
    """A full set with NEWS2 0 (no alert from the history): words and statements."""
    rr, sats, sbp = rng.randint(13, 19), rng.randint(96, 99), rng.randint(115, 150)
    dbp, hr, temp = rng.randint(65, 90), rng.randint(60, 88), rng.randint(363, 378)
    text = (
        f"Resps {rr}, sats {sats} on air, BP {sbp} over {dbp}, pulse {hr}, "
        f"alert, temp {temp / 10:.1f}."
    )
    return text, [
        f"data(respiratoryRate, {rr})",
        f"data(oxygenSaturation, {sats})",
        "condition(oxygenSupply, air)",
        f"data(systolicBP, {sbp})",
        f"data(diastolicBP, {dbp})",
        f"data(heartRate, {hr})",
        "condition(consciousness, alert)",
        f"data(temperature, {temp / 10:.1f})",
    ]


def seed(wards: int, beds: int, days: float, hours: float) -> dict[str, Any]:
    from django.contrib.auth.models import User
    from django.db import transaction
    from django.utils import timezone

    from caretaker.journal.models import Fact, Message
    from caretaker.journal.rules import active_rules
    from caretaker.wards.models import Patient, Ward
    from logic.statements import statement_parse

    started = time.perf_counter()
    nurse = User.objects.get(username="nurse")
    alphabet = active_rules().rules.alphabet

    @functools.cache
    def parsed(statement: str) -> tuple[str, str, str]:
        s = statement_parse(statement, alphabet)
        return s.canonical(alphabet), s.type, s.value_text(alphabet)

    now = timezone.now()
    sets = int(days * 24 / hours)
    rng = random.Random(24)
    counts = {"patients": 0, "messages": 0, "facts": 0}
    for w in range(1, wards + 1):
        with transaction.atomic():
            ward = Ward.objects.create(code=ward_code(w), name=f"Ward H{w:02}")
            ward.staff.add(nurse)
            patients = Patient.objects.bulk_create(
                Patient(
                    ward=ward,
                    record_number=record_number(w, b),
                    name=f"Patient {w:02}-{b:02}",
                    bed=str(b),
                    admitted_at=now - timedelta(days=days + 1),
                )
                for b in range(1, beds + 1)
            )
            messages, statements = [], []
            for patient in patients:
                for k in range(sets, 0, -1):
                    text, said = observation_set(rng)
                    at = now - timedelta(hours=k * hours, minutes=rng.randint(0, 20))
                    messages.append(
                        Message(
                            patient=patient,
                            author=nurse,
                            said_at=at,
                            client_id=uuid.uuid4(),
                            text=text,
                            transcript=text,
                            status=Message.Status.SOLVED,
                        )
                    )
                    statements.append(said)
            Message.objects.bulk_create(messages, batch_size=2000)
            facts = [
                Fact(
                    patient_id=message.patient_id,
                    message=message,
                    statement=canonical,
                    type=kind,
                    value=value,
                    said_at=message.said_at,
                )
                for message, said in zip(messages, statements, strict=True)
                for canonical, kind, value in map(parsed, said)
            ]
            Fact.objects.bulk_create(facts, batch_size=5000)
        counts["patients"] += len(patients)
        counts["messages"] += len(messages)
        counts["facts"] += len(facts)
    seconds = round(time.perf_counter() - started, 1)
    # The demo ward's patients too: the benchmarks warm the workers up on them.
    ids = dict(Patient.objects.values_list("record_number", "pk"))
    return {**counts, "seconds": seconds, "patient_ids": ids}


if __name__ == "__main__":
    django.setup()
    wards, beds = int(sys.argv[1]), int(sys.argv[2])
    days, hours = float(sys.argv[3]), float(sys.argv[4])
    print(json.dumps(seed(wards, beds, days, hours)))
