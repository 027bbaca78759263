"""The factories build valid, saved objects that fit together."""

import pytest

from caretaker.journal.rules import active_rules
from caretaker.rulesets.selectors import ruleset_active_get
from logic import Statement, statement_parse
from logic.validation import ruleset_validate
from tests.caretaker.factories import (
    AlertFactory,
    FactFactory,
    MessageFactory,
    RuleSetActivationFactory,
    RuleSetVersionFactory,
)

pytestmark = pytest.mark.django_db


def test_a_fact_belongs_to_its_messages_patient_and_moment():
    """A fact is of its message's patient, said when the message was, and its
    statement is one the active alphabet reads."""
    fact = FactFactory()
    fact.refresh_from_db()
    assert fact.patient == fact.message.patient
    assert fact.said_at == fact.message.said_at
    alphabet = active_rules(patient=fact.patient).rules.alphabet
    assert isinstance(statement_parse(fact.statement, alphabet), Statement)


def test_a_message_is_stored_as_received_with_its_words():
    message = MessageFactory(text="BM 4.5")
    message.refresh_from_db()
    assert (message.status, message.transcript) == (message.Status.RECEIVED, "BM 4.5")


def test_an_alert_is_open_and_on_a_ward():
    alert = AlertFactory()
    alert.refresh_from_db()
    assert alert.acknowledged_at is None
    assert alert.patient.ward.pk is not None


def test_a_version_validates_by_default_and_follows_the_latest_number():
    """The shipped texts, numbered after version 1 (stored by the migrations)."""
    first, second = RuleSetVersionFactory(), RuleSetVersionFactory()
    assert (first.number, second.number) == (2, 3)
    assert first.scope == "global"
    assert ruleset_validate(first.alphabet, dict(first.files), first.tests).ok


def test_an_activation_makes_its_version_the_active_one():
    activation = RuleSetActivationFactory()
    assert ruleset_active_get() == activation.version
