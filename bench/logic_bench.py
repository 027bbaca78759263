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


def _ratio_child(count: int, repeat: int) -> tuple[float, float, float]:
    """Naive, shipped and every-reading seconds for ``count`` temperature readings,
    back to back in one process: this machine's speed drifts between processes (a
    process can land on a busier core), and a ratio of two numbers taken in different
    processes carried that drift."""
    rules = default_ruleset()
    facts = observations(rules, count, ("temperature",))
    patient_state_solve(facts, rules=rules)  # warm-up
    shipped = time_solve(facts, rules, repeat)
    full = time_solve(facts, rules, repeat, full_history=True)
    # Last: the naive grounding leaves millions of symbols in clingo's process-wide
    # table, which slows every later solve in the process.
    return time_solve(facts, naive_ruleset(rules), 3), shipped, full


def _in_child(function: Any, *arguments: Any) -> Any:
    """``function(*arguments)`` in a child process; None past the timeout."""
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        pending = pool.apply_async(function, arguments)
        try:
            return pending.get(timeout=NAIVE_TIMEOUT_S)
        except multiprocessing.TimeoutError:
            pool.terminate()
            return None


def time_naive(count: int, types: tuple[str, ...]) -> float | None:
    """Seconds of one naive solve in a child process, None past the timeout."""
    seconds = _in_child(_naive_child, count, types, 1)
    return None if seconds is None else float(seconds)


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
        timed = time_naive(count, ("temperature",))
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
    together = _in_child(_ratio_child, readings[-1], repeat)
    if together is not None:
        naive_s, shipped_s, full_s = together
        ratio = round(naive_s / shipped_s, 1)
        ratio_full = round(naive_s / full_s, 1)
        progress(
            "logic",
            f"{readings[-1]} readings in one process: naive {naive_s * 1000:.0f} ms "
            f"(median of 3), shipped {shipped_s * 1000:.2f} ms, every reading "
            f"{full_s * 1000:.2f} ms: {ratio}x, {ratio_full}x",
        )
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
        "ratio_measured": (
            None
            if together is None
            else {
                "naive_ms": round(together[0] * 1000, 1),
                "shipped_ms": round(together[1] * 1000, 2),
                "every_reading_ms": round(together[2] * 1000, 2),
            }
        ),
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
