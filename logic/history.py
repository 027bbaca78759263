"""How much of a patient's history a rule set can see.

A patient observed every 15 minutes for a week has about 700 readings per type, and
feeding every one of them to clingo is most of the cost of computing the state. Most
rule sets never look further back than the previous reading: they reach the readings of
a type only through ``current/3`` and ``previous/3`` of the standard time rules
(``rules/default/time.lp``). For those, the last two readings of each type give exactly
the same ``current``, ``previous`` and ``age`` atoms as the whole history, and so the
same answer for every predicate the application reads.

:func:`history_depth` decides this from the rule files alone, conservatively: any rule
that could see more (one using ``data/3`` or ``next/3`` directly, counting readings,
redefining ``current/3``, ...) keeps the whole history for that rule set.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from clingo import ast

from logic.rule_lint import AtomUse, constant_name, statement_atoms

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
# Under the standard rules, current/3 and previous/3 need the last two readings.
DEPTH = 2

# Predicates that carry (or are made from) every reading: only the standard time rules
# may mention them.
RAW = {("data", 3), ("next", 3), ("reading", 3), ("superseded", 2), ("d", 2), ("c", 2)}
# Predicates whose meaning the standard time rules fix: no other rule may define them.
FIXED = {("current", 3), ("previous", 3), ("accumulates", 1), ("condition", 3)}


def _standard() -> frozenset[str]:
    found: list[ast.AST] = []
    ast.parse_string(STANDARD_TIME_RULES, found.append)
    return frozenset(str(s) for s in found if s.ast_type == ast.ASTType.Rule)


_STANDARD = _standard()


def history_depth(
    files: Sequence[tuple[str, str]], accumulating: frozenset[str]
) -> int | None:
    """How many of the latest readings of each non-accumulating type the rules can
    tell apart from the whole history: ``2`` when they contain the standard time rules
    and reach readings only through them, ``None`` (every reading) otherwise.

    ``condition(Type, Value, T)`` stays usable in rule bodies for accumulating types
    (``backgroundInfo``), whose every value is always kept. Files that do not parse
    keep the whole history; the solver reports their errors.
    """
    return _depth(tuple(files), accumulating)


@lru_cache(maxsize=64)
def _depth(
    files: tuple[tuple[str, str], ...], accumulating: frozenset[str]
) -> int | None:
    seen_standard: set[str] = set()
    for name, text in files:
        statements: list[ast.AST] = []
        try:
            ast.parse_string(text, statements.append, logger=lambda _c, _m: None)
        except RuntimeError:
            return None
        for statement in statements:
            if str(statement) in _STANDARD:
                seen_standard.add(str(statement))
                continue
            uses = statement_atoms(statement, name)
            if any(_sees_history(use, accumulating) for use in uses):
                return None
    return DEPTH if seen_standard == _STANDARD else None


def _sees_history(use: AtomUse, accumulating: frozenset[str]) -> bool:
    if use.signature in RAW:
        return True
    if use.in_head:
        return use.signature in FIXED
    if use.signature == ("condition", 3):
        return constant_name(use.arguments[0]) not in accumulating
    return False
