"""Confirmations and warnings are built from accepted facts only."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from logic.alphabet import Alphabet
from logic.extraction.confirmation import (
    confirmation_text,
    timed_readings,
)
from logic.program import TimedStatement
from logic.state import Problem
from logic.statements import Statement
from logic.warning import warning_text

EIGHT = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)


def test_confirmation_lists_values_previous_values_and_unclear(
    alphabet: Alphabet,
) -> None:
    """The nurse reads what was recorded, what it was before, and what was missed."""
    previous = {
        "temperature": TimedStatement(
            Statement("data", "temperature", Decimal("37.2")), EIGHT
        )
    }
    text = confirmation_text(
        [
            Statement("data", "temperature", Decimal("38.4")),
            Statement("data", "painLevel", Decimal(3)),
        ],
        alphabet=alphabet,
        unclear=["asked for his glasses"],
        previous=previous,
    )
    assert text == (
        "Recorded: Temp 38.4 °C (was 37.2 at 08:00), Pain 3/10. "
        "Not understood: 'asked for his glasses'."
    )


def test_confirmation_reads_a_blood_pressure_as_one_line(alphabet: Alphabet) -> None:
    """Systolic and diastolic said together read as the nurse writes them, with
    both earlier values in one "was"."""
    previous = {
        "systolicBP": TimedStatement(Statement("data", "systolicBP", 120), EIGHT),
        "diastolicBP": TimedStatement(Statement("data", "diastolicBP", 70), EIGHT),
    }
    text = confirmation_text(
        [
            Statement("data", "temperature", Decimal("38.4")),
            Statement("data", "systolicBP", 128),
            Statement("data", "diastolicBP", 76),
        ],
        alphabet=alphabet,
        previous=previous,
    )
    assert text == "Recorded: Temp 38.4 °C, BP 128/76 (was 120/70 at 08:00)."
    assert "data(" not in text and "systolic" not in text


def test_confirmation_of_nothing(alphabet: Alphabet) -> None:
    """An empty extraction says so."""
    assert confirmation_text([], alphabet=alphabet) == "Nothing recorded."


def test_warning_uses_the_label_description_and_support(alphabet: Alphabet) -> None:
    """A warning is the problem's label and description plus the readings behind it."""
    problem = Problem(
        "hypoglycaemia",
        "high",
        "Blood glucose below 4.0 mmol/L: treat now.",
        (TimedStatement(Statement("data", "bloodGlucose", Decimal("3.2")), EIGHT),),
        label="Low blood sugar",
        meaning="Blood glucose is below 4.0 mmol/L.",
    )
    assert warning_text(problem, alphabet) == (
        "Low blood sugar: Blood glucose below 4.0 mmol/L: treat now. "
        "Based on: BM 3.2 mmol/L at 08:00."
    )


def test_warning_reads_support_as_readings_and_background_without_a_time(
    alphabet: Alphabet,
) -> None:
    """Rising temperature after surgery, as the nurse reads it: the temperatures as
    "Temp ... °C" with their times, the surgery as "Had surgery" (no time: it stays
    true), never a rule name or a statement."""
    ten_twenty = EIGHT.replace(hour=10, minute=20)
    problem = Problem(
        "risingTemperatureAfterOperation",
        "medium",
        "Temperature is rising after an operation or procedure.",
        (
            TimedStatement(Statement("condition", "backgroundInfo", "surgery"), EIGHT),
            TimedStatement(Statement("data", "temperature", Decimal("37.0")), EIGHT),
            TimedStatement(
                Statement("data", "temperature", Decimal("38.6")), ten_twenty
            ),
        ),
        label="Rising temperature after surgery",
    )
    assert warning_text(problem, alphabet) == (
        "Rising temperature after surgery: Temperature is rising after an operation "
        "or procedure. Based on: Had surgery, Temp 37.0 °C at 08:00, "
        "Temp 38.6 °C at 10:20."
    )


def test_a_problem_without_a_label_is_named_by_its_rule(alphabet: Alphabet) -> None:
    """Rule sets written before labels still read: the rule name stands in, and a
    description that says no more than it is not repeated."""
    problem = Problem("fever", "low", "Fever.", ())
    assert warning_text(problem, alphabet) == "fever"


def test_support_said_together_pairs_into_one_blood_pressure(
    alphabet: Alphabet,
) -> None:
    """Facts said at one moment are read together; at different moments apart."""
    later = EIGHT.replace(hour=9)
    lines = timed_readings(
        [
            TimedStatement(Statement("data", "systolicBP", 128), EIGHT),
            TimedStatement(Statement("data", "heartRate", 104), EIGHT),
            TimedStatement(Statement("data", "diastolicBP", 76), EIGHT),
            TimedStatement(Statement("data", "systolicBP", 99), later),
        ],
        alphabet,
    )
    assert [(line.text, line.at) for line in lines] == [
        ("BP 128/76", EIGHT),
        ("Pulse 104", EIGHT),
        ("Systolic BP 99", later),
    ]
    assert len(lines[0].statements) == 2
