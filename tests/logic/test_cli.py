"""`python -m logic state`: the JSON Lines contract checked from outside."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_state(tmp_path: Path, lines: list[object], *extra: str):
    facts = tmp_path / "facts.jsonl"
    facts.write_text(
        "\n".join(json.dumps(x) if not isinstance(x, str) else x for x in lines) + "\n"
    )
    return subprocess.run(
        [sys.executable, "-m", "logic", "state", "--facts", str(facts), *extra],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def fact(at: str, statement: str, patient: str | None = None) -> dict[str, str]:
    record = {"at": f"2026-11-20T{at}:00Z", "statement": statement}
    return {"patient": patient, **record} if patient else record


def test_one_object_per_patient_in_order_of_first_appearance(tmp_path):
    result = run_state(
        tmp_path,
        [
            fact("12:00", "data(temperature, 38.4)", "p2"),
            fact("08:00", "condition(backgroundInfo, surgery)", "p1"),
            fact("12:00", "data(temperature, 38.4)", "p1"),
            fact("08:00", "data(temperature, 37.0)", "p1"),
            fact("08:00", "data(heartRate, 72)", "p2"),
        ],
    )
    assert result.returncode == 0, result.stderr
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["patient"] == "p2" and second["patient"] == "p1"
    assert first["current"] == {"temperature": 38.4, "heartRate": 72}
    assert isinstance(first["current"]["heartRate"], int)
    assert second["background"] == ["surgery"]
    (problem,) = second["problems"]
    assert problem["name"] == "risingTemperatureAfterOperation"
    assert problem["severity"] == "medium"
    assert len(problem["support"]) == 3
    assert second["news2"]["complete"] is False
    assert "temperature" not in second["news2"]["missing"]


def test_complete_news2_prints_score_band_and_subscores(tmp_path):
    statements = [
        "data(respiratoryRate, 22)",
        "data(oxygenSaturation, 95)",
        "condition(oxygenSupply, air)",
        "data(systolicBP, 120)",
        "data(heartRate, 95)",
        "condition(consciousness, alert)",
        "data(temperature, 37.0)",
    ]
    result = run_state(tmp_path, [fact("08:00", s) for s in statements])
    (state,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert state["patient"] is None
    assert state["current"]["temperature"] == 37.0
    assert state["news2"] == {
        "complete": True,
        "score": 4,
        "band": "low",
        "single_parameter_3": False,
        "monitoring_interval": 14400,
        "subscores": {
            "respiratoryRate": 2,
            "oxygenSaturation": 1,
            "oxygenSupply": 0,
            "systolicBP": 0,
            "heartRate": 1,
            "consciousness": 0,
            "temperature": 0,
        },
    }


def test_now_option_makes_observations_overdue(tmp_path):
    statements = [
        "data(respiratoryRate, 16)",
        "data(oxygenSaturation, 97)",
        "condition(oxygenSupply, air)",
        "data(systolicBP, 120)",
        "data(heartRate, 95)",
        "condition(consciousness, alert)",
        "data(temperature, 37.0)",
    ]
    lines = [fact("08:00", s) for s in statements]
    on_time = run_state(tmp_path, lines, "--now", "2026-11-20T12:00:00Z")
    late = run_state(tmp_path, lines, "--now", "2026-11-20T12:00:01Z")
    assert "observationsOverdue" not in on_time.stdout
    assert "observationsOverdue" in late.stdout


def test_timezone_option_puts_the_day_start_on_the_ward_clock(tmp_path):
    """06:30 UTC in July is 07:30 in London: today's chart there, yesterday's in UTC."""
    lines = [
        {"at": "2026-07-20T06:30:00Z", "statement": "data(fluidIntake, 600)"},
        {"at": "2026-07-20T06:50:00Z", "statement": "data(heartRate, 70)"},
    ]
    utc = json.loads(run_state(tmp_path, lines).stdout)
    london = json.loads(
        run_state(tmp_path, lines, "--timezone", "Europe/London").stdout
    )
    assert utc["fluid_balance"] == {"ml": 600, "since": "2026-07-19T07:00:00Z"}
    assert london["fluid_balance"] == {"ml": 600, "since": "2026-07-20T06:00:00Z"}
    bad = run_state(tmp_path, lines, "--timezone", "Mars/Olympus")
    assert bad.returncode == 2 and "--timezone" in bad.stderr


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        (
            '{"at": "2026-11-20T08:00:00Z", "statement": "data(temperature, 52.0)"}',
            "out of range",
        ),
        ('{"at": "yesterday", "statement": "data(temperature, 37.0)"}', "ISO 8601"),
        ("not json", "not a JSON object"),
        ('{"statement": "data(temperature, 37.0)"}', 'needs "at"'),
        (
            '{"at": "2026-11-20T08:00:00Z", "statement": "data(temprature, 37.0)"}',
            "unknown type",
        ),
    ],
)
def test_invalid_lines_name_the_line_and_exit_non_zero(tmp_path, line, fragment):
    good = json.dumps(fact("08:00", "data(heartRate, 70)"))
    result = run_state(tmp_path, [good, line])
    assert result.returncode != 0
    assert "facts.jsonl:2:" in result.stderr and fragment in result.stderr
    assert result.stdout == ""


def test_custom_rules_directory(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    shipped = ROOT / "logic" / "rules" / "default"
    (rules / "alphabet.toml").write_text((shipped / "alphabet.toml").read_text())
    (rules / "time.lp").write_text((shipped / "time.lp").read_text())
    (rules / "fever.lp").write_text(
        "problem(fever) :- current(temperature, V, _), V >= 380.\n"
        'severity(fever, low).\ndescription(fever, "Fever.").\n'
        'label(fever, "Fever").\nmeaning(fever, "Temperature 38 or more.").\n'
    )
    result = run_state(
        tmp_path, [fact("08:00", "data(temperature, 38.0)")], "--rules", str(rules)
    )
    assert result.returncode == 0, result.stderr
    assert [p["name"] for p in json.loads(result.stdout)["problems"]] == ["fever"]


def test_broken_rule_file_is_reported_with_its_name_and_line(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    shipped = ROOT / "logic" / "rules" / "default"
    (rules / "alphabet.toml").write_text((shipped / "alphabet.toml").read_text())
    (rules / "broken.lp").write_text(
        "% fine\nproblem(x) :- current(temperature V, _).\n"
    )
    result = run_state(
        tmp_path, [fact("08:00", "data(temperature, 38.0)")], "--rules", str(rules)
    )
    assert result.returncode != 0
    assert "broken.lp:2" in result.stderr


def test_unsafe_variable_is_reported_with_its_file(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    shipped = ROOT / "logic" / "rules" / "default"
    for name in ("alphabet.toml", "time.lp"):
        (rules / name).write_text((shipped / name).read_text())
    (rules / "unsafe.lp").write_text(
        "% fever\n\nproblem(fever) :- current(temperature, V, _), W > 380.\n"
    )
    result = run_state(
        tmp_path, [fact("08:00", "data(temperature, 38.0)")], "--rules", str(rules)
    )
    assert result.returncode != 0
    assert "unsafe.lp:3" in result.stderr and "'W' is unsafe" in result.stderr
