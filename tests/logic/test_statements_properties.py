"""Hostile and random input to the statement parser (hypothesis): it fails only with
StatementError, and what it accepts round-trips and stays inside the alphabet."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from logic import Statement, StatementError, Unclear, default_ruleset, statement_parse

ALPHABET = default_ruleset().alphabet
BOUNDED = settings(max_examples=200, deadline=None)
MEASUREMENTS = sorted(ALPHABET.measurements)
CONDITIONS = sorted(ALPHABET.conditions)
NAMES = MEASUREMENTS + CONDITIONS + ["temp", "heartrate", "", "data", "(", "\u00a0"]
# Pieces a statement is made of, and pieces that break it.
PIECES = st.sampled_from(
    [
        "data",
        "condition",
        "unclear",
        "(",
        ")",
        ",",
        " ",
        '"',
        "\\",
        ".",
        "-",
        "+",
        "0",
        "7",
        "37.2",
        "1e3",
        "NaN",
        "Infinity",
        "\n",
        "\t",
        "\x00",
        "٣",
    ]
    + NAMES
)


def _check(text: str) -> None:
    try:
        parsed = statement_parse(text, ALPHABET)
    except StatementError as error:
        assert str(error)  # a readable reason
        return
    if isinstance(parsed, Unclear):
        assert parsed.text and parsed.text == parsed.text.strip()
        again = statement_parse(parsed.canonical(ALPHABET), ALPHABET)
        assert again == parsed
        return
    _assert_inside_alphabet(parsed)


def _assert_inside_alphabet(statement: Statement) -> None:
    canonical = statement.canonical(ALPHABET)
    assert statement_parse(canonical, ALPHABET) == statement
    assert statement_parse(canonical, ALPHABET).canonical(ALPHABET) == canonical
    if statement.family == "data":
        measurement = ALPHABET.measurements[statement.type]
        assert isinstance(statement.value, Decimal)
        assert measurement.minimum <= statement.value <= measurement.maximum
        assert -statement.value.as_tuple().exponent <= measurement.decimals
    else:
        assert ALPHABET.conditions[statement.type].value(str(statement.value))


@BOUNDED
@given(st.text(max_size=200))
def test_arbitrary_text_fails_only_with_statement_error(text: str) -> None:
    _check(text)


@BOUNDED
@given(st.lists(PIECES, max_size=12).map("".join))
def test_statement_like_text_fails_only_with_statement_error(text: str) -> None:
    _check(text)


@BOUNDED
@given(
    st.sampled_from(["data", "condition"]),
    st.sampled_from(NAMES),
    st.one_of(
        st.decimals(allow_nan=True, allow_infinity=True).map(str),
        st.integers(-(10**30), 10**30).map(str),
        st.floats().map(str),
        st.text(max_size=12),
    ),
)
def test_any_value_for_any_type(family: str, name: str, value: str) -> None:
    _check(f"{family}({name}, {value})")


@BOUNDED
@given(st.data())
def test_values_inside_the_range_are_accepted_and_round_trip(data) -> None:
    """Every in-range value with the type's decimals is accepted exactly."""
    name = data.draw(st.sampled_from(MEASUREMENTS))
    m = ALPHABET.measurements[name]
    scaled = data.draw(st.integers(int(m.minimum * m.scale), int(m.maximum * m.scale)))
    value = Decimal(scaled).scaleb(-m.decimals)
    statement = statement_parse(f"data({name}, {value})", ALPHABET)
    assert isinstance(statement, Statement) and statement.value == value
    _assert_inside_alphabet(statement)


@BOUNDED
@given(st.data())
def test_values_outside_the_range_are_refused(data) -> None:
    name = data.draw(st.sampled_from(MEASUREMENTS))
    m = ALPHABET.measurements[name]
    above = data.draw(st.integers(1, 10**6))
    for value in (m.maximum + above, m.minimum - above):
        text = f"data({name}, {value})"
        try:
            statement_parse(text, ALPHABET)
        except StatementError as error:
            assert "out of range" in str(error) or "not a number" in str(error)
        else:
            raise AssertionError(f"{text} was accepted")


@BOUNDED
@given(st.text(max_size=80))
def test_unclear_text_round_trips(text: str) -> None:
    import json

    _check(f"unclear({json.dumps(text)})")
    _check(f"unclear({json.dumps(text, ensure_ascii=False)})")
