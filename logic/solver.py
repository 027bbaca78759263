"""The one module that drives clingo: ground, solve, and hand back plain values."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

import clingo
from clingo import ast

from logic.diagnostics import Diagnostic, RuleSetError
from logic.rule_source import clingo_diagnostic, rule_source_problems

Value = int | str
Atom = tuple[Value, ...]


@dataclass(frozen=True)
class Answer:
    """The atoms of the answer set, by predicate name, as tuples of ints and strings.

    Constants and strings both come back as ``str``; nothing of clingo escapes.
    ``ground_atoms`` is the size of the ground program, to watch how grounding grows.
    """

    atoms: Mapping[str, frozenset[Atom]]
    ground_atoms: int = 0

    def of(self, predicate: str) -> frozenset[Atom]:
        """All argument tuples of ``predicate`` (empty when it has none)."""
        return self.atoms.get(predicate, frozenset())

    def holds(self, predicate: str) -> bool:
        """Whether ``predicate`` has at least one atom."""
        return bool(self.of(predicate))


def program_solve(
    rules: Sequence[tuple[str, str]], facts: str, *, show: Sequence[tuple[str, int]]
) -> Answer:
    """Ground and solve the rule files ``(name, text)`` plus ``facts``; return the first
    answer set, keeping the atoms of the ``(predicate, arity)`` pairs in ``show``.

    Only those atoms are shown: converting every atom of a large program back to
    Python would cost more than solving it.

    Raises :class:`RuleSetError` when the rules do not parse or ground, or when the
    program has no answer set (a constraint ruled every state out).
    """
    shown = "".join(f"#show {name}/{arity}." for name, arity in show)
    control = _grounded([*rules, ("output", shown)], facts=facts)
    collected: dict[str, set[Atom]] = {}

    def on_model(model: clingo.Model) -> None:
        for symbol in model.symbols(shown=True):
            name, arguments = atom_from_text(str(symbol))
            collected.setdefault(name, set()).add(arguments)

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
    return Answer(
        MappingProxyType({k: frozenset(v) for k, v in collected.items()}),
        ground_atoms=len(control.symbolic_atoms),
    )


def _grounded(
    files: Sequence[tuple[str, str]], facts: str = "", ground_source: str = "rules"
) -> clingo.Control:
    """A control with every file and ``facts`` added and grounded, or a
    :class:`RuleSetError` naming the file and line at fault.

    The files are parsed once per process (see :func:`_parsed`); the patient's facts
    change with each call and are added as text."""
    messages: list[str] = []
    control = clingo.Control(
        ["--models=1", "--warn=none"],
        logger=lambda _code, message: messages.append(message),
    )
    with ast.ProgramBuilder(control) as builder:
        for name, text in files:
            for statement in _parsed(name, text):
                builder.add(statement)
    try:
        control.add("base", [], facts)
    except RuntimeError as error:
        raise RuleSetError(_diagnostics(messages, "facts", error)) from error
    try:
        control.ground([("base", [])])
    except RuntimeError as error:
        # clingo reports grounding errors (unsafe variables) without the file; ground
        # each file alone to find which one it is.
        if len(files) > 1:
            for name, text in files:
                _grounded([(name, text)], ground_source=name)
        raise RuleSetError(_diagnostics(messages, ground_source, error)) from error
    return control


@lru_cache(maxsize=64)
def _parsed(name: str, text: str) -> tuple[ast.AST, ...]:
    """The statements of one rule file, parsed once: parsing the rules took a fifth of
    a small patient's solve, and they change only when an admin edits them."""
    # What is stored is what runs: a file that reaches outside itself (a version
    # stored before validation refused that) is refused here too, before clingo
    # would open what it names.
    if problems := rule_source_problems(name, text):
        raise RuleSetError(problems)
    messages: list[str] = []
    statements: list[ast.AST] = []
    try:
        ast.parse_string(
            text, statements.append, logger=lambda _c, m: messages.append(m)
        )
    except RuntimeError as error:
        raise RuleSetError(_diagnostics(messages, name, error)) from error
    return tuple(s for s in statements if s.ast_type != ast.ASTType.Comment)


def _diagnostics(
    messages: list[str], source: str, error: Exception
) -> list[Diagnostic]:
    found = [clingo_diagnostic(m, source) for m in messages]
    return found or [Diagnostic(str(error), source)]


_NUMBER = re.compile(r"-?[0-9]+")
_UNESCAPE = {"n": "\n", "\\": "\\", '"': '"'}


def atom_from_text(text: str) -> tuple[str, Atom]:
    """``evidence(p,temperature,384,900)`` as ``("evidence", ("p", "temperature", 384,
    900))``: numbers as ints, constants and strings as str, other terms as their text.

    Reading clingo's text of a symbol is several times faster than asking clingo for
    each argument and its type (each is a call through cffi); this was a quarter of a
    small patient's solve."""
    open_at = text.find("(")
    if open_at < 0 or text.startswith(("(", '"')):
        return text, ()
    return text[:open_at], tuple(_term(t) for t in _split(text[open_at + 1 : -1]))


def _split(arguments: str) -> list[str]:
    if '"' not in arguments and "(" not in arguments:
        return arguments.split(",")
    parts, depth, start, in_string, escaped = [], 0, 0, False, False
    for index, char in enumerate(arguments):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(arguments[start:index])
            start = index + 1
    parts.append(arguments[start:])
    return parts


def _term(text: str) -> Value:
    if _NUMBER.fullmatch(text):
        return int(text)
    if text.startswith('"'):
        return re.sub(r"\\(.)", lambda m: _UNESCAPE.get(m[1], m[1]), text[1:-1])
    return text  # a constant's name, or the text of any other term


def rules_check(rules: Sequence[tuple[str, str]]) -> list[Diagnostic]:
    """Syntax errors and unsafe variables of each rule file, with file and line.

    This grounds each file on its own, facts included, and may not terminate on a rule
    that grows terms forever: call it through :mod:`logic.trial`, which bounds it."""
    problems = []
    for name, text in rules:
        try:
            _grounded([(name, text)], ground_source=name)
        except RuleSetError as error:
            problems += [_plain_unsafe(d) for d in error.diagnostics]
    return problems


def _plain_unsafe(diagnostic: Diagnostic) -> Diagnostic:
    """clingo's "unsafe variables in: <rewritten rule> 'X' is unsafe" in plain words."""
    names = re.findall(r"'([A-Z_][A-Za-z0-9_']*)' is unsafe", diagnostic.message)
    if not names:
        return diagnostic
    listed = ", ".join(dict.fromkeys(names))
    return Diagnostic(
        f"unsafe variable {listed}: every variable of a rule must also appear in a "
        "positive body atom (not only after 'not', in a comparison or in the head); "
        f"bind {listed} with an atom such as current(Type, {names[0]}, T)",
        diagnostic.file,
        diagnostic.line,
    )
