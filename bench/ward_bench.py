"""Whole-ward benchmark: the state of 30 patients with a week of 15-minute
observations, and the periodic re-evaluation of 1,000 patients, in the pure logic
core and through Django's ``patient_refresh`` on SQLite.

    .venv/bin/python -m bench.ward_bench [--quick]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from bench.common import django_child_run, progress, summary_ms
from logic import RuleSet, TimedStatement, default_ruleset, patient_state_solve
from logic.statements import statement_parse

# One observation set: the NEWS2 vitals a nurse takes at once.
SET = (
    ("respiratoryRate", 12, 24),
    ("oxygenSaturation", 90, 99),
    ("systolicBP", 95, 160),
    ("diastolicBP", 55, 95),
    ("heartRate", 55, 120),
    ("temperature", 36.0, 38.6),
    ("painLevel", 0, 6),
)


def observation_sets(
    rules: RuleSet, *, sets: int, every: timedelta, seed: int, end: datetime
) -> list[TimedStatement]:
    """``sets`` observation sets ``every`` apart, the last at ``end``."""
    rng = random.Random(seed)
    facts = []
    for index in range(sets):
        at = end - every * (sets - 1 - index)
        for name, low, high in SET:
            value = round(rng.uniform(low, high), 1 if isinstance(low, float) else 0)
            text = f"data({name}, {value if isinstance(low, float) else int(value)})"
            facts.append(TimedStatement(statement_parse(text, rules.alphabet), at))
        for text in ("condition(oxygenSupply, air)", "condition(consciousness, alert)"):
            if index % 8 == 0:
                facts.append(TimedStatement(statement_parse(text, rules.alphabet), at))
    return facts


def _solve_all(patients: list[list[TimedStatement]], rules: RuleSet, now: datetime):
    times = []
    started = time.perf_counter()
    for facts in patients:
        begun = time.perf_counter()
        patient_state_solve(facts, rules=rules, now=now)
        times.append(time.perf_counter() - begun)
    return time.perf_counter() - started, times


def logic_ward(*, patients: int, days: float) -> dict[str, Any]:
    """Every patient of a ward with ``days`` of 15-minute observations, solved once."""
    rules = default_ruleset()
    end = datetime(2026, 11, 8, tzinfo=UTC)
    sets = int(days * 24 * 4)
    ward = [
        observation_sets(rules, sets=sets, every=timedelta(minutes=15), seed=s, end=end)
        for s in range(patients)
    ]
    total, times = _solve_all(ward, rules, end)
    return {
        "patients": patients,
        "days": days,
        "facts_per_patient": len(ward[0]),
        "total_s": round(total, 2),
        **summary_ms(times),
    }


def logic_reevaluate(*, patients: int, hours: int) -> dict[str, Any]:
    """``patients`` patients with ``hours`` of hourly observations, all solved again
    at one ``now`` (what the beat's re-evaluation does for every admitted patient)."""
    rules = default_ruleset()
    end = datetime(2026, 11, 8, tzinfo=UTC)
    population = [
        observation_sets(rules, sets=hours, every=timedelta(hours=1), seed=s, end=end)
        for s in range(patients)
    ]
    total, times = _solve_all(population, rules, end + timedelta(hours=1))
    return {
        "patients": patients,
        "facts_per_patient": len(population[0]),
        "total_s": round(total, 2),
        "patients_per_s": round(patients / total, 1),
        **summary_ms(times),
    }


def django_reevaluate(*, patients: int, hours: int) -> dict[str, Any]:
    """``patient_reevaluate`` (``patient_refresh`` and the ward push) for every
    patient, on a fresh SQLite database, in a child process with Django set up."""
    return django_child_run("bench.ward_django", patients, hours)


def run(quick: bool = False) -> dict[str, Any]:
    """Ward-sized workloads; ``quick`` shrinks the counts, not the shapes."""
    ward_patients = 5 if quick else 30
    reevaluate_patients = 100 if quick else 1000
    django_patients = 30 if quick else 1000
    progress("ward", f"{ward_patients} patients x 7 days of 15-minute observations")
    ward = logic_ward(patients=ward_patients, days=7)
    progress("ward", f"  {ward['total_s']} s, p50 {ward['p50_ms']} ms per patient")
    progress("ward", f"re-evaluation of {reevaluate_patients} patients (logic core)")
    reevaluate = logic_reevaluate(patients=reevaluate_patients, hours=24)
    progress("ward", f"  {reevaluate['total_s']} s, p50 {reevaluate['p50_ms']} ms")
    progress("ward", f"re-evaluation of {django_patients} patients (Django, SQLite)")
    django = django_reevaluate(patients=django_patients, hours=24)
    progress("ward", f"  {django['total_s']} s, p50 {django['p50_ms']} ms")
    return {"ward": ward, "reevaluate_logic": reevaluate, "reevaluate_django": django}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    print(json.dumps(run(parser.parse_args().quick), indent=2))


if __name__ == "__main__":
    main()
