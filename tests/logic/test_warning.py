"""A warning reads its label once: the rules' "finding: what to do" loses a finding
that restates the label, and keeps one that says more (a threshold)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from logic import Problem, RuleSet, Statement, TimedStatement
from logic.warning import after_label, restates, warning_text

EIGHT = datetime(2026, 11, 20, 8, 0, tzinfo=UTC)

# (label, the rules' text, as it reads after the label)
AFTER_LABEL = [
    # The example: the finding says what the label says.
    (
        "NEWS2 high (7 or more)",
        "NEWS2 of 7 or more: emergency assessment by a clinical team.",
        "emergency assessment by a clinical team.",
    ),
    (
        "NEWS2 high (7 or more)",
        "The early warning score is 7 or more: the patient may be critically ill.",
        "the patient may be critically ill.",
    ),
    (
        "NEWS2: one observation scored 3",
        "A single NEWS2 parameter scored 3: urgent ward-based review.",
        "urgent ward-based review.",
    ),
    (
        "Observations overdue",
        "Observations are overdue for this NEWS2 score: repeat the observations.",
        "repeat the observations.",
    ),
    (
        "Rising temperature after surgery",
        "Temperature is rising after an operation or procedure: assess for infection.",
        "assess for infection.",
    ),
    # A finding that says what the label does not (the threshold) is kept.
    (
        "Low blood sugar",
        "Blood glucose below 4.0 mmol/L: treat hypoglycaemia now.",
        "Blood glucose below 4.0 mmol/L: treat hypoglycaemia now.",
    ),
    (
        "Sepsis risk",
        "qSOFA of 2 or more: possible sepsis; escalate for medical review.",
        "qSOFA of 2 or more: possible sepsis; escalate for medical review.",
    ),
    (
        "Pain getting worse",
        "Pain score has risen by 2 or more: reassess pain and analgesia.",
        "Pain score has risen by 2 or more: reassess pain and analgesia.",
    ),
    # A colon that starts a list is no finding: nothing restates the label.
    (
        "Sepsis risk",
        "Two or more of: breathing 22/min or faster, not alert.",
        "Two or more of: breathing 22/min or faster, not alert.",
    ),
    # One sentence: kept whole when it says more than the label ...
    (
        "Observations overdue",
        "The oldest of the seven NEWS2 observations is older than this score allows.",
        "The oldest of the seven NEWS2 observations is older than this score allows.",
    ),
    # ... and left out when it says nothing else.
    ("fever", "Fever.", ""),
    ("Low blood sugar", "", ""),
    ("NEWS2 high (7 or more)", "NEWS2 of 7 or more:", ""),
    # A finding with nothing after it stays when it says more.
    ("Sepsis risk", "qSOFA of 2 or more: ", "qSOFA of 2 or more: "),
]


@pytest.mark.parametrize(("label", "text", "shown"), AFTER_LABEL)
def test_the_rules_words_as_read_after_the_label(label, text, shown):
    assert after_label(label, text) == shown


def test_restating_is_about_the_labels_words_not_their_case_or_plural():
    assert restates("OBSERVATION overdue", "Observations overdue")
    assert not restates("Blood glucose below 4.0 mmol/L", "Low blood sugar")
    assert not restates("anything at all", "")  # no words: nothing to restate


def test_a_news2_warning_names_its_label_once(rules: RuleSet):
    """The warning an alert stores: label, what to do, then the readings."""
    problem = Problem(
        "news2High",
        "high",
        "NEWS2 of 7 or more: emergency assessment by a clinical team with "
        "critical-care competencies; continuous monitoring.",
        (TimedStatement(Statement("data", "heartRate", Decimal("125")), EIGHT),),
        label="NEWS2 high (7 or more)",
        meaning="The early warning score is 7 or more: the patient may be critically "
        "ill.",
    )
    assert warning_text(problem, rules.alphabet) == (
        "NEWS2 high (7 or more): emergency assessment by a clinical team with "
        "critical-care competencies; continuous monitoring. Based on: Pulse 125 at "
        "08:00."
    )


def test_a_problem_without_a_label_or_description_reads_its_rule_name(
    rules: RuleSet,
):
    """Rule sets written before labels still read: the rule name stands in, once."""
    assert warning_text(Problem("fever", "low", "Fever.", ()), rules.alphabet) == (
        "fever"
    )
