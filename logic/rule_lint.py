"""Static checks of rule files against the alphabet: predicates nobody defines, types
and values the alphabet does not know, problems without severity, description, label
or meaning."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import clingo
from clingo import ast

from logic.alphabet import Alphabet
from logic.diagnostics import Diagnostic
from logic.rule_recursion import rules_unbounded
from logic.rule_source import rule_source_problems

# Predicates the program builder provides to every rule set (see rules/README.md).
INPUT_PREDICATES = {
    ("data", 3),
    ("condition", 3),
    ("next", 3),
    ("accumulates", 1),
    ("now", 1),
    ("d", 2),
    ("c", 2),
    ("clockHour", 2),
    # Declared by the rule files (window(urineOutput, 90000).), possibly by none: the
    # standard time rules read it either way.
    ("window", 2),
}
# Predicates whose argument at the given position is a statement TYPE; the family says
# which kind of type is allowed there (None: any).
TYPE_POSITIONS: dict[tuple[str, int], tuple[int, str | None]] = {
    ("data", 3): (0, "data"),
    ("condition", 3): (0, "condition"),
    ("next", 3): (0, None),
    ("accumulates", 1): (0, "condition"),
    ("reading", 3): (0, None),
    ("current", 3): (0, None),
    ("previous", 3): (0, None),
    ("superseded", 2): (0, None),
    ("age", 2): (0, None),
    ("evidence", 4): (1, None),
    ("window", 2): (0, None),
    ("inWindow", 3): (0, None),
    ("beforeWindow", 3): (0, None),
}
# Predicates whose argument after the type is that type's VALUE.
VALUE_AFTER_TYPE = {
    ("condition", 3),
    ("inWindow", 3),
    ("beforeWindow", 3),
    ("reading", 3),
    ("current", 3),
    ("previous", 3),
    ("evidence", 4),
}
NUMBER_AFTER_TYPE = VALUE_AFTER_TYPE | {("data", 3)}


@dataclass(frozen=True)
class AtomUse:
    """One occurrence of an atom in a rule file."""

    file: str
    line: int
    name: str
    arguments: tuple[Any, ...]  # clingo AST terms
    in_head: bool

    @property
    def signature(self) -> tuple[str, int]:
        return (self.name, len(self.arguments))


FILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*\.lp$")


def rules_syntax(files: Sequence[tuple[str, str]]) -> list[Diagnostic]:
    """Syntax errors, bad file names and whatever reaches outside the rule set
    (:mod:`logic.rule_source`), found without grounding (grounding may not terminate;
    :mod:`logic.trial` does it under a time limit)."""
    problems = []
    for name, text in files:
        if not FILE_NAME.match(name):
            problems.append(
                Diagnostic(
                    "a rule file name must end in .lp and contain only letters, digits, "
                    "'.', '_' and '-'",
                    name,
                )
            )
        problems += rule_source_problems(name, text)
    return problems


def rules_lint(
    files: Sequence[tuple[str, str]], alphabet: Alphabet
) -> list[Diagnostic]:
    """Check rule files that parse: undefined predicates, unknown types and values,
    problems without severity, description, label or meaning, and rules that grow
    terms forever."""
    uses: list[AtomUse] = []
    statements: list[tuple[str, ast.AST]] = []
    for name, text in files:

        def collect(statement: ast.AST, f: str = name) -> None:
            uses.extend(statement_atoms(statement, f))
            statements.append((f, statement))

        try:
            ast.parse_string(text, collect, logger=lambda _code, _message: None)
        except RuntimeError:
            continue  # rules_syntax reports the syntax error with its line
    defined = INPUT_PREDICATES | {u.signature for u in uses if u.in_head}
    problems = [
        Diagnostic(
            f"{u.name}/{len(u.arguments)} is used here but no rule and no input "
            "defines it; check the spelling or add a rule for it",
            u.file,
            u.line,
        )
        for u in uses
        if not u.in_head and u.signature not in defined
    ]
    problems += _vocabulary_problems(uses, alphabet)
    problems += _problem_metadata(uses)
    problems += _problems_not_declared(statements)
    problems += _windows_not_constant(uses, statements)
    problems += _not_assessed_undeclared(uses)
    problems += _day_start_hour_out_of_range(statements)
    problems += rules_unbounded(statements)
    return _unique(problems)


@lru_cache(maxsize=64)
def problems_declared(files: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """The problem names the rule files declare: constants in the head of a
    ``problem/1`` rule. A problem the solver derives that is not one of them (a rule
    set stored before validation refused names built from values) is no name that
    may be shown to another ward."""
    names: set[str] = set()
    for name, text in files:
        if rule_source_problems(name, text):
            continue  # never handed to clingo: it would open what it includes

        def collect(statement: ast.AST, f: str = name) -> None:
            names.update(
                constant_name(use.arguments[0]) or ""
                for use in statement_atoms(statement, f)
                if use.in_head and use.signature == ("problem", 1)
            )

        try:
            ast.parse_string(text, collect, logger=lambda _code, _message: None)
        except RuntimeError:
            continue
    return frozenset(names - {""})


def statement_atoms(statement: ast.AST, file: str) -> Iterator[AtomUse]:
    """Every atom a parsed statement mentions; ``in_head`` for those it defines.

    Rules define their head atoms and ``#external`` its atom; every other statement
    (``#show``, ``#minimize``, ``#heuristic``, ...) only uses the atoms it mentions."""
    line = statement.location.begin.line
    if statement.ast_type == ast.ASTType.Rule:
        yield from _walk(statement.head, file, line, in_head=True)
        yield from _walk(statement.body, file, line, in_head=False)
    elif statement.ast_type == ast.ASTType.External:
        yield from _walk(statement.atom, file, line, in_head=True)
    elif statement.ast_type not in (ast.ASTType.Comment, ast.ASTType.Program):
        for key in statement.child_keys:
            yield from _walk(getattr(statement, key), file, line, in_head=False)


def _walk(node: Any, file: str, line: int, *, in_head: bool) -> Iterator[AtomUse]:
    if isinstance(node, list | tuple | ast.ASTSequence):
        for item in node:
            yield from _walk(item, file, line, in_head=in_head)
        return
    if not isinstance(node, ast.AST):
        return
    if "location" in node.keys():  # noqa: SIM118 (clingo's AST is no dict)
        line = node.location.begin.line
    if node.ast_type == ast.ASTType.SymbolicAtom:
        yield from _symbolic(node.symbol, file, line, in_head)
        return
    for key in node.child_keys:
        # Conditions of head aggregates (the part after ':') are used, not defined.
        yield from _walk(
            getattr(node, key), file, line, in_head=in_head and key != "condition"
        )


def _symbolic(term: Any, file: str, line: int, in_head: bool) -> Iterator[AtomUse]:
    if term.ast_type == ast.ASTType.Pool:
        for option in term.arguments:
            yield from _symbolic(option, file, line, in_head)
    elif term.ast_type == ast.ASTType.Function:
        yield AtomUse(file, line, term.name, tuple(term.arguments), in_head)
    elif term.ast_type == ast.ASTType.SymbolicTerm:
        symbol = term.symbol
        if symbol.type == clingo.SymbolType.Function:
            yield AtomUse(file, line, symbol.name, (), in_head)


def constant_name(term: Any) -> str | None:
    """The name of a constant term (``temperature``), None for anything else."""
    if term.ast_type == ast.ASTType.SymbolicTerm:
        symbol = term.symbol
        if symbol.type == clingo.SymbolType.Function and not symbol.arguments:
            return str(symbol.name)
    if term.ast_type == ast.ASTType.Function and not term.arguments:
        return str(term.name)
    return None


def _vocabulary_problems(uses: list[AtomUse], alphabet: Alphabet) -> list[Diagnostic]:
    problems = []
    for use in uses:
        position = TYPE_POSITIONS.get(use.signature)
        if position is None:
            if use.signature == ("background", 1):
                problems += _value_problem(use, alphabet, "backgroundInfo", 0)
            continue
        index, family = position
        type_name = constant_name(use.arguments[index])
        if type_name is None:
            continue
        actual = alphabet.family_of(type_name)
        if actual is None:
            problems.append(
                Diagnostic(
                    f"'{type_name}' in {use.name}(...) is not a type of the alphabet; known "
                    f"types: {', '.join(alphabet.type_names)}",
                    use.file,
                    use.line,
                )
            )
        elif family is not None and actual != family:
            problems.append(
                Diagnostic(
                    f"'{type_name}' is a {actual} type; {use.name}(...) expects a {family} "
                    "type",
                    use.file,
                    use.line,
                )
            )
        elif use.signature in VALUE_AFTER_TYPE and actual == "condition":
            problems += _value_problem(use, alphabet, type_name, index + 1)
        elif actual == "data" and use.signature in NUMBER_AFTER_TYPE:
            problems += _number_problem(use, alphabet, type_name, index + 1)
    return problems


def _number_problem(
    use: AtomUse, alphabet: Alphabet, type_name: str, index: int
) -> list[Diagnostic]:
    """A measurement written as a fixed number must be inside the alphabet's range."""
    term = use.arguments[index]
    if term.ast_type != ast.ASTType.SymbolicTerm:
        return []
    if term.symbol.type != clingo.SymbolType.Number:
        return [
            Diagnostic(
                f"{type_name} is a measurement: its value must be a number, "
                f"not '{term.symbol}'",
                use.file,
                use.line,
            )
        ]
    m = alphabet.measurements[type_name]
    low, high = int(m.minimum * m.scale), int(m.maximum * m.scale)
    if low <= term.symbol.number <= high:
        return []
    return [
        Diagnostic(
            f"{term.symbol.number} is outside the alphabet's range of "
            f"{type_name} ({low} to {high} as the rules see it, i.e. "
            f"{m.minimum} to {m.maximum} {m.unit})".rstrip(),
            use.file,
            use.line,
        )
    ]


def _value_problem(
    use: AtomUse, alphabet: Alphabet, type_name: str, index: int
) -> list[Diagnostic]:
    value = constant_name(use.arguments[index])
    condition = alphabet.conditions.get(type_name)
    if value is None or condition is None or condition.value(value) is not None:
        return []
    allowed = ", ".join(v.name for v in condition.values)
    return [
        Diagnostic(
            f"'{value}' is not a value of {type_name} in the alphabet; "
            f"allowed: {allowed}",
            use.file,
            use.line,
        )
    ]


def _problem_metadata(uses: list[AtomUse]) -> list[Diagnostic]:
    def named(signature: tuple[str, int]) -> dict[str, AtomUse]:
        found: dict[str, AtomUse] = {}
        for use in uses:
            if use.in_head and use.signature == signature:
                name = constant_name(use.arguments[0])
                if name is not None:
                    found.setdefault(name, use)
        return found

    problems = named(("problem", 1))
    # Warnings need a severity and a description; the pages a nurse reads show a
    # display name and a one-line meaning instead of the rule's name.
    needed = {
        what: named((what, 2))
        for what in ("severity", "description", "label", "meaning")
    }
    return [
        Diagnostic(
            f"problem '{name}' has no {what}({name}, ...); {_NEEDED_FOR[what]}",
            use.file,
            use.line,
        )
        for name, use in problems.items()
        for what, known in needed.items()
        if name not in known
    ]


_NEEDED_FOR = {
    "severity": "warnings need one",
    "description": "warnings need one",
    "label": 'nurses read problems by their label, e.g. label(x, "Low blood sugar")',
    "meaning": "nurses read a one-line meaning beside the label",
}


# What a ward lead of another ward may see of a problem: its name, in dry-run counts.
# A name or text built from a variable could carry a patient's values there.
_DECLARED = {"problem": 1, "severity": 2, "description": 2, "label": 2, "meaning": 2}
_NAME_FROM_VALUES = (
    "problem({shown}) is built from variables or values: a problem is a name "
    "declared in the rule file, e.g. problem(lowSats) :- current(spo2, V, _), V < 92. "
    "Problem names are shown, counted, to ward leads of other wards, so they must not "
    "carry a patient's values"
)
_METADATA_FROM_VALUES = (
    "{name}(...) must be a plain fact of a declared problem name and a constant "
    '(e.g. label(lowSats, "Low oxygen saturation").), with no variables and no '
    "conditions: what nurses and other wards read must not be built from patient values"
)


def _problems_not_declared(
    statements: list[tuple[str, ast.AST]],
) -> list[Diagnostic]:
    """Problems, severities, descriptions, labels and meanings built from variables,
    or (the last four) derived under conditions rather than stated as facts."""
    problems = []
    for file, statement in statements:
        if statement.ast_type != ast.ASTType.Rule:
            continue
        plain_fact = not statement.body and _plain_literal(statement.head)
        for use in _walk(
            statement.head, file, statement.location.begin.line, in_head=True
        ):
            if _DECLARED.get(use.name) != len(use.arguments):
                continue
            if use.name == "problem":
                if constant_name(use.arguments[0]) is None:
                    shown = ", ".join(str(a) for a in use.arguments)
                    problems.append(
                        Diagnostic(
                            _NAME_FROM_VALUES.format(shown=shown), use.file, use.line
                        )
                    )
            elif not plain_fact or not all(map(_constant, use.arguments)):
                problems.append(
                    Diagnostic(
                        _METADATA_FROM_VALUES.format(name=use.name), use.file, use.line
                    )
                )
    return problems


_WINDOW = (
    "window(...) must be a plain fact of a type and a whole number of seconds, e.g. "
    "window(urineOutput, 90000).: the program builder reads it from the rule file to "
    "know which readings to keep"
)
_NOT_ASSESSED = (
    "notAssessed(...) takes a declared problem name and a fixed text, e.g. "
    'notAssessed(oliguria, "No weight recorded: ...") :- ...: what nurses read '
    "must not be built from patient values"
)


def _windows_not_constant(
    uses: list[AtomUse], statements: list[tuple[str, ast.AST]]
) -> list[Diagnostic]:
    """Windows that are not constant facts, and reasons not to assess a problem
    that are built from variables."""
    problems = [
        Diagnostic(_NOT_ASSESSED, use.file, use.line)
        for use in uses
        if use.in_head
        and use.signature == ("notAssessed", 2)
        and not all(map(_constant, use.arguments))
    ]
    for file, statement in statements:
        if statement.ast_type not in (ast.ASTType.Rule, ast.ASTType.External):
            continue
        line = statement.location.begin.line
        heads = [
            u
            for u in statement_atoms(statement, file)
            if u.in_head and u.signature == ("window", 2)
        ]
        fact = (
            statement.ast_type == ast.ASTType.Rule
            and not statement.body
            and _plain_literal(statement.head)
        )
        problems += [
            Diagnostic(_WINDOW, file, line)
            for u in heads
            if not fact
            or constant_name(u.arguments[0]) is None
            or window_seconds(u.arguments[1]) is None
        ]
    return problems


def _not_assessed_undeclared(uses: list[AtomUse]) -> list[Diagnostic]:
    """Reasons not to assess a name no rule derives as a problem: the state shows
    them under the problem's label, which such a name does not have."""
    declared = {
        constant_name(u.arguments[0])
        for u in uses
        if u.in_head and u.signature == ("problem", 1)
    }
    declared.discard(None)
    return [
        Diagnostic(
            f"notAssessed({use.arguments[0]}, ...) names no problem the rule files "
            "declare: give the name of a problem(...) rule, e.g. "
            'notAssessed(oliguria, "No weight recorded: ...")',
            use.file,
            use.line,
        )
        for use in uses
        if use.in_head
        and use.signature == ("notAssessed", 2)
        and constant_name(use.arguments[0]) not in declared
    ]


# The chart's day starts on the hour the ward's clock reads dayStartHour:00 (time.lp);
# clockHour/2 gives hours 0 to 23, so any other value would leave no day start and
# no fluid balance, silently.
DAY_START_HOUR = "dayStartHour"


def _day_start_hour_out_of_range(
    statements: list[tuple[str, ast.AST]],
) -> list[Diagnostic]:
    problems = []
    for file, statement in statements:
        if (
            statement.ast_type != ast.ASTType.Definition
            or statement.name != DAY_START_HOUR
        ):
            continue
        value = statement.value
        hour = window_seconds(value)  # a whole number of zero or more, else None
        if hour is None or hour > 23:
            problems.append(
                Diagnostic(
                    f"#const {DAY_START_HOUR} = {value}. must be a whole hour from 0 "
                    "to 23 (the ward's clock, e.g. #const dayStartHour = 7. for "
                    "07:00): with any other value the chart's day never starts and "
                    "no fluid balance is shown",
                    file,
                    statement.location.begin.line,
                )
            )
    return problems


def window_seconds(term: Any) -> int | None:
    """The seconds of a window written as a whole number of zero or more, else None."""
    if term.ast_type != ast.ASTType.SymbolicTerm:
        return None
    symbol = term.symbol
    if symbol.type != clingo.SymbolType.Number or symbol.number < 0:
        return None
    return int(symbol.number)


def _plain_literal(head: Any) -> bool:
    return bool(head.ast_type == ast.ASTType.Literal)


def _constant(term: Any) -> bool:
    """A constant name, number or string: nothing a variable can fill."""
    return constant_name(term) is not None or (
        term.ast_type == ast.ASTType.SymbolicTerm
        and term.symbol.type in (clingo.SymbolType.String, clingo.SymbolType.Number)
    )


def _unique(problems: list[Diagnostic]) -> list[Diagnostic]:
    return list(dict.fromkeys(problems))
