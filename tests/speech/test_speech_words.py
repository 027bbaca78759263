"""Word confidences travel with the transcript, and a span's confidence is its
least certain word."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from speech import Word, span_confidence, transcribe, words_in_span
from speech.words import HeardWord, words_place

ROOT = Path(__file__).resolve().parents[2]


def heard(*items: tuple[str, float | None]) -> list[HeardWord]:
    return [
        HeardWord(text, index * 0.5, index * 0.5 + 0.4, probability)
        for index, (text, probability) in enumerate(items)
    ]


TEXT = "Pulse 88, resps 18."
WORDS = words_place(
    heard((" Pulse", 0.9), (" 88,", 0.95), (" resps", 0.4), (" 18.", 0.6)), TEXT
)


def test_words_are_placed_at_their_characters() -> None:
    """Each word knows its span in the transcript text, punctuation included."""
    assert [(w.text, w.char_start, w.char_end) for w in WORDS] == [
        ("Pulse", 0, 5), ("88,", 6, 9), ("resps", 10, 15), ("18.", 16, 19),
    ]  # fmt: skip
    assert all(TEXT[w.char_start : w.char_end] == w.text for w in WORDS)


def test_a_repeated_word_maps_to_its_own_place() -> None:
    """The second "ninety" is the second occurrence, not the first again."""
    text = "sats ninety, pulse ninety"
    words = words_place(
        heard(("sats", 1.0), ("ninety,", 0.9), ("pulse", 1.0), ("ninety", 0.2)), text
    )
    assert [w.char_start for w in words] == [0, 5, 13, 19]
    assert span_confidence(words, 19, 25) == pytest.approx(0.2)


def test_a_word_missing_from_the_text_is_left_out() -> None:
    """A server whose words and text disagree: the stray word maps nowhere."""
    words = words_place(heard(("BP", 0.9), ("banana", 0.9), ("120", 0.8)), "BP 120")
    assert [w.text for w in words] == ["BP", "120"]


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        (0, 9, ["Pulse", "88,"]),  # "Pulse 88,"
        (6, 8, ["88,"]),  # "88" inside "88,"
        (5, 6, []),  # the space between words
        (8, 12, ["88,", "resps"]),  # a span that cuts into two words
        (17, 17, ["18."]),  # an empty span inside a word
        (0, 19, ["Pulse", "88,", "resps", "18."]),
    ],
)
def test_words_in_span_are_those_that_overlap(start, end, expected) -> None:
    """Evidence offsets select every word they overlap, and only those."""
    assert [w.text for w in words_in_span(WORDS, start, end)] == expected


def test_span_confidence_is_the_least_certain_word() -> None:
    """ "resps 18" is only as sure as "resps" (0.4), not the mean."""
    assert span_confidence(WORDS, 10, 18) == pytest.approx(0.4)
    assert span_confidence(WORDS, 16, 18) == pytest.approx(0.6)
    assert span_confidence(WORDS, 0, 9) == pytest.approx(0.9)


def test_numbers_only_counts_the_digits_under_the_span() -> None:
    """With numbers_only, "resps 18" is as sure as "18" (0.6); a span without a
    digit still counts its words."""
    assert span_confidence(WORDS, 10, 18, numbers_only=True) == pytest.approx(0.6)
    assert span_confidence(WORDS, 10, 15, numbers_only=True) == pytest.approx(0.4)
    words = words_place(heard(("sats", 0.1), ("9", None), ("4", 0.9)), "sats 9 4")
    assert span_confidence(words, 0, 8, numbers_only=True) is None


def test_span_confidence_is_unknown_without_words_or_probabilities() -> None:
    """No word under the span, or a word without a probability: None (unknown)."""
    assert span_confidence(WORDS, 5, 6) is None
    assert span_confidence([], 0, 4) is None
    words = words_place(heard(("BP", 0.9), ("120", None)), "BP 120")
    assert span_confidence(words, 0, 2) == pytest.approx(0.9)
    assert span_confidence(words, 0, 6) is None


@pytest.mark.slow
def test_a_spoken_utterance_carries_its_words(clips, options) -> None:
    """On a rendered recording, every word has times, a probability and the span
    of its characters in the text; together they cover the text's words."""
    clip = clips["blood_pressure"]
    transcript = transcribe(clip.path, options)
    words = transcript.words
    assert words, transcript.text
    for word in words:
        assert isinstance(word, Word)
        assert transcript.text[word.char_start : word.char_end] == word.text
        assert word.probability is not None and 0.0 < word.probability <= 1.0
        assert 0.0 <= word.start <= word.end <= transcript.duration_s + 0.5
    assert [w.start for w in words] == sorted(w.start for w in words)
    assert " ".join(w.text for w in words).split() == transcript.text.split()
    number = transcript.text.index("140")
    under = words_in_span(words, number, number + 3)
    assert [w.text.strip(",.") for w in under] == ["140"]
    assert span_confidence(words, number, number + 3) == under[0].probability


@pytest.mark.slow
def test_the_json_keeps_its_keys_and_adds_the_words(clip) -> None:
    """`python -m speech transcribe` prints the old keys and a words list."""
    result = subprocess.run(
        [sys.executable, "-m", "speech", "transcribe", str(clip.path)],
        cwd=ROOT, capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    data = json.loads(result.stdout)
    assert {"text", "duration_s", "seconds", "no_speech", "reason", "segments"} < set(
        data
    )
    assert data["words"]
    for word in data["words"]:
        assert set(word) == {
            "text", "start", "end", "probability", "char_start", "char_end",
        }  # fmt: skip
        assert data["text"][word["char_start"] : word["char_end"]] == word["text"]
