"""``python -m logic extract`` and ``evaluate`` print the documented JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "logic", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_extract_prints_the_contract_without_a_model_for_chatter() -> None:
    """Chatter: no candidate, no model; the JSON has every documented key."""
    done = run("extract", "Has anyone seen the keys for the drug trolley?")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result) == {
        "statements",
        "unclear",
        "evidence",
        "rejected",
        "ms",
        "questions",
        "instruction",
        "instructions",
        "not_recorded",
    }
    assert result["instruction"] is False and result["questions"] == []
    assert result["statements"] == [] and isinstance(result["ms"], int)


def test_bad_state_is_a_readable_error() -> None:
    """--state must be a JSON object; the error says so."""
    done = run("extract", "pulse up by 20", "--state", "[1]")
    assert done.returncode == 2
    assert "--state" in done.stderr


@pytest.mark.slow
def test_extract_with_state_and_evidence() -> None:
    """A relative change with --state is recorded with the words that said it."""
    text = "Pulse has gone up by 20 since the last set."
    done = run("extract", text, "--state", '{"heartRate": 92}', "--guide", "strict")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result["statements"]) <= {"data(heartRate, 112)"}
    for evidence in result["evidence"]:
        assert text[evidence["start"] : evidence["end"]].startswith("Pulse")


@pytest.mark.slow
def test_evaluate_prints_the_scores(tmp_path: Path) -> None:
    """evaluate reads the dev-set format and prints one JSON object of scores."""
    data = tmp_path / "two.jsonl"
    data.write_text(
        json.dumps(
            {
                "id": "a",
                "text": "temp 38.4, pain 3",
                "gold": ["data(temperature, 38.4)", "data(painLevel, 3)"],
                "needs_unclear": False,
                "tags": ["plain", "two-types"],
            }
        )
        + "\n"
        + json.dumps(
            {
                "id": "b",
                "text": "Patient asked for a cup of tea.",
                "gold": [],
                "needs_unclear": True,
            }
        )
        + "\n",
        encoding="utf-8",
    )
    done = run("evaluate", str(data))
    assert done.returncode == 0, done.stderr
    score = json.loads(done.stdout)
    assert set(score) == {
        "n",
        "precision",
        "recall",
        "f1",
        "exact_match",
        "unclear_recall",
        "violations",
        "p50_ms",
        "p95_ms",
        "by_tag",
    }
    assert list(score)[-1] == "by_tag"  # added after the original figures
    assert score["by_tag"] == {
        "plain": {"n": 1, "precision": 1.0, "recall": 1.0},
        "two-types": {"n": 1, "precision": 1.0, "recall": 1.0},
    }
    assert score["n"] == 2 and score["violations"] == 0
    assert score["precision"] == 1.0 and score["unclear_recall"] == 1.0


@pytest.mark.slow
def test_evaluate_scores_old_gold_on_its_own_types(tmp_path: Path) -> None:
    """Gold written in alphabet version 1 knows no weight: a file whose gold uses
    only version 1's types is scored on them (the weight version 2 records is not
    counted against it); a file whose gold uses a version 2 type is scored on every
    type, and --gold-alphabet says which alphabet the gold is in outright."""
    v1_gold = {
        "id": "w",
        "text": "pulse 80, weighs 70 kg",
        "gold": ["data(heartRate, 80)"],
        "needs_unclear": True,
    }
    v2_gold = {
        "id": "g",
        "text": "GCS 14, pulse 80",
        "gold": ["data(gcs, 14)", "data(heartRate, 80)"],
        "needs_unclear": False,
    }
    old = tmp_path / "v1.jsonl"
    old.write_text(json.dumps(v1_gold) + "\n", encoding="utf-8")
    new = tmp_path / "v2.jsonl"
    new.write_text(json.dumps(v2_gold) + "\n" + json.dumps(v1_gold) + "\n",
                   encoding="utf-8")  # fmt: skip
    inferred = json.loads(run("evaluate", str(old)).stdout)
    assert inferred["precision"] == 1.0
    every_type = json.loads(run("evaluate", str(new)).stdout)
    assert every_type["precision"] == 0.75  # the weight counts against v1 gold here
    v1 = ROOT / "logic" / "extraction" / "alphabet-v1.toml"
    told = json.loads(run("evaluate", str(new), "--gold-alphabet", str(v1)).stdout)
    # the GCS gold is beyond version 1: it is missed, the weight is not counted
    assert told["precision"] == 1.0 and told["recall"] == 0.6667
