"""Compile a guide into the constraint a backend understands: GBNF or JSON schema.

Every output line reads ``"QUOTE" => STATEMENT``: the quote is the nurse's words that
support the statement. Strict mode allows only the guide's candidates, each with its
own quote, in the order spoken, at most one per choice group. Relaxed mode allows any
statement of the alphabet whose number was said in the utterance, quoted by clause.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any

from logic.alphabet import Alphabet
from logic.diagnostics import StatementError
from logic.extraction.guide import Candidate, Guide
from logic.statements import Statement, measurement_value

MAX_LINES = 16
# The examples in the prompt end each answer with END, so the model may stop anywhere.
END = "END"
END_LITERAL = f'"{END}"'
# What the model writes after a quote to decline every statement of it.
NONE = "none"


class GuideMode(StrEnum):
    """How tightly the guide constrains the model."""

    STRICT = "strict"
    RELAXED = "relaxed"
    OFF = "off"


@dataclass(frozen=True)
class Constraint:
    """The guide compiled for one utterance; no grammar or schema in off mode."""

    mode: GuideMode
    gbnf: str | None
    schema: dict[str, Any] | None
    lines: tuple[str, ...]
    # Strict mode: each choice group's complete output lines (its candidates, then
    # the declining ``none`` line), in the order the grammar requires them.
    choices: tuple[tuple[str, ...], ...] = ()


def output_line(quote: str, statement: str) -> str:
    """One output line without its newline: ``"BP 150" => data(systolicBP, 150)``."""
    return f'"{_clean_quote(quote)}" => {statement}'


def _clean_quote(quote: str) -> str:
    return " ".join(quote.replace('"', "'").split())


def _literal(text: str) -> str:
    """``text`` as a GBNF string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def candidate_line(guide: Guide, candidate: Candidate, alphabet: Alphabet) -> str:
    """The only line strict mode allows for ``candidate``."""
    return output_line(guide.quote(candidate), candidate.statement.canonical(alphabet))


def _groups(guide: Guide) -> list[list[Candidate]]:
    """Candidates by choice group, groups in the order first spoken."""
    groups: dict[str, list[Candidate]] = {}
    for candidate in guide.candidates:
        groups.setdefault(candidate.group, []).append(candidate)
    return list(groups.values())


def relaxed_statements(guide: Guide, alphabet: Alphabet) -> tuple[str, ...]:
    """Every alphabet statement relaxed mode allows: any condition value, and any
    measurement whose value is a number said (or derived from one said)."""
    allowed: list[str] = []
    numbers = [*guide.numbers, *(c.statement.value for c in guide.candidates)]
    for measurement in alphabet.measurements.values():
        for number in dict.fromkeys(n for n in numbers if isinstance(n, Decimal)):
            try:
                value = measurement_value(measurement, number)
            except StatementError:
                continue
            text = Statement("data", measurement.name, value).canonical(alphabet)
            if text not in allowed:
                allowed.append(text)
    for condition in alphabet.conditions.values():
        allowed += [f"condition({condition.name}, {v.name})" for v in condition.values]
    return tuple(allowed)


def constraint_compile(guide: Guide, alphabet: Alphabet, mode: GuideMode) -> Constraint:
    """Compile ``guide`` for ``mode`` into a GBNF grammar and a JSON schema."""
    if mode is GuideMode.OFF:
        return Constraint(mode, None, None, ())
    if mode is GuideMode.STRICT:
        return _strict(guide, alphabet)
    return _relaxed(guide, alphabet)


def _strict(guide: Guide, alphabet: Alphabet) -> Constraint:
    """Each choice group in spoken order: the model quotes the words, then writes one
    of the group's statements or ``none``."""
    rules, names, lines, options = [], [], [], []
    for index, group in enumerate(_groups(guide)):
        choices = [candidate_line(guide, c, alphabet) for c in group]
        lines += choices
        names.append(f"g{index}")
        declined = output_line(guide.quote(group[0]), NONE)
        options.append((*choices, declined))
        rules.append(
            f"g{index} ::= "
            + " | ".join(_literal(c + "\n") for c in [*choices, declined])
        )
    root = "root ::= " + " ".join([*names, END_LITERAL])
    gbnf = "\n".join([root, *rules]) + "\n"
    return Constraint(
        GuideMode.STRICT, gbnf, _schema({"enum": lines}), tuple(lines), tuple(options)
    )


def _relaxed(guide: Guide, alphabet: Alphabet) -> Constraint:
    quotes = list(
        dict.fromkeys(_clean_quote(guide.text[s:e]) for s, e in guide.clauses)
    ) or [""]
    statements = relaxed_statements(guide, alphabet)
    gbnf = (
        "\n".join(
            [
                f"root ::= line{{0,{MAX_LINES}}} {END_LITERAL}",
                'line ::= "\\"" quote "\\" => " statement "\\n"',
                "quote ::= " + " | ".join(_literal(q) for q in quotes),
                "statement ::= " + " | ".join(_literal(s) for s in statements),
            ]
        )
        + "\n"
    )
    item = {
        "type": "object",
        "properties": {
            "quote": {"type": "string", "enum": quotes},
            "statement": {"type": "string", "enum": list(statements)},
        },
        "required": ["quote", "statement"],
        "additionalProperties": False,
    }
    return Constraint(GuideMode.RELAXED, gbnf, _schema(item), statements)


def _schema(item: dict[str, Any]) -> dict[str, Any]:
    """An object with one array of output items (OpenAI strict needs an object)."""
    if "enum" in item:
        item = {"type": "string", **item}
    return {
        "type": "object",
        "properties": {"statements": {"type": "array", "items": item}},
        "required": ["statements"],
        "additionalProperties": False,
    }


def schema_lines(content: str) -> list[str]:
    """Output lines from a JSON answer shaped by the schema; [] when not JSON."""
    try:
        document = json.loads(content)
    except json.JSONDecodeError:
        return []
    items = document.get("statements") if isinstance(document, dict) else document
    if not isinstance(items, list):
        return []
    lines = []
    for item in items:
        if isinstance(item, dict):
            lines.append(
                output_line(str(item.get("quote", "")), str(item.get("statement", "")))
            )
        else:
            lines.append(str(item))
    return lines
