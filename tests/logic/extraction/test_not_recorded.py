"""Words that forbid a value, or say it was not measured, keep it from the record
(issue 25, finding 4): the value is shown as not recorded, with why, and words
addressed to the system carry the instruction flag. Sentences written for these
tests."""

from __future__ import annotations

import pytest

from logic.alphabet import Alphabet
from logic.extraction.confirmation import confirmation_text
from logic.extraction.extractor import extract
from logic.extraction.grammar import GuideMode
from logic.extraction.guide import Guide, guide_build
from logic.extraction.options import ExtractionOptions

STRICT = ExtractionOptions(guide=GuideMode.STRICT)


def kept(guide: Guide, alphabet: Alphabet) -> set[str]:
    return {c.statement.canonical(alphabet) for c in guide.candidates}


def left_out(guide: Guide, alphabet: Alphabet) -> dict[str, frozenset[str]]:
    return {c.statement.canonical(alphabet): c.context for c in guide.excluded}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The finding's own sentences.
        ("The doctor said not to record temperature 41", {"data(temperature, 41.0)"}),
        ("no temperature taken, do not record 41", {"data(temperature, 41.0)"}),
        # The cue before the value, after it, and in the next sentence.
        (
            "Please don't chart the pulse of 130, she had just come back from a walk.",
            {"data(heartRate, 130)"},
        ),
        (
            "BP 182/101 - do not document that, the cuff was over her sleeve.",
            {"data(systolicBP, 182)", "data(diastolicBP, 101)"},
        ),
        (
            "Glucose 2.9. Don’t enter it, the strip was out of date.",
            {"data(bloodGlucose, 2.9)"},
        ),
        (
            "Sats 81 on the earlobe probe, not to be recorded.",
            {"data(oxygenSaturation, 81)"},
        ),
        ("Temp 35.1 but no need to log that one.", {"data(temperature, 35.1)"}),
        ("Not for the chart: resps 34 while coughing.", {"data(respiratoryRate, 34)"}),
        (
            "Heart rate 150. That reading shouldn't be saved, he was shivering.",
            {"data(heartRate, 150)"},
        ),
        # Number words are read before the cues.
        (
            "You must not write down a temperature of forty point two.",
            {"data(temperature, 40.2)"},
        ),
    ],
)
def test_a_value_the_words_forbid_is_not_recorded(
    alphabet: Alphabet, text: str, expected: set[str]
) -> None:
    """Typed or said, before or after the value, the words that tell the system
    not to record leave the value out, marked ``forbidden``."""
    guide = guide_build(text, alphabet)
    assert kept(guide, alphabet) == set(), text
    excluded = left_out(guide, alphabet)
    assert set(excluded) == expected, text
    assert all("forbidden" in context for context in excluded.values()), text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("No BP done, the monitor was flashing 88 over 40.", {"SBP 88", "DBP 40"}),
        ("Sats unreadable at 72, her fingers are like ice.", {"SP 72"}),
        ("Pulse 48 not measured properly, only a glance at the screen.", {"HR 48"}),
        ("Couldn't obtain a glucose, meter said 1.1.", {"BM 1.1"}),
        ("Patient refused temperature 39 check.", {"T 39"}),
    ],
)
def test_a_measurement_said_not_to_have_been_taken_is_not_recorded(
    alphabet: Alphabet, text: str, expected: set[str]
) -> None:
    """ "not measured", "unable to obtain", "refused": a number said with them is no
    reading of the patient, marked ``unmeasured``."""
    guide = guide_build(text, alphabet)
    assert kept(guide, alphabet) == set(), text
    excluded = left_out(guide, alphabet)
    assert set(excluded) == {SHORT[x] for x in expected}, text
    assert all("unmeasured" in context for context in excluded.values()), text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("temp 38.4, not on oxygen", {"T 38.4", "air"}),  # not on oxygen: on air
        ("no pain", {"no pain"}),
        ("No fever, temp 37.2.", {"T 37.2"}),
        ("Don't forget to record temp 38.2.", {"T 38.2"}),
        ("Do not enter the room without an apron, temp 38.9.", {"T 38.9"}),
        ("Sats declined to 88 on air.", {"SP 88", "air"}),
        ("Refused her breakfast, pulse 72.", {"HR 72"}),
        ("Refused lunch and then pulse 90.", {"HR 90"}),
        ("BP not done yet, pulse 66.", {"HR 66"}),
        ("Pulse 80. Temp 41, don't chart it.", {"HR 80"}),
        ("Don't log me out, sats 97.", {"SP 97"}),
    ],
)
def test_ordinary_sentences_still_record_their_values(
    alphabet: Alphabet, text: str, expected: set[str]
) -> None:
    """A negation of a condition, a reminder to record, a fall in a value, a
    refusal of something else or a cue in another sentence leaves the value be."""
    assert kept(guide_build(text, alphabet), alphabet) == {SHORT[x] for x in expected}


def test_a_forbidden_value_is_flagged_as_an_instruction_that_was_followed(
    alphabet: Alphabet, scripted: type
) -> None:
    """The pulse said in another sentence is recorded; the temperature the nurse
    asked to leave out is not, and the confirmation says so. The words are no
    injected instruction: nothing was refused."""
    text = "Pulse 88. Temp 41.2, but do not record it, probe was in after tea."
    backend = scripted(['"Pulse 88" => data(heartRate, 88)'])
    result = extract(text, alphabet=alphabet, options=STRICT, backend=backend)
    assert result.canonical == ("data(heartRate, 88)",)
    assert not result.instruction
    [withheld] = result.not_recorded
    assert withheld.statement == "data(temperature, 41.2)"
    assert withheld.instruction and withheld.reason == "as asked"
    assert text[withheld.start : withheld.end] == "Temp 41.2"
    assert result.to_json()["not_recorded"][0]["instruction"] is True
    confirmation = confirmation_text(
        result.statements,
        alphabet=alphabet,
        unclear=result.unclear,
        withheld=result.withheld,
    )
    assert confirmation.startswith(
        "Recorded: Pulse 88. Not recorded: Temp 41.2 °C (as asked)."
    )


def test_a_value_not_measured_is_shown_as_not_measured(
    alphabet: Alphabet, scripted: type
) -> None:
    """No model call is needed: nothing may be recorded; the confirmation names
    the value and why."""
    text = "No BP taken, the machine kept reading 210 over 40"
    result = extract(text, alphabet=alphabet, options=STRICT, backend=scripted([]))
    assert result.statements == ()
    assert {n.statement for n in result.not_recorded} == {
        "data(systolicBP, 210)",
        "data(diastolicBP, 40)",
    }
    assert not any(n.instruction for n in result.not_recorded)
    text = confirmation_text((), alphabet=alphabet, withheld=result.withheld)
    assert text == "Not recorded: BP 210/40 (not measured)."


SHORT = {
    "SBP 88": "data(systolicBP, 88)",
    "DBP 40": "data(diastolicBP, 40)",
    "SP 72": "data(oxygenSaturation, 72)",
    "SP 88": "data(oxygenSaturation, 88)",
    "SP 97": "data(oxygenSaturation, 97)",
    "HR 48": "data(heartRate, 48)",
    "HR 66": "data(heartRate, 66)",
    "HR 72": "data(heartRate, 72)",
    "HR 80": "data(heartRate, 80)",
    "HR 90": "data(heartRate, 90)",
    "BM 1.1": "data(bloodGlucose, 1.1)",
    "T 39": "data(temperature, 39.0)",
    "T 37.2": "data(temperature, 37.2)",
    "T 38.2": "data(temperature, 38.2)",
    "T 38.4": "data(temperature, 38.4)",
    "T 38.9": "data(temperature, 38.9)",
    "no pain": "data(painLevel, 0)",
    "air": "condition(oxygenSupply, air)",
}
