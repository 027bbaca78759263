"""Which rule set the application solves with."""

from functools import cache
from pathlib import Path

from django.conf import settings

from logic import RuleSet, default_ruleset, ruleset_load


@cache
def _ruleset_from(directory: str) -> RuleSet:
    return ruleset_load(Path(directory)) if directory else default_ruleset()


def active_ruleset() -> tuple[RuleSet, str]:
    """The active rule set and its version label (stored with every alert)."""
    directory = settings.CARETAKER_RULES_DIR
    version = f"dir:{directory}" if directory else "default:1"
    return _ruleset_from(directory), version
