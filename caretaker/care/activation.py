"""Activating and rolling back rule sets: the switch and the re-solve of every
patient it touches happen in one transaction, then the ward's pages are pushed."""

from pathlib import Path

from django.db import transaction

from caretaker.care import push
from caretaker.care.actions import patient_refresh
from caretaker.rulesets.models import RuleSetActivation, RuleSetAudit, RuleSetVersion
from caretaker.rulesets.selectors import ruleset_rollback_target, ruleset_scope_patients
from caretaker.rulesets.services import (
    RuleSetInvalid,
    ruleset_audit,
    validation_summary,
)
from caretaker.rulesets.services import ruleset_import as ruleset_store
from caretaker.users import User
from caretaker.wards.models import Ward
from logic import Diagnostic, LogicError
from logic.validation import ruleset_validate

Action = RuleSetAudit.Action


def ruleset_activate(
    *,
    version: RuleSetVersion,
    user: User | None = None,
    kind: str = RuleSetActivation.Kind.ACTIVATE,
) -> list[int]:
    """Validate ``version`` again, make it active for its scope and re-solve every
    patient of the scope (alerts for new problems name the version). On any failure
    the active version stays as it was and :class:`RuleSetInvalid` is raised.
    Returns the ids of the re-solved patients."""
    report = ruleset_validate(
        version.alphabet, dict(version.files), version.tests or None
    )
    if not report.ok:
        ruleset_audit(
            action=Action.ACTIVATION_REFUSED,
            version=version,
            ward=version.ward,
            user=user,
            detail=validation_summary(report),
        )
        raise RuleSetInvalid(report.errors)
    return _scope_switch(ward=version.ward, version=version, user=user, kind=kind)


def ruleset_rollback(
    *, ward: Ward | None = None, user: User | None = None
) -> list[int]:
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


def ruleset_import(
    *,
    directory: str | Path,
    ward: Ward | None = None,
    comment: str = "",
    author: User | None = None,
    activate: bool = False,
) -> RuleSetVersion:
    """Store a directory with the rule-set layout as a new version (validated), and
    activate it when asked."""
    version = ruleset_store(
        directory=directory, ward=ward, comment=comment, author=author
    )
    if activate:
        ruleset_activate(version=version, user=author)
    return version


def _scope_switch(
    *, ward: Ward | None, version: RuleSetVersion | None, user: User | None, kind: str
) -> list[int]:
    try:
        return _scope_switch_atomic(ward=ward, version=version, user=user, kind=kind)
    except LogicError as error:  # a patient's program failed: nothing was switched
        ruleset_audit(
            action=Action.ACTIVATION_REFUSED,
            version=version,
            ward=ward,
            user=user,
            detail=str(error),
        )
        raise RuleSetInvalid(error.diagnostics) from error


@transaction.atomic
def _scope_switch_atomic(
    *, ward: Ward | None, version: RuleSetVersion | None, user: User | None, kind: str
) -> list[int]:
    # Patients to re-solve are those of the scope before the switch: a ward handed
    # back to global is not among the global scope's patients yet.
    patients = list(ruleset_scope_patients(ward=ward))
    RuleSetActivation.objects.create(
        ward=ward, version=version, kind=kind, activated_by=user
    )
    for patient in patients:
        patient_refresh(patient=patient, push_row=False)
    action = (
        Action.ROLLED_BACK
        if kind == RuleSetActivation.Kind.ROLLBACK
        else Action.ACTIVATED
    )
    target = version.label if version else "the global version"
    ruleset_audit(
        action=action,
        version=version,
        ward=ward,
        user=user,
        detail=f"{target} active for {ward.code if ward else 'global'}; "
        f"{len(patients)} patients solved again",
    )
    ids = [p.pk for p in patients]

    def rows_push() -> None:
        for patient_id in ids:
            push.patient_push(patient_id)

    transaction.on_commit(rows_push)
    return ids
