"""Reading timestamped facts from JSON Lines, with errors that name the line."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo

from logic.alphabet import Alphabet
from logic.diagnostics import Diagnostic, LogicError, StatementError
from logic.program import TimedStatement
from logic.statements import Statement, statement_parse


def moment_parse(text: str) -> datetime:
    """Parse an ISO 8601 time; a time without an offset is taken as UTC."""
    moment = datetime.fromisoformat(text.strip())
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def zone_parse(name: str) -> tzinfo:
    """A ward's time zone by its IANA name ("Europe/London"); ValueError if unknown."""
    try:
        return ZoneInfo(name.strip())
    except (KeyError, ValueError, OSError) as error:  # not found is a KeyError
        raise ValueError(
            f"{name!r} is not a time zone name such as 'Europe/London'"
        ) from error


def facts_read(
    lines: Iterable[str], *, alphabet: Alphabet, source: str = "facts"
) -> dict[str | None, list[TimedStatement]]:
    """Group the facts of a JSON Lines file by patient, in order of first appearance.

    Each line is ``{"patient": "p1", "at": "2026-11-20T08:00:00Z", "statement": "..."}``
    (``patient`` optional). ``unclear(...)`` lines are accepted and left out, since they
    never enter the rules. Raises :class:`LogicError` listing every bad line.
    """
    patients: dict[str | None, list[TimedStatement]] = {}
    problems: list[Diagnostic] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            patient, fact = _fact_parse(line, alphabet)
        except (ValueError, StatementError) as error:
            problems.append(Diagnostic(str(error), source, number))
            continue
        facts = patients.setdefault(patient, [])
        if fact is not None:
            facts.append(fact)
    if problems:
        raise LogicError(problems)
    return patients


def _fact_parse(
    line: str, alphabet: Alphabet
) -> tuple[str | None, TimedStatement | None]:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not a JSON object ({error.msg})") from error
    if not isinstance(record, dict):
        raise ValueError("each line must be a JSON object")
    patient = record.get("patient")
    if patient is not None and not isinstance(patient, str | int):
        raise ValueError("'patient' must be a string")
    at, text = record.get("at"), record.get("statement")
    if not isinstance(at, str) or not isinstance(text, str):
        raise ValueError('each line needs "at" (ISO 8601 time) and "statement" (text)')
    try:
        moment = moment_parse(at)
    except ValueError as error:
        raise ValueError(f"'at' is not an ISO 8601 time: {at!r}") from error
    statement = statement_parse(text, alphabet)
    fact = (
        TimedStatement(statement, moment) if isinstance(statement, Statement) else None
    )
    return (None if patient is None else str(patient)), fact
