"""Logic benchmark: state computation time against the number of facts, shipped time
rules versus the naive rules that join three readings.

    .venv/bin/python bench/logic_bench.py [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from logic import RuleSet, TimedStatement, default_ruleset, patient_state_solve  # noqa: E402
from logic.ruleset import RuleFile  # noqa: E402
from logic.statements import statement_parse  # noqa: E402

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


def progress(message: str) -> None:
    print(f"[logic] {message}", file=sys.stderr, flush=True)


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
        facts.append(
            TimedStatement(statement, start + timedelta(minutes=15 * (i // len(types))))
        )
    return facts


def naive_ruleset(rules: RuleSet) -> RuleSet:
    files = [f for f in rules.files if f.name != "time.lp"]
    files.append(RuleFile("naive_time.lp", NAIVE_RULES.read_text()))
    return RuleSet(alphabet=rules.alphabet, files=tuple(files), source="naive")


def time_solve(facts: list[TimedStatement], rules: RuleSet, repeat: int) -> float:
    """Median seconds of ``repeat`` full state computations (build, ground, solve)."""
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        patient_state_solve(facts, rules=rules)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def growth_exponent(points: list[tuple[int, float]]) -> float:
    """Least-squares slope of log(time) over log(size)."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


def run() -> dict[str, object]:
    rules = default_ruleset()
    naive = naive_ruleset(rules)
    shipped_points = []
    for count in (100, 400, 1000, 3000, 10000):
        seconds = time_solve(observations(rules, count), rules, repeat=5)
        progress(f"shipped rules, {count} facts: {seconds * 1000:.1f} ms")
        shipped_points.append((count, seconds))
    # One type only, so that 400 facts are 400 readings of that type.
    one_type: dict[str, list[tuple[int, float]]] = {"shipped": [], "naive": []}
    for count in (50, 100, 200, 400):
        facts = observations(rules, count, types=("temperature",))
        for label, ruleset, repeat in (("shipped", rules, 5), ("naive", naive, 1)):
            seconds = time_solve(facts, ruleset, repeat)
            progress(
                f"{label} rules, {count} temperature readings: {seconds * 1000:.1f} ms"
            )
            one_type[label].append((count, seconds))
    shipped_400, naive_400 = one_type["shipped"][-1][1], one_type["naive"][-1][1]
    return {
        "shipped_ms": {n: round(t * 1000, 2) for n, t in shipped_points},
        "shipped_exponent": round(growth_exponent(shipped_points), 2),
        "one_type_ms": {
            k: {n: round(t * 1000, 2) for n, t in v} for k, v in one_type.items()
        },
        "one_type_exponent": {
            k: round(growth_exponent(v), 2) for k, v in one_type.items()
        },
        "ratio_at_400_readings": round(naive_400 / shipped_400, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path, help="write the results here")
    results = run()
    arguments = parser.parse_args()
    text = json.dumps(results, indent=2)
    print(text)
    if arguments.json:
        arguments.json.write_text(text)


if __name__ == "__main__":
    main()
