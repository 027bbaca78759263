"""What the nurse reads back: confirmations and warnings, built only from facts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from logic.alphabet import Alphabet
from logic.program import TimedStatement
from logic.state import Problem
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
    statement: Statement,
    alphabet: Alphabet,
    previous: Mapping[str, TimedStatement],
) -> str:
    before = previous.get(statement.type)
    if before is None or statement.family != "data":
        return ""
    return f" (was {_amount(before.statement, alphabet)} at {before.at:%H:%M})"


def confirmation_text(
    statements: Iterable[Statement],
    *,
    alphabet: Alphabet,
    unclear: Iterable[str] = (),
    previous: Mapping[str, TimedStatement] | None = None,
) -> str:
    """The confirmation shown after a message, e.g. ``Recorded: temperature 38.4 °C
    (was 37.2 °C at 08:00), pain 3/10. Not understood: 'asked for his glasses'``.

    Deterministic: every value comes from an accepted statement or ``previous``.
    """
    previous = previous or {}
    parts = [
        statement_text(s, alphabet) + _was(s, alphabet, previous) for s in statements
    ]
    sentences = []
    if parts:
        sentences.append("Recorded: " + ", ".join(parts) + ".")
    missed = [f"'{text}'" for text in unclear]
    if missed:
        sentences.append("Not understood: " + ", ".join(missed) + ".")
    return " ".join(sentences) or "Nothing recorded."


def warning_text(problem: Problem, alphabet: Alphabet) -> str:
    """A problem's description from the rule files, with the facts that support it."""
    support = [
        f"{statement_text(s.statement, alphabet)} at {s.at:%H:%M}"
        for s in problem.support
    ]
    if not support:
        return problem.description
    return f"{problem.description} Based on: " + ", ".join(support) + "."


def wording_check(wording: str, allowed_numbers: Iterable[str]) -> bool:
    """True when an LLM's rewording of a confirmation adds no number of its own."""
    import re

    allowed = {n.rstrip("0").rstrip(".") if "." in n else n for n in allowed_numbers}
    said = re.findall(r"\d+(?:\.\d+)?", wording)
    return all((n.rstrip("0").rstrip(".") if "." in n else n) in allowed for n in said)


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
