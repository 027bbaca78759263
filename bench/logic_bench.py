"""Logic benchmark: time to compute a patient's state against the number of facts,
with the shipped time rules and with the naive rules of the original write-up
(bench/naive_time.lp, which joins every pair and triple of readings of a type).

The shipped rules are timed twice: as the product runs them, where readings the rules
cannot see are left out (logic.history), and with every reading in the program, which
is what a rule set that looks further back gets and shows the linear growth of the
time rules themselves.

    .venv/bin/python -m bench.logic_bench [--quick] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.common import growth_exponent, progress
from logic import RuleSet, TimedStatement, default_ruleset, patient_state_solve
from logic.ruleset import RuleFile
from logic.statements import statement_parse

NAIVE_RULES = Path(__file__).with_name("naive_time.lp")
VITALS = (
    "temperature",
    "heartRate",
    "respiratoryRate",
    "oxygenSaturation",
    "systolicBP",
    "diastolicBP",
    "painLevel",
    "bloodGlucose",
)
# The naive rules ground about n³/6 triples per type: more readings than this per
# type are not attempted (400 readings already take seconds).
NAIVE_MAX_READINGS = 400
NAIVE_TIMEOUT_S = 120.0


def observations(
    rules: RuleSet, count: int, types: tuple[str, ...] = VITALS, seed: int = 7
) -> list[TimedStatement]:
    """``count`` random in-range readings, one set of ``types`` every 15 minutes."""
    rng = random.Random(seed)
    start = datetime(2026, 11, 1, tzinfo=UTC)
    facts = []
    for i in range(count):
        name = types[i % len(types)]
        m = rules.alphabet.measurements[name]
        value = round(rng.uniform(float(m.minimum), float(m.maximum)), m.decimals)
        statement = statement_parse(f"data({name}, {value})", rules.alphabet)
        at = start + timedelta(minutes=15 * (i // len(types)))
        facts.append(TimedStatement(statement, at))
    return facts


def naive_ruleset(rules: RuleSet) -> RuleSet:
    """The shipped rule set with time.lp replaced by the naive time rules."""
    files = [f for f in rules.files if f.name != "time.lp"]
    files.append(RuleFile("naive_time.lp", NAIVE_RULES.read_text()))
    return RuleSet(alphabet=rules.alphabet, files=tuple(files), source="naive")


def time_solve(
    facts: list[TimedStatement], rules: RuleSet, repeat: int, full_history: bool = False
) -> float:
    """Median seconds of ``repeat`` full state computations (build, ground, solve)."""
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        patient_state_solve(facts, rules=rules, full_history=full_history)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def _naive_child(count: int, types: tuple[str, ...], repeat: int) -> float:
    rules = default_ruleset()
    return time_solve(observations(rules, count, types), naive_ruleset(rules), repeat)


def time_naive(count: int, types: tuple[str, ...], repeat: int = 1) -> float | None:
    """Median seconds of ``repeat`` naive solves in a child process, None past the
    timeout."""
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        pending = pool.apply_async(_naive_child, (count, types, repeat))
        try:
            return float(pending.get(timeout=NAIVE_TIMEOUT_S))
        except multiprocessing.TimeoutError:
            pool.terminate()
            return None


def _series(points: list[tuple[int, float]]) -> dict[str, Any]:
    return {
        "ms": {str(n): round(t * 1000, 2) for n, t in points},
        "exponent": round(growth_exponent(points), 2) if len(points) > 1 else None,
        # Fixed costs (loading rules, starting clingo) flatten the small sizes; the
        # slope between the two largest sizes shows the growth that remains.
        "exponent_largest": (
            round(growth_exponent(points[-2:]), 2) if len(points) > 1 else None
        ),
    }


def run(quick: bool = False) -> dict[str, Any]:
    """State computation times, growth exponents and the ratio at 400 readings."""
    rules = default_ruleset()
    repeat = 5 if quick else 21
    sizes = (100, 1000, 3000, 10000) if quick else (100, 300, 1000, 3000, 10000)
    shipped: list[tuple[int, float]] = []
    full: list[tuple[int, float]] = []
    naive: list[tuple[int, float]] = []
    for count in sizes:
        facts = observations(rules, count)
        patient_state_solve(facts, rules=rules)  # warm-up
        shipped.append((count, time_solve(facts, rules, repeat)))
        full.append((count, time_solve(facts, rules, repeat, full_history=True)))
        progress(
            "logic",
            f"shipped rules, {count} facts: {shipped[-1][1] * 1000:.1f} ms "
            f"({full[-1][1] * 1000:.1f} ms with every reading)",
        )
        per_type = count // len(VITALS)
        if per_type > NAIVE_MAX_READINGS // 3 or (quick and count > 1000):
            progress("logic", f"naive rules, {count} facts: skipped (cubic)")
            continue
        timed = time_naive(count, VITALS)
        if timed is not None:
            naive.append((count, timed))
        progress("logic", f"naive rules, {count} facts: {timed} s")
    # One type only, so that 400 facts are 400 readings of one type.
    readings = (50, 100, 200, 400)
    one_shipped: list[tuple[int, float]] = []
    one_full: list[tuple[int, float]] = []
    one_naive: list[tuple[int, float]] = []
    for count in readings:
        facts = observations(rules, count, types=("temperature",))
        one_shipped.append((count, time_solve(facts, rules, repeat)))
        one_full.append((count, time_solve(facts, rules, repeat, full_history=True)))
        # The ratio is taken at the largest size: a median of three there.
        timed = time_naive(count, ("temperature",), 3 if count == readings[-1] else 1)
        if timed is not None:
            one_naive.append((count, timed))
        progress(
            "logic",
            f"{count} temperature readings: shipped "
            f"{one_shipped[-1][1] * 1000:.1f} ms "
            f"({one_full[-1][1] * 1000:.1f} ms with every reading), naive "
            f"{'timeout' if timed is None else f'{timed * 1000:.0f} ms'}",
        )
    ratio = ratio_full = None
    if one_naive and one_naive[-1][0] == readings[-1]:
        ratio = round(one_naive[-1][1] / one_shipped[-1][1], 1)
        ratio_full = round(one_naive[-1][1] / one_full[-1][1], 1)
    return {
        "repeat": repeat,
        "mixed": {
            "shipped": _series(shipped),
            "shipped_every_reading": _series(full),
            "naive": _series(naive),
        },
        "one_type": {
            "shipped": _series(one_shipped),
            "shipped_every_reading": _series(one_full),
            "naive": _series(one_naive),
        },
        "ratio_at_400_readings": ratio,
        "ratio_at_400_readings_every_reading": ratio_full,
        "ms_at_10000_facts": round(shipped[-1][1] * 1000, 1),
        "ms_at_10000_facts_every_reading": round(full[-1][1] * 1000, 1),
        "naive_timeout_s": NAIVE_TIMEOUT_S,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", type=Path, help="also write the results here")
    arguments = parser.parse_args()
    text = json.dumps(run(arguments.quick), indent=2)
    print(text)
    if arguments.json:
        arguments.json.write_text(text)


if __name__ == "__main__":
    main()
