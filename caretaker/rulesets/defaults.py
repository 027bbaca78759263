"""The rule set a fresh database starts with: the shipped one, or the directory
named by ``CARETAKER_RULES_DIR``. Read by the migration that installs it, so kept
free of models."""

from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from logic.ruleset import default_ruleset_path
from logic.validation import ruleset_read_directory, ruleset_validate


@dataclass(frozen=True)
class DefaultRuleSet:
    alphabet: str
    files: dict[str, str]
    tests: str
    source: str  # where it came from, for the audit


def default_ruleset_read() -> DefaultRuleSet:
    """The texts of the default rule set. A ``CARETAKER_RULES_DIR`` that fails
    validation stops the installation (the shipped one is validated by the suite)."""
    directory = settings.CARETAKER_RULES_DIR
    alphabet, files, tests = ruleset_read_directory(directory or default_ruleset_path())
    if directory:
        report = ruleset_validate(alphabet, files, tests)
        if not report.ok:
            raise ImproperlyConfigured(
                f"CARETAKER_RULES_DIR={directory} is not a valid rule set:\n"
                + "\n".join(str(e) for e in report.errors)
            )
    source = f"shipped rule set from {directory or 'logic/rules/default'}"
    return DefaultRuleSet(alphabet, dict(files), tests or "", source)
