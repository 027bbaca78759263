"""Dry runs of a rule set version: how every patient's problems would change,
solved from the facts as they stand; nothing is stored."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from caretaker.audit.models import Action
from caretaker.audit.services import audit_record
from caretaker.journal.models import Fact
from caretaker.journal.selectors import fact_list_active, timed_statements
from caretaker.rulesets.models import RuleSetVersion
from caretaker.rulesets.selectors import (
    ruleset_active_get,
    ruleset_from_version,
    ruleset_scope_patients,
)
from caretaker.users import RequestUser
from caretaker.wards.models import Patient, Ward
from caretaker.wards.selectors import ward_list_for
from logic import LogicError, RuleSet, patient_state_solve
from logic.rule_lint import problems_declared


@dataclass(frozen=True)
class DryRunRow:
    """How one patient's problems would change."""

    patient: Patient
    gained: tuple[str, ...]
    lost: tuple[str, ...]
    kept: tuple[str, ...]
    error: str = ""


def ruleset_dry_run(
    *, version: RuleSetVersion | None, ward: Ward | None
) -> list[DryRunRow]:
    """Solve every patient of the scope with their current rule set and with
    ``version`` (None for a ward: the global version) at the same moment; nothing is
    stored."""
    candidate = version or ruleset_active_get()
    new_rules = ruleset_from_version(version=candidate)
    moment = timezone.now()
    rows = []
    for patient in ruleset_scope_patients(ward=ward):
        old_rules = ruleset_from_version(
            version=ruleset_active_get(ward_id=patient.ward_id)
        )
        facts = list(fact_list_active(patient=patient))
        try:
            before = _problems(facts, old_rules, moment)
            after = _problems(facts, new_rules, moment)
        except LogicError as error:
            rows.append(DryRunRow(patient, (), (), (), error=str(error)))
            continue
        rows.append(
            DryRunRow(
                patient,
                tuple(sorted(after - before)),
                tuple(sorted(before - after)),
                tuple(sorted(before & after)),
            )
        )
    return rows


@dataclass(frozen=True)
class DryRunReport:
    """A dry run as one user may read it: patients on her wards by name; those on
    other wards only counted, per problem gained or lost, so that a global change's
    reach shows without naming patients she has no access to."""

    rows: tuple[DryRunRow, ...]
    others: int
    others_gained: tuple[tuple[str, int], ...]
    others_lost: tuple[tuple[str, int], ...]


def dry_run_report(*, rows: list[DryRunRow], ward_ids: set[int] | None) -> DryRunReport:
    """Split ``rows`` by ``ward_ids`` (the wards the reader is on; None: all)."""
    shown = [r for r in rows if ward_ids is None or r.patient.ward_id in ward_ids]
    hidden = [r for r in rows if r not in shown]

    def counted(problems: Iterable[Iterable[str]]) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(Counter(p for group in problems for p in group).items()))

    return DryRunReport(
        rows=tuple(shown),
        others=len(hidden),
        others_gained=counted(r.gained for r in hidden),
        others_lost=counted(r.lost for r in hidden),
    )


def _problems(facts: list[Fact], rules: RuleSet, moment: datetime) -> frozenset[str]:
    timed = timed_statements(facts=facts, rules=rules)
    now = max([moment, *(f.at for f in timed)])
    zone = timezone.get_default_timezone()  # the ward's clock, as the solve's
    derived = patient_state_solve(timed, rules=rules, now=now, zone=zone).problem_names
    # Only names the rule files declare: a name built from a patient's values (a
    # version stored before validation refused it) would carry them to other wards.
    return derived & problems_declared(tuple((f.name, f.text) for f in rules.files))


def ruleset_dry_run_read(
    *, user: RequestUser, version: RuleSetVersion | None, ward: Ward | None
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
        action=Action.RULES_DRY_RUN,
        ward=ward,
        detail={
            "version": version.label if version else "global",
            "scope": ward.code if ward else "global",
            "patients_shown": len(report.rows),
            "patients_counted": report.others,
        },
    )
    return report
