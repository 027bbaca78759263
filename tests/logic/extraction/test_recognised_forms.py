"""What speech recognisers write for ward words: glued, mis-spaced and homophone
forms are read through the alphabet's synonyms (issue 14), never through a rule for
one sentence. The guide alone decides the candidates, so no model runs here."""

from __future__ import annotations

import pytest

from logic.alphabet import Alphabet
from logic.extraction.guide import guide_build


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Resprate 16.", "data(respiratoryRate, 16)"),
        ("Respirate 20 and settled.", "data(respiratoryRate, 20)"),
        ("rests 18", "data(respiratoryRate, 18)"),
        ("stats 97 percent on air", "data(oxygenSaturation, 97)"),
        ("sats, 99%", "data(oxygenSaturation, 99)"),
        ("hr64 regular", "data(heartRate, 64)"),
        ("BN7.2 before lunch", "data(bloodGlucose, 7.2)"),
        ("BM7.2", "data(bloodGlucose, 7.2)"),
    ],
)
def test_a_recognisers_form_binds_to_its_type(
    alphabet: Alphabet, text: str, expected: str
) -> None:
    guide = guide_build(text, alphabet, None)
    assert expected in {c.statement.canonical(alphabet) for c in guide.candidates}


@pytest.mark.parametrize(
    "text", ["She rests comfortably.", "Stats are fine.", "BN was not done."]
)
def test_a_homophone_without_a_value_records_nothing(
    alphabet: Alphabet, text: str
) -> None:
    assert not guide_build(text, alphabet, None).candidates


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Telegraphic vitals, as handover sheets and simulation scripts write them.
        ("T 98.7° F HR 102 BP 150/75 RR 15 O2 100%", {
            "data(temperature, 37.1)", "data(heartRate, 102)", "data(systolicBP, 150)",
            "data(diastolicBP, 75)", "data(respiratoryRate, 15)",
            "data(oxygenSaturation, 100)"}),
        ("RR 18 T 38 HR 90", {"data(respiratoryRate, 18)", "data(temperature, 38.0)",
                              "data(heartRate, 90)"}),
        # The same letters alone are no reading: a vertebra, oxygen with no number.
        ("T 4", set()),
        ("T 12 fracture", set()),
        # ... unless the value is written with its tenths on a line of its own, as
        # no vertebra is: "T 38.2" under a note's other lines.
        ("T 38.2", {"data(temperature, 38.2)"}),
        ("T4 14.2, pulse 80", {"data(heartRate, 80)"}),
        ("T12 fracture, pulse 80", {"data(heartRate, 80)"}),
        ("on O2", {"condition(oxygenSupply, supplemental)"}),
        ("sats 94 on O2 2 litres", {"data(oxygenSaturation, 94)",
                                    "data(oxygenFlow, 2.0)",
                                    "condition(oxygenSupply, supplemental)"}),
        ("for 2 hrs, pulse 80", {"data(heartRate, 80)"}),
    ],
)  # fmt: skip
def test_one_letter_forms_count_only_among_other_readings(
    alphabet: Alphabet, text: str, expected: set[str]
) -> None:
    guide = guide_build(text, alphabet)
    assert {c.statement.canonical(alphabet) for c in guide.candidates} == expected
