"""From what the words name to what may be recorded: context, conflicts, corrections.

Only a current, asserted observation of this patient stays a candidate. Two values
of one type in one utterance are resolved by the words: a correction cue ("sorry",
"I mean") makes the later value win, a past cue ("was", "this morning") makes the
other value win; otherwise neither is offered and the nurse is asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from decimal import Decimal

from logic.alphabet import Alphabet
from logic.extraction.confirmation import type_label
from logic.extraction.context import EXCLUDING, Context
from logic.extraction.readings import (
    A_DAY,
    HALF_A_DAY,
    PRE_PHASE,
    clock_near,
    entry_at,
    entry_clock,
    phase_entries,
    taken_on_types,
    timed_entries,
)
from logic.statements import Statement

_NOT_NOW = EXCLUDING | {"range"}
_COUNT = {2: "two", 3: "three", 4: "four"}
_POSTURE = re.compile(r"\b(lying|supine|standing|stood|sitting|seated)\b", re.I)
_POSTURE_OF = {"supine": "lying", "stood": "standing", "seated": "sitting"}
# The set of readings taken before a treatment: "pre-transfusion obs were".
_PRE_SET = re.compile(rf"\b{PRE_PHASE}\b(?:[^.;]|(?<=\d)\.(?=\d)){{0,60}}$", re.I)

# A rating given at rest, beside one given on an action: "a four at rest and it goes
# up to about an eight when PT bends the knee".
_AT_REST = re.compile(
    r"\b(?:at\s+rest|resting|lying\s+still|sitting\s+still|lying\s+down|when\s+still|"
    r"lying\s+here|sitting\s+here|lying\s+in\s+bed)\b",
    re.I,
)
# Where a clause ends: a comma, a stop (not a decimal point), "but".
_CLAUSE_STOP = re.compile(r",|;|(?<!\d)\.(?!\d)|\.{3}|\bbut\b", re.I)
# A rating's condition: "when sitting", "on swallowing", "when she is walking".
_CONDITION_WORDS = (
    r"(?:when(?:ever)?|while|on|with)\s+(?:(?:he|she|they|i|you)(?:'s|'re|\s+is|\s+are)?\s+)?"
    r"(?:walk|mov|cough|swallow|stand|sit|exert|turn|eat|bend|lift|breath|mobilis|mobiliz)\w*"
)
_CONDITION = re.compile(rf"\b{_CONDITION_WORDS}", re.I)
# A rating said with its condition, after it or at rest before it: "eight when she
# is walking", "up to five when he walks", "at rest about a four".
_CONDITIONED_RATING = re.compile(
    r"\b(?P<a>10|[0-9])(?:\s*/\s*10|\s+out\s+of\s+(?:10|ten))?[\s,]*"
    rf"{_CONDITION_WORDS}"
    r"|\bat\s+rest\s+(?:(?:it's|is|about|around|maybe|like)\s+)*(?:an?\s+)?(?P<b>10|[0-9])\b"
    # "but when PT got me up it was a nine"
    r"|\bwhen\s+[^.,;]{0,30}?\b(?:up|walk\w*|mov\w*|cough\w*|stand\w*|swallow\w*)\b"
    r"[^.,;\d]{0,12}?\b(?:it's|it\s+was|it\s+is|it\s+goes|goes)\s+(?:up\s+to\s+)?"
    r"(?:like\s+)?(?:an?\s+)?(?P<c>10|[0-9])\b",
    re.I,
)
# A value denied: "no allergies", "not confused" ({} holds its synonyms).
_DENIAL_OF = r"\b(?:no|not|never|without|denies)\s+(?:known\s+)?(?:{})\b"


@dataclass(frozen=True)
class Found:
    """A statement the words name, in normalized offsets, with its context.

    ``target`` is where the value itself was said (the number, or the value word).
    """

    statement: Statement
    start: int
    end: int
    group: str
    context: frozenset[str]
    note: str
    target: int


@dataclass(frozen=True)
class Outcome:
    """Candidates kept, statements excluded (with why, in ``context``) and the
    questions for the nurse with the span they are about."""

    kept: tuple[Found, ...]
    excluded: tuple[Found, ...]
    questions: tuple[tuple[str, tuple[int, int]], ...]


def _first_current(
    found: Iterable[Found], alphabet: Alphabet
) -> tuple[list[Found], list[Found]]:
    """One occurrence per statement: a current one when there is one. Values of a
    type that sums are kept each time they are said ("300 mL of tea and 300 of
    water" is 600)."""
    current: dict[Statement | tuple[Statement, int], Found] = {}
    excluded: list[Found] = []
    for item in found:
        if item.context & _NOT_NOW:
            excluded.append(item)
            continue
        measurement = alphabet.measurements.get(item.statement.type)
        key = (
            (item.statement, item.target)
            if measurement is not None and measurement.sums
            else item.statement
        )
        # (the occurrence said of now, where one is: "O2 weaned off at 0800; on
        # room air now")
        if key not in current or (
            "now" in item.context and "now" not in current[key].context
        ):
            current[key] = item
    said = {item.statement for item in current.values()}
    excluded = [e for e in excluded if e.statement not in said]
    return list(current.values()), excluded


def _dominated(items: list[Found], alphabet: Alphabet, context: Context) -> set[int]:
    """Indexes of values another value said of now overrides ("alert but
    confused" is confused)."""
    said = {f"{i.statement.type}.{i.statement.value}" for i in items}
    # (a value told only in the past overrides none said of now: "HPI: found
    # confused at 1300 ... Assessment 1530: alert" is alert)
    told_now = {
        f"{i.statement.type}.{i.statement.value}"
        for i in items
        if "past" not in i.context
    }
    losers = {
        loser
        for winner, loser in context.lexicon.dominates
        if winner in said
        and loser in said
        and not (winner not in told_now and loser in told_now)
    }
    return {
        index
        for index, item in enumerate(items)
        if f"{item.statement.type}.{item.statement.value}" in losers
    }


def _postures(items: list[Found], context: Context) -> set[str]:
    """The postures the readings were taken in, each named just before its number
    ("lying BP was 148/82 and standing at 3 minutes 112/68")."""
    said = set()
    for item in items:
        start = max(context.sentence_of(item.target)[0], item.target - 40)
        names = _POSTURE.findall(context.text, start, item.target)
        if names:
            said.add(_POSTURE_OF.get(names[-1].lower(), names[-1].lower()))
    return said


def _decide(items: list[Found], context: Context) -> Found | None:
    """The value of one type the words decide on, or None."""
    # A postural pair is two readings of now, for the drop between them: neither
    # is the reading.
    postures = len(_postures(items, context))
    if len(items) == 2 and postures == 2:
        return None
    present = [i for i in items if not i.context & {"past", "historical"}]
    # "148 over 92, and the repeat was 144 over 90": a repeat or a correction said
    # between two readings of this visit decides before the tense does.
    told = sorted(
        [i for i in items if "historical" not in i.context], key=lambda i: i.target
    )
    if len(told) >= 2 and any(
        context.cue_between(cue, told[-2].target, told[-1].target)
        for cue in ("correction", "sequence")
    ):
        return told[-1]
    # A longer postural series ("lying 146/84; standing 102/62 at 1 min, 98/60 at
    # 3 min") is decided only by a step named before its last reading ("...;
    # standing 3 min 118/72") or a "now" said of that last one ("Sitting now she's
    # back up to 140/82"), never by a "today" that reaches its first.
    if postures >= 2:
        said_now = [i for i in told if "now" in i.context]
        return told[-1] if told and said_now == [told[-1]] else None
    if len(present) == 1:
        return present[0]
    ordered = sorted(present or items, key=lambda i: i.target)
    last, before = ordered[-1], ordered[-2]
    # "HR 92 at 0900; at 1100 HR 118": the later time of day, each one said.
    clocks = [
        clock_near(context.text, context.sentence_of(i.target), i.target) for i in items
    ]
    known = [c for c in clocks if c is not None]
    # All timed, each differently, within half a day (no guessing across midnight).
    if len(known) == len(items) == len(set(known)) and max(known) - min(known) <= 720:
        return max(zip(known, items, strict=True), key=lambda pair: pair[0])[1]
    # "Her pre-transfusion obs were 36.4 ... the fifteen-minute obs 36.6": a value
    # of the set before a treatment yields to the one after it.
    pre = [
        i
        for i in items
        if _PRE_SET.search(context.text, context.sentence_of(i.target)[0], i.target)
    ]
    if pre and len(items) - len(pre) == 1:
        return next(i for i in items if i not in pre)
    # "Resps are 26, sorry, 16": a correction decides before the tense does.
    if any(
        context.cue_between(cue, before.target, last.target)
        for cue in ("correction", "sequence")
    ):
        return last
    # "His BM was 2.9 ... Latest BM before breakfast is 7.4": "now" decides
    # also between values each said under a past cue.
    # The present tense ("his temp is 37.6") decides only among values all told
    # under a past cue; between two values said of now it decides nothing.
    said_now = (
        [i for i in present if "now" in i.context]
        if present
        else [i for i in items if i.context & {"now", "present"}]
    )
    if len(said_now) == 1:
        return said_now[0]
    return None


def _another_rating(item: Found, context: Context) -> bool:
    """Whether a rating said with a condition ("four when sitting", "eight when
    swallowing") has another beside it, in its sentence or the next, said with
    another ("but eight when she is walking", "... at rest about a four"): two
    ratings of two states, neither the value of now."""
    start, end = context.sentence_of(item.target)
    following = context.sentence_of(end + 1) if end + 1 < len(context.text) else None
    stretch_end = following[1] if following else end
    # its own condition, in its clause ("right now it's a 4, but up to 8 when she
    # moves" gives the 4 as now)
    cuts = [m.end() for m in _CLAUSE_STOP.finditer(context.text, start, item.target)]
    after = _CLAUSE_STOP.search(context.text, item.target, end)
    clause = context.text[max([start, *cuts]) : after.start() if after else end]
    if not (_CONDITION.search(clause) or _AT_REST.search(clause)):
        return False
    for rating in _CONDITIONED_RATING.finditer(context.text, start, stretch_end):
        group = next(g for g in ("a", "b", "c") if rating.group(g))
        number, position = rating.group(group), rating.start(group)
        if position != item.target and Decimal(number) != item.statement.value:
            return True
    return False


def _question(items: list[Found], alphabet: Alphabet) -> str:
    values = list(dict.fromkeys(i.statement.value_text(alphabet) for i in items))
    label = type_label(items[0].statement.type, alphabet)
    if len(values) == 1:
        # "maybe a three, three or four": one value, said in doubt
        return f"{label} {values[0]} was said in doubt: what is it now?"
    count = _COUNT.get(len(values), str(len(values)))
    listed = ", ".join(values[:-1]) + f" and {values[-1]}"
    return f"{count} values for {label}, {listed}: which is now?"


def resolve(found: list[Found], alphabet: Alphabet, context: Context) -> Outcome:
    """Keep current, asserted, undisputed statements; exclude the rest, and ask
    about types said with two values the words do not decide between."""
    current, excluded = _first_current(_superseded(found, alphabet, context), alphabet)
    taken_back = _taken_back(current, excluded, alphabet, context)
    excluded += [replace(i, context=i.context | {"replaced"}) for i in taken_back]
    current = [i for i in current if i not in taken_back]
    dominated = _dominated(current, alphabet, context)
    excluded += [
        replace(item, context=item.context | {"overridden"})
        for index, item in enumerate(current)
        if index in dominated
    ]
    current = [item for index, item in enumerate(current) if index not in dominated]
    groups: dict[str, list[Found]] = {}
    for item in current:
        groups.setdefault(item.group, []).append(item)
    kept: list[Found] = []
    questions: list[tuple[str, tuple[int, int]]] = []
    # "Resp rate about twenty, maybe twenty-two": a value said beside another in
    # doubt is in doubt too.
    doubted = {
        i.group: i
        for i in excluded
        if i.statement.family == "data" and i.context & _NOT_NOW == {"uncertain"}
    }
    # "maybe a three, three or four": a value said again as one end of a range
    # is no firmer than the range.
    # (a bound of a target or a plan is no range said of the reading: "keep the
    # systolic above 90")
    ranges = [
        i
        for i in found
        if i.statement.family == "data"
        and "range" in i.context
        and not i.context & {"target", "hypothetical", "other", "historical"}
    ]
    for item in current:
        again = [
            r
            for r in ranges
            if r.group == item.group and r.statement.value == item.statement.value
        ]
        if again:
            doubted.setdefault(item.group, again[0])
    # "Lying still it's a four, but when I cough it's like an eight": a rating
    # given beside one of an episode, in its sentence, is no value of now either,
    # unless said to be ("right now about a two, but when I cough a six")
    for item in current:
        measurement = alphabet.measurements.get(item.statement.type)
        if (
            measurement is None
            or not measurement.self_reported
            or "now" in item.context
        ):
            continue
        sentence = context.sentence_of(item.target)
        at_rest = _AT_REST.search(context.text, *sentence) is not None
        if _another_rating(item, context):
            doubted.setdefault(item.group, item)
            continue
        episode = [
            e
            for e in excluded
            if e.group == item.group
            and ("episodic" in e.context or (at_rest and "range" in e.context))
            and context.sentence_of(e.target) == sentence
        ]
        if episode:
            doubted.setdefault(item.group, episode[0])
    for items in groups.values():
        in_doubt = len(items) == 1 and items[0].group in doubted
        if in_doubt:
            sibling = doubted[items[0].group]
            excluded = [i for i in excluded if i is not sibling]
            items = [items[0], sibling]
        elif any(i is doubted.get(items[0].group) for i in items):
            in_doubt = True  # "a four lying here, but when PT got me up it was a nine"
        elif len(items) == 1:
            kept.append(items[0])
            continue
        summed = _summed(items, alphabet, context)
        if summed is not None:
            kept.append(summed)
            continue
        chosen = None if in_doubt else _decide(items, context)
        if chosen is not None:
            kept.append(chosen)
            others = [i for i in items if i is not chosen]
            excluded += [replace(i, context=i.context | {"replaced"}) for i in others]
            continue
        excluded += [replace(i, context=i.context | {"conflict"}) for i in items]
        span = (min(i.start for i in items), max(i.end for i in items))
        questions.append((_question(items, alphabet), span))
    asked = {items[0].statement.type for items in groups.values() if len(items) > 1}
    kept = _implied(_totals(kept, alphabet), alphabet, asked)
    return Outcome(tuple(kept), tuple(excluded), tuple(questions))


def _superseded(
    found: list[Found], alphabet: Alphabet, context: Context
) -> list[Found]:
    """In a record of timed entries, a reading timed before the last entry that
    holds a set of readings (two types or more) is earlier ("Triage (0620): HR
    108, T 36.8 ... Reassessment 0745: pain 3/10, HR 84, BP 138/86": the triage
    temperature was not taken again, and is no value of now), and so is one of a
    type a later entry says again ("0225 BGL 4.3 ... 0245 BGL 5.8"). A reading's
    own time counts before its entry's ("Recheck at 1030: 112"). A state said in
    an earlier entry, or before the first ("Confused on arrival"), stands unless
    a later entry says another of its type ("1400: A&Ox3"), as background facts
    do; the air or oxygen a reading was taken on goes with the reading. Records
    of phases are read first (:func:`_phased`)."""
    found = _phased(found, alphabet, context)
    entries = timed_entries(context.text)
    if not entries:
        return found
    # two readings make a set ("16:10: pain now 3/10, HR 84"), a pressure's two
    # numbers one reading
    seconds = frozenset(
        m.pair
        for m in alphabet.measurements.values()
        if m.pair in alphabet.measurements
    )
    sets = _sets_by_entry(
        found, lambda item: entry_clock(entries, item.target), 2, seconds
    )
    latest = max(sets, default=None)
    # states of the patient: no background fact, no air or oxygen a reading was on
    not_states = alphabet.accumulating | taken_on_types(alphabet)

    def state(item: Found) -> str | None:
        type_name = item.statement.type
        family = item.statement.family
        return (
            type_name if family == "condition" and type_name not in not_states else None
        )

    # the last entry each type (a reading's or a state's) was said in
    last_said: dict[str, int] = {}
    for item in found:
        minutes = _entry_time(item, entries, context)
        if minutes is None or item.context & _NOT_NOW:
            continue
        if item.statement.family == "data" or state(item):
            type_name = item.statement.type
            last_said[type_name] = max(last_said.get(type_name, minutes), minutes)

    # the last entry a reading taken on air or oxygen was said in
    read_on = taken_on_types(alphabet)
    on_last = max(
        (
            last_said[m.name]
            for m in alphabet.measurements.values()
            if m.pair in alphabet.conditions and m.name in last_said
        ),
        default=None,
    )

    def earlier(item: Found) -> bool:
        minutes = _entry_time(item, entries, context)
        last = last_said.get(item.statement.type)
        # "0800: SpO2 92% on 2L ... 1400: SpO2 96% on RA": the oxygen goes with
        # its reading
        if item.statement.type in read_on and on_last is not None:
            last = on_last if last is None else max(last, on_last)
        if minutes is None:
            # "Confused on arrival" before the first entry, said again later; a
            # reading too ("Screening vitals (Day -1): HR 62 ... Pre-dose (0745): HR
            # 60 ... 2h post-dose (1000): HR 71")
            return (
                (bool(state(item)) or item.statement.family == "data")
                and last is not None
                and item.target < entries[0][0]
            )
        if last is not None and minutes < last:
            return True
        return latest is not None and minutes < latest and not state(item)

    restated = {state(item) for item in found if state(item) in last_said}
    return _marked_earlier(found, alphabet, earlier, restated)


def _phased(found: list[Found], alphabet: Alphabet, context: Context) -> list[Found]:
    """In a record of phases, the readings of an earlier phase are earlier once a
    later phase holds readings of two types or more ("Pre-procedure: HR 102, SpO2
    91% on 2 L ... Post-procedure (30 min): HR 90, SpO2 96% on room air"), with
    the air or oxygen they were taken on."""
    entries = phase_entries(context.text)
    if not entries:
        return found

    def later_phase(item: Found) -> int | None:
        entry = entry_at(entries, item.target)
        return entry[0] if entry is not None and entry[1] else None

    # (the flow a saturation was read on is no second reading of a set)
    read_on = frozenset(taken_on_types(alphabet))
    sets = _sets_by_entry(found, later_phase, 2, read_on)

    # a reading or a state said again in a later phase ("On arrival: ... SpO2 93%
    # on room air. O2 started 5 L/min face mask: SpO2 97%", "... responding to
    # voice ... 12:30: fully alert") is of that phase, with the air or oxygen a
    # saturation was read on
    on_readings = {
        m.name for m in alphabet.measurements.values() if m.pair in alphabet.conditions
    }
    said_later = {
        item.statement.type
        for item in found
        if later_phase(item) is not None
        and not item.context & _NOT_NOW
        and item.statement.type not in alphabet.accumulating | read_on
    }
    restated = {t for t in said_later if t in alphabet.conditions}

    def earlier(item: Found) -> bool:
        entry = entry_at(entries, item.target)
        if entry is None or entry[1]:
            return False
        if any(start > entry[0] for start in sets):
            return True
        if item.statement.type in read_on:
            return bool(said_later & on_readings)
        return item.statement.type in said_later

    return _marked_earlier(found, alphabet, earlier, restated)


def _sets_by_entry(
    found: list[Found],
    entry_of: Callable[[Found], int | None],
    types: int,
    uncounted: frozenset[str] = frozenset(),
) -> list[int]:
    """The entries (as ``entry_of`` names them) whose current readings are of
    ``types`` types or more, those of ``uncounted`` left out: sets of readings."""
    said: dict[int, set[str]] = {}
    for item in found:
        entry = entry_of(item)
        if (
            entry is not None
            and item.statement.family == "data"
            and item.statement.type not in uncounted
            and not item.context & _NOT_NOW
        ):
            said.setdefault(entry, set()).add(item.statement.type)
    return [entry for entry, named in said.items() if len(named) >= types]


def _marked_earlier(
    found: list[Found],
    alphabet: Alphabet,
    earlier: Callable[[Found], bool],
    restated: Iterable[str | None] = (),
) -> list[Found]:
    """``found`` with the readings ``earlier`` picks marked as earlier ones, and
    the air or oxygen a saturation was read on with them ("SpO2 99% RA", "93% 2L
    NC": its device too), and the states of ``restated`` types."""
    paired = taken_on_types(alphabet) | {t for t in restated if t}
    return [
        replace(item, context=item.context | {"historical"})
        if (item.statement.family == "data" or item.statement.type in paired)
        and earlier(item)
        else item
        for item in found
    ]


def _entry_time(
    item: Found, entries: tuple[tuple[int, int], ...], context: Context
) -> int | None:
    """When a reading of a timed record was taken: its own time of day on its
    entry's day ("Recheck at 1030: 112"), else its entry's time."""
    entry = entry_clock(entries, item.target)
    own = clock_near(context.text, context.sentence_of(item.target), item.target)
    if entry is None or own is None:
        return entry
    taken = entry - entry % A_DAY + own % A_DAY
    # "0300: ... at 2200 she was oriented x3": a time far after its entry's is the
    # evening before
    return taken - A_DAY if taken - entry > HALF_A_DAY else taken


def _taken_back(
    current: list[Found], excluded: list[Found], alphabet: Alphabet, context: Context
) -> list[Found]:
    """Values said, then corrected: to a value in doubt ("30, no wait, 38
    point..."), or, for a condition, to its denial ("he's allergic to... no, sorry,
    that's the man in bed 6, Frank's got no allergies")."""
    taken_back = [
        item
        for item in current
        if any(
            later.group == item.group
            and later.target > item.target
            and later.context & {"range", "uncertain"}
            # a plan's target is no correction ("keep SpO2 above 92%")
            and not later.context & {"target", "hypothetical", "historical", "other"}
            and context.cue_between("correction", item.target, later.target)
            for later in excluded
        )
    ]
    for item in current:
        condition = alphabet.conditions.get(item.statement.type)
        if condition is None or item in taken_back:
            continue
        value = next(v for v in condition.values if v.name == item.statement.value)
        cue = next(
            (
                m
                for m in context.modifiers
                if m.category == "correction" and m.start >= item.target
            ),
            None,
        )
        if cue is None:
            continue
        denial = _DENIAL_OF.format("|".join(re.escape(s) for s in value.synonyms))
        if re.search(denial, context.text[cue.end :], re.I):
            taken_back.append(item)
    return taken_back


def _summed(items: list[Found], alphabet: Alphabet, context: Context) -> Found | None:
    """Several values of a type that sums, said as happening now and not corrected
    ("300 mL of tea and 200 of water"): one statement of their total."""
    measurement = alphabet.measurements.get(items[0].statement.type)
    if measurement is None or not measurement.sums:
        return None
    ordered = sorted(items, key=lambda i: i.target)
    # "300 mL and then another 200" adds up; "300, sorry, 200" corrects.
    if any(i.context & {"past", "historical"} for i in ordered) or any(
        context.cue_between("correction", a.target, b.target)
        for a, b in zip(ordered, ordered[1:], strict=False)
    ):
        return None
    total = sum((Decimal(str(i.statement.value)) for i in ordered), Decimal(0))
    if not measurement.minimum <= total <= measurement.maximum:
        return None
    first, last = ordered[0], ordered[-1]
    return replace(
        first,
        statement=Statement("data", measurement.name, total),
        end=max(i.end for i in ordered),
        note=" + ".join(str(i.statement.value) for i in ordered),
    ) if first is not last else first  # fmt: skip


def _totals(kept: list[Found], alphabet: Alphabet) -> list[Found]:
    """``kept`` and the total of parts said without it ("E4 V4 M6" is GCS 14)."""
    by_type = {item.statement.type: item for item in kept}
    added = []
    for measurement in alphabet.measurements.values():
        parts = [by_type.get(name) for name in measurement.total_of]
        if not parts or measurement.name in by_type or None in parts:
            continue
        said = [p for p in parts if p is not None]
        total = sum((Decimal(str(p.statement.value)) for p in said), Decimal(0))
        if measurement.minimum <= total <= measurement.maximum:
            added.append(replace(
                said[0], statement=Statement("data", measurement.name, total),
                group=measurement.name, start=min(p.start for p in said),
                end=max(p.end for p in said), note="",
            ))  # fmt: skip
    return kept + added


def _implied(kept: list[Found], alphabet: Alphabet, asked: set[str]) -> list[Found]:
    """``kept`` and what its statements imply ("GCS 15" is alert, a device is
    oxygen) where the words say nothing of that type themselves."""
    said_types = {item.statement.type for item in kept} | asked
    result = list(kept)
    for item in kept:
        statement = item.statement
        owner = alphabet.measurements.get(statement.type) or alphabet.conditions.get(
            statement.type
        )
        for implied in owner.implies if owner is not None else ():
            if not _applies(implied.when, statement):
                continue
            if _changed_since(result, implied.type, implied.value, item):
                # "on air, so I put her on 2 litres": the later words are now.
                result = [r for r in result if r.statement.type != implied.type]
                said_types.discard(implied.type)
            if implied.type in said_types:
                continue
            said_types.add(implied.type)
            result.append(replace(
                item, statement=_statement(implied.family, implied.type, implied.value),
                group=implied.type, note="",
            ))  # fmt: skip
    return result


def _changed_since(
    found: list[Found], type_name: str, value: str, implier: Found
) -> bool:
    """Whether ``implier``, which implies ``value``, says a change from every value
    said of ``type_name`` (all of them other than ``value``): said of now after
    them ("on air, so I put her on 2 litres"), or of now beside values told in the
    past ("94% on 2 litres, she was on room air this morning")."""
    said = [f for f in found if f.statement.type == type_name]
    if not said or any(str(f.statement.value) == value for f in said):
        return False
    earlier = {"past", "historical"}
    if all(f.context & earlier for f in said) and not implier.context & earlier:
        return True
    return "now" in implier.context and all(f.end <= implier.start for f in said)


def _applies(when: str | None, statement: Statement) -> bool:
    """Whether an implication limited to the value ``when`` holds for
    ``statement`` (numbers compared by value: 15 is 15.0)."""
    if when is None:
        return True
    if statement.family == "data":
        return Decimal(when) == Decimal(str(statement.value))
    return when == statement.value


def _statement(family: str, type_name: str, value: str) -> Statement:
    return Statement(family, type_name, Decimal(value) if family == "data" else value)
