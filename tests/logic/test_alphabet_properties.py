"""Hostile and random alphabet files (hypothesis): the loader reports AlphabetError
with a readable reason, and never fails with any other exception."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from logic import Alphabet, AlphabetError, StatementError, statement_parse
from logic.alphabet import alphabet_parse

BOUNDED = settings(max_examples=150, deadline=None)
LINES = st.sampled_from(
    [
        'name = "x"',
        "version = 1",
        'version = "one"',
        "version = true",
        "[data.temperature]",
        "[data.Temperature]",
        "[data.t-1]",
        "[condition.mood]",
        "[condition.mood.values.low]",
        "[condition.mood.values.Low]",
        "[condition.mood.values]",
        "[data]",
        "[condition]",
        "[[data.x]]",
        "min = 30",
        "max = 45",
        "min = 45",
        "max = 30",
        "min = nan",
        "max = inf",
        "min = -inf",
        "max = nan",
        "min = 1e400",
        'min = "30"',
        "min = true",
        "decimals = 1",
        "decimals = 9",
        "decimals = -1",
        "decimals = 1.5",
        "decimals = true",
        'unit = "C"',
        "unit = 3",
        'description = "d"',
        'synonyms = ["temp"]',
        "synonyms = [1, 2]",
        'synonyms = "temp"',
        "accumulates = true",
        'accumulates = "yes"',
        "phrases = { febrile = 38.5 }",
        "phrases = { cold = nan }",
        "phrases = { hot = inf }",
        'phrases = "x"',
        "phrases = { x = true }",
        "values = 3",
        "values = {}",
        "other = 1",
        "data = 5",
        "condition = []",
        "[",
        "]",
        "=",
        '"',
        "# comment",
        "",
        "x = [[[[[[[[1]]]]]]]]",
        "mood = { values = { low = {} } }",
        "[data.temperature.phrases]",
        '"quoted key" = 1',
    ]
)


def _parse(text: str) -> Alphabet | None:
    try:
        alphabet = alphabet_parse(text, source="fuzz.toml")
    except AlphabetError as error:
        assert error.diagnostics
        assert all(d.message and d.file == "fuzz.toml" for d in error.diagnostics)
        return None
    assert isinstance(alphabet, Alphabet)
    for m in alphabet.measurements.values():
        assert m.minimum <= m.maximum and 0 <= m.decimals <= 3
    for c in alphabet.conditions.values():
        assert c.values
    return alphabet


@BOUNDED
@given(st.text(max_size=300))
def test_arbitrary_text_gives_alphabet_error(text: str) -> None:
    _parse(text)


@BOUNDED
@given(st.lists(LINES, max_size=25).map("\n".join))
def test_alphabet_like_text_gives_alphabet_error(text: str) -> None:
    _parse(text)


NUMBERS = st.one_of(
    st.floats(),
    st.integers(-(10**20), 10**20),
    st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e300, 0.001]),
)


@BOUNDED
@example(minimum=float("nan"), maximum=1.0, decimals=0, phrase=0)
@example(minimum=0, maximum=float("inf"), decimals=0, phrase=0)
@example(minimum=0, maximum=1, decimals=0, phrase=float("nan"))
@example(minimum=0, maximum=10**15, decimals=3, phrase=0)
@given(minimum=NUMBERS, maximum=NUMBERS, decimals=st.integers(-1, 5), phrase=NUMBERS)
def test_any_numbers_of_a_measurement(minimum, maximum, decimals, phrase) -> None:
    """NaN, infinities and huge bounds are refused with AlphabetError; an accepted
    measurement's bounds are themselves valid statements."""
    alphabet = _parse(
        f"[data.t]\nmin = {_inline(minimum)}\nmax = {_inline(maximum)}\n"
        f"decimals = {decimals}\nphrases = {{ p = {_inline(phrase)} }}\n"
    )
    if alphabet is None:
        return
    m = alphabet.measurements["t"]
    for bound in (m.minimum, m.maximum, m.maximum + 1, m.minimum / 3):
        try:
            statement_parse(f"data(t, {bound})", alphabet)
        except StatementError:
            assert bound not in (m.minimum, m.maximum)


SCALARS = (
    st.none()
    | st.booleans()
    | st.floats()
    | st.integers(-(10**20), 10**20)
    | st.text(max_size=8)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(
    [
        "description",
        "unit",
        "min",
        "max",
        "decimals",
        "synonyms",
        "phrases",
        "values",
        "accumulates",
        "low",
        "x",
    ]
)


@BOUNDED
@given(
    st.sampled_from(["data", "condition"]),
    st.sampled_from(["t", "mood", "T", "low"]),
    st.dictionaries(KEYS, VALUES, max_size=6),
)
def test_any_values_in_a_type_table(family: str, name: str, table: dict) -> None:
    """Any TOML value where a type's entries are expected (NaN, infinities, nested
    tables, wrong types)."""
    lines = "\n".join(f"{key} = {_inline(value)}" for key, value in table.items())
    _parse(f"[{family}.{name}]\n{lines}\n")


def _inline(value) -> str:
    """The TOML inline form of a value (None becomes an empty table)."""
    import json

    if value is None:
        return "{}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)  # inf, -inf and nan are TOML too
    if isinstance(value, int | str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    items = (
        f"{json.dumps(k, ensure_ascii=False)} = {_inline(v)}" for k, v in value.items()
    )
    return "{" + ", ".join(items) + "}"
