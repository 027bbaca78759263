"""Extraction benchmark: latency per utterance on the dev set for each backend and
guide mode, tokens generated, and what the guide costs against unconstrained
generation with the same model.

    .venv/bin/python -m bench.extraction_bench [--quick] [--file FILE.jsonl]

Backends: the embedded llama.cpp (SmolLM2) under the strict, relaxed and off guide,
and the ``openai`` backend against ``llama_cpp.server`` on loopback serving the same
model, strict, with the guide sent as GBNF (``CARETAKER_LLM_CONSTRAINT=grammar``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from bench.common import EVAL_DIR, progress, summary_ms
from logic.alphabet import Alphabet
from logic.extraction.backends import Backend, backend_get
from logic.extraction.evaluate import evaluate_records, gold_alphabet_infer
from logic.extraction.extractor import extract
from logic.extraction.grammar import GuideMode, constraint_compile
from logic.extraction.guide import guide_build
from logic.extraction.options import ExtractionOptions
from logic.extraction.prompt import prompt_build
from logic.ruleset import default_ruleset
from logic.statements import Statement, statement_parse
from tests.support.servers import llama_server

DEV_SET = EVAL_DIR / "extraction-dev.jsonl"
# Real clinical language (SYNUR dictations), measured beside the dev set.
REAL_SET = EVAL_DIR / "real-dev.jsonl"
# The family and register sets written or gathered for issues 12 and 21.
DATA_DIR = (
    Path(__file__).resolve().parents[1] / "tests" / "logic" / "extraction" / "data"
)
MODEL = ExtractionOptions().model  # the embedded default

SAMPLED = 5


def records_load(path: Path, limit: int | None) -> list[dict[str, Any]]:
    lines = [x for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    return [json.loads(x) for x in lines[:limit]]


def _gold(record: dict[str, Any], alphabet: Alphabet) -> set[Statement]:
    parsed = (statement_parse(line, alphabet) for line in record.get("gold", []))
    return {s for s in parsed if isinstance(s, Statement)}


def transfer_sets() -> list[Path]:
    """Every set with gold: the nurse dictations (``real-dev.jsonl``) and the sets
    of ``tests/logic/extraction/data/``, one per register or family source."""
    found = [REAL_SET] if REAL_SET.exists() else []
    return found + sorted(DATA_DIR.glob("*.jsonl"))


def transfer_measure(
    paths: list[Path],
    *,
    alphabet: Alphabet,
    options: ExtractionOptions,
    limit: int | None,
) -> dict[str, Any]:
    """The embedded default on each set, side by side, with precision and recall
    per tag (family and register): a gain on one source that costs another shows."""
    measured = {}
    for path in paths:
        progress("extraction", f"{path.name}: strict, by tag")
        score = evaluate_records(
            records_load(path, limit),
            alphabet=alphabet,
            options=options,
            base=path.parent,
            progress=None,
        )
        measured[path.name] = {"utterances": score.n, **score.to_json()}
    return measured


def mode_measure(
    records: list[dict[str, Any]],
    *,
    alphabet: Alphabet,
    options: ExtractionOptions,
    backend: Backend,
    label: str,
    scored: frozenset[str] | None = None,
) -> dict[str, Any]:
    """Extract every record; latency, tokens and micro-averaged F1 (over the
    ``scored`` types only, when the gold is in an older alphabet)."""
    times, tokens = [], []
    true = false = missed = violations = 0
    for index, record in enumerate(records, start=1):
        started = time.perf_counter()
        result = extract(
            record["text"],
            alphabet=alphabet,
            state=record.get("state"),
            options=options,
            backend=backend,
        )
        times.append(time.perf_counter() - started)
        tokens.append(result.tokens)
        got = {s for s in result.statements if scored is None or s.type in scored}
        gold = _gold(record, alphabet)
        true, false = true + len(got & gold), false + len(got - gold)
        missed += len(gold - got)
        violations += result.violations
        if index % 10 == 0 or index == len(records):
            progress("extraction", f"{label}: {index}/{len(records)}")
    precision = true / (true + false) if true + false else 1.0
    recall = true / (true + missed) if true + missed else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    generated = sum(tokens)
    return {
        **summary_ms(times),
        "tokens_total": generated,
        "tokens_mean": round(generated / len(tokens), 1),
        "ms_per_token": round(sum(times) * 1000 / generated, 1) if generated else None,
        "precision": round(precision, 3),
        "recall": round(recall, 3),
        "f1": round(f1, 3),
        "violations": violations,
    }


def _cached(llama: Any, text: str) -> None:
    """Evaluate ``text`` so that the next call finds the whole prompt in the cache."""
    llama(text, max_tokens=1, temperature=0.0)


def _free(llama: Any, text: str, count: int) -> tuple[float, int]:
    """Seconds to generate ``count`` tokens with no constraint (end of text
    suppressed, so that exactly as many tokens come), from a cached prompt."""
    _cached(llama, text)
    started = time.perf_counter()
    result = llama(
        text, max_tokens=count, temperature=0.0, logit_bias={llama.token_eos(): -1e9}
    )
    return time.perf_counter() - started, int(result["usage"]["completion_tokens"])


def guide_overhead(
    records: list[dict[str, Any]], *, alphabet: Alphabet, backend: Any
) -> dict[str, Any]:
    """What the guide costs with the embedded model, against unconstrained
    generation of the same number of tokens from the same cached prompt:

    - building the guide and its constraint (pure Python, per utterance);
    - the whole strict extraction (whatever decoding the backend uses for it);
    - sampling under the strict GBNF grammar (what relaxed mode and the
      ``llama_cpp.server`` path pay per token).
    """
    from llama_cpp.llama_grammar import LlamaGrammar

    llama = backend._llama
    strict = ExtractionOptions(model=MODEL, guide=GuideMode.STRICT)
    build: list[float] = []
    sums = dict.fromkeys(("strict", "strict_free", "gbnf", "gbnf_free"), 0.0)
    tokens = dict.fromkeys(("strict", "strict_free", "gbnf", "gbnf_free"), 0)
    used = 0
    for record in records:
        started = time.perf_counter()
        guide = guide_build(record["text"], alphabet, record.get("state"))
        constraint = constraint_compile(guide, alphabet, GuideMode.STRICT)
        build.append(time.perf_counter() - started)
        if not guide.candidates or constraint.gbnf is None:
            continue
        used += 1
        prompt = prompt_build(record["text"], alphabet, record.get("state"))
        text = backend._text(prompt)
        _cached(llama, text)
        started = time.perf_counter()
        result = extract(
            record["text"],
            alphabet=alphabet,
            state=record.get("state"),
            options=strict,
            backend=backend,
        )
        sums["strict"] += time.perf_counter() - started
        tokens["strict"] += result.tokens
        seconds, count = _free(llama, text, max(result.tokens, 1))
        sums["strict_free"] += seconds
        tokens["strict_free"] += count
        grammar = LlamaGrammar.from_string(constraint.gbnf, verbose=False)
        _cached(llama, text)
        started = time.perf_counter()
        output = llama(text, max_tokens=320, temperature=0.0, grammar=grammar)
        sums["gbnf"] += time.perf_counter() - started
        generated = int(output["usage"]["completion_tokens"])
        tokens["gbnf"] += generated
        seconds, count = _free(llama, text, max(generated, 1))
        sums["gbnf_free"] += seconds
        tokens["gbnf_free"] += count

    def per_token(key: str) -> float | None:
        return round(sums[key] * 1000 / tokens[key], 2) if tokens[key] else None

    def ratio(a: str, b: str) -> float | None:
        return round(sums[a] / sums[b] - 1, 3) if sums[b] else None

    return {
        "utterances": used,
        "guide_build_ms": summary_ms(build),
        "strict_ms": round(sums["strict"] * 1000, 1),
        "strict_tokens": tokens["strict"],
        "strict_free_ms": round(sums["strict_free"] * 1000, 1),
        "strict_overhead": ratio("strict", "strict_free"),
        "gbnf_ms_per_token": per_token("gbnf"),
        "gbnf_free_ms_per_token": per_token("gbnf_free"),
        "gbnf_tokens": tokens["gbnf"],
        "gbnf_overhead": ratio("gbnf", "gbnf_free"),
    }


def run(quick: bool = False, path: Path = DEV_SET) -> dict[str, Any]:
    """Every backend and guide mode on the dev set (its first 5 records if quick)."""
    from logic.extraction.backends.llama import model_path
    from logic.extraction.backends.openai_compat import OpenAIBackend

    alphabet = default_ruleset().alphabet
    records = records_load(path, 5 if quick else None)
    gold = gold_alphabet_infer(records, alphabet) or alphabet
    scored = frozenset(gold.type_names)  # the gold's alphabet (version 1 here)
    results: dict[str, Any] = {
        "file": str(path),
        "utterances": len(records),
        "modes": {},
    }
    started = time.perf_counter()
    embedded = backend_get(ExtractionOptions(model=MODEL))
    results["model_load_s"] = round(time.perf_counter() - started, 2)
    results["llm_threads"] = int(os.environ.get("CARETAKER_LLM_THREADS", "2"))
    # Sampling under a grammar checks the whole vocabulary at every token (262k
    # tokens for Gemma 3), and unguided answers run on to max_tokens: relaxed and off
    # mode, the guide-overhead comparison and the server's grammar path use the first
    # SAMPLED records only, so that the whole bench stays within the hour.
    sampled = records[:SAMPLED]
    for mode in GuideMode:
        options = ExtractionOptions(model=MODEL, guide=mode)
        label = f"llama {MODEL} {mode.value}"
        rows = records if mode is GuideMode.STRICT else sampled
        # One utterance before the clock: the stable prompt prefix gets cached.
        extract(
            records[0]["text"], alphabet=alphabet, options=options, backend=embedded
        )
        results["modes"][label] = mode_measure(
            rows, alphabet=alphabet, options=options, backend=embedded, label=label,
            scored=scored,
        )  # fmt: skip
    strict = ExtractionOptions(model=MODEL, guide=GuideMode.STRICT)
    results["sets"] = {
        path.name: {
            "utterances": len(records),
            **results["modes"][f"llama {MODEL} strict"],
        }
    }
    results["sets"].update(
        transfer_measure(
            [p for p in transfer_sets() if p != path],
            alphabet=alphabet,
            options=strict,
            limit=5 if quick else None,
        )
    )
    progress("extraction", "guide overhead against unconstrained generation")
    results["guide_overhead"] = guide_overhead(
        sampled, alphabet=alphabet, backend=embedded
    )
    progress("extraction", "starting llama_cpp.server on loopback")
    with llama_server(model_path(MODEL), MODEL) as url:
        remote = OpenAIBackend(
            base_url=url, model=MODEL, api_key="not-needed", constraint="grammar"
        )
        options = ExtractionOptions(
            backend="openai", model=MODEL, guide=GuideMode.STRICT
        )
        label = f"openai (llama_cpp.server) {MODEL} strict, grammar"
        extract(records[0]["text"], alphabet=alphabet, options=options, backend=remote)
        results["modes"][label] = mode_measure(
            sampled, alphabet=alphabet, options=options, backend=remote, label=label,
            scored=scored,
        )  # fmt: skip
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--file", type=Path, default=DEV_SET)
    arguments = parser.parse_args()
    print(json.dumps(run(arguments.quick, arguments.file), indent=2))


if __name__ == "__main__":
    sys.exit(main())
