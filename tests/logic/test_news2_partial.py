"""A partial NEWS2 (issue 23, item 5): while any of the seven parameters has no
reading, the state says which are missing and the least the score can be
("NEWS2 >= 3, 2 of 7 missing"), never a band."""

from __future__ import annotations

from dataclasses import replace

import pytest

from logic import patient_state_solve
from logic.state import state_to_json
from tests.logic.conftest import timed
from tests.logic.scenarios import NORMAL_OBS, observations

SEVEN = tuple(sorted(NORMAL_OBS))
PARTIAL_RULE = """news2PartialScore(S) :- news2Incomplete,
                        S = #sum { Points, P : news2Subscore(P, Points) }.
"""


def without(*types: str, **overrides: str) -> list[tuple[float, str]]:
    """A full set of normal observations, less ``types``, with some replaced."""
    return [
        (0, text)
        for name, text in {**NORMAL_OBS, **overrides}.items()
        if name not in types
    ]


def test_all_seven_present_is_complete_and_not_partial(solve):
    news2 = solve(observations()).news2
    assert news2.complete and not news2.partial
    assert news2.missing == ()
    assert news2.score_at_least is None
    assert news2.parameters == SEVEN


def test_none_of_the_seven_is_partial_with_all_seven_missing(solve):
    """Only a pain score and a glucose: nothing NEWS2 scores has been said."""
    news2 = solve([(0, "data(painLevel, 3)"), (0, "data(bloodGlucose, 6.4)")]).news2
    assert news2.partial and not news2.complete
    assert news2.missing == SEVEN
    assert (news2.score_at_least, news2.score, news2.band) == (0, None, None)
    assert len(news2.parameters) == 7


# (what was said, which parameters are missing, the least the score can be)
HISTORIES = [
    pytest.param(
        without("temperature", "consciousness"),
        ("consciousness", "temperature"),
        0,
        id="a full set but temperature and consciousness",
    ),
    pytest.param(
        [(0, "data(respiratoryRate, 26)"), (5, "data(heartRate, 125)")],
        (
            "consciousness",
            "oxygenSaturation",
            "oxygenSupply",
            "systolicBP",
            "temperature",
        ),
        5,  # resps 26 scores 3, pulse 125 scores 2
        id="resps and pulse only",
    ),
    pytest.param(
        without("oxygenSupply", respiratoryRate="data(respiratoryRate, 22)"),
        ("oxygenSupply",),
        2,  # air or oxygen never said: missing, not taken to be air
        id="air or oxygen never said",
    ),
    pytest.param(
        without("temperature") + [(600, "condition(consciousness, voice)")],
        ("temperature",),
        3,  # the latest consciousness counts: voice scores 3
        id="one missing, a later reading scoring 3",
    ),
    pytest.param(
        [(0, "data(temperature, 39.2)"), (60 * 24 * 3, "data(painLevel, 2)")],
        (
            "consciousness",
            "heartRate",
            "oxygenSaturation",
            "oxygenSupply",
            "respiratoryRate",
            "systolicBP",
        ),
        2,  # a temperature of three days ago is still its current reading
        id="an old reading is not missing",
    ),
    pytest.param(
        [
            (0, "condition(backgroundInfo, hypercapnicRespiratoryFailure)"),
            (0, "data(oxygenSaturation, 97)"),
            (0, "data(heartRate, 135)"),
        ],
        (
            "consciousness",
            "oxygenSupply",
            "respiratoryRate",
            "systolicBP",
            "temperature",
        ),
        3,  # scale 2 at 97% scores 0 on air, 3 on oxygen: counted as air, the least
        id="SpO2 scale 2 without air or oxygen",
    ),
]


@pytest.mark.parametrize(("scenario", "missing", "at_least"), HISTORIES)
def test_a_partial_score_names_the_missing_and_its_lower_bound(
    solve, scenario, missing, at_least
):
    news2 = solve(scenario).news2
    assert news2.partial
    assert news2.missing == missing
    assert news2.score_at_least == at_least
    assert (news2.score, news2.band) == (None, None)


def test_the_lower_bound_is_never_above_the_complete_score(solve):
    """Whatever the missing parameters turn out to be, the full score is at least
    the partial one: here each of the seven is left out in turn."""
    abnormal = {
        "respiratoryRate": "data(respiratoryRate, 23)",
        "oxygenSaturation": "data(oxygenSaturation, 93)",
        "oxygenSupply": "condition(oxygenSupply, supplemental)",
        "systolicBP": "data(systolicBP, 95)",
        "heartRate": "data(heartRate, 115)",
        "consciousness": "condition(consciousness, confused)",
        "temperature": "data(temperature, 35.5)",
    }
    full = solve(observations(**abnormal)).news2
    assert full.complete and full.score == 2 + 2 + 2 + 2 + 2 + 3 + 1
    for left_out in SEVEN:
        partial = solve(without(left_out, **abnormal)).news2
        assert partial.missing == (left_out,)
        assert partial.score_at_least == full.score - full.subscores[left_out]


def test_partial_json_adds_fields_and_complete_json_is_unchanged(rules, solve):
    partial = state_to_json(solve(without("temperature", "consciousness")), rules)
    assert partial["news2"] == {
        "complete": False,
        "partial": True,
        "missing": ["consciousness", "temperature"],
        "missing_labels": ["Temp", "Consciousness (ACVPU)"],
        "parameter_count": 7,
        "score_at_least": 0,
        "subscores": {
            "heartRate": 0,
            "oxygenSaturation": 0,
            "oxygenSupply": 0,
            "respiratoryRate": 0,
            "systolicBP": 0,
        },
    }
    complete = state_to_json(solve(observations()), rules)["news2"]
    assert not {"partial", "missing", "score_at_least"} & set(complete)


def test_rule_sets_written_before_the_partial_score_still_get_one(rules):
    """A stored rule set without news2PartialScore (installed before it): the state
    sums the subscores of the parameters present, as the rule does."""
    older_files = []
    for rule_file in rules.files:
        if rule_file.name == "news2.lp":
            assert PARTIAL_RULE in rule_file.text
            rule_file = replace(
                rule_file, text=rule_file.text.replace(PARTIAL_RULE, "")
            )
        older_files.append(rule_file)
    older = replace(rules, files=tuple(older_files))
    facts = [
        timed(rules, 0, "data(respiratoryRate, 26)"),
        timed(rules, 0, "data(heartRate, 125)"),
    ]
    news2 = patient_state_solve(facts, rules=older).news2
    assert news2.partial and news2.score_at_least == 5
