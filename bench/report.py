"""docs/benchmarks.md and its plots, written from the results of bench.run only."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402

from bench.common import ROOT, machine_line  # noqa: E402

TITLES = {
    "logic": "Logic: a patient's state against the number of facts",
    "ward": "Whole ward",
    "extraction": "Extraction on the dev set",
    "speech": "Speech: the spoken dev set, real-time factor",
    "e2e": "End to end, embedded defaults",
    "fanout": "Fan-out: one alert to many dashboards",
    "throughput": "Throughput with Celery workers on PostgreSQL and Redis",
    "chart": "NEWS2 observation chart in the browser",
    "pages": "Pages that do not grow with history",
    "round": "The morning round: 40 wards, 1,200 patients, 30 minutes",
    "hospital_fanout": "Fan-out at hospital size: 5,000 dashboards",
}


def _n(value: Any, digits: int = 1) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    if isinstance(value, float):
        return f"{value:,.{digits}f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_n(c) for c in row) + " |" for row in rows]
    return lines + [""]


def _indent(label: str) -> str:
    """Markdown drops leading spaces in a table cell: keep the nesting visible."""
    stripped = label.lstrip(" ")
    return "&nbsp;" * (len(label) - len(stripped)) * 2 + stripped


def _met(ok: bool) -> str:
    return "met" if ok else "**not met**"


def _figure(record: dict[str, Any], path: Path, draw: Callable[[Axes], None]) -> str:
    figure, axes = plt.subplots(figsize=(8, 4.5))
    draw(axes)
    axes.grid(True, alpha=0.3)
    note = ("quick run, " if record.get("quick") else "") + machine_line(
        record["machine"]
    )
    figure.text(0.01, 0.01, note, fontsize=7, color="dimgray")
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return f"![{path.stem}](benchmarks/{path.name})"


def _bars(
    axes: Axes, labels: list[str], series: dict[str, list[float]], unit: str
) -> None:
    width = 0.8 / len(series)
    for offset, (name, values) in enumerate(series.items()):
        positions = [i + offset * width for i in range(len(labels))]
        axes.bar(positions, values, width, label=name)
    axes.set_xticks([i + width * (len(series) - 1) / 2 for i in range(len(labels))])
    axes.set_xticklabels(labels, fontsize=8)
    axes.set_ylabel(unit)
    axes.legend()


def logic(results: dict[str, Any], record: dict[str, Any], plots: Path) -> list[str]:
    mixed, one = results["mixed"], results["one_type"]
    lines = _logic_intro(results["repeat"])
    lines += _logic_series(mixed, one)
    lines += _logic_targets(results)
    draw = partial(_logic_plot, mixed=mixed, one=one)
    return lines + [_figure(record, plots / "logic.png", draw), ""]


EVERY_READING = "shipped_every_reading"


def _logic_intro(repeat: int) -> list[str]:
    return [
        "Facts are readings of 8 vital signs, one set every 15 minutes; time is "
        f"the median of {repeat} full computations (build, ground, "
        "solve). *Shipped* is the product's path: the shipped rules reach readings "
        "only through `current/3` and `previous/3`, so only the last two readings of "
        "each type enter the program (`logic/history.py`; a property test checks the "
        "state is identical). *Every reading* puts the whole history in the program, "
        "as for a rule set that looks further back. The naive rules replace "
        "`time.lp` by `bench/naive_time.lp` (they look at every reading, so nothing "
        "is left out); they run in a child process and are not attempted past "
        f"{400 // 3} readings per type in the mixed series (cubic grounding).",
        "",
    ]


def _logic_ms(series: dict[str, Any], key: str, n: int) -> Any:
    return series.get(key, {}).get("ms", {}).get(str(n))


def _logic_row(series: dict[str, Any], n: int) -> list[Any]:
    """Shipped, every reading and naive milliseconds at ``n`` facts."""
    return [n, *(_logic_ms(series, k, n) for k in ("shipped", EVERY_READING, "naive"))]


def _logic_series(mixed: dict[str, Any], one: dict[str, Any]) -> list[str]:
    """The mixed series by number of facts, then one type by number of readings."""
    sizes = sorted({int(n) for s in mixed.values() for n in s["ms"]})
    lines = _table(
        ["facts", "shipped ms", "every reading ms", "naive ms"],
        [_logic_row(mixed, n) for n in sizes],
    )
    readings = sorted(int(n) for n in one["shipped"]["ms"])
    lines += ["One type only (temperature), so that N facts are N readings of it:", ""]
    return lines + _table(
        ["readings", "shipped ms", "every reading ms", "naive ms"],
        [_logic_row(one, n) for n in readings],
    )


def _logic_targets(results: dict[str, Any]) -> list[str]:
    """Growth exponents and the 10,000-facts and naive-ratio targets."""
    mixed, one, every = results["mixed"], results["one_type"], EVERY_READING
    ratio, at10k = results["ratio_at_400_readings"], results["ms_at_10000_facts"]
    at10k_every = results.get("ms_at_10000_facts_every_reading")
    ratio_every = results.get("ratio_at_400_readings_every_reading")
    exponent = mixed["shipped"]["exponent"]
    exponent_every = mixed.get(every, {}).get("exponent")
    return [
        "| measure | value | target |",
        "|---|---|---|",
        f"| growth exponent, shipped (log-log fit, mixed) | {_n(exponent, 2)} | "
        f"linear (≤ 1.1): {_met(exponent is not None and exponent <= 1.1)} |",
        f"| growth exponent, every reading (mixed; two largest sizes) | "
        f"{_n(exponent_every, 2)}; "
        f"{_n(mixed.get(every, {}).get('exponent_largest'), 2)} | "
        f"linear (≤ 1.1): "
        f"{_met(exponent_every is not None and exponent_every <= 1.1)} |",
        f"| growth exponent, naive (mixed / one type) | "
        f"{_n(mixed['naive']['exponent'], 2)} / {_n(one['naive']['exponent'], 2)} | |",
        f"| 10,000 facts, shipped | {_n(at10k)} ms | < 100 ms: {_met(at10k < 100)} |",
        f"| 10,000 facts, every reading | {_n(at10k_every)} ms | < 100 ms: "
        f"{_met(at10k_every is not None and at10k_every < 100)} |",
        f"| naive / shipped at 400 readings | {_n(ratio)}x | ≥ 1000x: "
        f"{_met(ratio is not None and ratio >= 1000)} |",
        f"| naive / every reading at 400 readings | {_n(ratio_every)}x | |",
        "",
    ]


def _logic_plot(axes: Axes, *, mixed: dict[str, Any], one: dict[str, Any]) -> None:
    for label, series, style in (
        ("shipped, mixed", mixed["shipped"], "o-"),
        ("every reading, mixed", mixed.get(EVERY_READING, {"ms": {}}), "o:"),
        ("naive, mixed", mixed["naive"], "o--"),
        ("shipped, one type", one["shipped"], "s-"),
        ("every reading, one type", one.get(EVERY_READING, {"ms": {}}), "s:"),
        ("naive, one type", one["naive"], "s--"),
    ):
        points = sorted((int(n), t) for n, t in series["ms"].items())
        if points:
            axes.plot(*zip(*points, strict=True), style, label=label)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("facts (readings)")
    axes.set_ylabel("ms per state computation")
    axes.set_title("State computation time, shipped vs naive time rules")
    axes.legend()


def ward(results: dict[str, Any], record: dict[str, Any], plots: Path) -> list[str]:
    w, rl, rd = (
        results["ward"],
        results["reevaluate_logic"],
        results["reevaluate_django"],
    )
    lines = _ward_workloads(w, rl, rd)
    lines += [
        f"Django re-evaluation: {_n(rd['patients_per_s'])} patients/s "
        "(`patient_refresh`: facts read, solve, alerts, snapshot, and the "
        f"ward push); logic core alone: {_n(rl['patients_per_s'])} patients/s.",
        "",
    ]
    draw = partial(_ward_plot, runs=(w, rl, rd))
    return lines + [_figure(record, plots / "ward.png", draw), ""]


def _ward_workloads(
    w: dict[str, Any], rl: dict[str, Any], rd: dict[str, Any]
) -> list[str]:
    """The ward week in the logic core, and re-evaluation in it and in Django."""
    return _table(
        [
            "workload",
            "facts per patient",
            "total s",
            "p50 ms/patient",
            "p95 ms/patient",
        ],
        [
            _ward_row(
                f"{w['patients']} patients x {w['days']:g} days of 15-minute "
                "observations, logic core",
                w,
            ),
            _ward_row(
                f"re-evaluation of {rl['patients']} patients (24 hourly sets), "
                "`patient_state_solve`",
                rl,
            ),
            _ward_row(
                f"re-evaluation of {rd['patients']} patients, Django "
                "`patient_reevaluate` (SQLite)",
                rd,
            ),
        ],
    )


def _ward_row(workload: str, run: dict[str, Any]) -> list[Any]:
    keys = ("facts_per_patient", "total_s", "p50_ms", "p95_ms")
    return [workload, *(run[k] for k in keys)]


def _ward_plot(axes: Axes, *, runs: tuple[dict[str, Any], ...]) -> None:
    labels = ["ward week\n(logic)", "re-evaluate\n(logic)", "re-evaluate\n(Django)"]
    _bars(
        axes,
        labels,
        {"p50": [r["p50_ms"] for r in runs], "p95": [r["p95_ms"] for r in runs]},
        "ms per patient",
    )
    axes.set_title("Per-patient solve time")


def extraction(
    results: dict[str, Any], record: dict[str, Any], plots: Path
) -> list[str]:
    modes = results["modes"]
    lines = [
        f"{results['utterances']} utterances of `{results['file']}`; model load "
        f"{_n(results['model_load_s'], 2)} s; llama.cpp threads "
        f"{results.get('llm_threads', 'n/a')} (CARETAKER_LLM_THREADS). "
        "Latency is the whole `extract` call "
        "(guide, prompt, generation, validation, retries).",
        "",
    ]
    lines += _extraction_modes(modes)
    lines += _extraction_sets(results)
    lines += _guide_overhead(results["guide_overhead"])
    draw = partial(_extraction_plot, modes=modes)
    return lines + [_figure(record, plots / "extraction.png", draw), ""]


def _extraction_modes(modes: dict[str, Any]) -> list[str]:
    """Latency, tokens and accuracy of each backend and guide."""
    return _table(
        [
            "backend and guide",
            "p50 ms",
            "p95 ms",
            "tokens (mean)",
            "ms/token",
            "precision",
            "recall",
            "F1",
            "violations",
        ],
        [
            [
                label,
                m["p50_ms"],
                m["p95_ms"],
                m["tokens_mean"],
                m["ms_per_token"],
                f"{m['precision']:.3f}",
                f"{m['recall']:.3f}",
                f"{m['f1']:.3f}",
                m["violations"],
            ]
            for label, m in modes.items()
        ],
    )


def _extraction_sets(results: dict[str, Any]) -> list[str]:
    """The embedded default on every set with gold, side by side, and per tag."""
    sets = results.get("sets", {})
    if not sets:
        return []
    lines = [
        "The embedded default (strict guide) on the dev set and on every other set "
        "with gold: real nurse dictations (`real-dev.jsonl`) and the family and "
        "register sets of `tests/logic/extraction/data/`; the p50 is the acceptance "
        "figure (at most 1.5 s per utterance on 2 cores):",
        "",
        *_table(
            ["set", "utterances", "p50 ms", "p95 ms", "precision", "recall",
             "violations"],
            [
                [name, m.get("utterances", "n/a"), m["p50_ms"], m["p95_ms"],
                 f"{m['precision']:.3f}", f"{m['recall']:.3f}", m["violations"]]
                for name, m in sets.items()
            ],
        ),
    ]  # fmt: skip
    tags = sorted({tag for m in sets.values() for tag in m.get("by_tag", {})})
    if not tags:
        return lines
    names = [name for name, m in sets.items() if m.get("by_tag")]

    def cell(name: str, tag: str) -> str:
        tally = sets[name]["by_tag"].get(tag)
        if tally is None:
            return ""
        return f"{tally['precision']:.2f} / {tally['recall']:.2f} ({tally['n']})"

    return lines + [
        "Precision / recall (records) per tag, a family or a register, per set:",
        "",
        *_table(
            ["tag", *names], [[tag, *(cell(n, tag) for n in names)] for tag in tags]
        ),
    ]


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:+.1f} %"


def _guide_overhead(overhead: dict[str, Any]) -> list[str]:
    """What the guide costs against unconstrained generation."""
    build = overhead["guide_build_ms"]
    return [
        "What the guide costs with the embedded model, against unconstrained "
        "generation of the same number of tokens from the same cached prompt "
        f"({overhead['utterances']} utterances with candidates):",
        "",
        "| measure | guided | unconstrained | overhead |",
        "|---|---|---|---|",
        f"| guide + constraint build per utterance, p50 / p95 | {_n(build['p50_ms'])}"
        f" / {_n(build['p95_ms'])} ms | | |",
        f"| whole strict extraction, {_n(overhead['strict_tokens'])} tokens in all "
        f"| {_n(overhead['strict_ms'])} ms | {_n(overhead['strict_free_ms'])} ms | "
        f"{_percent(overhead['strict_overhead'])} |",
        f"| sampling under the strict GBNF grammar (the server path), per token | "
        f"{_n(overhead['gbnf_ms_per_token'], 2)} ms | "
        f"{_n(overhead['gbnf_free_ms_per_token'], 2)} ms | "
        f"{_percent(overhead['gbnf_overhead'])} |",
        "",
    ]


def _extraction_plot(axes: Axes, *, modes: dict[str, Any]) -> None:
    labels = [label.replace(" (llama_cpp.server)", "\n(server)") for label in modes]
    _bars(
        axes,
        labels,
        {
            "p50": [m["p50_ms"] for m in modes.values()],
            "p95": [m["p95_ms"] for m in modes.values()],
        },
        "ms per utterance",
    )
    axes.set_title("Extraction latency per utterance")


def speech(results: dict[str, Any], record: dict[str, Any], plots: Path) -> list[str]:
    rtf = results["rtf"]
    model = str(results["model"]).split("site-packages/")[-1]
    lines = [
        f"Model `{model}` (load {_n(results['model_load_s'], 2)} s); "
        f"median of {results['runs']} run(s) after a warm-up, clips spoken by "
        "espeak-ng. RTF = processing time / audio duration.",
        "",
    ]
    lines += _table(
        ["clip", "audio s", "processing s", "RTF"],
        [
            [k, v["duration_s"], f"{v['seconds_median']:.2f}", f"{v['rtf']:.3f}"]
            for k, v in rtf.items()
        ],
    )
    voices = results.get("voices") or {}
    if voices:
        text = results["text"]
        lines += [
            f"The dev set ({results['dev_set']}) spoken at run time, extracted by "
            f"{results['extractor']}: written text against transcripts per voice.",
            "",
        ]
        lines += _table(
            ["input", "WER", "RTF", "numbers heard", "precision", "recall",
             "wrong facts", "questions / 100 facts"],
            [["written text", "", "", "", _n(text["precision"], 3),
              _n(text["recall"], 3), text["facts_wrong"], "0 (never asked)"]]
            + [[voice, _n(v["wer"], 3), _n(v["rtf"], 2), v["numbers_heard"],
                _n(v["precision"], 3), _n(v["recall"], 3), v["facts_wrong"],
                v["questions_per_100_facts"]]
               for voice, v in voices.items()],
        )  # fmt: skip
        lines += _speech_questions(voices)
    for voice, modes in (results.get("bias") or {}).items():
        lines += [f"Bias modes, voice {voice}:", ""]
        lines += _table(
            ["bias", "WER", "RTF", "numbers heard", "precision", "recall"],
            [[mode, _n(v["wer"], 3), _n(v["rtf"], 2), v["numbers_heard"],
              _n(v["precision"], 3), _n(v["recall"], 3)]
             for mode, v in modes.items()],
        )  # fmt: skip
    draw = partial(_speech_plot, rtf=rtf)
    return lines + [_figure(record, plots / "speech.png", draw), ""]


def _speech_questions(voices: dict[str, Any]) -> list[str]:
    """What asking instead of guessing costs the nurse and saves the patient."""
    return [
        "Doubtful values asked instead of recorded (the alphabet's "
        "`confirm_confidence` and `confirm_outside`; the dev set has no earlier "
        "readings, so no jump is asked): right values asked are the nurse's cost, "
        "wrong values recorded without a question the patient's risk. *Recorded* "
        "counts what enters the record before any answer; *answered* after the "
        "nurse confirms the right values and dismisses the wrong ones.",
        "",
        *_table(
            ["voice", "right asked", "wrong facts", "wrong through",
             "recorded P", "recorded R", "answered P", "answered R"],
            [[voice, f"{v['right_asked']} of {v['facts_right']}", v["facts_wrong"],
              v["wrong_through"], _n(v["recorded_precision"], 3),
              _n(v["recorded_recall"], 3), _n(v["answered_precision"], 3),
              _n(v["recall"], 3)]
             for voice, v in voices.items()],
        ),
    ]  # fmt: skip


def _speech_plot(axes: Axes, *, rtf: dict[str, Any]) -> None:
    axes.bar(list(rtf), [v["rtf"] for v in rtf.values()])
    axes.set_ylabel("real-time factor (lower is faster)")
    axes.set_title("Transcription real-time factor by clip length")


def e2e(results: dict[str, Any], record: dict[str, Any], plots: Path) -> list[str]:
    typed, audio = results["typed"], results["audio"]
    lines = [
        "From the POST `/patients/<id>/messages/` to the `message.update` with "
        "the final status on the bedside websocket `/ws/patients/<id>/`; "
        "`runserver` (uvicorn), SQLite, in-memory channel layer, eager Celery, "
        "Whisper and llama.cpp in supervised processes of their own, "
        f"one message at a time; {results['messages']} messages each, after one "
        "untimed first message (it loads the models).",
        "",
    ]
    inline = results.get("typed_models_in_server")
    lines += _table(
        [
            "message",
            "p50 ms",
            "p95 ms",
            "max ms",
            "first message ms",
            "solved",
            "failed",
        ],
        [
            _e2e_row("typed", typed),
            _e2e_row(f"recording ({audio['clip_s']} s WAV)", audio),
        ],
    )
    lines += [
        f"Typed p50 target ≤ 2,000 ms on 2 cores: {_met(typed['p50_ms'] <= 2000)}.",
        "",
    ]
    if inline:
        lines += _isolation_cost(inline, typed)
    draw = partial(_e2e_plot, typed=typed, audio=audio)
    return lines + [_figure(record, plots / "e2e.png", draw), ""]


def _e2e_row(message: str, run: dict[str, Any]) -> list[Any]:
    keys = ("p50_ms", "p95_ms", "max_ms", "first_message_ms", "solved", "failed")
    return [message, *(run[k] for k in keys)]


def _isolation_cost(inline: dict[str, Any], typed: dict[str, Any]) -> list[str]:
    return [
        "Crash isolation's cost: the same typed series with the models loaded "
        f"into the server process (`CARETAKER_MODEL_ISOLATION=false`) has p50 "
        f"{inline['p50_ms']} ms and p95 {inline['p95_ms']} ms, against "
        f"{typed['p50_ms']} ms and {typed['p95_ms']} ms isolated.",
        "",
    ]


def _e2e_plot(axes: Axes, *, typed: dict[str, Any], audio: dict[str, Any]) -> None:
    _bars(
        axes,
        ["typed", "recording"],
        {
            "p50": [typed["p50_ms"], audio["p50_ms"]],
            "p95": [typed["p95_ms"], audio["p95_ms"]],
        },
        "ms, POST to confirmation",
    )
    axes.axhline(2000, color="red", linewidth=0.8, linestyle=":")
    axes.set_title("End-to-end latency (red: 2 s target for typed p50)")


def fanout(results: dict[str, Any], record: dict[str, Any], plots: Path) -> list[str]:
    layers = {k: v for k, v in results.items() if isinstance(v, dict)}
    first = next(iter(layers.values()))
    target = results.get("target_p99_ms", 200.0)
    lines = [
        f"{first['clients']} dashboards on `/ws/wards/ward-7/`, logged in as the "
        f"nurse; {first['alerts']} alert(s) raised by typed messages, one after the "
        "other. Latency is each dashboard's receipt time minus the alert's "
        "`first_derived_at` (when the solve that raised it started): the rest of the "
        "solve, the commit, presenting the row, the group send, each socket's "
        "forwarding and the websocket frame. The app is served as `make run` "
        "serves it (`manage.py runserver`: uvicorn on uvloop); the dashboards are "
        "one Python process on the same machine, whose own garbage collector is "
        "held while an alert is awaited (its pauses are not the server's). Load "
        "average "
        f"{_n(record['machine'].get('load_average'), 2)} before, "
        f"{_n(record.get('load_average_after'), 2)} after, on "
        f"{record['machine'].get('cores')} cores: other work on the machine delays "
        "the solve and every frame alike.",
        "",
    ]
    lines += _fanout_layers(layers, target)
    lines += _fanout_split(layers)
    if results.get("redis_url_query"):
        lines += [
            f"The Redis run sets `REDIS_URL=redis://…{results['redis_url_query']}`:"
            " with redis-py 8's default 5 s socket timeout, channels_redis's 5 s "
            "`BZPOPMIN` wait times out on an idle consumer, which then dies and "
            "closes its websocket.",
            "",
        ]
    draw = partial(_fanout_plot, layers=layers, clients=first["clients"], target=target)
    return lines + [_figure(record, plots / "fanout.png", draw), ""]


def _fanout_layers(layers: dict[str, dict[str, Any]], target: float) -> list[str]:
    """Connection time and delivery latency per channel layer."""
    return _table(
        [
            "channel layer",
            "dashboards",
            "alerts",
            "receipts",
            "p50 ms",
            "p95 ms",
            "p99 ms",
            "max ms",
            f"target p99 ≤ {_n(target, 0)} ms",
        ],
        [
            [
                k,
                v["clients"],
                v["alerts"],
                v["n"],
                v["p50_ms"],
                v["p95_ms"],
                v["p99_ms"],
                v["max_ms"],
                _met(v["p99_ms"] <= target),
            ]
            for k, v in layers.items()
        ],
    )


def _fanout_split(layers: dict[str, dict[str, Any]]) -> list[str]:
    """The first dashboard of each alert (solve, commit, send) apart from the
    fan-out to the rest."""
    if not all("fanout_only" in v for v in layers.values()):
        return []
    return [
        "The same receipts split in two (reported beside the latency above, not "
        "instead of it): the *first dashboard* of each alert, which waits for the "
        "solve, the commit and the send and does not grow with the number of "
        "dashboards (one value per alert), and the *fan-out alone*, each "
        "dashboard's receipt minus the first dashboard's receipt of the same "
        "alert.",
        "",
        *_table(
            [
                "channel layer",
                "first dashboard p50 ms",
                "first dashboard max ms",
                "fan-out alone p50 ms",
                "fan-out alone p95 ms",
                "fan-out alone p99 ms",
                "connect s",
            ],
            [
                [
                    k,
                    v["first_dashboard"]["p50_ms"],
                    v["first_dashboard"]["max_ms"],
                    v["fanout_only"]["p50_ms"],
                    v["fanout_only"]["p95_ms"],
                    v["fanout_only"]["p99_ms"],
                    v["connect_s"],
                ]
                for k, v in layers.items()
            ],
        ),
    ]


def _fanout_plot(
    axes: Axes, *, layers: dict[str, dict[str, Any]], clients: int, target: float
) -> None:
    _bars(
        axes,
        list(layers),
        {
            "p50": [v["p50_ms"] for v in layers.values()],
            "p95": [v["p95_ms"] for v in layers.values()],
            "p99": [v["p99_ms"] for v in layers.values()],
        },
        "ms, alert derived to dashboard receipt",
    )
    axes.axhline(target, color="red", linewidth=0.8, linestyle=":")
    axes.set_title(
        f"Alert delivery to {clients} dashboards (red: p99 target {_n(target, 0)} ms)"
    )


def throughput(
    results: dict[str, Any], record: dict[str, Any], plots: Path
) -> list[str]:
    runs = results["runs"]
    lines = [
        f"{results['messages']} typed messages queued at once over 16 patients; "
        "time until all are solved. Workers: `celery worker --pool solo`, "
        "CARETAKER_LLM_THREADS = max(1, cores // workers).",
        "",
    ]
    lines += _table(
        ["workers", "messages/minute", "elapsed s", "failed"],
        [
            [int(k), v["per_minute"], v["elapsed_s"], v["failed"]]
            for k, v in runs.items()
        ],
    )
    profile = results.get("profile")
    if profile:
        lines += _message_profile(profile)
    draw = partial(_throughput_plot, runs=runs)
    return lines + [_figure(record, plots / "throughput.png", draw), ""]


def _message_profile(profile: dict[str, Any]) -> list[str]:
    """Where one typed message's time goes: stages, then the cProfile listing."""
    lines = [
        f"Where the time of one typed message goes (`message_process` under "
        f"cProfile, {_n(profile['total_ms'])} ms, status "
        f"{profile['status']}):",
        "",
    ]
    lines += _table(
        ["stage", "cumulative ms"],
        [[_indent(s["stage"]), s["ms"]] for s in profile["stages"]],
    )
    listing = profile["top_cumulative"].strip().replace(f"{ROOT}/", "")
    listing = re.sub(r"\S*/site-packages/", "", listing)
    return lines + [
        "<details><summary>cProfile, top 25 by cumulative time</summary>",
        "",
        "```",
        listing[:6000],
        "```",
        "",
        "</details>",
        "",
    ]


def _throughput_plot(axes: Axes, *, runs: dict[str, Any]) -> None:
    points = sorted((int(k), v["per_minute"]) for k, v in runs.items())
    axes.plot(*zip(*points, strict=True), "o-")
    axes.set_xticks([w for w, _ in points])
    axes.set_xlabel("Celery workers")
    axes.set_ylabel("typed messages per minute")
    axes.set_title("Throughput on PostgreSQL + Redis")


def chart(results: dict[str, Any], record: dict[str, Any], plots: Path) -> list[str]:
    lines = [
        "The patient page in headless Chromium (1024×768) for a patient with "
        f"{results['readings_per_parameter']} readings of each NEWS2 parameter (a week "
        "every 15 minutes is 672), an oxygen reading and a NEWS2 score with each set; "
        f"{results['charts']} charts, median of {results['loads']} loads after one "
        "untimed. *Draw* is patient.js from the parsed series.json to the last chart "
        "drawn; *page* is navigation to drawn charts (HTML, scripts, series.json).",
        "",
    ]
    return (
        lines
        + _table(
            ["draw median ms", "draw max ms", "page median ms", "page max ms"],
            [
                [
                    results["draw_ms_median"],
                    results["draw_ms_max"],
                    results["page_ms_median"],
                    results["page_ms_max"],
                ]
            ],
        )
        + [""]
    )


def _round(results: dict[str, Any], record: dict[str, Any], plots: Path) -> list[str]:
    from bench.report_hospital import round_render  # it imports this module's helpers

    return round_render(results, record, plots)


def pages(results: dict[str, Any], record: dict[str, Any], plots: Path) -> list[str]:
    """Each page's p50/p95 and queries for a ward with a week of history a bed."""
    del record, plots
    rows = [
        [f"`{r['path']}` ({page})", r["queries"], _n(r["p50_ms"]), _n(r["p95_ms"]),
         _n(r["max_ms"])]
        for page, r in results["pages"].items()
    ]  # fmt: skip
    return [
        f"A ward of {results['beds']} beds, each patient with {results['days']} days "
        f"of 15-minute observation sets ({results['facts_per_patient']:,} facts a "
        "patient, stored as the pipeline stores them: a failed message and an undone "
        "reading a day, warnings acknowledged, a low blood sugar open); every page "
        f"fetched {results['repeat']} times by a nurse of the ward through Django's "
        "test client on SQLite, after one untimed fetch. The query counts are bounded "
        "by `tests/caretaker/wards/test_bounded_queries.py`: a week costs what a day "
        "does, and a dashboard of 30 beds what one bed does (the ward handover reads "
        "a few rows per bed, not per reading).",
        "",
        *_table(["page", "queries", "p50 ms", "p95 ms", "max ms"], rows),
        "",
    ]


def _hospital_fanout(
    results: dict[str, Any], record: dict[str, Any], plots: Path
) -> list[str]:
    from bench.report_hospital import hospital_fanout_render

    return hospital_fanout_render(results, record, plots)


RENDERERS = {
    "logic": logic,
    "ward": ward,
    "extraction": extraction,
    "speech": speech,
    "e2e": e2e,
    "fanout": fanout,
    "throughput": throughput,
    "chart": chart,
    "pages": pages,
    "round": _round,
    "hospital_fanout": _hospital_fanout,
}


def report_write(document: dict[str, Any], page: Path, plots: Path) -> None:
    """Write the markdown page and one PNG per section from ``document``."""
    sections = document["sections"]
    lines = _preamble(sections) + _contents(sections)
    for name, record in sections.items():
        lines += _section(name, record, plots)
    page.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")


def _preamble(sections: dict[str, Any]) -> list[str]:
    """The title, and a warning when any section is from a quick run."""
    quick = [n for n, r in sections.items() if r.get("quick")]
    lines = [
        "# Benchmarks",
        "",
        "Generated by `make bench` (`python -m bench.run`) from "
        "`docs/benchmarks/results.json`; do not edit by hand.",
        "",
    ]
    if quick:
        lines += [
            f"> **Quick run** (`python -m bench.run --quick`) for: "
            f"{', '.join(quick)}. Counts are reduced (fewer sizes, utterances, "
            "messages and dashboards); these are smoke-test figures, not the "
            "figures of record. Run `make bench` for the full ones.",
            "",
        ]
    return lines


def _contents(sections: dict[str, Any]) -> list[str]:
    """One line per section: how it ran, how long, on what, under what load."""
    lines = [
        "Timings on a shared machine include whatever else ran on it; each "
        "section gives the load average before and after.",
        "",
        "| section | run | seconds | machine | load after |",
        "|---|---|---|---|---|",
    ]
    for name, record in sections.items():
        lines.append(
            f"| [{name}](#{name}) | {'quick' if record.get('quick') else 'full'}"
            f" | {_n(record['seconds'])} | {machine_line(record['machine'])} | "
            f"{_n(record.get('load_average_after'))} |"
        )
    return lines + [""]


def _section(name: str, record: dict[str, Any], plots: Path) -> list[str]:
    """A section's heading, then its results, or why there are none."""
    lines = [f'<a id="{name}"></a>', f"## {TITLES.get(name, name)}", ""]
    if "error" in record:
        return lines + [
            "**This section failed:**",
            "",
            "```",
            record.get("traceback", record["error"]).strip(),
            "```",
            "",
        ]
    try:
        return lines + RENDERERS[name](record["results"], record, plots)
    except Exception as error:  # a report bug must not hide the other sections
        return lines + [f"**Could not render the results:** `{error!r}`", ""]
