"""The alphabet: the closed set of statement types, from an editable TOML file."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from types import MappingProxyType
from typing import Any

from logic.alphabet_reading import (
    Coding,
    Conversion,
    Implication,
    coding_parse,
    conversions_parse,
    flag_parse,
    implications_parse,
    names_parse,
    panel_parse,
    words_parse,
)
from logic.diagnostics import AlphabetError, Diagnostic
from logic.toml_bounded import toml_loads

NAME_PATTERN = re.compile(r"^[a-z][A-Za-z0-9]*$")
FAMILIES = ("data", "condition")


@dataclass(frozen=True)
class MeasurementType:
    """A numeric statement type, written ``data(NAME, VALUE)``."""

    name: str
    description: str
    unit: str
    minimum: Decimal
    maximum: Decimal
    decimals: int
    synonyms: tuple[str, ...] = ()
    phrases: tuple[tuple[str, Decimal], ...] = ()
    # How a nurse writes a reading ("Temp {value} °C"); with ``pair``, how the pair
    # reads when both are said together ("BP {systolicBP}/{diastolicBP}").
    display: str = ""
    pair: str = ""
    pair_display: str = ""
    # When a spoken value is asked about before it counts (see logic/doubt.py): a
    # value outside ``confirm_outside`` (the chart's extremes), a change of more than
    # ``confirm_change[0]`` within ``confirm_change[1]`` minutes of the last reading,
    # or words the recogniser was less sure of than ``confirm_confidence``.
    confirm_outside: tuple[Decimal, Decimal] | None = None
    confirm_change: tuple[Decimal, int] | None = None
    confirm_confidence: float | None = None
    # How values are said (logic.alphabet_reading): words for the type's own unit
    # after a number ("mL"), which alone name the type when ``unit_alone`` ("2
    # litres" is an oxygen flow); other units converted from ("98.4 F"); words
    # written against the value ("E4"); several values said together that add up
    # (two drinks); an hour's rate that is the hour's reading ("30 mL an hour");
    # the parts this total is the sum of (GCS = E + V + M); statements it implies.
    unit_words: tuple[str, ...] = ()
    unit_alone: bool = False
    unit_before: tuple[str, ...] = ()
    conversions: tuple[Conversion, ...] = ()
    prefixes: tuple[str, ...] = ()
    sums: bool = False
    hourly: bool = False
    total_of: tuple[str, ...] = ()
    implies: tuple[Implication, ...] = ()
    fhir: Coding | None = None
    # A rating the patient gives (pain): said in the patient's own turn of a
    # transcript it is a reading; any other measurement the patient reports was
    # taken elsewhere.
    self_reported: bool = False
    # The patient chart's panel that shows this type's current reading beside a
    # chart ("oxygen": the device, flow and FiO2 under the SpO2 chart); empty: none.
    panel: str = ""

    @property
    def scale(self) -> int:
        """Factor that turns a value into the whole number the rule files see."""
        return int(10**self.decimals)


@dataclass(frozen=True)
class ConditionValue:
    """One allowed value of a condition type."""

    name: str
    description: str
    synonyms: tuple[str, ...] = ()
    display: str = ""  # as a nurse writes it: "New confusion", "on air"
    fhir: Coding | None = None
    # A value that means a change ("new confusion"): said to be as usual, it is not.
    change: bool = False


@dataclass(frozen=True)
class ConditionType:
    """A categorical statement type, written ``condition(NAME, VALUE)``."""

    name: str
    description: str
    values: tuple[ConditionValue, ...]
    synonyms: tuple[str, ...] = ()
    accumulates: bool = False
    # A judgement of the whole patient ("stable"): recorded only when said of the
    # patient, not of a finding ("a murmur that is stable", "vital signs stable").
    of_patient: bool = False
    display: str = ""  # the type's name on a chart: "Consciousness (ACVPU)"
    confirm_confidence: float | None = None  # see MeasurementType
    implies: tuple[Implication, ...] = ()  # see MeasurementType
    fhir: Coding | None = None
    panel: str = ""  # see MeasurementType

    def value(self, name: str) -> ConditionValue | None:
        """The allowed value called ``name``, or None."""
        return next((v for v in self.values if v.name == name), None)


@dataclass(frozen=True)
class Alphabet:
    """The statement types a rule set allows, by name."""

    name: str
    version: int
    measurements: Mapping[str, MeasurementType]
    conditions: Mapping[str, ConditionType]
    source: str = field(default="", compare=False)
    # Spoken words the recogniser was less sure of than this are asked about; a type
    # may set its own. 0: never asked for (typed words have no such doubt).
    confirm_confidence: float = 0.0

    def confidence_needed(self, type_name: str) -> float:
        """The recogniser's confidence below which a value of ``type_name`` is
        asked about."""
        own = self.measurements.get(type_name) or self.conditions.get(type_name)
        threshold = own.confirm_confidence if own is not None else None
        return self.confirm_confidence if threshold is None else threshold

    def family_of(self, type_name: str) -> str | None:
        """``"data"`` or ``"condition"`` for a known type, None for an unknown one."""
        if type_name in self.measurements:
            return "data"
        if type_name in self.conditions:
            return "condition"
        return None

    @property
    def type_names(self) -> tuple[str, ...]:
        """Every type name, measurements first, in file order."""
        return (*self.measurements, *self.conditions)

    @property
    def accumulating(self) -> frozenset[str]:
        """Condition types that keep every value said (``backgroundInfo``)."""
        return frozenset(n for n, c in self.conditions.items() if c.accumulates)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Read-only mappings do not pickle; an alphabet travels to the model process.
        return _alphabet_rebuild, (
            self.name, self.version, dict(self.measurements), dict(self.conditions),
            self.source, self.confirm_confidence,
        )  # fmt: skip


def _alphabet_rebuild(
    name: str,
    version: int,
    measurements: dict[str, MeasurementType],
    conditions: dict[str, ConditionType],
    source: str,
    confirm_confidence: float,
) -> Alphabet:
    return Alphabet(name, version, MappingProxyType(measurements),
                    MappingProxyType(conditions), source,
                    confirm_confidence)  # fmt: skip


def alphabet_load(path: str | Path) -> Alphabet:
    """Read and validate an alphabet file; raise :class:`AlphabetError` listing every
    problem with its line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise AlphabetError(
            [Diagnostic(f"cannot read file: {error}", str(path))]
        ) from error
    return alphabet_parse(text, source=str(path))


def alphabet_parse(text: str, *, source: str = "alphabet.toml") -> Alphabet:
    """Validate alphabet ``text`` (TOML); see :func:`alphabet_load`."""
    try:
        document = toml_loads(text)
    except tomllib.TOMLDecodeError as error:
        # Python 3.11 has the position only in the message: "... (at line 5, column 7)"
        found = re.search(r"\(at line (\d+), column \d+\)", str(error))
        message = re.sub(r"\s*\(at line .*\)$", "", str(error))
        line = int(found.group(1)) if found else None
        raise AlphabetError(
            [Diagnostic(f"not valid TOML: {message}", source, line)]
        ) from error
    reader = _Reader(source, _LineIndex(text))
    alphabet = reader.alphabet(document)
    if reader.problems:
        raise AlphabetError(reader.problems)
    return alphabet


class _LineIndex:
    """Finds the line of a table or key, because tomllib does not keep positions."""

    _HEADER = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$")
    _KEY = re.compile(r"^\s*([A-Za-z0-9_\"'-]+)\s*=")

    def __init__(self, text: str) -> None:
        self.tables: dict[str, int] = {}
        self.keys: dict[tuple[str, str], int] = {}
        table = ""
        for number, line in enumerate(text.splitlines(), start=1):
            if header := self._HEADER.match(line):
                table = re.sub(r"\s*\.\s*", ".", header.group(1))
                self.tables.setdefault(table, number)
            elif key := self._KEY.match(line):
                self.keys.setdefault((table, key.group(1).strip("\"'")), number)

    def line(self, table: str, key: str | None = None) -> int | None:
        if key is not None and (table, key) in self.keys:
            return self.keys[(table, key)]
        if table in self.tables:
            return self.tables[table]
        # [condition.X.values.Y] defines [condition.X] without a header of its own.
        nested = [n for t, n in self.tables.items() if t.startswith(f"{table}.")]
        return min(nested, default=None)


class _Reader:
    """Turns the TOML document into an :class:`Alphabet`, collecting every problem."""

    def __init__(self, source: str, lines: _LineIndex) -> None:
        self.source = source
        self.lines = lines
        self.problems: list[Diagnostic] = []

    def fail(self, table: str, key: str | None, message: str) -> None:
        self.problems.append(
            Diagnostic(message, self.source, self.lines.line(table, key))
        )

    def alphabet(self, document: dict[str, Any]) -> Alphabet:
        for key in document:
            if key not in (*FAMILIES, "name", "version", "confirm_confidence"):
                self.fail(
                    "",
                    key,
                    f"unknown top-level entry '{key}'; expected 'name', 'version', "
                    "'confirm_confidence', [data.TYPE] or [condition.TYPE]",
                )
        version = document.get("version", 1)
        if not isinstance(version, int) or isinstance(version, bool):
            self.fail("", "version", "'version' must be a whole number")
            version = 1
        measurements = self.family(document, "data", self.measurement)
        conditions = self.family(document, "condition", self.condition)
        self.displays(measurements, conditions)
        self.references(measurements, conditions)
        for name in set(measurements) & set(conditions):
            self.fail(
                f"condition.{name}",
                None,
                f"type '{name}' is defined twice, as "
                "data and as condition; type names must be unique",
            )
        if not document.get("data") and not document.get("condition"):
            self.fail(
                "",
                None,
                "the alphabet defines no types; add [data.TYPE] or "
                "[condition.TYPE] tables",
            )
        return Alphabet(
            name=str(document.get("name", "")),
            version=version,
            measurements=MappingProxyType(measurements),
            conditions=MappingProxyType(conditions),
            source=self.source,
            confirm_confidence=self.confidence("", document) or 0.0,
        )

    def confidence(self, where: str, table: dict[str, Any]) -> float | None:
        """``confirm_confidence``: a probability from 0 to 1, or None when absent."""
        value = table.get("confirm_confidence")
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(
                where, "confirm_confidence", "'confirm_confidence' must be a number"
            )
            return None
        if not 0 <= value <= 1:
            self.fail(
                where,
                "confirm_confidence",
                f"'confirm_confidence' = {value} must be from 0 to 1 (a probability)",
            )
            return None
        return float(value)

    def outside(
        self, where: str, table: dict[str, Any], minimum: Decimal, maximum: Decimal
    ) -> tuple[Decimal, Decimal] | None:
        """``confirm_outside = [low, high]``: within the type's range, low <= high."""
        value = table.get("confirm_outside")
        if value is None:
            return None
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int | float) for v in value)
        ):
            self.fail(
                where,
                "confirm_outside",
                "'confirm_outside' must be two numbers, [low, high]: readings below "
                "low or above high are asked about",
            )
            return None
        low, high = (Decimal(str(v)) for v in value)
        if not minimum <= low <= high <= maximum:
            self.fail(
                where,
                "confirm_outside",
                f"'confirm_outside' = [{low}, {high}] must lie within min {minimum} "
                f"and max {maximum}, low first",
            )
            return None
        return low, high

    def change(self, where: str, table: dict[str, Any]) -> tuple[Decimal, int] | None:
        """``confirm_change = { by = N, within_minutes = M }``."""
        value = table.get("confirm_change")
        if value is None:
            return None
        usage = (
            "'confirm_change' must be { by = N, within_minutes = M }: a change of "
            "more than N within M minutes of the last reading is asked about"
        )
        if not isinstance(value, dict) or set(value) != {"by", "within_minutes"}:
            self.fail(where, "confirm_change", usage)
            return None
        by, minutes = value["by"], value["within_minutes"]
        if (
            isinstance(by, bool)
            or not isinstance(by, int | float)
            or by <= 0
            or isinstance(minutes, bool)
            or not isinstance(minutes, int)
            or minutes <= 0
        ):
            self.fail(where, "confirm_change", usage + " (both positive)")
            return None
        return Decimal(str(by)), minutes

    def displays(
        self,
        measurements: dict[str, MeasurementType],
        conditions: dict[str, ConditionType],
    ) -> None:
        """``display`` may use {value}; ``pair`` names another type and
        ``pair_display`` uses both types' names."""
        for name, m in measurements.items():
            where = f"data.{name}"
            checks = [("display", m.display, {"value": "1"})]
            if m.pair:
                if m.pair not in measurements and m.pair not in conditions:
                    self.fail(where, "pair", f"'pair' = '{m.pair}' is no type here")
                    continue
                checks.append(
                    ("pair_display", m.pair_display, {name: "1", m.pair: "1"})
                )
            for key, template, fields in checks:
                try:
                    template.format(**fields)
                except (KeyError, IndexError, ValueError) as error:
                    self.fail(where, key, f"'{key}' = {template!r} cannot be filled: "
                              f"use only {', '.join('{' + f + '}' for f in fields)} "
                              f"({type(error).__name__}: {error})")  # fmt: skip

    def family(
        self, document: dict[str, Any], family: str, build: Any
    ) -> dict[str, Any]:
        tables = document.get(family, {})
        if not isinstance(tables, dict):
            self.fail(
                "", family, f"'{family}' must be a table of types like [{family}.NAME]"
            )
            return {}
        result = {}
        for name, table in tables.items():
            where = f"{family}.{name}"
            if not NAME_PATTERN.match(name):
                self.fail(
                    where,
                    None,
                    f"type name '{name}' must start with a lower-case "
                    "letter and contain only letters and digits",
                )
                continue
            if not isinstance(table, dict):
                self.fail(where, None, f"'{where}' must be a table")
                continue
            built = build(where, name, table)
            if built is not None:
                result[name] = built
        return result

    def strings(self, where: str, table: dict[str, Any], key: str) -> tuple[str, ...]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
            self.fail(where, key, f"'{key}' must be a list of strings")
            return ()
        return tuple(s.strip().lower() for s in value if s.strip())

    def unknown_keys(
        self, where: str, table: dict[str, Any], allowed: set[str]
    ) -> None:
        for key in table:
            if key not in allowed:
                self.fail(
                    where,
                    key,
                    f"unknown entry '{key}' in [{where}]; allowed: "
                    + ", ".join(sorted(allowed)),
                )

    def number(self, where: str, table: dict[str, Any], key: str) -> Decimal | None:
        value = table.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(where, key, f"'{key}' is required and must be a number")
            return None
        number = Decimal(str(value))
        if not _usable(number):
            self.fail(where, key, f"'{key}' = {value} {_UNUSABLE}")
            return None
        return number

    def measurement(
        self, where: str, name: str, table: dict[str, Any]
    ) -> MeasurementType | None:
        self.unknown_keys(
            where,
            table,
            {
                "description",
                "unit",
                "min",
                "max",
                "decimals",
                "synonyms",
                "phrases",
                "display",
                "pair",
                "pair_display",
                "confirm_outside",
                "confirm_change",
                "confirm_confidence",
                *_READING_KEYS,
            },
        )
        minimum, maximum = (
            self.number(where, table, "min"),
            self.number(where, table, "max"),
        )
        decimals = table.get("decimals", 0)
        if (
            isinstance(decimals, bool)
            or not isinstance(decimals, int)
            or not 0 <= decimals <= 3
        ):
            self.fail(
                where, "decimals", "'decimals' must be a whole number from 0 to 3"
            )
            return None
        if minimum is None or maximum is None:
            return None
        if minimum > maximum:
            self.fail(
                where, "min", f"'min' ({minimum}) is greater than 'max' ({maximum})"
            )
            return None
        for key, bound in (("min", minimum), ("max", maximum)):
            if decimal_places(bound) > decimals:
                self.fail(
                    where,
                    key,
                    f"'{key}' = {bound} has more decimals than "
                    f"'decimals' = {decimals} allows",
                )
        phrases = self.phrases(where, table, minimum, maximum, decimals)
        return MeasurementType(
            name=name,
            description=str(table.get("description", "")),
            unit=str(table.get("unit", "")),
            minimum=minimum,
            maximum=maximum,
            decimals=decimals,
            synonyms=self.strings(where, table, "synonyms"),
            phrases=phrases,
            display=str(table.get("display", "")),
            pair=str(table.get("pair", "")),
            pair_display=str(table.get("pair_display", "")),
            confirm_outside=self.outside(where, table, minimum, maximum),
            confirm_change=self.change(where, table),
            confirm_confidence=self.confidence(where, table),
            unit_words=words_parse(where, table, "unit_words", self.fail),
            unit_alone=flag_parse(where, table, "unit_alone", self.fail),
            unit_before=names_parse(where, table, "unit_before", self.fail),
            conversions=conversions_parse(where, table, self.fail),
            prefixes=words_parse(where, table, "prefixes", self.fail),
            sums=flag_parse(where, table, "sums", self.fail),
            hourly=flag_parse(where, table, "hourly", self.fail),
            self_reported=flag_parse(where, table, "self_reported", self.fail),
            total_of=names_parse(where, table, "total_of", self.fail),
            implies=implications_parse(where, table, self.fail),
            fhir=coding_parse(where, table, self.fail),
            panel=panel_parse(where, table, self.fail),
        )

    def phrases(
        self,
        where: str,
        table: dict[str, Any],
        minimum: Decimal,
        maximum: Decimal,
        decimals: int,
    ) -> tuple[tuple[str, Decimal], ...]:
        raw = table.get("phrases", {})
        if not isinstance(raw, dict):
            self.fail(
                where, "phrases", "'phrases' must be a table of \"phrase\" = value"
            )
            return ()
        result = []
        for phrase, value in raw.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                self.fail(where, "phrases", f"phrase '{phrase}' must map to a number")
                continue
            number = Decimal(str(value))
            if not _usable(number):
                self.fail(where, "phrases", f"phrase '{phrase}' = {value} {_UNUSABLE}")
                continue
            if not minimum <= number <= maximum or decimal_places(number) > decimals:
                self.fail(
                    where,
                    "phrases",
                    f"phrase '{phrase}' maps to {number}, which is "
                    f"not an allowed value ({minimum} to {maximum})",
                )
                continue
            result.append((phrase.strip().lower(), number))
        return tuple(result)

    def condition(
        self, where: str, name: str, table: dict[str, Any]
    ) -> ConditionType | None:
        self.unknown_keys(
            where,
            table,
            {
                "description",
                "synonyms",
                "accumulates",
                "of_patient",
                "values",
                "display",
                "confirm_confidence",
                "implies",
                "fhir",
                "panel",
            },
        )
        accumulates = table.get("accumulates", False)
        if not isinstance(accumulates, bool):
            self.fail(where, "accumulates", "'accumulates' must be true or false")
            accumulates = False
        of_patient = table.get("of_patient", False)
        if not isinstance(of_patient, bool):
            self.fail(where, "of_patient", "'of_patient' must be true or false")
            of_patient = False
        raw_values = table.get("values", {})
        if not isinstance(raw_values, dict) or not raw_values:
            self.fail(
                where,
                "values",
                f"condition '{name}' needs at least one value: add "
                f"[{where}.values.VALUE]",
            )
            return None
        values = []
        for value_name, value_table in raw_values.items():
            value_where = f"{where}.values.{value_name}"
            if not NAME_PATTERN.match(value_name):
                self.fail(
                    value_where,
                    None,
                    f"value name '{value_name}' must start with a "
                    "lower-case letter and contain only letters and digits",
                )
                continue
            if not isinstance(value_table, dict):
                self.fail(value_where, None, f"'{value_where}' must be a table")
                continue
            self.unknown_keys(
                value_where,
                value_table,
                {"description", "synonyms", "display", "fhir", "change"},
            )
            change = value_table.get("change", False)
            if not isinstance(change, bool):
                self.fail(value_where, "change", "'change' must be true or false")
                change = False
            values.append(
                ConditionValue(
                    name=value_name,
                    description=str(value_table.get("description", "")),
                    synonyms=self.strings(value_where, value_table, "synonyms"),
                    display=str(value_table.get("display", "")),
                    fhir=coding_parse(value_where, value_table, self.fail),
                    change=change,
                )
            )
        return ConditionType(
            name=name,
            description=str(table.get("description", "")),
            values=tuple(values),
            synonyms=self.strings(where, table, "synonyms"),
            accumulates=accumulates,
            of_patient=of_patient,
            display=str(table.get("display", "")),
            confirm_confidence=self.confidence(where, table),
            implies=implications_parse(where, table, self.fail),
            fhir=coding_parse(where, table, self.fail),
            panel=panel_parse(where, table, self.fail),
        )

    def references(
        self,
        measurements: dict[str, MeasurementType],
        conditions: dict[str, ConditionType],
    ) -> None:
        """What ``implies`` and ``total_of`` name exists: a statement of a known
        type and value, measurements for the parts of a total."""
        owners: list[tuple[str, tuple[Implication, ...]]] = [
            (f"data.{n}", m.implies) for n, m in measurements.items()
        ] + [(f"condition.{n}", c.implies) for n, c in conditions.items()]
        for where, implications in owners:
            for implied in implications:
                condition = conditions.get(implied.type)
                known = (
                    condition is not None and condition.value(implied.value) is not None
                    if implied.family == "condition"
                    else implied.type in measurements
                )
                if not known:
                    self.fail(where, "implies", f"'implies' names "
                              f"{implied.family}({implied.type}, {implied.value}), "
                              "which this alphabet does not define")  # fmt: skip
        for name, measurement in measurements.items():
            for part in measurement.total_of:
                if part not in measurements:
                    self.fail(f"data.{name}", "total_of",
                              f"'total_of' names '{part}', which is no measurement "
                              "here")  # fmt: skip
            for named in measurement.unit_before:
                if named not in conditions:
                    self.fail(f"data.{name}", "unit_before",
                              f"'unit_before' names '{named}', which is no "
                              "condition here")  # fmt: skip


_READING_KEYS = (
    "unit_words", "unit_alone", "unit_before", "conversions", "prefixes", "sums", "hourly",
    "total_of", "implies", "fhir", "self_reported", "panel",
)  # fmt: skip


# Finite and small enough that every value with 3 decimals stays exact (Decimal's
# default context keeps 28 digits); TOML allows nan and inf, a measurement does not.
_LIMIT = Decimal(10) ** 12
_UNUSABLE = "is not a usable value; use a finite number between -10^12 and 10^12"


def _usable(number: Decimal) -> bool:
    return number.is_finite() and abs(number) <= _LIMIT


def decimal_places(number: Decimal) -> int:
    """How many digits after the point ``number`` really has (37.50 has 1)."""
    try:
        normalized = number.normalize()
    except InvalidOperation:
        return 0
    exponent = normalized.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0
