"""Statements in canonical text form: parsing, validating, printing."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from logic.alphabet import Alphabet, MeasurementType, decimal_places
from logic.diagnostics import StatementError

_STATEMENT = re.compile(
    r"^\s*(data|condition)\s*\(\s*([^,()\s]+)\s*,\s*([^,()\s]+)\s*\)\s*$"
)
_UNCLEAR = re.compile(r'^\s*unclear\s*\(\s*("(?:[^"\\]|\\.)*")\s*\)\s*$', re.DOTALL)
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


@dataclass(frozen=True)
class Statement:
    """A validated ``data(TYPE, VALUE)`` or ``condition(TYPE, VALUE)`` statement.

    ``value`` is a :class:`~decimal.Decimal` for data and a value name for conditions.
    Equality is by family, type and value, so ``37`` equals ``37.0``.
    """

    family: str
    type: str
    value: Decimal | str

    def canonical(self, alphabet: Alphabet | None = None) -> str:
        """The canonical text, with the type's decimals when the alphabet is known."""
        return f"{self.family}({self.type}, {self.value_text(alphabet)})"

    def value_text(self, alphabet: Alphabet | None = None) -> str:
        """The value as printed: ``38.4``, ``104``, ``confused``."""
        if isinstance(self.value, str):
            return self.value
        measurement = alphabet.measurements.get(self.type) if alphabet else None
        if measurement is not None:
            return f"{self.value:.{measurement.decimals}f}"
        return format(self.value, "f")

    def json_value(self, alphabet: Alphabet) -> int | float | str:
        """The value as JSON: whole numbers for 0-decimal types, floats otherwise."""
        if isinstance(self.value, str):
            return self.value
        if alphabet.measurements[self.type].decimals == 0:
            return int(self.value)
        return float(self.value)

    def scaled_value(self, alphabet: Alphabet) -> int | str:
        """The value as the rule files see it: a whole number (value x 10^decimals)."""
        if isinstance(self.value, str):
            return self.value
        return int(self.value * alphabet.measurements[self.type].scale)

    def __str__(self) -> str:
        return self.canonical()


@dataclass(frozen=True)
class Unclear:
    """Words about the patient that no statement of the alphabet can express."""

    text: str

    def canonical(self, alphabet: Alphabet | None = None) -> str:
        """``unclear("...")`` with the text quoted as a JSON string."""
        return f"unclear({json.dumps(self.text, ensure_ascii=False)})"

    def __str__(self) -> str:
        return self.canonical()


def statement_parse(text: str, alphabet: Alphabet) -> Statement | Unclear:
    """Parse one canonical statement and validate it against ``alphabet``.

    Raises :class:`StatementError` naming what is wrong: malformed text, unknown type,
    unknown condition value, a value out of range, or more decimals than allowed.
    """
    if match := _UNCLEAR.match(text):
        try:
            quoted = json.loads(match.group(1))
        except json.JSONDecodeError as error:
            raise StatementError(
                f"{text.strip()!r}: the unclear text is not a valid "
                f"quoted string ({error.msg})"
            ) from error
        if not quoted.strip():
            raise StatementError(
                f"{text.strip()!r}: unclear(...) needs the words that "
                "were not understood"
            )
        return Unclear(quoted.strip())
    match = _STATEMENT.match(text)
    if not match:
        raise StatementError(
            f"{text.strip()!r} is not a statement; expected "
            'data(TYPE, VALUE), condition(TYPE, VALUE) or unclear("TEXT")'
        )
    family, type_name, raw_value = match.groups()
    actual = alphabet.family_of(type_name)
    if actual is None:
        raise StatementError(
            f"{text.strip()!r}: unknown type '{type_name}'; known types: "
            + ", ".join(alphabet.type_names)
        )
    if actual != family:
        raise StatementError(
            f"{text.strip()!r}: '{type_name}' is a {actual} type; write "
            f"{actual}({type_name}, ...)"
        )
    if family == "data":
        return Statement(
            "data",
            type_name,
            measurement_value(alphabet.measurements[type_name], raw_value),
        )
    condition = alphabet.conditions[type_name]
    if condition.value(raw_value) is None:
        raise StatementError(
            f"{text.strip()!r}: '{raw_value}' is not a value of "
            f"{type_name}; allowed: " + ", ".join(v.name for v in condition.values)
        )
    return Statement("condition", type_name, raw_value)


def measurement_value(
    measurement: MeasurementType, raw: str | int | float | Decimal
) -> Decimal:
    """Check that ``raw`` is an allowed value of ``measurement``; return it exactly."""
    text = str(raw).strip()
    if not _NUMBER.match(text):
        raise StatementError(f"{measurement.name}: '{text}' is not a number")
    try:
        value = Decimal(text)
    except InvalidOperation as error:
        raise StatementError(f"{measurement.name}: '{text}' is not a number") from error
    if decimal_places(value) > measurement.decimals:
        allowed = (
            "whole numbers"
            if measurement.decimals == 0
            else f"at most {measurement.decimals} decimal(s)"
        )
        raise StatementError(
            f"{measurement.name}: {text} has too many decimals; "
            f"{measurement.name} takes {allowed}"
        )
    if not measurement.minimum <= value <= measurement.maximum:
        raise StatementError(
            f"{measurement.name}: {text} is out of range; allowed "
            f"{measurement.minimum} to {measurement.maximum} "
            f"{measurement.unit}".rstrip()
        )
    return value.quantize(Decimal(1).scaleb(-measurement.decimals))
