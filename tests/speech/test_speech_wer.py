"""Word error rate and the number normalisation the tests rely on."""

from __future__ import annotations

import pytest

from speech.wer import edit_distance, numbers_find, text_normalise, word_error_rate


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("temperature thirty eight point four", ["38.4"]),
        ("Temperature 38.4.", ["38.4"]),
        ("pulse one hundred and four", ["104"]),
        ("Pulse 100, and 4.", ["100", "4"]),
        ("BP 110/70 mmHg", ["110", "70"]),
        ("sats ninety-four percent", ["94"]),
        ("sats 94%", ["94"]),
        ("two thousand and twenty", ["2020"]),
        ("urine 1,200 mls", ["1200"]),
        ("no numbers here", []),
    ],
)
def test_spoken_and_written_numbers_normalise_alike(
    text: str, numbers: list[str]
) -> None:
    """Whisper may write 38.4 or thirty-eight point four: both count."""
    assert numbers_find(text) == numbers


def test_normalise_drops_case_and_punctuation() -> None:
    """Case and punctuation are not word errors."""
    assert text_normalise("Sats, 94% on AIR.") == ["sats", "94", "percent", "on", "air"]


def test_word_error_rate_counts_edits_over_reference_words() -> None:
    """One substitution in four words is a WER of 0.25; a perfect match is 0."""
    assert word_error_rate(["resps twenty two on air"], ["rest 22 on air"]) == 0.25
    assert word_error_rate(["obs done"], ["Obs done."]) == 0.0
    assert edit_distance(["a", "b"], []) == 2
    assert edit_distance([], ["a"]) == 1
