"""Rule-set input past what the columns and the TOML reader hold is a 404 or a
validation error with a reason, never a 500."""

import pytest

from caretaker.rulesets.services import Draft, ruleset_draft_validate

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("number", ["3000000000", "9999999999", "99999999999"])
def test_a_rule_set_version_past_the_number_column_is_not_found(
    client, rules_admin, default_version, number
):
    client.force_login(rules_admin)
    assert client.get(f"/rules/v{number}/").status_code == 404
    diff = client.get("/rules/diff/", {"old": "1", "new": number})
    assert diff.status_code == 404
    # The editor starts from the active version when ?from= names none.
    assert client.get("/rules/edit/", {"from": number}).status_code == 200


DEEP = "[" * 5000 + "]" * 5000


def test_a_rule_set_whose_alphabet_nests_without_end_is_refused_with_a_reason(
    rules_admin, shipped_draft
):
    draft = Draft(f"deep = {DEEP}\n" + shipped_draft.alphabet, shipped_draft.files, "")
    report = ruleset_draft_validate(draft=draft, user=rules_admin)
    assert not report.ok
    assert any("nested more than" in e.message for e in report.errors)


def test_rule_tests_that_nest_without_end_are_refused_with_a_reason(
    rules_admin, shipped_draft
):
    tests = f"[[test]]\nname = 'deep'\nfacts = {DEEP}\n"
    draft = Draft(shipped_draft.alphabet, shipped_draft.files, tests)
    report = ruleset_draft_validate(draft=draft, user=rules_admin)
    assert not report.ok
    assert any("nested more than" in e.message for e in report.errors)
