"""TOML from users (a rule set's alphabet and tests), read with a bound on nesting.

``tomllib`` parses arrays and inline tables by recursion: a few kilobytes of ``[[[[``
end in ``RecursionError`` (a 500 where a rules admin should read an error), and a
structure just under Python's limit would still be walked by every reader after it.
The nesting is measured by a scan that knows TOML's strings and comments, before
``tomllib`` sees the text.
"""

from __future__ import annotations

import tomllib
from typing import Any

# An alphabet or a tests file nests three or four deep; nothing real comes near.
MAX_DEPTH = 32

_OPEN = "[{"
_CLOSE = "]}"


def toml_loads(text: str, *, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """``tomllib.loads(text)``, refusing arrays and tables nested deeper than
    ``max_depth`` first. Raises ``tomllib.TOMLDecodeError`` (its message ends with
    the place, ``(at line L, column C)``, as tomllib's own do)."""
    too_deep = _too_deep_at(text, max_depth)
    if too_deep is not None:
        line = text.count("\n", 0, too_deep) + 1
        column = too_deep - (text.rfind("\n", 0, too_deep) + 1) + 1
        raise tomllib.TOMLDecodeError(
            f"arrays and tables nested more than {max_depth} deep "
            f"(at line {line}, column {column})"
        )
    return tomllib.loads(text)


def _string_end(text: str, start: int) -> int:
    """The index just past the string that opens at ``start``; ``len(text)`` for a
    string that never closes (tomllib reports it)."""
    quote = text[start]
    escapes = quote == '"'
    if text.startswith(quote * 3, start):
        end = start + 3
        while end < len(text):
            if escapes and text[end] == "\\":
                end += 2
            elif text.startswith(quote * 3, end):
                end += 3
                # Up to two quotes of the content may sit against the closing three.
                for _ in range(2):
                    if end < len(text) and text[end] == quote:
                        end += 1
                return end
            else:
                end += 1
        return len(text)
    end = start + 1
    while end < len(text) and text[end] not in (quote, "\n"):
        end += 2 if escapes and text[end] == "\\" else 1
    return end + 1


def _too_deep_at(text: str, max_depth: int) -> int | None:
    """The offset of the first bracket that opens past ``max_depth``, if any."""
    depth = 0
    index = 0
    while index < len(text):
        char = text[index]
        if char in "\"'":
            index = _string_end(text, index)
            continue
        if char == "#":
            newline = text.find("\n", index)
            index = len(text) if newline < 0 else newline
            continue
        if char in _OPEN:
            depth += 1
            if depth > max_depth:
                return index
        elif char in _CLOSE:
            depth = max(depth - 1, 0)
        index += 1
    return None
