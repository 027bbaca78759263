"""`make bench` runs every benchmark module in turn, 30 to 60 minutes in: a module
that no longer imports (a helper moved, a name renamed) must fail here, not there."""

import importlib

import pytest

from bench.run import SECTIONS


@pytest.mark.parametrize("module", sorted(set(SECTIONS.values())))
def test_every_benchmark_imports(module: str) -> None:
    importlib.import_module(module)


def test_extraction_is_reported_per_set_and_per_tag() -> None:
    """The transfer report: every set with gold side by side, and a row per tag, so
    a gain on one source that costs another shows."""
    from bench.extraction_bench import DATA_DIR, transfer_sets
    from bench.report import _extraction_sets

    assert DATA_DIR / "transfer-dev.jsonl" in transfer_sets()
    tally = {"n": 2, "precision": 1.0, "recall": 0.5}
    sets = {
        name: {
            "utterances": 2,
            "p50_ms": 10,
            "p95_ms": 20,
            "precision": 1.0,
            "recall": 0.75,
            "violations": 0,
            "by_tag": {tag: tally},
        }
        for name, tag in (("a.jsonl", "dialogue"), ("b.jsonl", "asr"))
    }
    lines = _extraction_sets({"sets": sets})
    assert "| tag | a.jsonl | b.jsonl |" in lines
    assert "| dialogue | 1.00 / 0.50 (2) |  |" in lines
    assert "| asr |  | 1.00 / 0.50 (2) |" in lines
