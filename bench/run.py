"""Run the benchmarks, then write docs/benchmarks.md and its plots from the results.

    python -m bench.run [--quick] [--only NAME ...]      (`make bench` runs them all)

A section that fails records its error and the others still run. Results are kept in
docs/benchmarks/results.json; a run with --only replaces those sections and keeps
the others, and the page is always written again from the whole file.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
import traceback
from typing import Any

from bench.common import ROOT, machine, progress

SECTIONS = {
    "logic": "bench.logic_bench",
    "ward": "bench.ward_bench",
    "extraction": "bench.extraction_bench",
    "speech": "bench.speech_bench",
    "e2e": "bench.e2e_bench",
    "fanout": "bench.fanout_bench",
    "throughput": "bench.throughput_bench",
    "chart": "bench.chart_bench",
    "pages": "bench.pages_bench",
    "round": "bench.round_bench",
    "hospital_fanout": "bench.hospital_fanout_bench",
}
DOCS = ROOT / "docs"
RESULTS = DOCS / "benchmarks" / "results.json"


def section_run(name: str, quick: bool) -> dict[str, Any]:
    """One section's results, or its error, with the machine and how long it took."""
    started = time.perf_counter()
    record: dict[str, Any] = {"quick": quick, "machine": machine()}
    progress(name, "starting" + (" (quick)" if quick else ""))
    try:
        module = importlib.import_module(SECTIONS[name])
        record["results"] = module.run(quick=quick)
    except Exception as error:  # one failing section must not stop the others
        record["error"] = f"{type(error).__name__}: {error}"
        record["traceback"] = traceback.format_exc()[-4000:]
        progress(name, f"FAILED: {record['error'][:500]}")
    record["seconds"] = round(time.perf_counter() - started, 1)
    record["load_average_after"] = machine()["load_average"]
    progress(name, f"done in {record['seconds']} s")
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="small counts: minutes instead of an hour"
    )
    parser.add_argument(
        "--only",
        nargs="+",
        choices=list(SECTIONS),
        metavar="NAME",
        help=f"run only these sections: {', '.join(SECTIONS)}",
    )
    arguments = parser.parse_args(argv)
    names = arguments.only or list(SECTIONS)
    previous: dict[str, Any] = {}
    if arguments.only and RESULTS.exists():
        previous = json.loads(RESULTS.read_text())
    sections = dict(previous.get("sections", {}))
    started = time.perf_counter()
    for name in names:
        sections[name] = section_run(name, arguments.quick)
        document = {"sections": {n: sections[n] for n in SECTIONS if n in sections}}
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(json.dumps(document, indent=2) + "\n")
    from bench.report import report_write

    report_write(document, DOCS / "benchmarks.md", RESULTS.parent)
    progress(
        "bench",
        f"all done in {time.perf_counter() - started:.0f} s; wrote "
        f"{(DOCS / 'benchmarks.md').relative_to(ROOT)}",
    )
    failed = [n for n in names if "error" in sections[n]]
    if failed:
        progress("bench", f"failed sections: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
