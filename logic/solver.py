"""The one module that drives clingo: ground, solve, and hand back plain values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import clingo

from logic.diagnostics import Diagnostic, RuleSetError

Value = int | str
Atom = tuple[Value, ...]


@dataclass(frozen=True)
class Answer:
    """The atoms of the answer set, by predicate name, as tuples of ints and strings.

    Constants and strings both come back as ``str``; nothing of clingo escapes.
    """

    atoms: Mapping[str, frozenset[Atom]]

    def of(self, predicate: str) -> frozenset[Atom]:
        """All argument tuples of ``predicate`` (empty when it has none)."""
        return self.atoms.get(predicate, frozenset())

    def holds(self, predicate: str) -> bool:
        """Whether ``predicate`` has at least one atom."""
        return bool(self.of(predicate))


def program_solve(rules: Sequence[tuple[str, str]], facts: str) -> Answer:
    """Ground and solve the rule files ``(name, text)`` plus ``facts``; return the first
    answer set.

    Raises :class:`RuleSetError` when the rules do not parse or ground, or when the
    program has no answer set (a constraint ruled every state out).
    """
    messages: list[str] = []
    control = clingo.Control(
        ["--models=1", "--warn=none"],
        logger=lambda _code, message: messages.append(message),
    )
    source = "facts"
    try:
        for source, text in (*rules, ("facts", facts)):
            control.add("base", [], text)
        source = "grounding"
        control.ground([("base", [])])
    except RuntimeError as error:
        found = [_diagnostic(m, source) for m in messages] or [
            Diagnostic(str(error), source)
        ]
        raise RuleSetError(found) from error
    collected: dict[str, set[Atom]] = {}

    def on_model(model: clingo.Model) -> None:
        for symbol in model.symbols(atoms=True):
            collected.setdefault(symbol.name, set()).add(_plain(symbol))

    result = control.solve(on_model=on_model)
    if not result.satisfiable:
        raise RuleSetError(
            [
                Diagnostic(
                    "the rules rule out every state for this patient "
                    "(no answer set); check the integrity constraints",
                    "rules",
                )
            ]
        )
    return Answer(MappingProxyType({k: frozenset(v) for k, v in collected.items()}))


def _plain(symbol: clingo.Symbol) -> Atom:
    return tuple(_value(argument) for argument in symbol.arguments)


def _value(symbol: clingo.Symbol) -> Value:
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Function and not symbol.arguments:
        return symbol.name
    return str(symbol)


def _diagnostic(message: str, source: str) -> Diagnostic:
    """clingo reports ``<block>:LINE:COL-COL: error: TEXT``; keep line and text."""
    first = message.strip().splitlines()[0] if message.strip() else message
    parts = first.split(":", 3)
    if len(parts) == 4 and parts[1].isdigit():
        return Diagnostic(parts[3].strip(), source, int(parts[1]))
    return Diagnostic(first, source)
