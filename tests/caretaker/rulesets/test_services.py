"""Rule set versions: stored only when valid, activated with a re-solve, rolled back,
and every step in the audit."""

import pytest

from caretaker.alerts.models import Alert
from caretaker.care.activation import ruleset_activate, ruleset_rollback
from caretaker.journal.dry_run import ruleset_dry_run
from caretaker.journal.models import PatientSnapshot
from caretaker.journal.rules import active_rules
from caretaker.rulesets.models import RuleSetActivation, RuleSetAudit, RuleSetVersion
from caretaker.rulesets.selectors import ruleset_active_get, ruleset_diff
from caretaker.rulesets.services import Draft, RuleSetInvalid, ruleset_version_create
from tests.caretaker.factories import (
    PatientFactory,
    RuleSetVersionFactory,
    WardFactory,
)
from tests.caretaker.rulesets.conftest import with_hypoglycaemia_below

pytestmark = pytest.mark.django_db
Action = RuleSetAudit.Action


def problems(patient):
    return {
        p["name"]
        for p in PatientSnapshot.objects.get(patient=patient).state["problems"]
    }


def test_the_shipped_default_is_version_1_and_active_globally(default_version):
    """The first use of the rules stores the shipped set as version 1."""
    assert (default_version.number, default_version.ward, default_version.label) == (
        1,
        None,
        "v1",
    )
    assert {
        "news2.lp",
        "problems.lp",
        "time.lp",
        "background.lp",
        "fluids.lp",
    } == set(default_version.files)
    assert "[[test]]" in default_version.tests
    active = active_rules()
    rules, label = active.rules, active.version
    assert label == "v1" and len(rules.files) == 5


def test_versions_are_immutable(default_version):
    default_version.comment = "changed"
    with pytest.raises(ValueError, match="immutable"):
        default_version.save()


def test_an_invalid_draft_is_never_stored(default_version, rules_admin, shipped_draft):
    files = {
        **shipped_draft.files,
        "typo.lp": "problem(x) :- data(temprature, V, _).\n"
        'severity(x, high).\ndescription(x, "d").\nlabel(x, "X").\nmeaning(x, "m").\n',
    }
    with pytest.raises(RuleSetInvalid) as refused:
        ruleset_version_create(
            draft=Draft(shipped_draft.alphabet, files, shipped_draft.tests),
            author=rules_admin,
        )
    (error,) = refused.value.errors
    assert (error.file, error.line) == ("typo.lp", 1) and "temprature" in error.message
    assert RuleSetVersion.objects.count() == 1
    assert RuleSetAudit.objects.filter(
        action=Action.VALIDATION_FAILED, user=rules_admin
    ).exists()


def test_a_draft_whose_rule_test_fails_is_refused(default_version, shipped_draft):
    with pytest.raises(RuleSetInvalid) as refused:
        ruleset_version_create(draft=with_hypoglycaemia_below(shipped_draft, 30))
    (error,) = refused.value.errors
    assert error.file == "tests.toml" and "hypoglycaemia" in error.message


def test_activation_re_solves_patients_and_alerts_name_the_version(
    glucose_patient, rules_admin, shipped_draft
):
    assert "hypoglycaemia" not in problems(glucose_patient)
    version = ruleset_version_create(
        draft=with_hypoglycaemia_below(shipped_draft, 50),
        author=rules_admin,
        comment="4.5 is too low here",
    )
    assert ruleset_active_get().number == 1  # stored, not active
    solved = ruleset_activate(version=version, user=rules_admin)
    assert solved == [glucose_patient.pk]
    assert "hypoglycaemia" in problems(glucose_patient)
    alert = Alert.objects.get(patient=glucose_patient, problem="hypoglycaemia")
    assert alert.ruleset_version == version.label == "v2"
    assert PatientSnapshot.objects.get(patient=glucose_patient).ruleset_version == "v2"
    assert RuleSetAudit.objects.filter(
        action=Action.ACTIVATED, version=version, user=rules_admin
    ).exists()


def test_a_version_that_fails_validation_never_becomes_active(
    glucose_patient, rules_admin
):
    """Even a broken version that got into the store is refused; the active one stays."""
    broken = RuleSetVersionFactory(
        number=2, files={"bad.lp": "p(X+1) :- p(X).\np(0).\n"}, tests=""
    )
    with pytest.raises(RuleSetInvalid):
        ruleset_activate(version=broken, user=rules_admin)
    assert ruleset_active_get().number == 1
    assert not RuleSetActivation.objects.filter(version=broken).exists()
    assert RuleSetAudit.objects.filter(
        action=Action.ACTIVATION_REFUSED, version=broken
    ).exists()


def test_rollback_returns_to_the_previous_version(
    glucose_patient, rules_admin, shipped_draft
):
    version = ruleset_version_create(draft=with_hypoglycaemia_below(shipped_draft, 50))
    ruleset_activate(version=version, user=rules_admin)
    ruleset_rollback(user=rules_admin)
    assert ruleset_active_get().number == 1
    assert "hypoglycaemia" not in problems(glucose_patient)
    assert RuleSetAudit.objects.filter(
        action=Action.ROLLED_BACK, user=rules_admin
    ).exists()
    assert RuleSetActivation.objects.first().kind == RuleSetActivation.Kind.ROLLBACK


def test_nothing_to_roll_back_to(default_version):
    with pytest.raises(RuleSetInvalid, match="no earlier version"):
        ruleset_rollback()


def test_a_ward_version_applies_to_that_ward_only(glucose_patient, shipped_draft):
    other = PatientFactory(ward=WardFactory(code="ward-c"))
    version = ruleset_version_create(
        draft=with_hypoglycaemia_below(shipped_draft, 50), ward=glucose_patient.ward
    )
    assert ruleset_activate(version=version) == [glucose_patient.pk]
    assert active_rules(patient=glucose_patient).version == "v2"
    assert active_rules(patient=other).version == "v1"
    # Rolling back the ward's first own version hands it back to the global one.
    ruleset_rollback(ward=glucose_patient.ward)
    assert active_rules(patient=glucose_patient).version == "v1"


def test_the_dry_run_shows_who_gains_and_loses_what(glucose_patient, shipped_draft):
    version = ruleset_version_create(draft=with_hypoglycaemia_below(shipped_draft, 50))
    (row,) = ruleset_dry_run(version=version, ward=None)
    assert (row.patient, row.gained, row.lost) == (
        glucose_patient,
        ("hypoglycaemia",),
        (),
    )
    assert ruleset_active_get().number == 1 and not Alert.objects.exists()


def test_the_diff_lists_the_changed_file(default_version, shipped_draft):
    version = ruleset_version_create(draft=with_hypoglycaemia_below(shipped_draft, 50))
    files = {f["name"]: f for f in ruleset_diff(old=default_version, new=version)}
    assert files["problems.lp"]["status"] == "changed"
    assert "diff_chg" in files["problems.lp"]["table"]
    assert files["news2.lp"]["status"] == "unchanged"
