"""Storing, validating, activating and rolling back rule set versions.

Validation runs clingo in a child process for up to several seconds, so it happens
before the database transaction that stores or activates, never inside it."""

import logging
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from caretaker.audit.models import Action as AuditAction
from caretaker.audit.services import audit_record
from caretaker.journal import push
from caretaker.rulesets.models import (
    RuleSetActivation,
    RuleSetAudit,
    RuleSetVersion,
)
from caretaker.rulesets.selectors import (
    DryRunReport,
    dry_run_report,
    ruleset_activation_current,
    ruleset_dry_run,
    ruleset_rollback_target,
    ruleset_scope_patients,
)
from caretaker.wards.models import Ward
from caretaker.wards.selectors import ward_list_for
from logic import Diagnostic, LogicError
from logic.rule_tests import TESTS_FILE
from logic.ruleset import ALPHABET_FILE, default_ruleset_path
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


def ruleset_draft_validate(*, draft: Draft, user=None) -> ValidationReport:
    """Run every check on a draft and note the outcome in the audit."""
    report = ruleset_validate(draft.alphabet, draft.files, draft.tests or None)
    _audit(
        action=Action.VALIDATED if report.ok else Action.VALIDATION_FAILED,
        user=user,
        detail=_summary(report),
    )
    return report


def ruleset_version_create(
    *,
    draft: Draft,
    author=None,
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
        detail=_summary(report),
    )


@transaction.atomic
def _version_store(
    *,
    draft: Draft,
    author,
    ward,
    parent,
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
    _audit(action=action, version=version, ward=ward, user=author, detail=detail)
    return version


def ruleset_default_install() -> RuleSetVersion:
    """Store the shipped rule set (or ``CARETAKER_RULES_DIR``) as version 1 and make
    it the global one; the first use of rules in a fresh database does this."""
    directory = settings.CARETAKER_RULES_DIR
    alphabet, files, tests = ruleset_read_directory(directory or default_ruleset_path())
    draft = Draft(alphabet, files, tests or "")
    detail = f"shipped rule set from {directory or 'logic/rules/default'}"
    if directory:  # the shipped one is validated by the test suite
        report = ruleset_validate(alphabet, files, tests)
        if not report.ok:
            raise ImproperlyConfigured(
                f"CARETAKER_RULES_DIR={directory} is not a valid rule set:\n"
                + "\n".join(str(e) for e in report.errors)
            )
    try:
        with transaction.atomic():
            version = RuleSetVersion.objects.filter(number=1).first()
            if version is None:
                version = _version_store(
                    draft=draft,
                    author=None,
                    ward=None,
                    parent=None,
                    comment="shipped default",
                    action=Action.IMPORTED,
                    detail=detail,
                    number=1,
                )
            if ruleset_activation_current(ward_id=None) is None:
                RuleSetActivation.objects.create(ward=None, version=version)
                _audit(action=Action.ACTIVATED, version=version, detail=detail)
    except IntegrityError:  # another process installed it first
        pass
    return ruleset_activation_current(ward_id=None).version


def ruleset_activate(
    *, version: RuleSetVersion, user=None, kind: str = RuleSetActivation.Kind.ACTIVATE
) -> list[int]:
    """Validate ``version`` again, make it active for its scope and re-solve every
    patient of the scope (alerts for new problems name the version). On any failure
    the active version stays as it was and :class:`RuleSetInvalid` is raised.
    Returns the ids of the re-solved patients."""
    report = ruleset_validate(
        version.alphabet, dict(version.files), version.tests or None
    )
    if not report.ok:
        _audit(
            action=Action.ACTIVATION_REFUSED,
            version=version,
            ward=version.ward,
            user=user,
            detail=_summary(report),
        )
        raise RuleSetInvalid(report.errors)
    return _scope_switch(ward=version.ward, version=version, user=user, kind=kind)


def ruleset_rollback(*, ward: Ward | None = None, user=None) -> list[int]:
    """Return the scope to the version active before the current one (a ward whose
    first own version is rolled back follows the global version again)."""
    target, possible = ruleset_rollback_target(ward_id=ward.pk if ward else None)
    if not possible:
        raise RuleSetInvalid(
            (Diagnostic("there is no earlier version to roll back to"),)
        )
    if target is None:
        return _scope_switch(
            ward=ward, version=None, user=user, kind=RuleSetActivation.Kind.ROLLBACK
        )
    return ruleset_activate(
        version=target, user=user, kind=RuleSetActivation.Kind.ROLLBACK
    )


def _scope_switch(
    *, ward: Ward | None, version: RuleSetVersion | None, user, kind: str
) -> list[int]:
    try:
        return _scope_switch_atomic(ward=ward, version=version, user=user, kind=kind)
    except LogicError as error:  # a patient's program failed: nothing was switched
        _audit(
            action=Action.ACTIVATION_REFUSED,
            version=version,
            ward=ward,
            user=user,
            detail=str(error),
        )
        raise RuleSetInvalid(error.diagnostics) from error


@transaction.atomic
def _scope_switch_atomic(*, ward, version, user, kind: str) -> list[int]:
    from caretaker.journal.services import patient_state_refresh

    # Patients to re-solve are those of the scope before the switch: a ward handed
    # back to global is not among the global scope's patients yet.
    patients = list(ruleset_scope_patients(ward=ward))
    RuleSetActivation.objects.create(
        ward=ward, version=version, kind=kind, activated_by=user
    )
    for patient in patients:
        patient_state_refresh(patient=patient)
    action = (
        Action.ROLLED_BACK
        if kind == RuleSetActivation.Kind.ROLLBACK
        else Action.ACTIVATED
    )
    target = version.label if version else "the global version"
    _audit(
        action=action,
        version=version,
        ward=ward,
        user=user,
        detail=f"{target} active for {ward.code if ward else 'global'}; "
        f"{len(patients)} patients solved again",
    )
    ids = [p.pk for p in patients]
    transaction.on_commit(lambda: [push.patient_push(i) for i in ids])
    return ids


def ruleset_import(
    *,
    directory: str | Path,
    ward: Ward | None = None,
    comment: str = "",
    author=None,
    activate: bool = False,
) -> RuleSetVersion:
    """Store a directory with the rule-set layout as a new version (validated), and
    activate it when asked."""
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
    if activate:
        ruleset_activate(version=version, user=author)
    return version


def ruleset_export(
    *, version: RuleSetVersion, directory: str | Path, user=None
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
    _audit(
        action=Action.EXPORTED,
        version=version,
        ward=version.ward,
        user=user,
        detail=str(directory),
    )
    return written


def _audit(
    *, action: str, version=None, ward=None, user=None, detail: str = ""
) -> None:
    RuleSetAudit.objects.create(
        action=action,
        version=version,
        ward=ward,
        user=user if getattr(user, "is_authenticated", False) else None,
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


def _summary(report: ValidationReport) -> str:
    if report.ok:
        return f"{report.rule_files} rule files, {report.tests} rule tests passed"
    return "\n".join(str(e) for e in report.errors)


def ruleset_dry_run_read(
    *, user, version: RuleSetVersion | None, ward: Ward | None
) -> DryRunReport:
    """The dry run of ``version`` for ``ward``'s scope as ``user`` may read it (see
    :class:`DryRunReport`); the read is audited: it shows patients' problems."""
    visible = (
        None
        if user.is_superuser
        else set(ward_list_for(user=user).values_list("pk", flat=True))
    )
    report = dry_run_report(
        rows=ruleset_dry_run(version=version, ward=ward), ward_ids=visible
    )
    audit_record(
        user=user,
        action=AuditAction.RULES_DRY_RUN,
        ward=ward,
        detail={
            "version": version.label if version else "global",
            "scope": ward.code if ward else "global",
            "patients_shown": len(report.rows),
            "patients_counted": report.others,
        },
    )
    return report
