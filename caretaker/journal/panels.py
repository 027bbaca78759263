"""What the chart and the handover show beside the readings: the current reading of
the types the alphabet puts in one panel (``panel = "oxygen"``: the device, flow and
FiO2 given now), and the last reading of a total with its parts ("GCS 14 (E4 V4
M6)") (issue 23, item 6). No type is named here: the alphabet says which."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from logic.alphabet import Alphabet
from logic.extraction.confirmation import readings
from logic.statements import Statement

Said = tuple[datetime, Statement]  # when, what
Shape = tuple[str, str, str]  # family, type, value


@dataclass(frozen=True)
class PanelReading:
    """One reading as a nurse writes it ("Nasal cannula", "O2 2.0 L/min")."""

    type: str
    text: str
    at: datetime


@dataclass(frozen=True)
class PanelShown:
    """The current readings of a panel's types, the conditions first (what is
    given, then how much)."""

    name: str
    readings: tuple[PanelReading, ...]

    @property
    def label(self) -> str:
        return self.name[:1].upper() + self.name[1:]

    @property
    def text(self) -> str:
        """ "Nasal cannula, O2 2.0 L/min, FiO2 28%"."""
        return ", ".join(r.text for r in self.readings)

    @property
    def since(self) -> datetime:
        """When the latest of them was said."""
        return max(r.at for r in self.readings)


def panel_types(alphabet: Alphabet, name: str) -> tuple[str, ...]:
    """The types of panel ``name``, conditions first, each in the alphabet's order."""
    conditions = [n for n, c in alphabet.conditions.items() if c.panel == name]
    return (
        *conditions,
        *(n for n, m in alphabet.measurements.items() if m.panel == name),
    )


def panel_now(said: Sequence[Said], alphabet: Alphabet, name: str) -> PanelShown | None:
    """The current reading of each type of panel ``name`` in ``said`` (time order),
    without those a later one contradicts ("on air" after "2 litres": the flow is
    over; a device after "on air": the air is) and without those another implies
    ("on oxygen" beside a nasal cannula); None when none is left."""
    types = panel_types(alphabet, name)
    latest: dict[str, Said] = {}
    for at, statement in said:
        if statement.type in types:
            latest[statement.type] = (at, statement)
    current = [
        (at, s)
        for at, s in latest.values()
        if not any(
            later > at and _contradict(s, other, alphabet)
            for later, other in latest.values()
        )
    ]
    implied = {shape for _at, s in current for shape in _implied(s, alphabet)}
    shown = [
        PanelReading(s.type, _text(s, alphabet), at)
        for at, s in sorted(current, key=lambda r: types.index(r[1].type))
        if _shape(s) not in implied
    ]
    return PanelShown(name, tuple(shown)) if shown else None


def totals_last(said: Sequence[Said], alphabet: Alphabet) -> tuple[PanelReading, ...]:
    """The last reading of each total (``total_of``), with the parts said with it:
    "GCS 14 (E4 V4 M6)"; a part is written by its letter when it has one."""
    shown = []
    for name, measurement in alphabet.measurements.items():
        if not measurement.total_of:
            continue
        last = next((r for r in reversed(said) if r[1].type == name), None)
        if last is None:
            continue
        at, total = last
        parts = {
            s.type: s for t, s in said if t == at and s.type in measurement.total_of
        }
        text = _text(total, alphabet)
        if parts:
            written = (
                _part(parts[p], alphabet) for p in measurement.total_of if p in parts
            )
            text += f" ({' '.join(written)})"
        shown.append(PanelReading(name, text, at))
    return tuple(shown)


def _part(statement: Statement, alphabet: Alphabet) -> str:
    prefixes = alphabet.measurements[statement.type].prefixes
    if prefixes:
        return f"{prefixes[0].upper()}{statement.value_text(alphabet)}"
    return _text(statement, alphabet)


def _text(statement: Statement, alphabet: Alphabet) -> str:
    return readings([statement], alphabet)[0].text


def _shape(statement: Statement) -> Shape:
    return (statement.family, statement.type, str(statement.value))


def _implied(statement: Statement, alphabet: Alphabet) -> Iterator[Shape]:
    kind = (
        alphabet.measurements.get(statement.type)
        if statement.family == "data"
        else alphabet.conditions.get(statement.type)
    )
    for implication in kind.implies if kind else ():
        if implication.when is None or _same_value(implication.when, statement):
            yield (implication.family, implication.type, implication.value)


def _same_value(when: str, statement: Statement) -> bool:
    try:
        return statement.family == "data" and float(when) == float(statement.value)
    except ValueError:
        return str(statement.value) == when


def _contradict(one: Statement, other: Statement, alphabet: Alphabet) -> bool:
    """Whether ``one`` implies another value of ``other``'s type, or ``other`` of
    ``one``'s."""
    for a, b in ((one, other), (other, one)):
        for family, type_name, value in _implied(a, alphabet):
            if (family, type_name) == (b.family, b.type) and value != str(b.value):
                return True
    return False
