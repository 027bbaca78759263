"""Number phrases as recognisers and transcribers write them, generated: spoken and
spaced decimals, "a hundred and four", "one twenty two", digits said one by one,
and decades, which are ranges and never a value."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from logic.extraction.numbers import normalize, numbers_find

UNITS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
DIGIT_WORDS = ["oh", *UNITS[1:10]]


def below_hundred(n: int) -> str:
    if n < 20:
        return UNITS[n]
    tens, unit = divmod(n, 10)
    return TENS[tens - 2] + (f" {UNITS[unit]}" if unit else "")


def hundreds(n: int, *, article: bool) -> str:
    """101 to 999 the long way: "a hundred and four", "two hundred and twelve"."""
    head, rest = divmod(n, 100)
    said = ("a" if article and head == 1 else UNITS[head]) + " hundred"
    return said + (f" and {below_hundred(rest)}" if rest else "")


def paired(n: int) -> str:
    """110 to 199 as nurses read a monitor: "one twenty two", "one forty"."""
    return f"one {below_hundred(n - 100)}"


def digit_by_digit(n: int) -> str:
    """100 to 109: "one oh four"."""
    return "one oh " + DIGIT_WORDS[n - 100] if n > 100 else "one hundred"


def values(text: str) -> list[Decimal]:
    return [token.value for token in numbers_find(normalize(text))]


whole = st.integers(min_value=20, max_value=99)
tenth = st.integers(min_value=0, max_value=9)


@given(whole, tenth, st.sampled_from(["point", ".", "dot"]))
def test_a_decimal_said_in_words_is_one_value(n, d, point):
    # "ninety eight point six", "ninety eight . six" (a recogniser's spaced point)
    text = f"temp {below_hundred(n)} {point} {UNITS[d]}"
    assert values(text) == [Decimal(f"{n}.{d}")]


@given(whole, tenth)
def test_a_decimal_half_in_digits_is_one_value(n, d):
    assert values(f"temp {n} . {d} now") == [Decimal(f"{n}.{d}")]
    assert values(f"temp {n} point {UNITS[d]}") == [Decimal(f"{n}.{d}")]


@given(st.integers(min_value=101, max_value=999), st.booleans())
def test_hundreds_said_the_long_way(n, article):
    assert values(f"pulse {hundreds(n, article=article)}") == [Decimal(n)]


@given(st.integers(min_value=101, max_value=109), tenth)
def test_hundreds_with_a_decimal(n, d):
    # "a hundred and four point two", "one oh four point two" (Fahrenheit)
    long_way = f"temp {hundreds(n, article=True)} point {UNITS[d]}"
    one_by_one = f"temp {digit_by_digit(n)} point {UNITS[d]}"
    assert values(long_way) == values(one_by_one) == [Decimal(f"{n}.{d}")]


@given(
    st.integers(min_value=20, max_value=250),
    st.sampled_from(["mmHg", "bpm", "b/m", "c/m", "/min", "br/min", "mmol/L", "mg/dL"]),
)
def test_a_unit_written_against_its_number_is_parted_from_it(n, unit):
    # "140/90mmHg", "pulse 88b/m", "RBS 9.8mmol/L": the number reads alone
    assert values(f"reading {n}{unit} now") == [Decimal(n)]
    assert values(f"reading {n}.5{unit}") == [Decimal(f"{n}.5")]


@given(st.integers(min_value=110, max_value=199), st.integers(30, 99))
def test_a_blood_pressure_read_as_pairs(systolic, diastolic):
    text = f"BP {paired(systolic)} over {below_hundred(diastolic)}"
    assert values(text) == [Decimal(systolic), Decimal(diastolic)]


@given(
    st.sampled_from(["one", "a hundred and", ""]),
    st.sampled_from(TENS),
    st.sampled_from(["in the", "running in the", "in the high", "in the low"]),
)
def test_a_decade_is_a_range_and_never_a_value(head, tens, where):
    decade = tens.replace("y", "ies")
    assert values(f"sugars {where} {head} {decade}".replace("  ", " ")) == []


@pytest.mark.parametrize(
    "text", ["pressures in the 130s", "sugars in the 120's", "in the high teens"]
)
def test_a_decade_in_digits_is_a_range(text):
    assert values(text) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("pulse ninety. Four patients in the bay", ["90", "4"]),  # a full stop
        ("sats 95. 2 litres", ["95", "2"]),
        ("temp thirty eight point one five", ["38.15"]),
        ("ninety eight point", ["98"]),
    ],
)
def test_a_full_stop_between_sentences_is_no_point(text, expected):
    assert values(text) == [Decimal(v) for v in expected]


@given(whole, tenth)
def test_the_evidence_of_a_spoken_decimal_is_its_words(n, d):
    text = f"temperature is {below_hundred(n)} . {UNITS[d]} today"
    normalized = normalize(text)
    (token,) = numbers_find(normalized)
    start, end = normalized.original_span(token.start, token.end)
    assert text[start:end] == f"{below_hundred(n)} . {UNITS[d]}"


with_units = st.integers(min_value=11, max_value=99).filter(
    lambda n: n < 20 or n % 10 != 0
)


@given(with_units, tenth)
def test_a_decimal_said_without_its_point(n, d):
    # "thirty eight six", "eleven two": as a thermometer or a meter is read aloud
    assert values(f"temp {below_hundred(n)} {UNITS[d]}") == [Decimal(f"{n}.{d}")]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("resps thirty six", ["36"]),  # the tens then a unit: one whole number
        ("temp 38 6", ["38", "6"]),  # typed digits are taken as typed
        ("one twenty two", ["122"]),
    ],
)
def test_whole_numbers_are_not_read_as_decimals(text, expected):
    assert values(text) == [Decimal(v) for v in expected]


@given(
    st.integers(min_value=1, max_value=9),
    st.sampled_from([0, 10, 15, 20, 30, 45, 50, 59]),
    st.sampled_from(["-", " "]),
)
def test_a_spoken_24_hour_clock_is_a_time_and_no_value(hour, minutes, gap):
    # "oh-three-hundred", "oh three fifteen": the 24-hour clock read aloud
    said = "hundred" if minutes == 0 else below_hundred(minutes).replace(" ", gap)
    text = f"recheck at oh{gap}{UNITS[hour]}{gap}{said} was 4.9"
    assert normalize(text).text == f"recheck at 0{hour}{minutes:02d} was 4.9"


@given(
    st.integers(min_value=95, max_value=104),
    st.integers(0, 9),
    st.integers(50, 130),
    st.integers(10, 30),
    st.integers(90, 180),
    st.integers(40, 100),
)
def test_a_chart_vital_sign_string_names_each_reading(t, d, pulse, resps, sys, dia):
    # "V/S: 97.8-76-18-132/68": temperature, pulse, respirations, pressure
    text = normalize(f"V/S: {t}.{d}-{pulse}-{resps}-{sys}/{dia}, 95% RA").text
    expected = f"temp {t}.{d}, pulse {pulse}, resps {resps}, BP {sys}/{dia}"
    assert text == f"V/S: {expected}, 95% RA"
