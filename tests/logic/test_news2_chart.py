"""The NEWS2 chart read from the rules: the shipped bands, and bands that follow edits."""

from __future__ import annotations

from decimal import Decimal

from logic import RuleSet
from logic.news2_chart import Band, ValueBand, news2_bands
from logic.ruleset import ALPHABET_FILE, default_ruleset_path, ruleset_from_texts


def _points(bands: tuple[Band, ...], value: str) -> int:
    number = Decimal(value)
    (points,) = [
        b.points
        for b in bands
        if (b.low is None or b.low <= number) and (b.high is None or number <= b.high)
    ]
    return points


def test_shipped_bands_match_the_printed_chart(rules: RuleSet) -> None:
    """Heart rate 131 and above scores 3; temperature 35.1 to 36.0 scores 1."""
    chart = news2_bands(rules)
    assert chart.parameters["heartRate"][-1] == Band(Decimal(131), None, 3)
    assert Band(Decimal("35.1"), Decimal("36.0"), 1) in chart.parameters["temperature"]
    assert chart.parameters["temperature"][0] == Band(None, Decimal("35.0"), 3)
    assert set(chart.parameters) == {
        "respiratoryRate",
        "systolicBP",
        "heartRate",
        "temperature",
    }
    assert [
        _points(chart.parameters["respiratoryRate"], v)
        for v in ["8", "9", "20", "21", "25"]
    ] == [3, 1, 0, 2, 3]
    assert chart.steps["temperature"] == Decimal("0.1")


def test_spo2_scales_and_oxygen_on_scale_2(rules: RuleSet) -> None:
    """Scale 1 and 2 rows come from the chart; above 92 on scale 2 oxygen decides."""
    chart = news2_bands(rules)
    assert [_points(chart.spo2[1], v) for v in ("91", "92", "95", "96")] == [3, 2, 1, 0]
    assert chart.spo2[2][-1] == Band(Decimal(88), Decimal(92), 0)
    assert chart.spo2_scale_2_above["air"] == (Band(Decimal(93), None, 0),)
    assert chart.spo2_scale_2_above["supplemental"] == (
        Band(Decimal(93), Decimal(94), 1),
        Band(Decimal(95), Decimal(96), 2),
        Band(Decimal(97), None, 3),
    )
    assert chart.scale_2_background == ("hypercapnicRespiratoryFailure",)


def test_consciousness_and_aggregate_bands(rules: RuleSet) -> None:
    """Alert scores 0, anything else 3; 0-4 low (low-medium with a single 3), 5-6
    medium, 7 and more high."""
    chart = news2_bands(rules)
    assert ValueBand("alert", 0) in chart.consciousness
    assert ValueBand("confused", 3) in chart.consciousness
    bands = {s.score: (s.band, s.band_single_3) for s in chart.scores}
    assert bands[4] == ("low", "low-medium")
    assert bands[5] == ("medium", "medium")
    assert bands[7] == ("high", "high")
    assert bands[20] == ("high", "high")


def test_bands_follow_a_changed_rule_set(rules: RuleSet) -> None:
    """A copy of the rules with the top pulse band from 121 and high from 8 gives a
    chart that follows."""
    files = {f.name: f.text for f in rules.files}
    files["news2.lp"] = (
        files["news2.lp"]
        .replace(
            "news2Chart(heartRate,  111,  130, 2).",
            "news2Chart(heartRate,  111,  120, 2).",
        )
        .replace(
            "news2Chart(heartRate,  131, #sup, 3).",
            "news2Chart(heartRate,  121, #sup, 3).",
        )
        .replace("S >= 7.", "S >= 8.")
        .replace("S < 7.", "S < 8.")
    )
    alphabet = (default_ruleset_path() / ALPHABET_FILE).read_text(encoding="utf-8")
    changed = ruleset_from_texts(alphabet, files)
    chart = news2_bands(changed)
    assert chart.parameters["heartRate"][-1] == Band(Decimal(121), None, 3)
    assert {s.score: s.band for s in chart.scores}[7] == "medium"
    assert news2_bands(rules).parameters["heartRate"][-1].low == Decimal(131)
