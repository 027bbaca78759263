"""Errors users can read: which file, which line, what is wrong, what to do."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in a file a person wrote (an alphabet, a rule file, input)."""

    message: str
    file: str = ""
    line: int | None = None

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where = f"{where}:{self.line}" if where else f"line {self.line}"
        return f"{where}: {self.message}" if where else self.message


class LogicError(ValueError):
    """Base class for every error the logic package reports to a person."""

    def __init__(self, diagnostics: Iterable[Diagnostic] | str) -> None:
        if isinstance(diagnostics, str):
            diagnostics = [Diagnostic(diagnostics)]
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class AlphabetError(LogicError):
    """The alphabet file cannot be used as it is."""


class StatementError(LogicError):
    """A statement is not in the alphabet or not in its canonical form."""


class RuleSetError(LogicError):
    """A rule set directory or one of its rule files cannot be used."""
