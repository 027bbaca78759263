"""The rule administration pages: only rules admins, validate, save, activate."""

import pytest
from django.urls import reverse

from caretaker.audit.models import Action, AuditEvent
from caretaker.journal.models import PatientSnapshot
from caretaker.rulesets.models import RuleSetVersion
from caretaker.rulesets.selectors import ruleset_active_get

pytestmark = pytest.mark.django_db


def form_data(version, **changes):
    data = {
        "parent": version.number,
        "scope": "global",
        "comment": "test",
        "alphabet": version.alphabet,
        "tests": version.tests,
        "lp_name": list(version.files),
        "lp_text": list(version.files.values()),
    }
    data.update(changes)
    return data


def test_nurses_cannot_open_the_rules_pages(client, nurse, default_version):
    client.force_login(nurse)
    assert client.get(reverse("rules-home")).status_code == 403
    assert client.get(reverse("rules-edit")).status_code == 403
    refusals = AuditEvent.objects.filter(user=nurse, action=Action.ROLE_REFUSE)
    assert sorted(e.detail["what"] for e in refusals) == ["/rules/", "/rules/edit/"]


def test_the_home_page_lists_versions_and_scopes(client, rules_admin, default_version):
    client.force_login(rules_admin)
    page = client.get(reverse("rules-home")).content.decode()
    assert (
        'data-testid="version-1"' in page
        and 'data-testid="scope-global-active"' in page
    )


def test_the_editor_loads_the_active_version_with_the_vendored_editor(
    client, rules_admin, default_version
):
    client.force_login(rules_admin)
    page = client.get(reverse("rules-edit")).content.decode()
    assert 'data-testid="tab-problems.lp"' in page and "vendor/codemirror" in page
    assert "caretaker/rules.js" in page and "cdn" not in page.lower()


def test_validating_a_draft_shows_each_problem_with_file_and_line(
    client, rules_admin, default_version
):
    client.force_login(rules_admin)
    texts = [t.replace("V < 40.", "V < 30.") for t in default_version.files.values()]
    response = client.post(
        reverse("rules-edit"), form_data(default_version, action="save", lp_text=texts)
    )
    page = response.content.decode()
    assert response.status_code == 200 and 'data-ok="false"' in page
    assert 'data-file="tests.toml"' in page and "hypoglycaemia" in page
    assert RuleSetVersion.objects.count() == 1


def test_save_then_activate_changes_a_patients_problems(
    client, rules_admin, glucose_patient
):
    client.force_login(rules_admin)
    version = ruleset_active_get()
    texts = [t.replace("V < 40.", "V < 50.") for t in version.files.values()]
    response = client.post(
        reverse("rules-edit"), form_data(version, action="save", lp_text=texts)
    )
    new = RuleSetVersion.objects.get(number=2)
    assert response.url == reverse("rules-version", args=[2]) and new.parent == version
    # Not on the patient's ward: the dry run counts her, without her name.
    dry_run = client.get(reverse("rules-activate", args=[2])).content.decode()
    assert glucose_patient.name not in dry_run
    assert "1 patient on wards you are not on" in dry_run
    assert "would gain hypoglycaemia (1)" in dry_run
    # On her ward: by name.
    glucose_patient.ward.staff.add(rules_admin)
    dry_run = client.get(reverse("rules-activate", args=[2])).content.decode()
    assert 'data-testid="dry-run-gained">hypoglycaemia<' in dry_run
    assert glucose_patient.name in dry_run
    reads = AuditEvent.objects.filter(user=rules_admin, action=Action.RULES_DRY_RUN)
    assert [e.detail["patients_shown"] for e in reads.order_by("id")] == [0, 1]
    client.post(reverse("rules-activate", args=[2]))
    assert ruleset_active_get() == new
    state = PatientSnapshot.objects.get(patient=glucose_patient).state
    assert "hypoglycaemia" in {p["name"] for p in state["problems"]}
    client.post(reverse("rules-rollback", args=["global"]))
    assert ruleset_active_get() == version


def test_the_diff_page(client, rules_admin, default_version):
    client.force_login(rules_admin)
    response = client.get(reverse("rules-diff"), {"old": 1, "new": 1})
    assert (
        response.status_code == 200
        and 'data-status="unchanged"' in response.content.decode()
    )
