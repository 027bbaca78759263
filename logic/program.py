"""Builds the fact part of a patient's program from timestamped statements.

Besides one fact per statement, the builder adds ``next(Type, T1, T2)`` for each pair of
consecutive readings of a type. With them the time rules find the latest and previous
reading by looking at one neighbour, so grounding grows linearly with the number of
readings; rules that compare every pair or triple of readings grow with their cube.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from logic.alphabet import Alphabet
from logic.statements import Statement


@dataclass(frozen=True)
class TimedStatement:
    """A statement with the wall-clock time of the message it came from."""

    statement: Statement
    at: datetime


# (type, seconds) identifies a reading of a latest-value type; accumulating types keep
# every value, so their key also holds the value.
ReadingKey = tuple[str, int] | tuple[str, str, int]


@dataclass(frozen=True)
class PatientProgram:
    """The facts of one patient, and how to map program times back to statements."""

    text: str
    origin: datetime
    now_seconds: int
    readings: Mapping[ReadingKey, TimedStatement]

    def reading(
        self, type_name: str, value: int | str, seconds: int
    ) -> TimedStatement | None:
        """The statement behind a reading the rules refer to, or None."""
        return self.readings.get((type_name, seconds)) or self.readings.get(
            (type_name, str(value), seconds)
        )


def seconds_between(origin: datetime, moment: datetime) -> int:
    """Whole seconds from ``origin`` to ``moment`` (both timezone-aware)."""
    return int((moment - origin).total_seconds())


# Each reading enters as one fact that also names the time of the reading before it;
# this prelude unfolds it into the predicates rule authors use. One fact per reading
# instead of two halves the text clingo has to parse.
PRELUDE = """
data(Type, Value, T) :- recorded(data, Type, Value, T, _).
condition(Type, Value, T) :- recorded(condition, Type, Value, T, _).
next(Type, Before, T) :- recorded(_, Type, _, T, Before), Before != none.
"""


def program_build(
    facts: Iterable[TimedStatement], *, alphabet: Alphabet, now: datetime | None = None
) -> PatientProgram:
    """Turn a patient's accepted statements into clingo facts.

    Times become seconds since the earliest fact (or ``now`` if earlier), so they stay
    small whole numbers. Two readings of the same latest-value type at the same second
    cannot both be current: the one given later wins, as when a nurse corrects herself
    within one message.
    """
    facts = [_aware(f) for f in facts]
    moments = [f.at for f in facts]
    now = _as_utc(now) if now is not None else max(moments, default=datetime.now(UTC))
    origin = min([*moments, now])
    accumulating = {n for n, c in alphabet.conditions.items() if c.accumulates}
    readings: dict[ReadingKey, TimedStatement] = {}
    for fact in facts:
        seconds = seconds_between(origin, fact.at)
        statement = fact.statement
        if statement.type in accumulating:
            readings[(statement.type, str(statement.value), seconds)] = fact
        else:
            readings[(statement.type, seconds)] = fact
    lines = [PRELUDE, f"now({seconds_between(origin, now)})."]
    lines += [f"accumulates({name})." for name in accumulating]
    lines += _recorded_lines(readings, alphabet)
    return PatientProgram(
        text="".join(lines),
        origin=origin,
        now_seconds=seconds_between(origin, now),
        readings=readings,
    )


def _recorded_lines(
    readings: Mapping[ReadingKey, TimedStatement], alphabet: Alphabet
) -> list[str]:
    scales = {n: m.scale for n, m in alphabet.measurements.items()}
    ordered = sorted(readings.items(), key=lambda item: (item[0][0], item[0][-1]))
    lines = []
    before: dict[str, int | str] = {}
    scaled: dict[tuple[str, object], object] = {}  # values repeat; Decimal math is slow
    for key, fact in ordered:
        statement = fact.statement
        value = statement.value
        text = scaled.get((statement.type, value))
        if text is None:
            text = (
                value if isinstance(value, str) else int(value * scales[statement.type])
            )
            scaled[(statement.type, value)] = text
        previous = "none"
        if len(key) == 2:
            previous = str(before.get(statement.type, "none"))
            before[statement.type] = key[1]
        lines.append(
            f"recorded({statement.family},{statement.type},{text},{key[-1]},{previous})."
        )
    return lines


def _accumulates(alphabet: Alphabet, statement: Statement) -> bool:
    condition = alphabet.conditions.get(statement.type)
    return condition is not None and condition.accumulates


def _as_utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError(
            f"time {moment.isoformat()} has no timezone; give UTC or an offset"
        )
    return moment.astimezone(UTC)


def _aware(fact: TimedStatement) -> TimedStatement:
    if fact.at.tzinfo is UTC:
        return fact
    return TimedStatement(fact.statement, _as_utc(fact.at))
