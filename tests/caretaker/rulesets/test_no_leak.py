"""A rules admin cannot read other wards' values through a rule set: a problem named
by patient values is refused when saved, and a dry run, even of a version stored
before that check, shows other wards only declared problem names with counts."""

from django.urls import reverse
from django.utils import timezone

from caretaker.journal.dry_run import ruleset_dry_run_read
from caretaker.rulesets.models import RuleSetVersion
from tests.caretaker.rulesets.test_views import form_data

LEAK = """
problem(leak(Ty, V)) :- current(Ty, V, _).
severity(leak(Ty, V), low) :- problem(leak(Ty, V)).
description(leak(Ty, V), "x") :- problem(leak(Ty, V)).
label(leak(Ty, V), "x") :- problem(leak(Ty, V)).
meaning(leak(Ty, V), "x") :- problem(leak(Ty, V)).
"""


def test_a_rule_set_whose_problem_names_carry_values_is_not_saved(
    client, rules_admin, default_version, glucose_patient
):
    client.force_login(rules_admin)
    files = {**default_version.files, "leak.lp": LEAK}
    response = client.post(
        reverse("rules-edit"),
        form_data(
            default_version,
            action="save",
            lp_name=list(files),
            lp_text=list(files.values()),
        ),
    )
    page = response.content.decode()
    assert 'data-ok="false"' in page and "built from variables or values" in page
    assert RuleSetVersion.objects.count() == 1


def test_a_dry_run_shows_other_wards_only_declared_problem_names(
    rules_admin, default_version, glucose_patient
):
    """A version stored before validation refused the leak (written straight to
    the table here) still shows nothing of the patient's 4.5 mmol/L elsewhere."""
    stored = RuleSetVersion.objects.create(
        number=2,
        parent=default_version,
        alphabet=default_version.alphabet,
        files={
            **default_version.files,
            "problems.lp": default_version.files["problems.lp"].replace(
                "V < 40.", "V < 50."
            )
            + LEAK,
        },
        tests="",
        validated_at=timezone.now(),
    )
    report = ruleset_dry_run_read(user=rules_admin, version=stored, ward=None)
    assert report.others == 1
    assert report.others_gained == (("hypoglycaemia", 1),)
    assert "45" not in repr(report) and "leak" not in repr(report)
