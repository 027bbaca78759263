"""Finds rules that build ever larger terms from themselves (``p(X+1) :- p(X).``):
with one seed fact the grounder never stops, so they are refused before any solve."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from clingo import ast

from logic.diagnostics import Diagnostic

Signature = tuple[str, int]
# Terms that make a new, larger value out of their parts.
GROWING_TERMS = {
    ast.ASTType.BinaryOperation,
    ast.ASTType.UnaryOperation,
    ast.ASTType.Function,
    ast.ASTType.Interval,
}


def rules_unbounded(statements: Sequence[tuple[str, ast.AST]]) -> list[Diagnostic]:
    """Rules whose head builds a larger term from a variable that only a recursive
    body atom (one that depends on the head again) binds, with no comparison that
    bounds it. ``statements`` are parsed statements with their file names."""
    rules = [(f, s) for f, s in statements if s.ast_type == ast.ASTType.Rule]
    graph: dict[Signature, set[Signature]] = {}
    for _file, rule in rules:
        body = {a for a, _positive in _body_atoms(rule)}
        for head in _head_atoms(rule.head):
            graph.setdefault(_signature(head), set()).update(
                _signature(b) for b in body
            )
    problems = []
    for file, rule in rules:
        for head in _head_atoms(rule.head):
            found = _growing(rule, head, graph)
            if found is not None:
                term, variable = found
                problems.append(
                    Diagnostic(
                        f"'{head}' is built from {head.name}/{len(head.arguments)} itself "
                        f"with a larger term ({term}): once one {head.name} fact exists this "
                        "rule never stops making new ones. Bound it (for example add "
                        f"{variable} < 100 to the body) or compute the value without "
                        "recursion",
                        file,
                        rule.location.begin.line,
                    )
                )
    return problems


def _growing(
    rule: Any, head: Any, graph: dict[Signature, set[Signature]]
) -> tuple[str, str] | None:
    signature = _signature(head)
    recursive_vars: set[str] = set()
    other_vars: set[str] = set()
    for atom, positive in _body_atoms(rule):
        if not positive:
            continue
        if _reaches(graph, _signature(atom), signature):
            recursive_vars |= _variables(atom)
        else:
            other_vars |= _variables(atom)
    bounded = other_vars | _compared(rule.body)
    for argument in head.arguments:
        if argument.ast_type not in GROWING_TERMS:
            continue
        for variable in sorted(_variables(argument)):
            if variable in recursive_vars and variable not in bounded:
                return str(argument), variable
    return None


def _reaches(
    graph: dict[Signature, set[Signature]], start: Signature, goal: Signature
) -> bool:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return False


def _signature(function: Any) -> Signature:
    return (function.name, len(function.arguments))


def _head_atoms(head: Any) -> Iterator[Any]:
    """The atoms a head defines (literals, disjunctions, choices)."""
    for node in _nodes(head, skip={"condition"}):
        if node.ast_type == ast.ASTType.SymbolicAtom:
            yield from _functions(node.symbol)


def _body_atoms(rule: Any) -> Iterator[tuple[Any, bool]]:
    """Atoms in the body, each with whether it is a positive top-level literal (only
    those bind variables)."""
    for literal in rule.body:
        if (
            literal.ast_type == ast.ASTType.Literal
            and literal.sign == ast.Sign.NoSign
            and literal.atom.ast_type == ast.ASTType.SymbolicAtom
        ):
            for function in _functions(literal.atom.symbol):
                yield function, True
            continue
        for node in _nodes(literal):
            if node.ast_type == ast.ASTType.SymbolicAtom:
                for function in _functions(node.symbol):
                    yield function, False


def _functions(term: Any) -> Iterator[Any]:
    if term.ast_type == ast.ASTType.Pool:
        for option in term.arguments:
            yield from _functions(option)
    elif term.ast_type == ast.ASTType.Function:
        yield term


def _compared(body: Any) -> set[str]:
    """Variables that appear in a comparison anywhere in the body."""
    found: set[str] = set()
    for node in _nodes(body):
        if node.ast_type == ast.ASTType.Comparison:
            found |= _variables(node)
    return found


def _variables(node: Any) -> set[str]:
    return {
        n.name
        for n in _nodes(node)
        if n.ast_type == ast.ASTType.Variable and n.name != "_"
    }


def _nodes(node: Any, skip: frozenset[str] | set[str] = frozenset()) -> Iterator[Any]:
    """Every AST node under ``node``, depth first, leaving out children in ``skip``."""
    if isinstance(node, list | tuple | ast.ASTSequence):
        for item in node:
            yield from _nodes(item, skip)
        return
    if not isinstance(node, ast.AST):
        return
    yield node
    for key in node.child_keys:
        if key not in skip:
            yield from _nodes(getattr(node, key), skip)
