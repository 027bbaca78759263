"""Number words become digits, and every number keeps the words it came from."""

from decimal import Decimal

import pytest

from logic.extraction.numbers import normalize, numbers_find


def said(text: str) -> list[tuple[str, str]]:
    normalized = normalize(text)
    return [
        (str(n.value), text[slice(*normalized.original_span(n.start, n.end))])
        for n in numbers_find(normalized)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Temp thirty eight point two", [("38.2", "thirty eight point two")]),
        ("pulse one hundred and twelve", [("112", "one hundred and twelve")]),
        ("heart rate one thirty.", [("130", "one thirty")]),
        ("resps sixteen, pulse 68", [("16", "sixteen"), ("68", "68")]),
        ("So her temp's 37.4.", [("37.4", "37.4")]),
        ("on two litres", [("2", "two")]),
        # How Whisper tiny.en writes spoken numbers: half in digits.
        ("pulse 100 and 4", [("104", "100 and 4")]),
        ("pulse 100, and 4", [("104", "100, and 4")]),
        ("temp 38 point 4", [("38.4", "38 point 4")]),
        # ...but two numbers that only stand side by side stay two numbers.
        ("sats 94 and 2 litres", [("94", "94"), ("2", "2")]),
        ("pulse 100, and she is alert", [("100", "100")]),
    ],
)
def test_numbers_are_found_with_their_words(
    text: str, expected: list[tuple[str, str]]
) -> None:
    """Spoken and written numbers come back as digits with their original span."""
    assert said(text) == expected


def test_words_that_are_not_numbers_stay() -> None:
    """Digits inside words (SpO2, T1DM) are not numbers; the text is unchanged."""
    normalized = normalize("SpO2 fine, T1DM, CO2 retainer")
    assert normalized.text == "SpO2 fine, T1DM, CO2 retainer"
    assert numbers_find(normalized) == ()


@pytest.mark.parametrize(
    ("text", "expected_text", "values"),
    [
        ("SpO 2 95 on air", "SpO2 95 on air", [95]),
        ("spo two ninety five", "spo2 95", [95]),
        ("o two sats ninety four", "o2 sats 94", [94]),
        ("FiO 2 of 0.4", "FiO2 of 0.4", [Decimal("0.4")]),
        ("sats 94 on O 2", "sats 94 on O2", [94]),
        ("a CO 2 retainer", "a CO2 retainer", []),
        # Not a gas: "to two", "go 2" keep their numbers.
        ("up to two litres", "up to 2 litres", [2]),
    ],
)
def test_a_gas_said_apart_from_its_subscript_keeps_the_two(
    text: str, expected_text: str, values: list[Decimal]
) -> None:
    """The 2 of "SpO 2" belongs to the word; it never joins the reading (295)."""
    normalized = normalize(text)
    assert normalized.text == expected_text
    assert [n.value for n in numbers_find(normalized)] == values


def test_offsets_after_a_replaced_run_map_back() -> None:
    """Text after a converted run maps to the same words in the original."""
    text = "BP seventy eight over forty, heart rate 72"
    normalized = normalize(text)
    start = normalized.text.index("heart")
    assert text[slice(*normalized.original_span(start, start + 10))] == "heart rate"
    assert Decimal(78) in [n.value for n in numbers_find(normalized)]
