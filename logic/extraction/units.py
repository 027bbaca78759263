"""Units said after a number, read through the alphabet: the type's own unit
("200 mL"), a unit it is converted from ("98.4 F", "126 mg/dL", "160 pounds"), and a
rate per hour ("100 mL an hour"). Nothing here knows a type by name; the words come
from each type's ``unit_words`` and ``conversions``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from logic.alphabet import MeasurementType
from logic.alphabet_reading import Conversion

# "an hour", "per hour", "/hr", "hourly": a rate, not an amount.
_PER_HOUR = re.compile(
    r"\s*(?:an?\s+hour|per\s+hour|an?\s+hr|per\s+hr|/\s*(?:hour|hr|h)\b|hourly|"
    r"every\s+hour)",
    re.I,
)


@dataclass(frozen=True)
class UnitSaid:
    """A unit written after a number: where its words end, the conversion it asks
    for (None: the type's own unit) and whether a rate per hour follows."""

    end: int
    conversion: Conversion | None
    per_hour: bool


@lru_cache(maxsize=256)
def _words_pattern(words: tuple[str, ...]) -> re.Pattern[str] | None:
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    # ("hundred eighty, milligram per decilitre": a comma as a pause before it)
    return re.compile(rf"(?:[\s-]*|,\s+)(?:{alternatives})(?![\w/])", re.I)


def unit_after(
    text: str, end: int, measurement: MeasurementType, after_type: bool = False
) -> UnitSaid | None:
    """The unit of ``measurement`` written at ``end`` (right after a number), or
    None. Conversions are tried first: "l" is a litre of fluid, not a millilitre.
    ``after_type``: the number follows the type's word closely, so a conversion's
    ``after_type`` words count too ("sugar 144 mg")."""
    options: list[tuple[tuple[str, ...], Conversion | None]] = [
        (c.words + (c.after_type if after_type else ()), c)
        for c in measurement.conversions
    ]
    options.append((measurement.unit_words, None))
    best: UnitSaid | None = None
    for words, conversion in options:
        pattern = _words_pattern(words)
        match = pattern.match(text, end) if pattern else None
        if match and (best is None or match.end() > best.end):
            rate = _PER_HOUR.match(text, match.end())
            best = UnitSaid(match.end(), conversion, rate is not None)
    return best


def value_converted(
    measurement: MeasurementType,
    said: Decimal,
    unit: UnitSaid | None,
    units_used: frozenset[str] = frozenset(),
) -> tuple[Decimal, str]:
    """``said`` in ``measurement``'s unit, rounded to its decimals, and what was said
    when it differs ("98.4 °F"); a number with no unit word is converted when it lies
    in a conversion's ``unspoken`` range (98.6 is Fahrenheit, 0.35 a fraction) and,
    for a conversion with ``unspoken_with``, one of those units is in
    ``units_used`` (the units the same words said a value in)."""
    conversion = unit.conversion if unit is not None else None
    if unit is None:
        conversion = next(
            (
                c
                for c in measurement.conversions
                if c.unspoken is not None
                and c.unspoken[0] <= said <= c.unspoken[1]
                and (not c.unspoken_with or units_used & set(c.unspoken_with))
            ),
            None,
        )
    if conversion is None:
        return said, ""
    value = conversion.apply(said).quantize(Decimal(10) ** -measurement.decimals)
    return value, f"{said} {conversion.unit}".strip()


def unit_of_note(note: str) -> str:
    """The unit a value was converted from, in lower case as the alphabet keeps
    its words, read back from the note :func:`value_converted` wrote ("98.6 °F"
    is "°f"); "" for a value said in its type's own unit."""
    return note.split(" ", 1)[1].lower() if " " in note else ""
