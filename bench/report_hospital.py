"""docs/benchmarks.md's sections at hospital size: the morning round and the fan-out
to 5,000 dashboards (written from the results of bench.run only)."""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes

from bench.report import _figure, _indent, _met, _n, _table

# A worker kept below this share of its time busy keeps its queue short in bursts
# (an M/M/c queue at 70 % load waits about as long as a message takes).
UTILISATION = 0.7


def _s(ms: Any) -> str:
    return "n/a" if ms is None or math.isnan(ms) else f"{ms / 1000:,.1f}"


def round_render(
    results: dict[str, Any], record: dict[str, Any], plots: Path
) -> list[str]:
    runs = results["runs"]
    lines = _round_intro(results, record)
    lines += _round_table(runs, results["target_p95_s"])
    lines += _round_growth(results)
    lines += _round_stages(runs)
    lines += _round_sizing(results, record["machine"].get("cores") or 1)
    draw = partial(_round_plot, runs=runs, results=results)
    figure = _figure(record, plots / "round.png", draw)
    return lines + [
        "Queue depth over the slice: messages sent and waiting for a worker "
        "(solid), and in the system, sent and not yet confirmed (dotted); "
        "[round.png](benchmarks/round.png).",
        "",
        figure,
        "",
    ]


def _round_intro(results: dict[str, Any], record: dict[str, Any]) -> list[str]:
    place, minutes = results["hospital"], results["per_minute"]
    rate = results["slice_sets"] / results["slice_s"]
    return [
        f"A hospital of {place['patients']:,} patients (40 wards x 30 beds), each "
        f"with {place['days']:g} days of history: a full observation set every "
        f"{place['interval_hours']:g} hours ({place['messages']:,} messages, "
        f"{place['facts']:,} facts, bulk inserts in {place['seconds']} s; 15-minute "
        "sets would be 6.4 million facts, too slow to seed inside `make bench`). "
        f"The morning round: every patient's set within {results['round_s'] / 60:.0f}"
        " minutes, a nurse per ward walking bays of 6 beds (40-60 s a bed, 30-90 s "
        "between bays, one break of 1-4 minutes), wards starting up to 2 minutes "
        "apart (`bench/round_schedule.py`): "
        f"{min(minutes)}-{max(minutes)} sets a minute, "
        f"{results['round_sets'] / results['round_s']:.2f} a second on average. "
        "80 % are typed, 20 % recordings in the piper test voice "
        f"(en_US-joe-medium, {', '.join(f'{c:g}' for c in results['clip_s'])} s).",
        "",
        f"**Slice run**: the round's busiest {results['slice_s']:g} s (from minute "
        f"{results['slice_offset_s'] / 60:.1f}): {results['slice_sets']} sets, "
        f"{results['slice_spoken']} of them recordings, {rate:.2f} a second, at "
        "their times in the round, on the full database. Each set is POSTed to the "
        "bedside endpoint with the patient's bedside websocket open; latency is the "
        "POST to the final `message.update` on that socket. PostgreSQL, Redis "
        "(broker, channel layer, cache), `manage.py runserver` (uvicorn) and Celery "
        "workers (`--pool solo`, llama.cpp threads = cores / workers, Whisper and "
        "the language model in processes of their own); warmed up before the "
        f"slice. Load average {_n(record['machine'].get('load_average'), 2)} before,"
        f" {_n(record.get('load_average_after'), 2)} after, on "
        f"{record['machine'].get('cores')} cores shared with other work.",
        "",
    ]


def _round_table(runs: dict[str, Any], target_s: float) -> list[str]:
    return _table(
        ["workers", "sets", "confirmed", "failed", "p50 s", "p95 s", "p99 s",
         "typed p95 s", "recording p95 s", "msg/s per worker (slice)",
         "service rate per busy worker, msg/s", "busy", f"p95 ≤ {target_s:g} s"],
        [[int(k), v["messages"], v["confirmed"], v["failed"], _s(v["p50_ms"]),
          _s(v["p95_ms"]), _s(v["p99_ms"]), _s(v["by_kind"]["typed"]["p95_ms"]),
          _s(v["by_kind"]["recording"]["p95_ms"]), _n(v["per_worker_per_s"], 3),
          _n(v["service_per_worker_per_s"], 3),
          f"{v['worker_busy_share'] * 100:.0f} %",
          _met(v["p95_ms"] <= target_s * 1000)]
         for k, v in runs.items()],
    )  # fmt: skip


def _round_growth(results: dict[str, Any]) -> list[str]:
    """Whether each configuration keeps up with the slice's arrival rate."""
    rate = results["slice_sets"] / results["slice_s"]
    lines = []
    for count, run in results["runs"].items():
        capacity = run["service_per_worker_per_s"] * int(count)
        verdict = (
            "the queue grows without bound at this rate (it drains only after the "
            "slice ends)"
            if capacity < rate
            else f"they keep up, {rate / capacity * 100:.0f} % busy on average"
        )
        lines.append(
            f"- {count} worker(s): busy workers finish {_n(capacity, 2)} sets a "
            f"second against {rate:.2f} arriving: {verdict}."
        )
    return [
        "*msg/s per worker (slice)* is what the workers finished over the slice "
        "(bounded by the arrivals); the *service rate* is what a worker finishes "
        "while busy (1 / its mean task time), the figure for sizing.",
        "",
        *lines,
        "",
    ]


def _round_stages(runs: dict[str, Any]) -> list[str]:
    """Where the time goes, per worker count and kind of message."""
    lines = [
        "Where the time goes (mean / p95 ms per message), from the workers' stamps "
        "(`bench/round_worker.py` wraps the steps of `message_process` in the "
        "worker only): *queue wait* is the HTTP answer to the task's start; "
        "*stored* is `message_solved` (state, confirmation); the push is "
        "`message_push` to the frame's receipt on the bedside socket.",
        "",
    ]
    header, rows = ["stage"], {}
    for count, run in runs.items():
        for kind, stages in run["stages"].items():
            header.append(f"{count} worker(s), {kind}")
            for stage, summary in stages.items():
                rows.setdefault(stage, []).append(
                    f"{_n(summary['mean_ms'], 0)} / {_n(summary['p95_ms'], 0)}"
                )
    return lines + _table(header, [[_indent(k), *v] for k, v in rows.items()])


def _service_share(run: dict[str, Any]) -> tuple[float, float]:
    """The share of a busy worker's time spent extracting and transcribing."""
    extraction = transcription = 0.0
    for stages in run["stages"].values():
        n = stages["extraction"]["n"]
        extraction += stages["extraction"]["mean_ms"] * n
        transcription += stages["transcription"]["mean_ms"] * n
    total = (
        run["service_s_mean"]
        * 1000
        * sum(s["extraction"]["n"] for s in run["stages"].values())
    )
    return extraction / total, transcription / total


def _round_sizing(results: dict[str, Any], cores: int) -> list[str]:
    """Workers and cores for the hospital, on paper from the measured rates: the
    run with as many workers as cores (one llama.cpp thread each), else the
    largest."""
    runs = results["runs"]
    count = str(cores) if str(cores) in runs else max(runs, key=int)
    best, workers = runs[count], int(count)
    mean = results["round_sets"] / results["round_s"]
    peak = max(results["per_minute"]) / 60
    per_worker = best["service_per_worker_per_s"]
    per_core = per_worker * workers / cores
    need = math.ceil(peak / (per_core * UTILISATION))
    extraction, transcription = _service_share(best)
    queue = best["stages"]["typed"]["queue wait"]["p95_ms"]
    wait = best["stages"]["typed"]["queue wait"]["mean_ms"]
    extract = best["stages"]["typed"]["extraction"]["mean_ms"]
    slice_rate = results["slice_sets"] / results["slice_s"]
    grows = slice_rate > per_worker * workers
    return [
        f"**What a hospital of this size needs.** With {workers} worker(s) on "
        f"this machine's {cores} cores a busy worker finishes "
        f"{_n(per_worker, 3)} messages a second (1 / its mean task time, "
        f"{_n(best['service_s_mean'], 2)} s): {_n(per_core, 3)} a second per "
        f"core, {_n(per_worker * workers, 2)} together against the slice's "
        f"{slice_rate:.2f}, so the queue "
        + ("grows for as long as the burst lasts" if grows else "keeps up")
        + f" (typed queue wait p95 {_s(queue)} s). A worker's busy time is "
        f"{extraction * 100:.0f} % extraction (llama.cpp) and "
        f"{transcription * 100:.0f} % transcription (Whisper); solving, storing "
        "and pushing are the rest. The round averages "
        f"{mean:.2f} sets a second (needing {mean / per_core:.1f} such cores fully "
        f"busy) and peaks at {peak:.2f} in its busiest minute; kept "
        f"{UTILISATION * 100:.0f} % busy at that peak, the hospital needs "
        f"{peak:.2f} / ({_n(per_core, 3)} x {UTILISATION}) = **{need} cores of "
        f"this kind, one worker per core ({need} workers)**, beside the cores of "
        "the app servers, PostgreSQL and Redis. Workers on one machine share its "
        "cores (CARETAKER_LLM_THREADS = cores / workers), so a worker per core is "
        "the unit, and the figure scales with the extraction time of a set.",
        "",
        f"Where a set's time goes with {workers} worker(s): of a typed set's mean "
        f"{_s(best['by_kind']['typed']['mean_ms'])} s from POST to confirmation, "
        f"{_s(wait)} s is the queue wait and {_s(extract)} s extraction; solve, "
        "store and push are tens of milliseconds. What shortens it: fewer sets "
        "per busy worker (the cores above keep the queue short at the round's "
        "peak), or a cheaper extraction, which shortens every task "
        "and the queue behind it alike.",
        "",
    ]


def _round_plot(axes: Axes, *, runs: dict[str, Any], results: dict[str, Any]) -> None:
    for count, run in runs.items():
        depth = run["depth"]
        (line,) = axes.plot(
            depth["t_s"], depth["waiting"], "-", label=f"{count} worker(s): waiting"
        )
        axes.plot(
            depth["t_s"], depth["in_system"], ":", color=line.get_color(),
            label=f"{count} worker(s): not yet confirmed",
        )  # fmt: skip
    axes.axvline(results["slice_s"], color="gray", linewidth=0.8, linestyle="--")
    axes.set_xlabel("seconds from the slice's first set (dashed: the slice ends)")
    axes.set_ylabel("messages")
    axes.set_title(
        f"Morning round, busiest {results['slice_s']:g} s: "
        f"{results['slice_sets']} sets at the hospital's rate"
    )
    axes.legend(fontsize=8)


def hospital_fanout_render(
    results: dict[str, Any], record: dict[str, Any], plots: Path
) -> list[str]:
    target = results["target_p99_ms"]
    lines = [
        f"{results['dashboards']:,} ward dashboards (`/ws/wards/<code>/`, "
        f"{results['dashboards'] // 40} per ward) and {results['site_views']} "
        "site-wide views on one app server (uvicorn), PostgreSQL, the Redis channel "
        f"layer and {results['workers']} Celery workers, over the seeded hospital "
        "of the morning round. **The app has no site-wide group**: a site-wide view "
        f"here is 40 ward sockets, one per ward ({results['site_view_sockets']} "
        f"sockets; {results['sockets']:,} in all), so an alert reaches "
        f"{results['per_alert_receivers']} sockets: its ward's dashboards and one "
        f"socket of each view. {results['alerts']} alerts, each in another ward "
        "(a typed blood glucose of 2.x, hypoglycaemia), while typed observation "
        f"sets for patients of the other wards arrive every "
        f"{_n(results['background_interval_s'])} s after each answer, the round's "
        f"mean rate ({results['background_sets']} sets, each pushed to its ward's "
        "dashboards and the views). "
        "Latency is receipt minus the alert's `first_derived_at` "
        "(as in the fan-out section); the clients are one Python process on the same "
        "2 cores, its garbage collector held while an alert is awaited. Load average "
        f"{_n(record['machine'].get('load_average'), 2)} before, "
        f"{_n(record.get('load_average_after'), 2)} after.",
        "",
    ]
    lines += _table(
        ["receivers", "receipts", "p50 ms", "p95 ms", "p99 ms", "max ms",
         f"p99 ≤ {target:g} ms"],
        [[label, v["n"], v["p50_ms"], v["p95_ms"], v["p99_ms"], v["max_ms"],
          _met(v["p99_ms"] <= target)]
         for label, v in (("the alert's ward's dashboards", results["ward"]),
                          ("site-wide views", results["site"]),
                          ("first receipt of each alert", results["first_receipt"]),
                          ("fan-out alone (receipt - first receipt)",
                           results["fanout_only"]))],
    )  # fmt: skip
    per_socket = results["kib_per_socket"]
    return lines + [
        f"Memory: the server's resident memory was {_n(results['rss_before_mib'])} "
        f"MiB before the {results['sockets']:,} sockets opened and "
        f"{_n(results['rss_after_mib'])} MiB after: **{_n(per_socket)} KiB per "
        f"open socket** ({_n(per_socket * 5000 / 1024, 0)} MiB for 5,000). "
        f"Opening them took {_n(results['connect_s'])} s, {CONNECT_NOTE} "
        f"Sockets the server closed: {results.get('closed_after_connect', 'n/a')} "
        f"after connecting, {results.get('closed_at_end', 'n/a')} by the end.",
        "",
    ]


CONNECT_NOTE = (
    "25 at a time: each handshake checks the session and the ward, writes an audit "
    "row and sends the ward's 30 rows (`ward_rows`); after a server restart the "
    "tablets reconnect at that pace."
)
