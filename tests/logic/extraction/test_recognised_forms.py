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
