"""Storing, validating, activating and rolling back rule set versions.

Validation runs clingo in a child process for up to several seconds, so it happens
before the database transaction that stores or activates, never inside it."""

import logging
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from caretaker.audit.services import audit_record
from caretaker.rulesets.models import (
    RuleSetAudit,
    RuleSetVersion,
)
from caretaker.users import RequestUser, User
from caretaker.wards.models import Ward
from logic import Diagnostic, LogicError
from logic.rule_tests import TESTS_FILE
from logic.ruleset import ALPHABET_FILE
from logic.validation import (
    ValidationReport,
    ruleset_read_directory,
    ruleset_validate,
)

logger = logging.getLogger(__name__)
Action = RuleSetAudit.Action


class RuleSetInvalid(Exception):
    """The rule set failed validation (or could not be applied); nothing changed."""

    def __init__(self, errors: tuple[Diagnostic, ...]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


@dataclass(frozen=True)
class Draft:
    """The texts of a rule set being edited, before it is a version."""

    alphabet: str
    files: dict[str, str]
    tests: str = ""


def ruleset_draft_validate(
    *, draft: Draft, user: RequestUser | None = None
) -> ValidationReport:
    """Run every check on a draft and note the outcome in the audit."""
    report = ruleset_validate(draft.alphabet, draft.files, draft.tests or None)
    ruleset_audit(
        action=Action.VALIDATED if report.ok else Action.VALIDATION_FAILED,
        user=user,
        detail=validation_summary(report),
    )
    return report


def ruleset_version_create(
    *,
    draft: Draft,
    author: User | None = None,
    ward: Ward | None = None,
    parent: RuleSetVersion | None = None,
    comment: str = "",
    action: str = Action.CREATED,
) -> RuleSetVersion:
    """Validate the draft and store it as a new version; raise
    :class:`RuleSetInvalid` with every problem when it fails."""
    report = ruleset_draft_validate(draft=draft, user=author)
    if not report.ok:
        raise RuleSetInvalid(report.errors)
    return _version_store(
        draft=draft,
        author=author,
        ward=ward,
        parent=parent,
        comment=comment,
        action=action,
        detail=validation_summary(report),
    )


@transaction.atomic
def _version_store(
    *,
    draft: Draft,
    author: User | None,
    ward: Ward | None,
    parent: RuleSetVersion | None,
    comment: str,
    action: str,
    detail: str,
    number: int | None = None,
) -> RuleSetVersion:
    if number is None:
        number = (RuleSetVersion.objects.aggregate(n=Max("number"))["n"] or 0) + 1
    version = RuleSetVersion.objects.create(
        number=number,
        ward=ward,
        parent=parent,
        alphabet=draft.alphabet,
        files=dict(sorted(draft.files.items())),
        tests=draft.tests,
        comment=comment,
        author=author,
        validated_at=timezone.now(),
    )
    ruleset_audit(action=action, version=version, ward=ward, user=author, detail=detail)
    return version


def ruleset_import(
    *,
    directory: str | Path,
    ward: Ward | None = None,
    comment: str = "",
    author: User | None = None,
) -> RuleSetVersion:
    """Store a directory with the rule-set layout as a new version (validated); see
    :func:`caretaker.care.activation.ruleset_import` to activate it too."""
    try:
        alphabet, files, tests = ruleset_read_directory(directory)
    except LogicError as error:
        raise RuleSetInvalid(error.diagnostics) from error
    version = ruleset_version_create(
        draft=Draft(alphabet, files, tests or ""),
        author=author,
        ward=ward,
        comment=comment or f"imported from {directory}",
        action=Action.IMPORTED,
    )
    return version


def ruleset_export(
    *,
    version: RuleSetVersion,
    directory: str | Path,
    user: RequestUser | None = None,
) -> list[Path]:
    """Write a version as a directory with the rule-set layout."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    texts = {ALPHABET_FILE: version.alphabet, **version.files}
    if version.tests:
        texts[TESTS_FILE] = version.tests
    written = []
    for name, text in texts.items():
        path = directory / Path(name).name  # names are checked; never leave directory
        path.write_text(text, encoding="utf-8")
        written.append(path)
    ruleset_audit(
        action=Action.EXPORTED,
        version=version,
        ward=version.ward,
        user=user,
        detail=str(directory),
    )
    return written


def ruleset_audit(
    *,
    action: str,
    version: RuleSetVersion | None = None,
    ward: Ward | None = None,
    user: RequestUser | None = None,
    detail: str = "",
) -> None:
    """Note a rule-set event in the rules audit and the hospital-wide trail."""
    RuleSetAudit.objects.create(
        action=action,
        version=version,
        ward=ward,
        user=user if user is not None and user.is_authenticated else None,
        detail=detail[:5000],
    )
    # The hospital-wide trail too, so ward leads see rule changes beside the rest.
    audit_record(
        user=user,
        action=f"rule.{action}",
        obj=version,
        ward=ward,
        detail={"detail": detail[:5000]},
    )


def validation_summary(report: ValidationReport) -> str:
    """A validation's outcome in one line, or its errors one per line."""
    if report.ok:
        return f"{report.rule_files} rule files, {report.tests} rule tests passed"
    return "\n".join(str(e) for e in report.errors)
