"""Which rule set the application solves with: the active stored version of the
patient's ward, else the active global version (see caretaker/rulesets)."""

from logic import RuleSet


def active_ruleset(*, patient=None, ward=None) -> tuple[RuleSet, str]:
    """The active rule set for ``patient`` (or ``ward``; global when neither) and its
    version label, which alerts and snapshots record."""
    from caretaker.rulesets.selectors import ruleset_active_get, ruleset_from_version

    ward_id = ward.pk if ward is not None else getattr(patient, "ward_id", None)
    version = ruleset_active_get(ward_id=ward_id)
    return ruleset_from_version(version=version), version.label
