"""A rule set: an alphabet file plus the .lp rule files that give it meaning."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from logic.alphabet import Alphabet, alphabet_parse
from logic.diagnostics import Diagnostic, RuleSetError

ALPHABET_FILE = "alphabet.toml"
RULE_SUFFIX = ".lp"


@dataclass(frozen=True)
class RuleFile:
    """One clingo rule file, by its name inside the rule set."""

    name: str
    text: str


@dataclass(frozen=True)
class RuleSet:
    """What a patient's program is made of besides the patient's own facts."""

    alphabet: Alphabet
    files: tuple[RuleFile, ...]
    source: str = ""


def ruleset_load(directory: str | Path) -> RuleSet:
    """Load ``alphabet.toml`` and every ``*.lp`` file (sorted by name) of a directory.

    Raises :class:`RuleSetError` or :class:`~logic.diagnostics.AlphabetError` with the
    file and line of each problem.
    """
    directory = Path(directory)
    if not directory.is_dir():
        raise RuleSetError([Diagnostic("rule set directory not found", str(directory))])
    alphabet_path = directory / ALPHABET_FILE
    if not alphabet_path.is_file():
        raise RuleSetError(
            [
                Diagnostic(
                    f"missing {ALPHABET_FILE}; a rule set needs its alphabet",
                    str(directory),
                )
            ]
        )
    files = {
        path.name: path.read_text(encoding="utf-8")
        for path in sorted(directory.glob(f"*{RULE_SUFFIX}"))
    }
    return ruleset_from_texts(
        alphabet_path.read_text(encoding="utf-8"), files, source=str(directory)
    )


def ruleset_from_texts(
    alphabet_text: str, files: dict[str, str], *, source: str = ""
) -> RuleSet:
    """Build a rule set from in-memory texts (as stored by the admin pages)."""
    alphabet = alphabet_parse(alphabet_text, source=ALPHABET_FILE)
    if not files:
        raise RuleSetError([Diagnostic("the rule set has no .lp rule files", source)])
    rule_files = tuple(RuleFile(name, text) for name, text in sorted(files.items()))
    return RuleSet(alphabet=alphabet, files=rule_files, source=source)


def default_ruleset_path() -> Path:
    """Directory of the shipped default rule set (package data of ``logic``)."""
    return Path(str(resources.files("logic") / "rules" / "default"))


_default: RuleSet | None = None


def default_ruleset() -> RuleSet:
    """The shipped default rule set, loaded once per process."""
    global _default
    if _default is None:
        _default = ruleset_load(default_ruleset_path())
    return _default
