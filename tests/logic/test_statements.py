"""Parsing statements in canonical form: valid ones round-trip, bad ones say why."""

from __future__ import annotations

from decimal import Decimal

import pytest

from logic import Statement, StatementError, Unclear, statement_parse


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("data(temperature, 37.2)", "data(temperature, 37.2)"),
        ("data(temperature,37)", "data(temperature, 37.0)"),
        ("  data( heartRate , 104 )  ", "data(heartRate, 104)"),
        ("data(heartRate, 104.0)", "data(heartRate, 104)"),
        ("data(bloodGlucose, 1.0)", "data(bloodGlucose, 1.0)"),
        ("data(painLevel, 0)", "data(painLevel, 0)"),
        ("condition(consciousness, confused)", "condition(consciousness, confused)"),
        (
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
        ),
    ],
)
def test_valid_statements_print_canonically(rules, text, canonical):
    statement = statement_parse(text, rules.alphabet)
    assert isinstance(statement, Statement)
    assert statement.canonical(rules.alphabet) == canonical


def test_numbers_compare_by_value(rules):
    a = statement_parse("data(temperature, 37)", rules.alphabet)
    b = statement_parse("data(temperature, 37.0)", rules.alphabet)
    assert a == b and a.value == Decimal("37.0")


def test_scaled_value_is_what_the_rules_see(rules):
    statement = statement_parse("data(temperature, 38.4)", rules.alphabet)
    assert statement.scaled_value(rules.alphabet) == 384


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("data(temprature, 37.2)", "unknown type 'temprature'"),
        ("data(consciousness, 3)", "is a condition type"),
        ("condition(temperature, high)", "is a data type"),
        (
            "condition(consciousness, sleepy)",
            "'sleepy' is not a value of consciousness",
        ),
        ("data(temperature, 29.9)", "out of range"),
        ("data(temperature, 45.1)", "out of range"),
        ("data(heartRate, 280)", "out of range"),
        ("data(painLevel, -1)", "out of range"),
        ("data(temperature, 37.25)", "too many decimals"),
        ("data(heartRate, 88.5)", "too many decimals"),
        ("data(heartRate, eighty)", "not a number"),
        ("data(heartRate, 1e2)", "not a number"),
        ("data(heartRate 88)", "is not a statement"),
        ("data(heartRate, 88, 3)", "is not a statement"),
        ("temperature is 37", "is not a statement"),
        ("", "is not a statement"),
        ('unclear("")', "needs the words"),
    ],
)
def test_bad_statements_are_rejected_with_a_reason(rules, text, fragment):
    with pytest.raises(StatementError) as caught:
        statement_parse(text, rules.alphabet)
    assert fragment in str(caught.value)


def test_unclear_keeps_the_words_and_escapes(rules):
    parsed = statement_parse('unclear("asked for his \\"glasses\\"")', rules.alphabet)
    assert parsed == Unclear('asked for his "glasses"')
    assert statement_parse(parsed.canonical(), rules.alphabet) == parsed
