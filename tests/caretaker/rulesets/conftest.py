"""Fixtures for rule administration: a rules admin, the shipped texts, a solve helper."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from caretaker.care.actions import message_import
from caretaker.rulesets.models import RULES_ADMIN_GROUP
from caretaker.rulesets.selectors import ruleset_active_get
from caretaker.rulesets.services import Draft
from logic.ruleset import default_ruleset_path
from logic.validation import ruleset_read_directory
from tests.caretaker.factories import UserFactory


@pytest.fixture
def rules_admin(db):
    user = UserFactory(username="rita")
    group, _ = Group.objects.get_or_create(name=RULES_ADMIN_GROUP)
    user.groups.add(group)
    return user


@pytest.fixture
def default_version(db):
    """Version 1, the shipped default, active globally."""
    return ruleset_active_get()


@pytest.fixture
def shipped_draft():
    alphabet, files, tests = ruleset_read_directory(default_ruleset_path())
    return Draft(alphabet, files, tests or "")


def with_hypoglycaemia_below(draft: Draft, threshold: int) -> Draft:
    """The draft with the hypoglycaemia threshold changed (scaled: 40 is 4.0 mmol/L)
    and the rule test that checks it dropped when it would fail."""
    files = dict(draft.files)
    files["problems.lp"] = files["problems.lp"].replace(
        "current(bloodGlucose, V, _), V < 40.",
        f"current(bloodGlucose, V, _), V < {threshold}.",
    )
    return Draft(draft.alphabet, files, draft.tests)


@pytest.fixture
def glucose_patient(patient, default_version):
    """A patient whose blood glucose is 4.5 mmol/L: no hypoglycaemia with the default."""
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=1),
        text="BM 4.5",
        statements=["data(bloodGlucose, 4.5)"],
    )
    return patient
