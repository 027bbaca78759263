"""Confirmations and warnings are built from accepted facts only."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from logic.alphabet import Alphabet
from logic.extraction.confirmation import (
    confirmation_text,
    warning_text,
    wording_check,
)
from logic.program import TimedStatement
from logic.state import Problem
from logic.statements import Statement

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
        "Recorded: temperature 38.4 °C (was 37.2 °C at 08:00), pain 3/10. "
        "Not understood: 'asked for his glasses'."
    )


def test_confirmation_of_nothing(alphabet: Alphabet) -> None:
    """An empty extraction says so."""
    assert confirmation_text([], alphabet=alphabet) == "Nothing recorded."


def test_warning_uses_the_rule_description_and_support(alphabet: Alphabet) -> None:
    """A warning is the problem's description plus the facts behind it."""
    problem = Problem(
        "hypoglycaemia",
        "high",
        "Blood glucose below 4.0 mmol/L: treat now.",
        (TimedStatement(Statement("data", "bloodGlucose", Decimal("3.2")), EIGHT),),
    )
    assert warning_text(problem, alphabet) == (
        "Blood glucose below 4.0 mmol/L: treat now. "
        "Based on: blood glucose 3.2 mmol/L at 08:00."
    )


def test_llm_wording_may_not_add_a_value() -> None:
    """A rewording with a number that was not in the facts is refused."""
    assert wording_check("Temperature now 38.4 degrees.", ["38.4", "3"])
    assert not wording_check("Temperature now 39.4 degrees.", ["38.4", "3"])
