"""From what the words name to what may be recorded: context, conflicts, corrections.

Only a current, asserted observation of this patient stays a candidate. Two values
of one type in one utterance are resolved by the words: a correction cue ("sorry",
"I mean") makes the later value win, a past cue ("was", "this morning") makes the
other value win; otherwise neither is offered and the nurse is asked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from logic.alphabet import Alphabet
from logic.extraction.confirmation import type_label
from logic.extraction.context import EXCLUDING, Context
from logic.statements import Statement

_NOT_NOW = EXCLUDING | {"range"}
_COUNT = {2: "two", 3: "three", 4: "four"}


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


def _first_current(found: Iterable[Found]) -> tuple[list[Found], list[Found]]:
    """One occurrence per statement: a current one when there is one."""
    current: dict[Statement, Found] = {}
    excluded: list[Found] = []
    for item in found:
        if item.context & _NOT_NOW:
            excluded.append(item)
        elif item.statement not in current:
            current[item.statement] = item
    excluded = [e for e in excluded if e.statement not in current]
    return list(current.values()), excluded


def _dominated(items: list[Found], alphabet: Alphabet, context: Context) -> set[int]:
    """Indexes of values another value said of now overrides ("alert but
    confused" is confused)."""
    said = {f"{i.statement.type}.{i.statement.value}" for i in items}
    losers = {
        loser
        for winner, loser in context.lexicon.dominates
        if winner in said and loser in said
    }
    return {
        index
        for index, item in enumerate(items)
        if f"{item.statement.type}.{item.statement.value}" in losers
    }


def _decide(items: list[Found], context: Context) -> Found | None:
    """The value of one type the words decide on, or None."""
    present = [i for i in items if not i.context & {"past", "historical"}]
    if len(present) == 1:
        return present[0]
    said_now = [i for i in present if "now" in i.context]
    if len(said_now) == 1:
        return said_now[0]
    ordered = sorted(present or items, key=lambda i: i.target)
    last, before = ordered[-1], ordered[-2]
    if any(
        context.cue_between(cue, before.target, last.target)
        for cue in ("correction", "sequence")
    ):
        return last
    return None


def _question(items: list[Found], alphabet: Alphabet) -> str:
    values = list(dict.fromkeys(i.statement.value_text(alphabet) for i in items))
    count = _COUNT.get(len(values), str(len(values)))
    label = type_label(items[0].statement.type, alphabet)
    listed = ", ".join(values[:-1]) + f" and {values[-1]}"
    return f"{count} values for {label}, {listed}: which is now?"


def resolve(found: list[Found], alphabet: Alphabet, context: Context) -> Outcome:
    """Keep current, asserted, undisputed statements; exclude the rest, and ask
    about types said with two values the words do not decide between."""
    current, excluded = _first_current(found)
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
    for items in groups.values():
        if len(items) == 1:
            kept.append(items[0])
            continue
        chosen = _decide(items, context)
        if chosen is not None:
            kept.append(chosen)
            others = [i for i in items if i is not chosen]
            excluded += [replace(i, context=i.context | {"replaced"}) for i in others]
            continue
        excluded += [replace(i, context=i.context | {"conflict"}) for i in items]
        span = (min(i.start for i in items), max(i.end for i in items))
        questions.append((_question(items, alphabet), span))
    return Outcome(tuple(kept), tuple(excluded), tuple(questions))
