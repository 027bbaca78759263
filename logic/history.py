"""How much of a patient's history a rule set can see.

A patient observed every 15 minutes for a week has about 700 readings per type, and
feeding every one of them to clingo is most of the cost of computing the state. Most
rule sets never look further back than the previous reading: they reach the readings of
a type only through ``current/3`` and ``previous/3`` of the standard time rules
(``rules/default/time.lp``). For those, the last two readings of each type give exactly
the same ``current``, ``previous`` and ``age`` atoms as the whole history, and so the
same answer for every predicate the application reads.

Rules that need a stretch of time (urine output over 6 hours, a fluid balance since the
chart's day start) declare it in the rule files as a fact, ``window(urineOutput,
90000).`` (seconds), and read those readings through ``inWindow/3`` and
``beforeWindow/3`` of the standard time rules: every reading of the type from the
window's start on (``now`` minus the window, or the type's latest reading minus the
window when that is earlier), and the latest reading before it. The builder then keeps,
for that type, every reading from the window's start on and the latest one before it
besides the latest two: a stretch at the end of the type's readings, unbroken, so the
``next/3`` atoms among them are the whole history's, and again every atom the rules can
derive is the same.

:func:`history_need` decides this from the rule files alone, conservatively: any rule
that could see more (one using ``data/3`` or ``next/3`` directly, counting readings,
redefining ``current/3``, a window that is not a constant fact, ...) keeps the whole
history for that rule set.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from clingo import ast

from logic.rule_lint import AtomUse, constant_name, statement_atoms, window_seconds

# The standard time rules, as shipped. Only these may touch the raw readings.
STANDARD_TIME_RULES = """
reading(Type, Value, T) :- data(Type, Value, T).
reading(Type, Value, T) :- condition(Type, Value, T), not accumulates(Type).
superseded(Type, T) :- next(Type, T, _).
current(Type, Value, T) :- reading(Type, Value, T), not superseded(Type, T).
previous(Type, Value, T) :- current(Type, _, Tlatest), next(Type, T, Tlatest),
                            reading(Type, Value, T).
age(Type, Now - T) :- current(Type, _, T), now(Now).
"""
# The standard window rules: a rule set written before windows lacks them, and keeps the
# last two readings as before.
WINDOW_RULE = """
inWindow(Type, Value, T) :- window(Type, Seconds), reading(Type, Value, T), now(Now),
                            T >= Now - Seconds.
inWindow(Type, Value, T) :- window(Type, Seconds), reading(Type, Value, T),
                            current(Type, _, Tlatest), T >= Tlatest - Seconds.
beforeWindow(Type, Value, T) :- reading(Type, Value, T), next(Type, T, Tnext),
                                inWindow(Type, _, Tnext), not inWindow(Type, Value, T).
"""
# Under the standard rules, current/3 and previous/3 need the last two readings.
DEPTH = 2

# Predicates that carry (or are made from) every reading: only the standard time rules
# may mention them.
RAW = {("data", 3), ("next", 3), ("reading", 3), ("superseded", 2), ("d", 2), ("c", 2)}
# Predicates whose meaning the standard time rules (or the builder: now/1) fix: no
# other rule may define them. A second now/1 would widen every window.
FIXED = {
    ("current", 3),
    ("previous", 3),
    ("accumulates", 1),
    ("condition", 3),
    ("inWindow", 3),
    ("beforeWindow", 3),
    ("now", 1),
}
WINDOW = ("window", 2)


@dataclass(frozen=True)
class HistoryNeed:
    """What the rules can see of each non-accumulating type: the latest ``depth``
    readings, and for the types in ``windows`` also every reading from the window's
    start on (``now``, or the type's latest reading when earlier, minus that many
    seconds) and the latest reading before it."""

    depth: int
    windows: Mapping[str, int]


def history_need(
    files: Sequence[tuple[str, str]], accumulating: frozenset[str]
) -> HistoryNeed | None:
    """The readings the rules can tell apart from the whole history (see the module's
    docstring), or ``None`` when they may need every reading.

    ``condition(Type, Value, T)`` stays usable in rule bodies for accumulating types
    (``backgroundInfo``), whose every value is always kept. Files that do not parse
    keep the whole history; the solver reports their errors.
    """
    return _need(tuple(files), accumulating)


def history_depth(
    files: Sequence[tuple[str, str]], accumulating: frozenset[str]
) -> int | None:
    """How many of the latest readings of each non-accumulating type the rules need:
    ``2`` when they contain the standard time rules and reach readings only through
    them (windows aside: :func:`history_need`), ``None`` (every reading) otherwise."""
    need = history_need(files, accumulating)
    return None if need is None else need.depth


def _statements(text: str) -> list[ast.AST]:
    found: list[ast.AST] = []
    ast.parse_string(text, found.append)
    return found


_STANDARD = frozenset(
    str(s) for s in _statements(STANDARD_TIME_RULES) if s.ast_type == ast.ASTType.Rule
)
_WINDOW_RULE = frozenset(
    str(s) for s in _statements(WINDOW_RULE) if s.ast_type == ast.ASTType.Rule
)


@lru_cache(maxsize=64)
def _need(
    files: tuple[tuple[str, str], ...], accumulating: frozenset[str]
) -> HistoryNeed | None:
    seen_standard: set[str] = set()
    windows: dict[str, int] = {}
    for name, text in files:
        statements: list[ast.AST] = []
        try:
            ast.parse_string(text, statements.append, logger=lambda _c, _m: None)
        except RuntimeError:
            return None
        for statement in statements:
            if str(statement) in _STANDARD | _WINDOW_RULE:
                seen_standard.add(str(statement))
                continue
            uses = list(statement_atoms(statement, name))
            if any(_sees_history(use, accumulating) for use in uses):
                return None
            declared = [use for use in uses if use.in_head and use.signature == WINDOW]
            if declared:
                found = _window_facts(statement, declared)
                if found is None:
                    return None  # a window the builder cannot know: keep everything
                for type_name, seconds in found:
                    windows[type_name] = max(windows.get(type_name, 0), seconds)
    if not _STANDARD.issubset(seen_standard):
        return None
    if _WINDOW_RULE.isdisjoint(seen_standard):
        windows = {}  # no window rules: the windows reach no rule
    return HistoryNeed(DEPTH, MappingProxyType(dict(sorted(windows.items()))))


def _sees_history(use: AtomUse, accumulating: frozenset[str]) -> bool:
    if use.signature in RAW:
        return True
    if use.in_head:
        return use.signature in FIXED
    if use.signature == ("condition", 3):
        return constant_name(use.arguments[0]) not in accumulating
    return False


def _window_facts(
    statement: ast.AST, declared: Iterable[AtomUse]
) -> list[tuple[str, int]] | None:
    """``(type, seconds)`` of each ``window/2`` a statement declares, when it is a fact
    of a type name and a whole number of seconds (``window(urineOutput, 90000).``);
    None for a window with a condition, a variable or a computed number."""
    if statement.ast_type != ast.ASTType.Rule or statement.body:
        return None
    if statement.head.ast_type != ast.ASTType.Literal:
        return None
    found = []
    for use in declared:
        type_name = constant_name(use.arguments[0])
        seconds = window_seconds(use.arguments[1])
        if type_name is None or seconds is None:
            return None
        found.append((type_name, seconds))
    return found
