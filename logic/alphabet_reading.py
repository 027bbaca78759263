"""How a type's values are said, beyond its synonyms: the units written after a
number, the other units it is converted from, several values that add up, a total
made of parts, the statements a value implies, and how the hospital's record codes it.

These entries of ``alphabet.toml`` let a new observation (oxygen flow, urine output, a
weight in pounds) be read without code that knows its name; :mod:`logic.alphabet`
validates them with the rest of the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

Fail = Callable[[str, str | None, str], None]


@dataclass(frozen=True)
class Conversion:
    """A unit a value may be said in, and the arithmetic to the type's own unit:
    ``(said - subtract) * multiply / divide``.

    ``words`` are written after the number ("98.4 F", "126 mg/dL"); ``after_type``
    words name the unit only right after the type's word and its number ("sugar 144
    mg"), since alone they name something else (a dose of 500 mg); ``unspoken`` is
    the range of said values that are in this unit even without its word (98.6 is a
    Fahrenheit temperature, 0.35 a fraction of inspired oxygen); with
    ``unspoken_with``, only when the same words say a value in one of those units
    (a speaker who gives Fahrenheit gives a sugar of 156 in mg/dL).
    """

    unit: str
    words: tuple[str, ...] = ()
    after_type: tuple[str, ...] = ()
    multiply: Decimal = Decimal(1)
    divide: Decimal = Decimal(1)
    subtract: Decimal = Decimal(0)
    unspoken: tuple[Decimal, Decimal] | None = None
    unspoken_with: tuple[str, ...] = ()

    def apply(self, said: Decimal) -> Decimal:
        """``said`` in the type's own unit (not yet rounded)."""
        return (said - self.subtract) * self.multiply / self.divide


@dataclass(frozen=True)
class Implication:
    """A statement that a value says too: "GCS 15" is also alert, a device or a
    flow of oxygen is also supplemental oxygen. ``when`` limits it to one value."""

    family: str
    type: str
    value: str
    when: str | None = None


@dataclass(frozen=True)
class Coding:
    """How the hospital's record (FHIR) codes a type or a value: ``codes`` are
    (code, display) pairs of ``system``; ``unit``/``ucum`` for a quantity,
    ``category`` and ``profile`` for the Observation.

    ``panel``, on a measurement whose ``pair`` is a measurement too (systolic and
    diastolic BP), codes the one Observation the two readings of a message are
    components of; ``text``, ``category`` and ``profile`` are then the panel's,
    and each reading's component is named by its first code's display."""

    system: str
    codes: tuple[tuple[str, str], ...]
    text: str = ""
    unit: str = ""
    ucum: str = ""
    category: str = ""
    profile: str = ""
    panel: tuple[tuple[str, str], ...] = ()


LOINC = "http://loinc.org"
SNOMED = "http://snomed.info/sct"
_SYSTEMS = {"loinc": LOINC, "snomed": SNOMED}


def _strings(value: Any) -> tuple[str, ...] | None:
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        return None
    return tuple(s.strip().lower() for s in value if s.strip())


def _number(value: Any) -> Decimal | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return Decimal(str(value))


def _tables(
    where: str, table: Mapping[str, Any], key: str, usage: str, fail: Fail
) -> list[dict[str, Any]]:
    """``key``'s list of inline tables, empty (and reported) when it is not one."""
    raw = table.get(key, [])
    if not isinstance(raw, list) or not all(isinstance(c, dict) for c in raw):
        fail(where, key, usage)
        return []
    return raw


def conversions_parse(where: str, table: Mapping[str, Any], fail: Fail) -> tuple[
    Conversion, ...
]:  # fmt: skip
    """``conversions = [{ unit = "°F", words = [...], subtract = 32, divide = 1.8,
    unspoken = [90, 110] }, ...]``; ``after_type = [...]`` for words that name the
    unit only right after the type's word ("sugar 144 mg"); ``unspoken_with =
    ["°F"]`` for units whose use elsewhere in the words lets ``unspoken`` apply."""
    usage = (
        "'conversions' must be a list of { unit = \"...\", words = [...], after_type = "
        "[...], multiply, divide, subtract (numbers), unspoken = [low, high], "
        "unspoken_with = [units] }"
    )
    raw = _tables(where, table, "conversions", usage, fail)
    result = []
    for entry in raw:
        unknown = set(entry) - {
            "unit", "words", "after_type", "multiply", "divide", "subtract", "unspoken",
            "unspoken_with",
        }  # fmt: skip
        words = _strings(entry.get("words", []))
        unspoken_with = _strings(entry.get("unspoken_with", []))
        after_type = _strings(entry.get("after_type", []))
        numbers = {k: _number(entry.get(k, d)) for k, d in
                   (("multiply", 1), ("divide", 1), ("subtract", 0))}  # fmt: skip
        unspoken = entry.get("unspoken")
        bounds = (
            tuple(_number(v) for v in unspoken)
            if isinstance(unspoken, list) and len(unspoken) == 2
            else None
        )
        if (
            unknown
            or not isinstance(entry.get("unit"), str)
            or words is None
            or after_type is None
            or None in numbers.values()
            or numbers["divide"] == 0
            or (unspoken is not None and (bounds is None or None in bounds))
            or (not words and unspoken is None)
            or unspoken_with is None
            or (unspoken_with and unspoken is None)
        ):
            fail(
                where,
                "conversions",
                usage + "; one of words or unspoken is needed, and unspoken_with "
                "only with unspoken",
            )
            continue
        result.append(
            Conversion(
                unit=entry["unit"],
                words=words,
                after_type=after_type,
                multiply=numbers["multiply"],  # type: ignore[arg-type]
                divide=numbers["divide"],  # type: ignore[arg-type]
                subtract=numbers["subtract"],  # type: ignore[arg-type]
                unspoken=bounds,  # type: ignore[arg-type]
                unspoken_with=unspoken_with,
            )
        )
    return tuple(result)


def implications_parse(
    where: str, table: Mapping[str, Any], fail: Fail
) -> tuple[Implication, ...]:
    """``implies = [{ statement = "condition(consciousness, alert)", when = 15 }]``;
    whether the statement exists is checked once every type is known."""
    usage = (
        "'implies' must be a list of { statement = \"condition(TYPE, VALUE)\" } with "
        "an optional when = VALUE"
    )
    raw = _tables(where, table, "implies", usage, fail)
    result = []
    for entry in raw:
        text = entry.get("statement")
        when = entry.get("when")
        parsed = _statement_shape(text) if isinstance(text, str) else None
        if (
            set(entry) - {"statement", "when"}
            or parsed is None
            or not (when is None or isinstance(when, int | float | str))
            or isinstance(when, bool)
        ):
            fail(where, "implies", usage)
            continue
        result.append(Implication(*parsed, when=None if when is None else str(when)))
    return tuple(result)


def _statement_shape(text: str) -> tuple[str, str, str] | None:
    """``("condition", "consciousness", "alert")`` from its canonical text."""
    text = text.strip()
    for family in ("data", "condition"):
        if text.startswith(f"{family}(") and text.endswith(")"):
            parts = [p.strip() for p in text[len(family) + 1 : -1].split(",")]
            if len(parts) == 2 and all(parts):
                return family, parts[0], parts[1]
    return None


def coding_parse(where: str, table: Mapping[str, Any], fail: Fail) -> Coding | None:
    """``fhir = { system = "loinc", codes = [["8310-5", "Body temperature"]],
    text, unit, ucum, category, profile }``."""
    raw = table.get("fhir")
    if raw is None:
        return None
    usage = (
        '\'fhir\' must be { system = "loinc" | "snomed" | a URL, codes = '
        '[["code", "display"], ...], and optional text, unit, ucum, category, '
        'profile (strings), panel = [["code", "display"], ...] }'
    )
    text_keys = ("text", "unit", "ucum", "category", "profile")
    if not isinstance(raw, dict) or set(raw) - {"system", "codes", "panel", *text_keys}:
        fail(where, "fhir", usage)
        return None
    codes = _code_pairs(raw.get("codes"))
    panel = _code_pairs(raw.get("panel", [])) if "panel" in raw else ()
    system = raw.get("system", "loinc")
    if (
        not isinstance(system, str)
        or not codes
        or panel is None
        or ("panel" in raw and not panel)
        or not all(isinstance(raw.get(k, ""), str) for k in text_keys)
    ):
        fail(where, "fhir", usage)
        return None
    return Coding(
        system=_SYSTEMS.get(system, system),
        codes=codes,
        panel=panel,
        **{k: raw.get(k, "") for k in text_keys},
    )


def _code_pairs(value: Any) -> tuple[tuple[str, str], ...] | None:
    """``[["8310-5", "Body temperature"], ...]`` as pairs; None when malformed."""
    if not isinstance(value, list) or not all(
        isinstance(c, list) and len(c) == 2 and all(isinstance(s, str) for s in c)
        for c in value
    ):
        return None
    return tuple((c[0], c[1]) for c in value)


def flag_parse(where: str, table: Mapping[str, Any], key: str, fail: Fail) -> bool:
    """A true/false entry, false when absent."""
    value = table.get(key, False)
    if not isinstance(value, bool):
        fail(where, key, f"'{key}' must be true or false")
        return False
    return value


def words_parse(
    where: str, table: Mapping[str, Any], key: str, fail: Fail
) -> tuple[str, ...]:
    """A list of words, lower case, empty when absent."""
    words = _strings(table.get(key, []))
    if words is None:
        fail(where, key, f"'{key}' must be a list of strings")
        return ()
    return words


def panel_parse(where: str, table: Mapping[str, Any], fail: Fail) -> str:
    """The patient chart's panel a type is shown in (``panel = "oxygen"``), empty
    when absent: a name as a type's is written."""
    value = table.get("panel", "")
    if not isinstance(value, str) or (value and not _PANEL_NAME.match(value)):
        fail(where, "panel", "'panel' must be a name that starts with a lower-case "
             'letter and has only letters and digits, e.g. panel = "oxygen"')  # fmt: skip
        return ""
    return value


_PANEL_NAME = re.compile(r"^[a-z][A-Za-z0-9]*$")


def names_parse(
    where: str, table: Mapping[str, Any], key: str, fail: Fail
) -> tuple[str, ...]:
    """A list of type names, as written, empty when absent."""
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        fail(where, key, f"'{key}' must be a list of type names")
        return ()
    return tuple(value)
