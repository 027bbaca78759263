"""Score the extractor on a JSON Lines file of utterances with gold statements."""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from logic.alphabet import Alphabet, alphabet_load
from logic.diagnostics import LogicError
from logic.extraction.backends import backend_get
from logic.extraction.extractor import extract
from logic.extraction.grammar import GuideMode
from logic.extraction.options import ExtractionError, ExtractionOptions
from logic.statements import Statement, statement_parse


@dataclass(frozen=True)
class Score:
    """Micro-averaged figures over every statement of every record."""

    n: int
    precision: float
    recall: float
    f1: float
    exact_match: float
    unclear_recall: float
    violations: int
    p50_ms: float
    p95_ms: float
    by_tag: dict[str, dict[str, float]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The JSON object ``python -m logic evaluate`` prints; ``by_tag`` last,
        with precision and recall per tag of the records' optional ``tags``."""
        return {
            k: round(v, 4) if isinstance(v, float) else v
            for k, v in self.__dict__.items()
        }


@dataclass
class _Tally:
    n: int = 0
    true: int = 0
    false: int = 0
    missed: int = 0

    def add(self, got: set[Statement], gold: set[Statement]) -> None:
        self.n += 1
        self.true += len(got & gold)
        self.false += len(got - gold)
        self.missed += len(gold - got)

    def to_json(self) -> dict[str, float]:
        t, f, m = self.true, self.false, self.missed
        return {
            "n": self.n,
            "precision": round(t / (t + f), 4) if t + f else 1.0,
            "recall": round(t / (t + m), 4) if t + m else 1.0,
        }


def _text(record: dict[str, Any], base: Path) -> str:
    if "text" in record:
        return str(record["text"])
    if "audio" in record:
        import speech  # only records with audio need the speech package

        transcript = speech.transcribe(base / str(record["audio"]))
        return "" if transcript.no_speech else str(transcript.text)
    raise ExtractionError(f"record {record.get('id', '?')}: needs 'text' or 'audio'")


def _gold(record: dict[str, Any], alphabet: Alphabet) -> set[Statement]:
    gold = set()
    for line in record.get("gold", []):
        parsed = statement_parse(line, alphabet)
        if isinstance(parsed, Statement):
            gold.add(parsed)
    return gold


# Alphabet version 1 as it shipped: gold written before version 2 is in it.
ALPHABET_V1 = Path(__file__).with_name("alphabet-v1.toml")


def gold_alphabet_infer(
    records: Iterable[dict[str, Any]], alphabet: Alphabet
) -> Alphabet | None:
    """The alphabet a file's gold was written in, when the caller does not say:
    version 1 when no gold statement of the file uses a type version 1 lacks (every
    set written before version 2: its conventions make a weight or a GCS unclear,
    never gold), else None (the alphabet extracted with)."""
    v1 = alphabet_load(ALPHABET_V1)
    older = set(v1.type_names)
    for record in records:
        for line in record.get("gold", []):
            parsed = statement_parse(line, alphabet)
            if isinstance(parsed, Statement) and parsed.type not in older:
                return None
    return v1 if older < set(alphabet.type_names) else None


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def evaluate_records(
    records: Iterable[dict[str, Any]],
    *,
    alphabet: Alphabet,
    options: ExtractionOptions,
    base: Path = Path("."),
    progress: TextIO | None = sys.stderr,
    gold_alphabet: Alphabet | None = None,
) -> Score:
    """Extract every record and compare with its gold statements.

    ``gold_alphabet``: the alphabet the gold was written in, when older than
    ``alphabet``; statements of types it lacks are not scored (gold written for
    version 1 says nothing about a weight, which version 2 records). Not given, it
    is inferred from the gold (:func:`gold_alphabet_infer`)."""
    records = list(records)
    if gold_alphabet is None:
        gold_alphabet = gold_alphabet_infer(records, alphabet)
    scored = set((gold_alphabet or alphabet).type_names)
    backend_get(options)  # load the model before the clock starts
    true = false = missed = exact = needed = found = violations = 0
    times: list[float] = []
    tags: dict[str, _Tally] = {}
    for index, record in enumerate(records, start=1):
        result = extract(
            _text(record, base),
            alphabet=alphabet,
            state=record.get("state"),
            options=options,
        )
        got = {s for s in result.statements if s.type in scored}
        gold = _gold(record, alphabet)
        true += len(got & gold)
        false += len(got - gold)
        missed += len(gold - got)
        exact += got == gold
        for tag in record.get("tags") or []:
            tags.setdefault(str(tag), _Tally()).add(got, gold)
        needed += bool(record.get("needs_unclear"))
        found += bool(record.get("needs_unclear")) and bool(result.unclear)
        violations += result.violations
        times.append(result.ms)
        if progress is not None:
            print(
                f"[{index}/{len(records)}] {record.get('id', '')} {result.ms} ms "
                f"+{len(got - gold)} -{len(gold - got)}",
                file=progress,
            )
    precision = true / (true + false) if true + false else 1.0
    recall = true / (true + missed) if true + missed else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Score(
        n=len(records),
        precision=precision,
        recall=recall,
        f1=f1,
        exact_match=exact / len(records) if records else 0.0,
        unclear_recall=found / needed if needed else 1.0,
        violations=violations,
        p50_ms=float(statistics.median(times)) if times else 0.0,
        p95_ms=float(_percentile(times, 0.95)),
        by_tag={tag: tags[tag].to_json() for tag in sorted(tags)},
    )


def evaluate_file(
    path: Path,
    *,
    alphabet: Alphabet,
    options: ExtractionOptions,
    gold_alphabet: Alphabet | None = None,
) -> Score:
    """:func:`evaluate_records` on a JSON Lines file (audio paths relative to it)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise LogicError(f"{path}: cannot read: {error.strerror}") from error
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise LogicError(f"{path}:{number}: not JSON: {error.msg}") from error
    return evaluate_records(
        records,
        alphabet=alphabet,
        options=options,
        base=path.parent,
        gold_alphabet=gold_alphabet,
    )


__all__ = ["Score", "evaluate_file", "evaluate_records", "GuideMode"]
