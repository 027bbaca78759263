"""Builds the fact part of a patient's program from timestamped statements.

Besides one fact per statement, the builder adds ``next(Type, T1, T2)`` for each pair of
consecutive readings of a type. With them the time rules find the latest and previous
reading by looking at one neighbour, so grounding grows linearly with the number of
readings; rules that compare every pair or triple of readings grow with their cube.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta, tzinfo
from operator import itemgetter

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


# The readings of one type enter as a single fact whose pool holds one (value, time,
# time of the reading before) tuple per reading (d for data, c for condition); this
# prelude unfolds them into the predicates rule authors use. Reading the facts is most
# of the cost of a large program: clingo parses a pool element in half the time of a
# fact of its own but spends part of that saving unpooling it, so this is only a few
# percent faster than one fact per reading (measured at 10,000 readings). What makes
# long histories cheap is leaving out readings the rules cannot see (logic.history).
PRELUDE = """
data(Type, Value, T) :- d(Type, (Value, T, _)).
condition(Type, Value, T) :- c(Type, (Value, T, _)).
next(Type, Before, T) :- d(Type, (_, T, Before)), Before != none.
next(Type, Before, T) :- c(Type, (_, T, Before)), Before != none.
"""


def program_build(
    facts: Iterable[TimedStatement],
    *,
    alphabet: Alphabet,
    now: datetime | None = None,
    depth: int | None = None,
    windows: Mapping[str, int] | None = None,
    zone: tzinfo = UTC,
) -> PatientProgram:
    """Turn a patient's accepted statements into clingo facts.

    With ``depth``, only the latest ``depth`` readings of each type whose latest value
    counts enter the program, and for a type in ``windows`` also every reading from
    ``now`` (or the type's latest reading, when earlier) minus that many seconds on,
    and the latest reading before that (see :mod:`logic.history` for when that changes
    nothing); accumulating types always keep every value.

    ``zone`` is the ward's time zone: ``clockHour(H, T)`` gives, for each hour ``H``
    of the day, the latest time ``T`` at or before ``now`` when the ward's clock read
    ``H``:00 (the rules find the chart's day start with it). Callers pass the ward's
    zone; UTC is the default only so that times written in UTC read the same.

    Times become seconds since the earliest fact (or ``now`` if earlier), so they stay
    small whole numbers. Two readings of the same latest-value type at the same second
    cannot both be current: the one given later wins, as when a nurse corrects herself
    within one message.
    """
    facts = list(facts)
    stamp_of: dict[datetime, int] = {}  # the statements of one message share a time
    stamps = []
    for fact in facts:
        stamp = stamp_of.get(fact.at)
        if stamp is None:
            stamp = stamp_of[fact.at] = _timestamp(fact.at)
        stamps.append(stamp)
    now_stamp = _timestamp(now) if now is not None else max(stamps, default=None)
    if now_stamp is None:
        now_stamp = int(datetime.now(UTC).timestamp())
    origin_stamp = min([*stamps, now_stamp])
    accumulating = alphabet.accumulating
    readings: dict[ReadingKey, TimedStatement] = {}
    for fact, stamp in zip(facts, stamps, strict=True):
        seconds = stamp - origin_stamp
        statement = fact.statement
        if statement.type in accumulating:
            readings[(statement.type, str(statement.value), seconds)] = fact
        else:
            readings[(statement.type, seconds)] = fact
    now_seconds = now_stamp - origin_stamp
    lines = [PRELUDE, f"now({now_seconds})."]
    lines += [f"accumulates({name})." for name in accumulating]
    lines += [
        f"clockHour({hour},{stamp - origin_stamp})."
        for hour, stamp in clock_hours(now_stamp, zone)
    ]
    lines += _reading_lines(readings, alphabet, depth, now_seconds, windows or {})
    return PatientProgram(
        text="".join(lines),
        origin=datetime.fromtimestamp(origin_stamp, UTC),
        now_seconds=now_seconds,
        readings=readings,
    )


def clock_hours(now_stamp: int, zone: tzinfo) -> list[tuple[int, int]]:
    """``(hour, unix time)`` for each hour of the day: the latest moment at or before
    ``now_stamp`` when a clock in ``zone`` read that hour, on the hour.

    Found on the calendar, not by subtracting seconds: across a change to or from
    summer time the day start is still 07:00 on the ward's clock. An hour that a
    change skips (01:00 on the spring change in London) is read with the offset
    before the change, i.e. the moment of the change."""
    now_local = datetime.fromtimestamp(now_stamp, zone)
    hours = []
    for hour in range(24):
        day = now_local.date()
        moment = datetime.combine(day, time(hour), tzinfo=zone)
        if int(moment.timestamp()) > now_stamp:
            moment = datetime.combine(day - timedelta(days=1), time(hour), tzinfo=zone)
        hours.append((hour, int(moment.timestamp())))
    return hours


def _reading_lines(
    readings: Mapping[ReadingKey, TimedStatement],
    alphabet: Alphabet,
    depth: int | None,
    now_seconds: int,
    windows: Mapping[str, int],
) -> list[str]:
    """One ``d(Type, (Value, T, Before; ...)).`` (or ``c(...)``) fact per type."""
    scales = {n: m.scale for n, m in alphabet.measurements.items()}
    by_type: dict[str, list[tuple[int, TimedStatement]]] = {}
    chained: dict[str, bool] = {}
    for key, fact in readings.items():
        by_type.setdefault(key[0], []).append((key[-1], fact))
        # Accumulating types (keys with the value) keep every value: none comes next.
        chained[key[0]] = len(key) == 2
    lines = []
    for type_name, entries in sorted(by_type.items()):
        entries.sort(key=itemgetter(0))
        if depth is not None and chained[type_name]:
            keep = len(entries) - depth
            window = windows.get(type_name)
            if window is not None:
                # Every reading from the window's start on and the latest one before it
                # (time.lp's inWindow/3 and beforeWindow/3), and the latest ``depth``
                # in any case.
                start = min(now_seconds, entries[-1][0]) - window
                before = bisect_left(entries, start, key=itemgetter(0)) - 1
                keep = min(keep, before)
            entries = entries[max(keep, 0) :]
        scale = scales.get(type_name, 1)
        scaled: dict[object, object] = {}  # values repeat; Decimal math is slow
        elements = []
        previous: int | str = "none"
        for seconds, fact in entries:
            value = fact.statement.value
            text = scaled.get(value)
            if text is None:
                text = value if isinstance(value, str) else int(value * scale)
                scaled[value] = text
            elements.append(f"{text},{seconds},{previous}")
            if chained[type_name]:
                previous = seconds
        family = entries[0][1].statement.family[0]
        lines.append(f"{family}({type_name},({';'.join(elements)})).")
    return lines


def _timestamp(moment: datetime) -> int:
    if moment.tzinfo is None:
        raise ValueError(
            f"time {moment.isoformat()} has no timezone; give UTC or an offset"
        )
    return int(moment.timestamp())
