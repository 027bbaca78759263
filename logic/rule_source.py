"""A rule file checked to be self-contained before clingo reads it for real: no
``#include``, no ``#script``, no ``#external``, no ``@`` calls into the server, and
nothing but ASCII outside strings and comments.

clingo's parser opens an ``#include``d file while it parses, so a rule file cannot be
handed to it to find out whether it includes one: the file would already be read, and
its errors would tell whether the path exists. Instead clingo parses a copy in which
each of those directives is respelled so that it is a lexer error wherever clingo reads
it as code (in a comment or a string it stays harmless text), and every character
outside ASCII becomes one control character (clingo splits a multi-byte character in
its lexer error and the process aborts decoding the message). The copy has the same
lines and columns as the file, so each error of the copy says which directive or
character it was, and where. Only a file whose copy parses cleanly is parsed as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from clingo import ast

from logic.diagnostics import Diagnostic

# Respelled to the same length: columns stay those of the file.
_RESPELLED = {"#include": "#INCLUDE", "#script": "#SCRIPT"}
_DIRECTIVE = re.compile("|".join(re.escape(d) for d in _RESPELLED))
_NOT_ASCII = re.compile(r"[^\x00-\x7f]")
_STAND_IN = "\x01"
_LOCATION = re.compile(r"^<string>:(\d+):(\d+)")

_REFUSED = {
    "#include": "#include is not allowed in a rule set: every rule must be in the "
    "rule set's own files, so that what is stored is what runs",
    "#script": "#script is not allowed in a rule set: no program code may run on the "
    "server",
}
_EXTERNAL = (
    "#external is not allowed in a rule set: an atom's truth must come from the "
    "patient's record and the rule set's own rules, not from outside the program"
)
_CALL = (
    "@{name}(...) is not allowed in a rule set: it calls code on the server; write the "
    "computation as rules"
)


def rule_source_problems(name: str, text: str) -> list[Diagnostic]:
    """What in the rule file ``name`` reaches outside it or cannot be read, found by
    clingo's own parser without opening anything the file names (see the module's
    docstring). Empty when the file is self-contained and parses; then its ``text``
    is safe to hand to clingo."""
    copy, marks = _stand_in_copy(text)
    messages: list[str] = []
    statements: list[ast.AST] = []
    try:
        ast.parse_string(copy, statements.append, logger=_collector(messages))
    except RuntimeError as error:
        found = [_from_message(m, name, marks) for m in messages]
        # The errors after a refused directive (its path, a script's code) are its
        # consequences, not the writer's mistakes.
        refused = [d for d in found if d.message in _REFUSED.values()]
        return _unique(refused or found) or [Diagnostic(str(error), name)]
    return [
        Diagnostic(message, name, line)
        for statement in statements
        for message, line in _reaching_out(statement)
    ]


def clingo_diagnostic(message: str, source: str) -> Diagnostic:
    """A clingo log message (``<block>:LINE:COL-COL: error: TEXT`` and notes on later
    lines) as a diagnostic of ``source``: the first line number and all the text."""
    lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
    texts, line_number = [], None
    for line in lines:
        parts = line.split(":", 3)
        if len(parts) == 4 and parts[1].isdigit():
            line_number = line_number or int(parts[1])
            texts.append(
                parts[3].strip().removeprefix("error: ").removeprefix("note: ")
            )
        else:
            texts.append(line)
    return Diagnostic(" ".join(texts), source, line_number)


def _stand_in_copy(text: str) -> tuple[str, dict[tuple[int, int], str]]:
    """The copy clingo parses, and what stands at each respelled (line, column)."""
    marks: dict[tuple[int, int], str] = {}
    lines = []
    for number, line in enumerate(text.split("\n"), 1):
        for found in _NOT_ASCII.finditer(line):
            marks[(number, found.start() + 1)] = found.group()
        line = _NOT_ASCII.sub(_STAND_IN, line)
        for found in _DIRECTIVE.finditer(line):
            marks[(number, found.start() + 1)] = found.group()
        lines.append(_DIRECTIVE.sub(lambda m: _RESPELLED[m.group()], line))
    return "\n".join(lines), marks


def _collector(messages: list[str]) -> Callable[[Any, str], None]:
    def log(_code: Any, message: str) -> None:
        messages.append(message)

    return log


def _from_message(
    message: str, name: str, marks: dict[tuple[int, int], str]
) -> Diagnostic:
    found = _LOCATION.match(message)
    if found:
        line, column = int(found.group(1)), int(found.group(2))
        mark = marks.get((line, column))
        if mark in _REFUSED:
            return Diagnostic(_REFUSED[mark], name, line)
        if mark is not None:
            return Diagnostic(
                f"'{mark}' (U+{ord(mark):04X}) is not allowed here: names, variables "
                "and operators are plain ASCII; other characters belong in strings "
                "and comments",
                name,
                line,
            )
    return clingo_diagnostic(message, name)


def _reaching_out(statement: ast.AST) -> Iterator[tuple[str, int]]:
    """``#external`` statements and ``@`` calls anywhere in ``statement``."""
    if statement.ast_type == ast.ASTType.External:
        yield _EXTERNAL, statement.location.begin.line
        return
    for node in _nodes(statement):
        if node.ast_type == ast.ASTType.Function and node.external:
            yield _CALL.format(name=node.name), node.location.begin.line


def _nodes(node: Any) -> Iterator[ast.AST]:
    if isinstance(node, list | tuple | ast.ASTSequence):
        for item in node:
            yield from _nodes(item)
    elif isinstance(node, ast.AST):
        yield node
        for key in node.child_keys:
            yield from _nodes(getattr(node, key))


def _unique(problems: list[Diagnostic]) -> list[Diagnostic]:
    return list(dict.fromkeys(problems))
