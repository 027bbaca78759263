"""Builds the fact part of a patient's program from timestamped statements.

Besides one fact per statement, the builder adds ``next(Type, T1, T2)`` for each pair of
consecutive readings of a type. With them the time rules find the latest and previous
reading by looking at one neighbour, so grounding grows linearly with the number of
readings; rules that compare every pair or triple of readings grow with their cube.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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
ReadingKey = tuple[str, int] | tuple[str, int | str, int]


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
            (type_name, value, seconds)
        )


def seconds_between(origin: datetime, moment: datetime) -> int:
    """Whole seconds from ``origin`` to ``moment`` (both timezone-aware)."""
    return int((moment - origin).total_seconds())


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
    readings: dict[ReadingKey, TimedStatement] = {}
    for fact in facts:
        seconds = seconds_between(origin, fact.at)
        statement = fact.statement
        if _accumulates(alphabet, statement):
            value = statement.scaled_value(alphabet)
            readings[(statement.type, value, seconds)] = fact
        else:
            readings[(statement.type, seconds)] = fact
    lines = [f"now({seconds_between(origin, now)})."]
    lines += [
        f"accumulates({name})."
        for name, c in alphabet.conditions.items()
        if c.accumulates
    ]
    lines += [_fact_line(key, fact, alphabet) for key, fact in readings.items()]
    lines += _next_lines(readings)
    return PatientProgram(
        text="\n".join(lines),
        origin=origin,
        now_seconds=seconds_between(origin, now),
        readings=readings,
    )


def _fact_line(key: ReadingKey, fact: TimedStatement, alphabet: Alphabet) -> str:
    statement = fact.statement
    return (
        f"{statement.family}({statement.type},"
        f"{statement.scaled_value(alphabet)},{key[-1]})."
    )


def _next_lines(readings: Mapping[ReadingKey, TimedStatement]) -> list[str]:
    by_type: dict[str, list[int]] = {}
    for key in readings:
        if len(key) == 2:
            by_type.setdefault(key[0], []).append(int(key[1]))
    lines = []
    for type_name, times in by_type.items():
        times.sort()
        lines += [
            f"next({type_name},{a},{b})."
            for a, b in zip(times, times[1:], strict=False)
        ]
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
    return TimedStatement(fact.statement, _as_utc(fact.at))


def sorted_by_time(facts: Sequence[TimedStatement]) -> list[TimedStatement]:
    """Facts in time order, keeping the given order among equal times."""
    return sorted(facts, key=lambda f: f.at)
