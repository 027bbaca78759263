"""What the words right around a number say of it: a range, a bound, a denial, the
present tense, a number half heard. Pure functions over the normalized text."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from logic.alphabet import Alphabet

_RANGE = re.compile(
    # ("ninety five to a hundred and ten": the article of "a hundred" is kept)
    r"(?P<low>\d+(?:\.\d+)?)\s*(?:to|-|–|or)\s*(?:a\s+(?=1\d\d))?(?P<high>\d+(?:\.\d+)?)",
    re.I,
)
# "a seven, maybe an eight", "Eight... maybe nine": a rating given as two, the
# second a step up ("pain 3, maybe 10 minutes after" is no rating of two).
_MAYBE_MORE = re.compile(
    r"\b(?P<low>10|[0-9])\s*(?:,|\.{3}|…)?\s*(?:or\s+)?(?:maybe|possibly|perhaps|probably)"
    r"(?:\s+an?)?\s*(?P<high>10|[0-9])\b(?!\s*(?:minutes?|mins?|hours?|hrs?|h|days?|or))",
    re.I,
)
# "almost 200", "over 38", "sats below 90": a bound, not a value ("120 over 80" is a
# pair: "over" right after a number is not a bound; "->" is a trend's arrow).
_BOUND = re.compile(
    r"(?:\b(?:almost|nearly|under|above|below|less\s+than|more\s+than|greater\s+"
    r"than|higher\s+than|lower\s+than|at\s+least|at\s+most|in\s+excess\s+of|"
    r"no\s+more\s+than|no\s+less\s+than|as\s+high\s+as|as\s+low\s+as)"
    # "pain up to 8" is a most; "it's come up to 108" a change to now
    r"|(?<!\bcome )(?<!\bcame )(?<!\bgone )(?<!\bwent )(?<!\bis )(?<!'s )(?<!\bbeen )"
    r"(?<!\bare )(?<!'re )"
    r"(?<!\bnow )(?<!\bcrept )(?<!\bdrifted )(?<!\bback )(?<!\bshot )(?<!\bjumped )"
    r"(?<!\bclimbed )(?<!\bcreeping )(?<!\bgoing )\bup\s+to"
    # ("146 over 70, no, over 76": the pair's second said again)
    r"|(?<![\d\s])(?<!\d,)(?<!\bno,)(?<!\bno)(?<!\bsorry,)(?<!\bsorry)(?<!\bpardon,)"
    r"(?<!\bpardon)(?<!\bmean,)(?<!\bmean)\s*\bover|(?<!-)[<>]=?)"
    # "goes up to like probably like a 7"
    r"(?:\s+(?:like|about|around|maybe|probably|roughly|a|an|um|uh|er),?)*\s*$",
    re.I,
)
# ("anywhere between a 140 and a 155": "a hundred and forty" keeps its article)
_BETWEEN = re.compile(
    r"\bbetween\s+(?:an?\s+)?(\d+(?:\.\d+)?)\s+and\s+(?:an?\s+)?(\d+(?:\.\d+)?)", re.I
)
_FROM_TO = re.compile(
    r"\bfrom\s+(?:an?\s+)?(\d+(?:\.\d+)?)\s+(?:[a-z%/]+\s+)?(?:to|down to|up to)"
    r"\s+(?:an?\s+)?\d",
    re.I,
)
# "fluctuating from 100 to 120" is a range, "dropped from 96 to 91" a change.
_VARYING = re.compile(
    r"\b(?:fluctuat\w*|var(?:y|ies|ying|ied)|rang(?:e|es|ed|ing)|swing\w*|bouncing|"
    r"oscillat\w*|between|anywhere)\b[^,.;]*$",
    re.I,
)
# The present tense right before a value: "temp is 37.6", "sats are at 95".
_PRESENT = re.compile(r"\b(?:is|are|'s|'re)\s+(?:now\s+)?(?:at\s+)?$", re.I)
# A decimal's digits with no whole part before the point: a number half heard.
_FRAGMENT = re.compile(r"(?<![\d\s])\s*\b(?:point|dot)\s+$", re.I)
# A value a change came from, with no "to" after it: "from 130 this morning".
_FROM_ALONE = re.compile(r"\bfrom\s+(?:an?\s+)?$", re.I)
_TO_AFTER = re.compile(r"\d+(?:\.\d+)?\s+(?:[a-z%/]+\s+)?(?:to|-)\s", re.I)
# Two pairs said as alternatives: "BP was 150/90 or 160/90".
_PAIRS_OR = re.compile(r"\d+\s*/\s*\d+\s+or\s+\d+\s*/\s*\d+")
# A time of day on the 24-hour clock: "0900", "at 11:00", "14.30".
_CLOCK = re.compile(r"(?<![\d.])([01]\d|2[0-3])[:.]?([0-5]\d)(?![\d.])")
_CLAUSE_CUT = re.compile(r"[,;]|\band\b", re.I)
# Right after a number said roughly.
_VAGUE = re.compile(
    r"[\s-]*(?:point\s+something|something|odd|-?ish|or\s+so|plus)\b"
    # "38 pointed died": a point whose digits the recogniser lost
    r"|\s*(?:point(?:ed|s)?|dot)\b(?!\s*\d)",
    re.I,
)
# Right before a value that is not: "not 39", "aren't 90", "isn't a 7".
_DENIED = re.compile(
    r"\b(?:not|isn't|aren't|wasn't|weren't|never)\s+(?:a\s+|an\s+)?$", re.I
)


def clock_near(text: str, sentence: tuple[int, int], start: int) -> int | None:
    """ "HR 92 at 0900", "at 1100 temp 38.4", "0700 14.2": the time of day said
    with the value at ``start`` (minutes after midnight): the one time in its
    clause, else the one time in its sentence, else the time of the record's
    timed entry it is written in (counted from the record's first midnight: an
    entry after midnight is a day on); None when there is no such one."""
    clause_start = max(
        [sentence[0]]
        + [m.end() for m in _CLAUSE_CUT.finditer(text, sentence[0], start)]
    )
    after_cut = _CLAUSE_CUT.search(text, start, sentence[1])
    clause_end = after_cut.start() if after_cut else sentence[1]
    # (in the sentence, a time in a clause of a dose given is of that: "hip pain
    # 2/10, settled with paracetamol 1g at 22:00")
    for span in ((clause_start, clause_end), sentence):
        times = [
            m
            for m in _CLOCK.finditer(text, *span)
            if m.start() != start
            and not _of_an_event(text, m)
            and not (
                m.start() >= clause_end and _DOSE_CLAUSE.search(_clause_of(text, m))
            )
            # ("Pain 2/10 after oxycodone 5 mg at 1430": the dose's time)
            and not (m.start() > start and _DOSE_SAID.search(text, start, m.start()))
        ]
        if len(times) == 1:
            return int(times[0].group(1)) * 60 + int(times[0].group(2))
        if times:
            return None
    # "09:40 Unit 1 commenced. 15-min obs: T 36.7": the time of its entry
    return entry_clock(timed_entries(text), start)


def taken_on(alphabet: Alphabet) -> dict[str, set[str]]:
    """For each type a reading is taken on (a pair's second: the air or oxygen of a
    saturation), that type and the types that imply it (the device that gives the
    oxygen, its flow)."""
    implied = [
        (name, {i.type for i in owner.implies})
        for table in (alphabet.conditions, alphabet.measurements)
        for name, owner in table.items()
    ]
    return {
        pair: {pair} | {name for name, types in implied if pair in types}
        for pair in {m.pair for m in alphabet.measurements.values() if m.pair}
    }


def taken_on_types(alphabet: Alphabet) -> set[str]:
    """Every type a reading is taken on, and what implies one: :func:`taken_on`'s
    values together."""
    return set().union(*taken_on(alphabet).values())


def _clause_of(text: str, time: re.Match[str]) -> str:
    """The clause a time is said in."""
    before = text.rfind(",", 0, time.start())
    after = _CLAUSE_CUT.search(text, time.end())
    return text[before + 1 : after.start() if after else len(text)]


# A dose given, in a clause: its time is the dose's.
_DOSE_CLAUSE = re.compile(
    r"\b(?:given|gave|settled\s+with|administered|took|taken)\b|\d\s*(?:mg|mcg|g|ml)\b",
    re.I,
)


_DOSE_SAID = re.compile(r"\d\s*(?:mg|mcg|micrograms?|milligrams?)\b", re.I)


def _of_an_event(text: str, time: re.Match[str]) -> bool:
    """Whether a time stands in a bracketed aside that tells of something done
    ("SpO2 95% on RA (weaned 1300)"): the time of that, not of the reading.
    ("BP 150/90 (1030)", "(at 1030)" are the reading's own.)"""
    aside = next(
        (a for a in _BRACKETED.finditer(text) if a.start() < time.start() < a.end()),
        None,
    )
    if aside is None:
        return False
    words = re.findall(r"[a-z]+", text[aside.start() : aside.end()].lower())
    return any(w not in _TIME_WORDS for w in words)


_BRACKETED = re.compile(r"\([^()\n]{0,60}\)")
_TIME_WORDS = frozenset(
    {"at", "hrs", "hr", "h", "am", "pm", "approx", "about", "taken"}
)


# A timed entry of a record: a line that opens with a time ("12:50 Obs: ...") or
# with a heading of a few words that holds one ("Reassessment 0745:", "Triage
# (0620, CTAS 2):").
_ENTRY = re.compile(
    r"(?:^|(?<=[.;] ))[ \t]*(?:(?:[A-Za-z0-9][\w/-]*[ \t–-]+){1,6}?\(?(?:at[ \t]+)?"
    r"(?=(?:[01]\d|2[0-3])[:.]?[0-5]\d\b[^\n:]{0,25}:)|\(?)"
    r"([01]\d|2[0-3])[:.]?([0-5]\d)(?![\d.])(?=[^\n:]{0,25}:|[ \t]+\S)",
    re.M,
)
# ... or on the twelve-hour clock: "10 pm: BP 110/80 ... 6 am: BP 100/84".
_ENTRY_12H = re.compile(
    r"(?:^|(?<=[.;] ))[ \t]*(?:[A-Za-z][\w/-]*[ \t]+){0,3}?\(?"
    r"(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?[ \t]*([ap])\.?m\b\.?\)?[ \t]*:",
    re.M | re.I,
)
# A record's entry of a phase before another ("Pre-procedure:", "Resting (on air):",
# "Pre-transfusion obs"), and one of a phase after ("Post-procedure (30 min):").
# What a phase before a treatment is named for: "pre-transfusion", "pre op".
PRE_PHASE = (
    r"pre[- ]?(?:transfusion|procedure|sedation|op|operative|neb|nebuliser|treatment|"
    r"dialysis|infusion|analgesia|exercise|dressing)"
)
_EARLY_ENTRY = re.compile(
    rf"(?:^|(?<=[.;] ))[ \t]*(?:pre-[a-z]+|{PRE_PHASE}|resting|at\s+rest|baseline|"
    # ("On MET arrival:", a team's first set)
    # ("On OH nurse arrival:", "On my arrival:")
    # ("EMS: FSBG 38 mg/dL ... In ER 19:50: FSBG 142": the crew's set before)
    r"ems|paramedics?|ambulance|pre-?hospital|crew|at\s+scene|on\s+scene|"
    r"initial|on\s+(?:[a-z]+\s+){0,3}?arrival|at\s+triage|triage|admission|on\s+admission)\b"
    r"[^\n:]{0,30}:"
    # ("At 22:00 obs were T 37.4, ...": a set told as before the review)
    r"|(?:^|(?<=[.;] ))[ \t]*at\s+(?:[01]?\d|2[0-3]):?[0-5]\d\s+"
    r"(?:obs|observations|vitals|vital\s+signs)\s+(?:were|was)\b",
    re.I | re.M,
)
_LATER_ENTRY = re.compile(
    # ("5 min recovery:", a phase after a time)
    r"(?:^|(?<=[.;] ))[ \t]*(?:\d+[ \t]*(?:min|mins|minutes|h|hr|hrs|hours?)[ \t]+)?"
    r"(?:post-[a-z]+|post\s+(?:procedure|op|exercise|transfusion)|"
    # ("Post: obs at 15 min ...", and a timed entry after a phase: "1105: T 100.6F")
    r"post(?=\s*:)|(?:[01]\d|2[0-3])[:.]?[0-5]\d(?=\s*:)|"
    r"post(?:procedure|op|operative|transfusion|exercise)|recovery|after\s+\w+|repeat|recheck|"
    # ("Reassessed 40 min later:")
    r"re-?assessment|re-?assessed|re-?checked|review|on\s+review|at\s+review|current|"
    # ("Admission: ... On discharge: CBG 7.2")
    r"latest|now|on\s+discharge|at\s+discharge|"
    r"in\s+(?:the\s+)?(?:er|ed|a&e|resus|department)|"
    # ("O2 started 5 L/min face mask: SpO2 97%": after a treatment begun)
    r"[\w-]+(?:[ \t]+[\w-]+)?[ \t]+(?:started|commenced|given|applied|administered))"
    r"\b[^\n:]{0,30}:",
    re.I | re.M,
)


A_DAY = 24 * 60  # minutes
Entry = TypeVar("Entry")
HALF_A_DAY = 12 * 60


@lru_cache(maxsize=32)
def timed_entries(text: str) -> tuple[tuple[int, int], ...]:
    """``(start, minutes after the first midnight)`` of each timed entry of a
    record, when it has two or more. A time half a day or more before the one
    above it is the next day ("21:15 ... 01:30", "1800 ... 0600"); one less than that is
    of the same day, written out of order ("Obs 2030: ... Repeat ECG 2000: ...",
    a result charted after the obs that followed it)."""
    entries: list[tuple[int, int]] = []
    day = 0
    times = sorted(
        [(m.start(), _entry_minutes(text, m)) for m in _ENTRY.finditer(text)]
        + [(m.start(), _twelve_hour(m)) for m in _ENTRY_12H.finditer(text)]
    )
    for start, minutes in times:
        if entries and entries[-1][1] - (day + minutes) >= HALF_A_DAY:
            day += A_DAY
        entries.append((start, day + minutes))
    return tuple(entries) if len(entries) >= 2 else ()


# An entry that mends an earlier one: "16:15 Correction to 16:00 entry: BP wrongly
# entered - actual reading 100/70".
_CORRECTS_ENTRY = re.compile(
    r"[\s:\-–]*(?:correction|amendment|late\s+entry)\s+(?:to|of|for)\s+(?:the\s+)?"
    r"([01]?\d|2[0-3]):?([0-5]\d)\b",
    re.I,
)


def _entry_minutes(text: str, match: re.Match[str]) -> int:
    """Minutes after midnight an entry is of: its own time, or that of the entry
    it corrects."""
    corrects = _CORRECTS_ENTRY.match(text, match.end())
    said = corrects or match
    return int(said.group(1)) * 60 + int(said.group(2))


def _twelve_hour(match: re.Match[str]) -> int:
    """Minutes after midnight of a time written on the twelve-hour clock."""
    hours = int(match.group(1)) % 12 + (12 if match.group(3).lower() == "p" else 0)
    return hours * 60 + int(match.group(2) or 0)


def phase_entries(text: str) -> tuple[tuple[int, bool], ...]:
    """``(start, later)`` of each entry of a record that names its phase, in the
    order written, when an entry of an earlier phase ("Pre-procedure:") comes
    before one of a later phase ("Post-procedure (30 min):"); none otherwise."""
    entries = sorted(
        [(m.start(), False) for m in _EARLY_ENTRY.finditer(text)]
        + [(m.start(), True) for m in _LATER_ENTRY.finditer(text)]
    )
    first_early = next((s for s, later in entries if not later), None)
    if first_early is None or not any(
        later and s > first_early for s, later in entries
    ):
        return ()
    return tuple(entries)


def entry_at(
    entries: tuple[tuple[int, Entry], ...], position: int
) -> tuple[int, Entry] | None:
    """The entry, of ``(start, what)`` entries in the order written, that
    ``position`` is written in, or None before the first."""
    opened = [entry for entry in entries if entry[0] <= position]
    return opened[-1] if opened else None


def entry_clock(entries: tuple[tuple[int, int], ...], position: int) -> int | None:
    """The time of the timed entry ``position`` is written in, or None."""
    entry = entry_at(entries, position)
    return entry[1] if entry else None


def clock_said(text: str, start: int, end: int) -> bool:
    """Whether the number spanning ``start``-``end`` is a time of day written on
    the 24-hour clock ("0700", "14:30"), not a reading."""
    return end - start >= 4 and _CLOCK.fullmatch(text, start, end) is not None


def vague(text: str, end: int) -> bool:
    """ "9 point something", "ninety something", "38-ish", "38 pointed died":
    whether the number ending at ``end`` is said as a rough one (or its decimal
    was lost), no value."""
    return _VAGUE.match(text, end) is not None


def range_said(text: str, sentence: tuple[int, int], start: int) -> frozenset[str]:
    """ "130 to 140", "between 88 and 92", "almost 200": ``{"range"}`` for a number
    (at ``start``, in ``sentence``) that is one end of a range or a bound, no
    observation; ``{"historical"}`` for the first of "from 96 to 91" (a change:
    the first value is the past one)."""
    if _BOUND.search(text, sentence[0], start):
        return frozenset(["range"])  # "almost 200", "sats below 90"
    for match in _FROM_TO.finditer(text, *sentence):
        if start < match.start(1) or start > match.end():
            continue
        if _VARYING.search(text[sentence[0] : match.start()]):
            return frozenset(["range"])
        if match.start(1) == start:
            return frozenset(["historical"])
    if _FROM_ALONE.search(text, sentence[0], start) and not _TO_AFTER.match(
        text, start
    ):
        return frozenset(["historical"])  # "dropped to 94 over 60 from 130"
    for match in _PAIRS_OR.finditer(text, *sentence):
        if match.start() <= start < match.end():
            return frozenset(["uncertain"])  # "150/90 or 160/90"
    for match in _MAYBE_MORE.finditer(text, *sentence):
        if start in (match.start(1), match.start(2)) and int(match["low"]) < int(
            match["high"]
        ):
            return frozenset(["range"])
    for pattern in (_RANGE, _BETWEEN):
        for match in pattern.finditer(text, *sentence):
            said = start in (match.start(1), match.start(2))
            if said and not _FROM_TO.search(
                text[max(0, match.start() - 6) : match.end()]
            ):
                return frozenset(["range"])
    return frozenset()


def denied(text: str, start: int) -> bool:
    """ "Temp's not 39, it's 38.9": whether the number at ``start`` is said right
    after a negation, the value that is not."""
    return _DENIED.search(text, 0, start) is not None


def present_before(text: str, start: int, end: int) -> bool:
    """ "temp is 37.6": whether the words from ``start`` to the number at ``end``
    end in the present tense."""
    return _PRESENT.search(text, start, end) is not None


def half_heard(text: str, start: int) -> bool:
    """ "blood sugar iron point one": whether the number at ``start`` is a
    decimal's digits with no whole part before the point."""
    return _FRAGMENT.search(text, 0, start) is not None
