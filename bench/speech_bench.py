"""Speech benchmark: the spoken dev set, per voice, text path against audio path.

Run: .venv/bin/python -m bench.speech_bench [--quick] [--json OUT] [--runs N]
     [--limit N] [--voices piper,espeak,...] [--bias-voices piper,...]

The 60 bedside utterances of the extraction dev set are spoken at run time
(tests/support/voices.py: piper's en_US-joe-medium, espeak-ng, and the piper voice
with ward noise at 10 dB SNR) and transcribed; per voice the bench reports WER,
real-time factor, and extraction precision and recall on the transcript against
the same extractor on the written text. Then each bias mode (prompt, hotwords,
off) on the same clips, and how well word confidence separates wrong facts from
right ones. Also the real-time factor for 3, 10 and 30 s clips (espeak-ng).
Progress goes to stderr; the result, a JSON object, to stdout and to OUT if given
(written again after each step, so a cut run keeps what it measured).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import EVAL_DIR, machine, progress
from logic.doubt import statement_doubts
from logic.extraction.extractor import extract
from logic.extraction.options import ExtractionOptions
from logic.ruleset import default_ruleset
from logic.statements import Statement, statement_parse
from speech import Transcript, TranscriptionOptions, span_confidence, transcribe
from speech.model import model_load
from speech.options import BIAS_MODES
from speech.wer import numbers_find, word_error_rate
from tests.support.voices import VOICES, espeak_render, render

DEV_SET = EVAL_DIR / "extraction-dev.jsonl"
REAL_SET = EVAL_DIR / "real-dev.jsonl"
# The short paragraphs of real nurse dictations are spoken beside the dev set: as
# long as a bedside recording (a long one is a dictation, not an observation).
SHORT_WORDS = 40
RTF_TARGETS = (3.0, 10.0, 30.0)
# Thresholds on a fact's lowest word probability at which the app could ask.
THRESHOLDS = (0.3, 0.5, 0.7, 0.9)
RTF_TEXT = (
    "temperature thirty eight point four, pulse one hundred and four. "
    "sats ninety four percent on two litres of oxygen. "
    "resps twenty two, BP one hundred and ten over seventy. "
)


def log(message: str) -> None:
    progress("speech", message)


def records_load(path: Path, limit: int | None) -> list[dict[str, Any]]:
    lines = [x for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    return [json.loads(x) for x in lines[:limit]]


def short_paragraphs(path: Path, limit: int | None) -> list[dict[str, Any]]:
    """The paragraphs of ``path`` of at most ``SHORT_WORDS`` words that state a
    fact (gold not empty)."""
    records = records_load(path, None)
    short = [
        r for r in records if len(r["text"].split()) <= SHORT_WORDS and r.get("gold")
    ]
    return short[:limit]


def _gold(record: dict[str, Any]) -> set[Statement]:
    alphabet = default_ruleset().alphabet
    parsed = (statement_parse(line, alphabet) for line in record.get("gold", []))
    return {s for s in parsed if isinstance(s, Statement)}


def extraction_score(
    records: list[dict[str, Any]],
    transcripts: list[Transcript] | None,
    options: ExtractionOptions,
) -> dict[str, Any]:
    """Micro-averaged precision and recall as ``python -m logic evaluate`` counts
    them, on the written text (``transcripts`` None) or on the transcripts; with
    each fact's lowest word probability and whether the fact was right.

    On transcripts, each fact is also put to the app's doubt rule (logic.doubt,
    the alphabet's thresholds: uncertain words, the chart's extreme bands; the dev
    set has no earlier readings, so no jump): a doubtful one is asked, not recorded.
    Counted: questions per 100 facts, right facts asked (the nurse's cost), wrong
    facts recorded without a question (the patient's risk), and the record's
    precision and recall once the nurse has answered (confirming the right values,
    correcting the wrong ones)."""
    alphabet = default_ruleset().alphabet
    true = false = missed = 0
    right_asked = wrong_asked = 0
    facts: list[tuple[float | None, float | None, bool]] = []
    for index, record in enumerate(records):
        transcript = transcripts[index] if transcripts is not None else None
        text = record["text"] if transcript is None else transcript.text
        result = extract(
            text, alphabet=alphabet, state=record.get("state"), options=options
        )
        got, gold = set(result.statements), _gold(record)
        true, false = true + len(got & gold), false + len(got - gold)
        missed += len(gold - got)
        if transcript is not None:
            for statement, evidence in zip(
                result.statements, result.evidence, strict=True
            ):
                span = (evidence.start, evidence.end)
                confidence = numbers = None
                if span[0] is not None and span[1] is not None:
                    confidence = span_confidence(transcript.words, span[0], span[1])
                    numbers = span_confidence(transcript.words, span[0], span[1],
                                              numbers_only=True)  # fmt: skip
                right = statement in gold
                facts.append((confidence, numbers, right))
                if statement_doubts(statement, alphabet, confidence=confidence):
                    right_asked += right
                    wrong_asked += not right
    extracted = true + false
    asked = right_asked + wrong_asked
    through = false - wrong_asked  # wrong facts recorded without a question
    return {
        "precision": round(true / extracted, 3) if extracted else 1.0,
        "recall": round(true / (true + missed), 3) if true + missed else 1.0,
        "facts_right": true,
        "facts_wrong": false,
        "facts_missed": missed,
        "questions_per_100_facts": (
            round(100 * asked / extracted, 1) if extracted else 0.0
        ),
        # The nurse's cost: right values she is asked about.
        "right_asked": right_asked,
        "right_asked_share": round(right_asked / true, 3) if true else 0.0,
        # The patient's risk: wrong values recorded without a question.
        "wrong_through": through,
        # What enters the record before any answer (questions are not facts) ...
        "recorded_precision": (
            round((true - right_asked) / (extracted - asked), 3)
            if extracted - asked
            else 1.0
        ),
        "recorded_recall": (
            round((true - right_asked) / (true + missed), 3) if true + missed else 1.0
        ),
        # ... and after the nurse answers, counted without credit for corrections:
        # right values confirmed, wrong ones dismissed; recall is then the audio
        # path's own.
        "answered_precision": (
            round(true / (true + through), 3) if true + through else 1.0
        ),
        # [lowest word probability, lowest over the numbers, right?] per fact
        "fact_confidences": [
            [None if c is None else round(c, 3), None if n is None else round(n, 3), r]
            for c, n, r in facts
        ],
    }


def confidence_separation(facts: list[list[Any]]) -> dict[str, Any]:
    """For each threshold, over all the words of a fact's evidence (``span``) and
    over its numbers only (``numbers``): wrong facts below it (caught by a
    question) and right facts below it (asked for nothing)."""
    result: dict[str, Any] = {"wrong": sum(not f[2] for f in facts)}
    result["right"] = len(facts) - result["wrong"]
    for column, name in ((0, "span"), (1, "numbers")):
        wrong = [f[column] for f in facts if not f[2]]
        right = [f[column] for f in facts if f[2]]
        result[name] = {
            f"{threshold:g}": {
                "wrong_caught": sum(c is None or c < threshold for c in wrong),
                "right_asked": sum(c is None or c < threshold for c in right),
            }
            for threshold in THRESHOLDS
        }
    return result


def transcripts_make(
    clips: list[Path], options: TranscriptionOptions
) -> list[Transcript]:
    return [transcribe(clip, options) for clip in clips]


def audio_measure(
    records: list[dict[str, Any]],
    clips: list[Path],
    options: TranscriptionOptions,
    extraction: ExtractionOptions,
) -> dict[str, Any]:
    """WER, RTF, numbers heard and extraction scores on one voice's clips."""
    transcripts = transcripts_make(clips, options)
    references = [r["text"] for r in records]
    hypotheses = [t.text for t in transcripts]
    expected = heard = 0
    for reference, hypothesis in zip(references, hypotheses, strict=True):
        found = numbers_find(hypothesis)
        numbers = numbers_find(reference)
        expected += len(numbers)
        heard += sum(number in found for number in numbers)
    seconds = sum(t.seconds for t in transcripts)
    duration = sum(t.duration_s for t in transcripts)
    score = extraction_score(records, transcripts, extraction)
    return {
        "wer": round(word_error_rate(references, hypotheses), 3),
        "rtf": round(seconds / duration, 3),
        "audio_s": round(duration, 1),
        "numbers_heard": f"{heard}/{expected}",
        **score,
        "confidence": confidence_separation(score["fact_confidences"]),
        "hypotheses": hypotheses,
    }


def rtf_measure(path: Path, options: TranscriptionOptions, runs: int) -> dict[str, Any]:
    """Median processing time over ``runs`` runs, after one warm-up run."""
    transcribe(path, options)
    timings = []
    duration = 0.0
    for _ in range(runs):
        transcript = transcribe(path, options)
        timings.append(transcript.seconds)
        duration = transcript.duration_s
    median = statistics.median(timings)
    return {
        "duration_s": round(duration, 2),
        "seconds_median": round(median, 3),
        "rtf": round(median / duration, 3),
    }


def rtf_by_length(
    directory: Path, options: TranscriptionOptions, runs: int
) -> dict[str, Any]:
    result = {}
    words = RTF_TEXT.split() * 4
    for target in RTF_TARGETS:
        text = " ".join(words[: round(target * 3)])  # espeak-ng: ~3 words a second
        path = espeak_render(text, directory / f"rtf_{target:g}.wav")
        result[f"{target:g}s"] = measured = rtf_measure(path, options, runs)
        log(f"RTF {measured['duration_s']} s clip: {measured['rtf']}")
    return result


def run(
    quick: bool = False,
    runs: int | None = None,
    *,
    limit: int | None = None,
    voices: tuple[str, ...] = VOICES,
    bias_voices: tuple[str, ...] = VOICES,
    bias_modes: tuple[str, ...] = BIAS_MODES,
    save: Callable[[dict[str, Any]], None] = lambda result: None,
) -> dict[str, Any]:
    """The whole speech bench (``quick``: 10 utterances, two voices, no bias)."""
    runs = runs or (1 if quick else 3)
    if quick:
        limit, voices, bias_voices = limit or 10, voices[:2], ()
    options = TranscriptionOptions.from_env(os.environ)
    extraction = ExtractionOptions.from_environment(os.environ)
    dev = records_load(DEV_SET, limit)
    real = short_paragraphs(REAL_SET, limit) if REAL_SET.exists() else []
    records = dev + real
    started = time.perf_counter()
    location = model_load(options).location
    result: dict[str, Any] = {
        "model": location,
        "model_load_s": round(time.perf_counter() - started, 2),
        "runs": runs,
        "dev_set": f"{DEV_SET.name} ({len(dev)} utterances) and the "
        f"{len(real)} paragraphs of {REAL_SET.name} of at most {SHORT_WORDS} words",
        "extractor": f"{extraction.backend} {extraction.model} {extraction.guide}",
        "options": {
            k: v
            for k, v in dataclasses.asdict(options).items()
            if k not in ("vocabulary", "endpoint")
        },
        "load_average_at_start": round(os.getloadavg()[0], 2),
        "rtf": {},
        "voices": {},
        "bias": {},
    }
    with tempfile.TemporaryDirectory(prefix="speech_bench_") as temporary:
        directory = Path(temporary)
        if voices:  # a run of bias modes only leaves these to the main run
            result["rtf"] = rtf_by_length(directory, options, runs)
            log(f"text path: extracting {len(records)} written utterances")
            text = extraction_score(records, None, extraction)
            result["text"] = {k: v for k, v in text.items() if k != "fact_confidences"}
            save(result)
        for voice in dict.fromkeys((*voices, *bias_voices)):
            log(f"{voice}: speaking {len(records)} utterances")
            clips = [
                render(r["text"], voice, directory / f"{voice}_{i}.wav")
                for i, r in enumerate(records)
            ]
            modes = set(bias_modes if voice in bias_voices else ())
            if voice in voices:
                modes.add(options.bias)
            for mode in sorted(modes, key=lambda m: m != options.bias):
                log(f"{voice}, bias={mode}: transcribing and extracting")
                measured = audio_measure(
                    records, clips, dataclasses.replace(options, bias=mode), extraction
                )
                log(
                    f"  WER {measured['wer']} RTF {measured['rtf']} "
                    f"P {measured['precision']} R {measured['recall']}"
                )
                if mode == options.bias and voice in voices:
                    result["voices"][voice] = measured
                if voice in bias_voices:
                    result["bias"].setdefault(voice, {})[mode] = {
                        k: measured[k]
                        for k in ("wer", "rtf", "numbers_heard", "precision", "recall")
                    }
                save(result)
    result["references"] = [r["text"] for r in records]
    result["machine_after"] = machine()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the result here")
    parser.add_argument("--runs", type=int, help="timed runs per RTF clip (default 3)")
    parser.add_argument("--quick", action="store_true", help="10 utterances, 2 voices")
    parser.add_argument("--limit", type=int, help="only the first N utterances")
    parser.add_argument("--voices", default=",".join(VOICES))
    parser.add_argument("--bias-voices", default=",".join(VOICES))
    parser.add_argument("--bias-modes", default=",".join(BIAS_MODES))
    arguments = parser.parse_args()

    def save(result: dict[str, Any]) -> None:
        if arguments.json:
            text = json.dumps(result, indent=2, ensure_ascii=False)
            arguments.json.write_text(text + "\n", encoding="utf-8")

    result = run(
        arguments.quick,
        arguments.runs,
        limit=arguments.limit,
        voices=tuple(v for v in arguments.voices.split(",") if v),
        bias_voices=tuple(v for v in arguments.bias_voices.split(",") if v),
        bias_modes=tuple(m for m in arguments.bias_modes.split(",") if m),
        save=save,
    )
    save(result)
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
