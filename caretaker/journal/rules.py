"""Which rule set the application solves with: the active stored version of the
patient's ward, else the active global version (see caretaker/rulesets)."""

from dataclasses import dataclass

from caretaker.rulesets.selectors import ruleset_active_get, ruleset_from_version
from caretaker.wards.models import Patient, Ward
from logic import RuleSet


@dataclass(frozen=True)
class ActiveRules:
    """A rule set and the label of its stored version (alerts and snapshots record
    it). Looked up once per message or refresh and passed down."""

    rules: RuleSet
    version: str


def active_rules(
    *, patient: Patient | None = None, ward: Ward | None = None
) -> ActiveRules:
    """The active rule set for ``patient`` (or ``ward``; global when neither)."""
    ward_id = ward.pk if ward is not None else patient.ward_id if patient else None
    version = ruleset_active_get(ward_id=ward_id)
    return ActiveRules(ruleset_from_version(version=version), version.label)
