"""The guide: only what the words say, bound to the words that say it."""

from __future__ import annotations

from logic.alphabet import Alphabet
from logic.extraction.guide import Guide, guide_build


def canon(guide: Guide, alphabet: Alphabet) -> set[str]:
    return {c.statement.canonical(alphabet) for c in guide.candidates}


def test_bp_pulse_and_no_pain_bind_to_their_own_words(alphabet: Alphabet) -> None:
    """The failure seen with an alphabet-only grammar cannot happen: 150 is never a
    heart rate and 72 never a respiratory rate."""
    guide = guide_build("BP 150 over 90, heart rate 72, no pain", alphabet)
    assert canon(guide, alphabet) == {
        "data(systolicBP, 150)",
        "data(diastolicBP, 90)",
        "data(heartRate, 72)",
        "data(painLevel, 0)",
    }
    assert [guide.quote(c) for c in guide.candidates] == [
        "BP 150",
        "over 90",
        "heart rate 72",
        "no pain",
    ]


def test_a_number_is_offered_only_for_the_type_named_before_it(
    alphabet: Alphabet,
) -> None:
    """ "temperature 39, pain 4" offers no heart rate, respiratory rate or sats."""
    guide = guide_build("temperature 39, pain 4", alphabet)
    assert canon(guide, alphabet) == {
        "data(temperature, 39.0)",
        "data(painLevel, 4)",
    }


def test_out_of_range_values_become_unclear(alphabet: Alphabet) -> None:
    """ "Pain 12 out of 10" is no statement; the words are shown as unclear."""
    guide = guide_build("Pain 12 out of 10, he's really uncomfortable.", alphabet)
    assert guide.candidates == ()
    assert "Pain 12" in [u.text for u in guide.unclear]


def test_scale_and_oxygen_amounts_are_not_readings(alphabet: Alphabet) -> None:
    """ "out of 10" is no pain value and "2 litres" no saturation: the litres are
    the oxygen flow, which with the device says the patient is on oxygen."""
    guide = guide_build(
        "Sats 91 on two litres nasal cannula, pain 3 out of 10", alphabet
    )
    assert canon(guide, alphabet) == {
        "data(oxygenSaturation, 91)",
        "condition(oxygenSupply, supplemental)",
        "data(oxygenFlow, 2.0)",
        "condition(oxygenDevice, nasalCannula)",
        "data(painLevel, 3)",
    }
    assert guide.unclear == ()


def test_relative_changes_use_the_current_value(alphabet: Alphabet) -> None:
    """ "up by 20" and "down by a degree" are computed from the patient's state."""
    up = guide_build(
        "Pulse has gone up by 20 since the last set.", alphabet, {"heartRate": 92}
    )
    assert canon(up, alphabet) == {"data(heartRate, 112)"}
    down = guide_build(
        "Temperature's come down by a degree.", alphabet, {"temperature": 38.6}
    )
    assert canon(down, alphabet) == {"data(temperature, 37.6)"}


def test_a_change_without_a_current_value_is_unclear(alphabet: Alphabet) -> None:
    """With no known value a change says nothing recordable; it is shown instead."""
    guide = guide_build("Sats have dropped by 4 since this morning.", alphabet)
    assert guide.candidates == ()
    assert guide.unclear


def test_condition_values_come_from_synonyms(alphabet: Alphabet) -> None:
    """Condition values are found through the alphabet's synonyms, or implied by a
    value: a GCS of 15 is alert."""
    guide = guide_build(
        "GCS 15, known CO2 retainer, on room air, had his operation", alphabet
    )
    assert canon(guide, alphabet) == {
        "data(gcs, 15)",
        "condition(consciousness, alert)",
        "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
        "condition(oxygenSupply, air)",
        "condition(backgroundInfo, operation)",
    }


def test_words_about_the_patient_without_statement_are_unclear(
    alphabet: Alphabet,
) -> None:
    """ "he's had his paracetamol" is shown as not understood, never dropped."""
    guide = guide_build("Sats 96 on air, and he's had his paracetamol.", alphabet)
    assert [u.text for u in guide.unclear] == ["he's had his paracetamol"]


def test_ward_chatter_is_not_about_the_patient(alphabet: Alphabet) -> None:
    """Requests to colleagues give neither statements nor unclear parts."""
    guide = guide_build("Can someone bring me a box of gloves please.", alphabet)
    assert guide.candidates == () and guide.unclear == ()


def test_evidence_spans_point_into_the_transcript(alphabet: Alphabet) -> None:
    """Every candidate's span quotes the nurse's own words, number words included."""
    text = "Temp thirty eight point two, pulse one hundred and twelve."
    guide = guide_build(text, alphabet)
    assert [text[c.start : c.end] for c in guide.candidates] == [
        "Temp thirty eight point two",
        "pulse one hundred and twelve",
    ]


def test_negated_condition_is_not_a_candidate(alphabet: Alphabet) -> None:
    """ "not confused" does not offer confusion."""
    guide = guide_build("She's not confused today.", alphabet)
    assert guide.candidates == ()
