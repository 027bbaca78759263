"""Everything a rule set must pass before it can be saved or become active."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from logic.diagnostics import Diagnostic, LogicError
from logic.rule_lint import rules_lint, rules_syntax
from logic.rule_tests import TESTS_FILE, rule_tests_parse
from logic.ruleset import ALPHABET_FILE, RULE_SUFFIX, ruleset_from_texts
from logic.trial import TRIAL_SECONDS, ruleset_trial_run


@dataclass(frozen=True)
class ValidationReport:
    """The outcome: no errors means the rule set may be saved and activated."""

    errors: tuple[Diagnostic, ...]
    rule_files: int
    tests: int

    @property
    def ok(self) -> bool:
        return not self.errors


def ruleset_validate(
    alphabet_text: str,
    files: dict[str, str],
    tests_text: str | None = None,
    *,
    trial_seconds: float = TRIAL_SECONDS,
) -> ValidationReport:
    """Validate a rule set given as texts: the alphabet, clingo syntax, vocabulary
    (predicates, types and values), unbounded recursion, then, in a separate process
    under a time and memory limit, clingo's safety check, a trial solve of synthetic
    patients and the rule tests. Later checks run only when the earlier ones pass,
    since they need them."""
    count = len(files)
    try:
        rules = ruleset_from_texts(alphabet_text, files)
    except LogicError as error:
        return ValidationReport(error.diagnostics, count, 0)
    pairs = [(f.name, f.text) for f in rules.files]
    errors = rules_syntax(pairs)
    if not errors:
        errors = rules_lint(pairs, rules.alphabet)
    if tests_text is not None and tests_text.strip():
        try:
            rule_tests_parse(tests_text, rules)
        except LogicError as error:
            errors += error.diagnostics
    else:
        tests_text = None
    if errors:
        return ValidationReport(tuple(_sorted(errors)), count, 0)
    outcome = ruleset_trial_run(alphabet_text, files, tests_text, seconds=trial_seconds)
    return ValidationReport(tuple(_sorted(list(outcome.errors))), count, outcome.tests)


def ruleset_read_directory(
    directory: str | Path,
) -> tuple[str, dict[str, str], str | None]:
    """The texts of a directory with the rule-set layout: ``alphabet.toml``, ``*.lp``
    and optionally ``tests.toml``. Raises :class:`LogicError` when it is not one."""
    directory = Path(directory)
    if not directory.is_dir():
        raise LogicError([Diagnostic("not a directory", str(directory))])
    alphabet = directory / ALPHABET_FILE
    if not alphabet.is_file():
        raise LogicError(
            [
                Diagnostic(
                    f"missing {ALPHABET_FILE}: a rule set needs its alphabet",
                    str(directory),
                )
            ]
        )
    files = {
        p.name: p.read_text(encoding="utf-8")
        for p in sorted(directory.glob(f"*{RULE_SUFFIX}"))
    }
    tests = directory / TESTS_FILE
    return (
        alphabet.read_text(encoding="utf-8"),
        files,
        tests.read_text(encoding="utf-8") if tests.is_file() else None,
    )


def ruleset_validate_directory(
    directory: str | Path, *, trial_seconds: float = TRIAL_SECONDS
) -> ValidationReport:
    """Validate a directory with the rule-set layout (see
    :func:`ruleset_read_directory`)."""
    try:
        alphabet, files, tests = ruleset_read_directory(directory)
    except LogicError as error:
        return ValidationReport(error.diagnostics, 0, 0)
    except (OSError, UnicodeDecodeError) as error:
        return ValidationReport(
            (Diagnostic(f"cannot read the rule set: {error}", str(directory)),), 0, 0
        )
    return ruleset_validate(alphabet, files, tests, trial_seconds=trial_seconds)


def _sorted(errors: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(errors, key=lambda d: (d.file, d.line or 0))
