"""What the nurse reads back: confirmations and warnings, built only from facts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from logic.alphabet import Alphabet
from logic.program import TimedStatement
from logic.statements import Statement


def statement_text(statement: Statement, alphabet: Alphabet) -> str:
    """A statement in ward words: ``temperature 38.4 °C``, ``pain 3/10``, ``alert``."""
    if statement.family == "condition":
        condition = alphabet.conditions[statement.type]
        value = condition.value(str(statement.value))
        return (
            value.description if value and value.description else str(statement.value)
        )
    measurement = alphabet.measurements[statement.type]
    label = measurement.synonyms[0] if measurement.synonyms else measurement.name
    return f"{label} {_amount(statement, alphabet)}"


def _amount(statement: Statement, alphabet: Alphabet) -> str:
    """A measurement's value with its unit: ``38.4 °C``, ``3/10``, ``96%``."""
    unit = alphabet.measurements[statement.type].unit
    gap = "" if not unit or unit[0] in "/%" else " "
    return f"{statement.value_text(alphabet)}{gap}{unit}"


def _was(
    reading: Reading,
    alphabet: Alphabet,
    previous: Mapping[str, TimedStatement],
) -> str:
    """`` (was 37.2 at 08:00)``; a pair's values together: `` (was 120/70 at 08:00)``."""
    before = [
        previous[s.type]
        for s in reading.statements
        if s.family == "data" and s.type in previous
    ]
    if not before:
        return ""
    values = "/".join(b.statement.value_text(alphabet) for b in before)
    return f" (was {values} at {max(b.at for b in before):%H:%M})"


def confirmation_text(
    statements: Iterable[Statement],
    *,
    alphabet: Alphabet,
    unclear: Iterable[str] = (),
    previous: Mapping[str, TimedStatement] | None = None,
    said: Mapping[Statement, str] | None = None,
    withheld: Mapping[Statement, str] | None = None,
) -> str:
    """The confirmation shown after a message, in the nurse's own notation, e.g.
    ``Recorded: Temp 38.4 °C (was 37.2 at 08:00), BP 128/76, Pain 3/10. Not
    recorded: SpO2 88% (as asked). Not understood: 'asked for his glasses'``.

    Deterministic: every value comes from an accepted statement or ``previous``.
    ``said`` holds what the nurse said where it differs from the recorded value
    (``Extraction.said``: a Fahrenheit temperature), shown beside it: ``Temp 36.9
    °C (said 98.4 °F)``. ``withheld`` holds values the words asked not to record,
    with why (``Extraction.withheld``: "as asked", "not measured").
    """
    previous = previous or {}
    said = said or {}
    withheld = withheld or {}
    parts = [
        line.text
        + "".join(f" (said {said[s]})" for s in line.statements if s in said)
        + _was(line, alphabet, previous)
        for line in readings(statements, alphabet)
    ]
    sentences = []
    if parts:
        sentences.append("Recorded: " + ", ".join(parts) + ".")
    left_out = [
        f"{line.text} ({withheld[line.statements[0]]})"
        for line in readings(withheld, alphabet)
    ]
    if left_out:
        sentences.append("Not recorded: " + ", ".join(left_out) + ".")
    missed = [f"'{text}'" for text in unclear]
    if missed:
        sentences.append("Not understood: " + ", ".join(missed) + ".")
    return " ".join(sentences) or "Nothing recorded."


def problem_warning(title: str, description: str, support: str) -> str:
    """``Title: description Based on: support.``, leaving out what is empty."""
    text = f"{title}: {description}" if description else title
    return f"{text} Based on: {support}." if support else text


def support_text(
    facts: Iterable[TimedStatement],
    alphabet: Alphabet,
    *,
    when: Callable[[datetime], str],
) -> str:
    """Supporting facts as readings with their times, ``when`` writing a time:
    ``Temp 38.6 °C at 10:20, BP 128/76 at 10:20, Had surgery`` (background, true
    whenever it was said, has no time)."""
    return ", ".join(
        line.text if _timeless(line, alphabet) else f"{line.text} at {when(line.at)}"
        for line in timed_readings(facts, alphabet)
    )


def _timeless(line: TimedReading, alphabet: Alphabet) -> bool:
    return all(s.type in alphabet.accumulating for s in line.statements)


@dataclass(frozen=True)
class Reading:
    """One line a nurse reads ("BP 128/76", "SpO2 96% on air", "New confusion") and
    the statements it stands for (a BP line stands for two: undo acts on both)."""

    text: str
    statements: tuple[Statement, ...]


def _display(statement: Statement, alphabet: Alphabet) -> str:
    if statement.family == "condition":
        value = alphabet.conditions[statement.type].value(str(statement.value))
        text = (value.display or value.description) if value else ""
        text = text or str(statement.value)
        return text[:1].upper() + text[1:]
    measurement = alphabet.measurements[statement.type]
    if measurement.display:
        return measurement.display.format(value=statement.value_text(alphabet))
    return statement_text(statement, alphabet)


def _paired(first: Statement, second: Statement, alphabet: Alphabet) -> str:
    template = alphabet.measurements[first.type].pair_display
    values = {}
    for statement in (first, second):
        if statement.family == "condition":
            value = alphabet.conditions[statement.type].value(str(statement.value))
            values[statement.type] = (value.display if value else "") or str(
                statement.value
            )
        else:
            values[statement.type] = statement.value_text(alphabet)
    return template.format(**values).strip()


def readings(statements: Iterable[Statement], alphabet: Alphabet) -> list[Reading]:
    """Statements said together, as the lines a nurse writes: a type and its
    ``pair`` from the alphabet become one line ("BP 128/76"), every other statement
    its own ``display`` ("Temp 38.4 °C", "New confusion"), in the order given."""
    pending = list(statements)
    lines: list[Reading] = []
    while pending:
        statement = pending.pop(0)
        measurement = alphabet.measurements.get(statement.type)
        partner_type = measurement.pair if measurement else ""
        partner = next((s for s in pending if s.type == partner_type), None)
        if partner is None:  # the pair's second type may come first
            owner = next(
                (s for s in pending
                 if (m := alphabet.measurements.get(s.type)) and m.pair == statement.type),
                None,
            )  # fmt: skip
            if owner is not None:
                statement, partner = owner, statement
        if partner is not None and alphabet.measurements[statement.type].pair_display:
            pending = [s for s in pending if s not in (statement, partner)]
            lines.append(
                Reading(_paired(statement, partner, alphabet), (statement, partner))
            )
        else:
            lines.append(Reading(_display(statement, alphabet), (statement,)))
    return lines


@dataclass(frozen=True)
class TimedReading:
    """A reading and when it was said."""

    text: str
    statements: tuple[Statement, ...]
    at: datetime


def timed_readings(
    facts: Iterable[TimedStatement], alphabet: Alphabet
) -> list[TimedReading]:
    """Facts as readings, in time order: facts said at the same moment are read
    together, so a systolic and a diastolic said together are one ``BP 128/76``."""
    moments: dict[datetime, list[Statement]] = {}
    for fact in sorted(facts, key=lambda f: f.at):
        moments.setdefault(fact.at, []).append(fact.statement)
    return [
        TimedReading(line.text, line.statements, at)
        for at, statements in moments.items()
        for line in readings(statements, alphabet)
    ]


def type_label(type_name: str, alphabet: Alphabet) -> str:
    """A type's name as a chart heads it: a measurement's ``display`` up to its
    value ("Temp", "Pulse", "SpO2"), a condition type's ``display``; else the name."""
    measurement = alphabet.measurements.get(type_name)
    if measurement is not None and measurement.display:
        return measurement.display.split("{", 1)[0].strip() or type_name
    condition = alphabet.conditions.get(type_name)
    if condition is not None and condition.display:
        return condition.display
    return type_name
