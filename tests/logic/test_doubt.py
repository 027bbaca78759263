"""Spoken values asked about before they count: the alphabet's thresholds decide."""

import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from logic import AlphabetError, default_ruleset
from logic.alphabet import Alphabet, alphabet_parse
from logic.doubt import question_text, statement_doubts
from logic.program import TimedStatement
from logic.statements import Statement

NOW = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def alphabet() -> Alphabet:
    return default_ruleset().alphabet


def pulse(value: int) -> Statement:
    return Statement("data", "heartRate", Decimal(value))


def earlier(statement: Statement, minutes: int) -> TimedStatement:
    return TimedStatement(statement, NOW - timedelta(minutes=minutes))


def kinds(doubts) -> set[str]:
    return {d.kind for d in doubts}


def test_a_clear_ordinary_value_is_not_asked_about(alphabet):
    assert (
        statement_doubts(
            pulse(92),
            alphabet,
            confidence=0.93,
            previous=earlier(pulse(88), 20),
            at=NOW,
        )
        == ()
    )


def test_uncertain_words_are_asked_about(alphabet):
    (doubt,) = statement_doubts(pulse(92), alphabet, confidence=0.31)
    assert doubt.kind == "confidence" and "31%" in doubt.reason


def test_unknown_confidence_is_no_doubt(alphabet):
    """Typed words, or a remote recogniser that gives no probabilities."""
    assert statement_doubts(pulse(92), alphabet, confidence=None) == ()


def test_a_jump_against_the_last_reading_is_asked_about(alphabet):
    """88 → 180 in 20 minutes: both implausible and in the extreme band."""
    doubts = statement_doubts(
        pulse(180), alphabet, confidence=0.9, previous=earlier(pulse(88), 20), at=NOW
    )
    assert kinds(doubts) == {"change", "extreme"}
    change = next(d for d in doubts if d.kind == "change")
    assert change.reason == "last reading Pulse 88, 20 minutes ago"


def test_the_same_change_after_the_window_is_not_a_jump(alphabet):
    """A 50-beat change within the window is asked about; hours later it is not."""
    assert kinds(
        statement_doubts(pulse(125), alphabet, previous=earlier(pulse(75), 30), at=NOW)
    ) == {"change"}
    assert (
        statement_doubts(pulse(125), alphabet, previous=earlier(pulse(75), 180), at=NOW)
        == ()
    )


@pytest.mark.parametrize(
    ("type_name", "value", "asked"),
    [
        ("heartRate", "40", True),
        ("heartRate", "41", False),
        ("heartRate", "131", True),
        ("temperature", "39.1", True),
        ("temperature", "38.9", False),
        ("respiratoryRate", "25", True),
        ("oxygenSaturation", "91", True),
        ("systolicBP", "90", True),
        ("painLevel", "10", False),  # no extreme band for pain
    ],
)
def test_the_charts_extreme_bands_are_asked_about(alphabet, type_name, value, asked):
    statement = Statement("data", type_name, Decimal(value))
    assert (kinds(statement_doubts(statement, alphabet)) == {"extreme"}) is asked


def test_a_condition_is_asked_about_only_for_its_words(alphabet):
    """ "she's in stable" for "she's unstable": the words decide, there is no range."""
    stable = Statement("condition", "stability", "stable")
    assert kinds(statement_doubts(stable, alphabet, confidence=0.2)) == {"confidence"}
    assert statement_doubts(stable, alphabet, confidence=0.8) == ()


def test_the_question_reads_as_the_nurse_writes(alphabet):
    assert question_text(pulse(180), alphabet) == "Pulse 180?"
    temperature = Statement("data", "temperature", Decimal("39.4"))
    assert question_text(temperature, alphabet) == "Temp 39.4 °C?"


ALPHABET = """
confirm_confidence = {top}
[data.heartRate]
description = "pulse"
min = 20
max = 250
{keys}
"""


def test_a_type_may_set_its_own_confidence_threshold():
    alphabet = alphabet_parse(ALPHABET.format(top=0.5, keys="confirm_confidence = 0.8"))
    assert alphabet.confidence_needed("heartRate") == 0.8
    assert kinds(statement_doubts(pulse(92), alphabet, confidence=0.7)) == {
        "confidence"
    }


@pytest.mark.parametrize(
    ("top", "keys", "message"),
    [
        (1.5, "", "must be from 0 to 1"),
        (0.5, "confirm_outside = [300, 400]", "must lie within min 20 and max 250"),
        (0.5, "confirm_outside = [130]", "two numbers, [low, high]"),
        (0.5, "confirm_change = { by = 40 }", "{ by = N, within_minutes = M }"),
        (0.5, "confirm_change = { by = -1, within_minutes = 60 }", "both positive"),
    ],
)
def test_thresholds_are_validated_with_their_line(top, keys, message):
    with pytest.raises(AlphabetError, match=re.escape(message)) as error:
        alphabet_parse(ALPHABET.format(top=top, keys=keys))
    assert error.value.diagnostics[0].line is not None
