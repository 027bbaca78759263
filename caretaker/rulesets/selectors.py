"""Reading rule set versions: which one is active where, diffs, dry runs, audit."""

import difflib
from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured
from django.db.models import Q, QuerySet

from caretaker.rulesets.models import (
    RULES_ADMIN_GROUP,
    RuleSetActivation,
    RuleSetAudit,
    RuleSetVersion,
)
from caretaker.users import RequestUser
from caretaker.wards.models import Patient, Ward
from logic import RuleSet
from logic.rule_tests import TESTS_FILE
from logic.ruleset import ALPHABET_FILE, ruleset_from_texts

# Versions never change, so a built rule set is kept for as long as the process runs.
_rulesets: dict[tuple[int, int], RuleSet] = {}


def rules_admin_check(*, user: RequestUser) -> bool:
    """Whether ``user`` may edit, activate and roll back rule sets."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or user.groups.filter(name=RULES_ADMIN_GROUP).exists()


def ruleset_from_version(*, version: RuleSetVersion) -> RuleSet:
    """The logic core's rule set of a stored version, built once per process."""
    # Keyed by the texts too: a version's id is unique in one database, but a test
    # database rolled back between tests hands the same id to other texts.
    key = (version.pk, hash((version.alphabet, *sorted(dict(version.files).items()))))
    rules = _rulesets.get(key)
    if rules is None:
        rules = ruleset_from_texts(
            version.alphabet, dict(version.files), source=version.label
        )
        _rulesets[key] = rules
    return rules


def _scope(ward_id: int | None) -> Q:
    """A ward's rows, or the global scope's (no ward)."""
    return Q(ward__isnull=True) if ward_id is None else Q(ward_id=ward_id)


def ruleset_activation_current(*, ward_id: int | None) -> RuleSetActivation | None:
    """The latest activation of a scope (``ward_id`` None: global)."""
    return (
        RuleSetActivation.objects.filter(_scope(ward_id))
        .select_related("version")
        .order_by("-id")
        .first()
    )


def ruleset_active_get(*, ward_id: int | None = None) -> RuleSetVersion:
    """The version that solves patients of the ward: the ward's own active version,
    else the global one (the shipped default, version 1, until a lead changes it)."""
    if ward_id is not None:
        own = ruleset_activation_current(ward_id=ward_id)
        if own is not None and own.version is not None:
            return own.version
    current = ruleset_activation_current(ward_id=None)
    if current is None or current.version is None:
        # Installed by the migrations (rulesets 0003): a database without it was
        # not migrated, or was emptied by hand.
        raise ImproperlyConfigured(
            "no active rule set: run `manage.py migrate` to install the default"
        )
    return current.version


def ruleset_version_get(*, number: int) -> RuleSetVersion:
    return RuleSetVersion.objects.select_related("ward", "author").get(number=number)


def ruleset_version_list(*, ward: Ward | None = None) -> QuerySet[RuleSetVersion]:
    versions = RuleSetVersion.objects.select_related("ward", "author")
    return versions.filter(ward=ward) if ward is not None else versions.all()


@dataclass(frozen=True)
class Scope:
    """A place rule sets apply to: global (``ward`` None) or one ward."""

    ward: Ward | None
    active: RuleSetVersion | None  # None: a ward that follows the global version
    rollback_to: RuleSetVersion | None
    can_roll_back: bool

    @property
    def code(self) -> str:
        return self.ward.code if self.ward else "global"


def ruleset_scopes() -> list[Scope]:
    """Global first, then every ward, each with its active version."""
    scopes = []
    for ward in [None, *Ward.objects.order_by("code")]:
        ward_id = ward.pk if ward else None
        current = ruleset_activation_current(ward_id=ward_id)
        target, possible = ruleset_rollback_target(ward_id=ward_id)
        scopes.append(
            Scope(ward, current.version if current else None, target, possible)
        )
    return scopes


def ruleset_rollback_target(
    *, ward_id: int | None
) -> tuple[RuleSetVersion | None, bool]:
    """What rolling back a scope returns to: the version active before the current
    one (None for a ward: back to the global version), and whether there is one."""
    history = list(
        RuleSetActivation.objects.filter(_scope(ward_id))
        .select_related("version")
        .order_by("-id")
    )
    if not history:
        return None, False
    current = history[0].version_id
    for activation in history[1:]:
        if activation.version_id != current:
            return activation.version, True
    if ward_id is not None and current is not None:
        return None, True  # the ward's first own version: back to global
    return None, False


def ruleset_scope_patients(*, ward: Ward | None) -> QuerySet[Patient]:
    """Patients whose rule set changes when the scope's version changes: a ward's
    patients, or for the global scope those on wards without their own version."""
    patients = Patient.objects.select_related("ward").order_by("ward__code", "bed")
    if ward is not None:
        return patients.filter(ward=ward)
    own = [
        w.pk
        for w in Ward.objects.all()
        if (a := ruleset_activation_current(ward_id=w.pk)) and a.version_id
    ]
    return patients.exclude(ward_id__in=own)


def ruleset_texts(*, version: RuleSetVersion) -> dict[str, str]:
    """Every file of a version by name: alphabet, rule files, rule tests."""
    texts = {ALPHABET_FILE: version.alphabet}
    texts.update(sorted(version.files.items()))
    texts[TESTS_FILE] = version.tests
    return texts


def ruleset_diff(*, old: RuleSetVersion, new: RuleSetVersion) -> list[dict[str, str]]:
    """Per file, an HTML side-by-side diff (unchanged files are listed as such)."""
    before, after = ruleset_texts(version=old), ruleset_texts(version=new)
    differ = difflib.HtmlDiff(tabsize=4, wrapcolumn=80)
    result = []
    for name in sorted(set(before) | set(after), key=_file_order):
        a, b = before.get(name), after.get(name)
        status = (
            "added"
            if a is None
            else "removed"
            if b is None
            else "unchanged"
            if a == b
            else "changed"
        )
        table = ""
        if status != "unchanged":
            table = differ.make_table(
                (a or "").splitlines(),
                (b or "").splitlines(),
                f"{name} ({old.label})",
                f"{name} ({new.label})",
                context=True,
                numlines=3,
            )
        result.append({"name": name, "status": status, "table": table})
    return result


def _file_order(name: str) -> tuple[int, str]:
    return (0 if name == ALPHABET_FILE else 2 if name == TESTS_FILE else 1, name)


def ruleset_audit_list(*, limit: int = 200) -> QuerySet[RuleSetAudit]:
    return RuleSetAudit.objects.select_related("version", "ward", "user")[:limit]
