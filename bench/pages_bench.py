"""Pages that do not grow with history (issue 24, item 4): the ward dashboard, the
patient page and its series.json, and the two handovers, for a ward whose patients
each have 7 days of 15-minute observations; p50 and p95 per page and the queries each
issues (bounded by ``tests/caretaker/wards/test_bounded_queries.py``)."""

from __future__ import annotations

from typing import Any

from bench.common import django_child_run, progress


def pages_measure(*, beds: int, days: int, repeat: int) -> dict[str, Any]:
    """Every page on a fresh SQLite database, in a child process with Django set
    up (as the ward benchmark's Django part runs)."""
    return django_child_run("bench.pages_django", beds, days, repeat)


def run(quick: bool = False) -> dict[str, Any]:
    """A ward of 30 beds (5 if quick), 7 days each, every page 30 times (10)."""
    beds, repeat = (5, 10) if quick else (30, 30)
    progress("pages", f"{beds} beds x 7 days of 15-minute observations, seeding")
    measured = pages_measure(beds=beds, days=7, repeat=repeat)
    for page, result in measured["pages"].items():
        progress(
            "pages",
            f"  {page}: p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, "
            f"{result['queries']} queries",
        )
    return measured
