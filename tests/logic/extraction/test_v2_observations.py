"""The observations of alphabet version 2, read by the guide as
``shared/specs/alphabet-v2.md`` says they are said: units, conversions, sums, totals
and the statements a value implies, with the distractors that must stay out."""

from __future__ import annotations

import pytest

from logic.alphabet import Alphabet, alphabet_parse
from logic.extraction.confirmation import confirmation_text
from logic.extraction.extractor import extract
from logic.extraction.grammar import GuideMode
from logic.extraction.guide import guide_build
from logic.extraction.options import ExtractionOptions

OXYGEN = "condition(oxygenSupply, supplemental)"


def said(alphabet: Alphabet, text: str) -> set[str]:
    return {
        c.statement.canonical(alphabet) for c in guide_build(text, alphabet).candidates
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the spec's own examples
        ("On 2L nasal cannula", {"data(oxygenFlow, 2.0)", OXYGEN,
                                 "condition(oxygenDevice, nasalCannula)"}),
        ("15 L non-rebreather", {"data(oxygenFlow, 15.0)", OXYGEN,
                                 "condition(oxygenDevice, nonRebreather)"}),
        ("FiO2 35%", {"data(fio2, 35)", OXYGEN}),
        ("FiO2 of 0.35", {"data(fio2, 35)", OXYGEN}),
        ("28% venturi", {"data(fio2, 28)", OXYGEN,
                         "condition(oxygenDevice, venturiMask)"}),
        ("GCS 14, E4 V4 M6", {"data(gcs, 14)", "data(gcsEye, 4)",
                              "data(gcsVerbal, 4)", "data(gcsMotor, 6)"}),
        ("GCS of 15", {"data(gcs, 15)", "condition(consciousness, alert)"}),
        ("passed 200 mL", {"data(urineOutput, 200)"}),
        ("catheter drained 350", {"data(urineOutput, 350)"}),
        ("UO 30 mL in the last hour", {"data(urineOutput, 30)"}),
        ("urine output 30 mL an hour", {"data(urineOutput, 30)"}),
        ("drank 300 mL", {"data(fluidIntake, 300)"}),
        ("1 litre of saline went through", {"data(fluidIntake, 1000)"}),
        ("300 mL of tea and 200 of water", {"data(fluidIntake, 500)"}),
        ("weighs 72 kilos", {"data(weight, 72.0)"}),
        ("weight 68.4 kg", {"data(weight, 68.4)"}),
        ("weighs 160 pounds", {"data(weight, 72.6)"}),
        ("glucose 126 mg/dL", {"data(bloodGlucose, 7.0)"}),
        # written against the number, and said with an article
        ("passed 200mL", {"data(urineOutput, 200)"}),
        ("drank half a litre of water", {"data(fluidIntake, 500)"}),
    ],
)  # fmt: skip
def test_the_specs_examples(alphabet: Alphabet, text: str, expected: set[str]) -> None:
    assert said(alphabet, text) == expected


def test_components_alone_give_the_total_only_when_all_three_are_said(
    alphabet: Alphabet,
) -> None:
    assert said(alphabet, "E3 V4 M5") == {
        "data(gcsEye, 3)", "data(gcsVerbal, 4)", "data(gcsMotor, 5)", "data(gcs, 12)",
    }  # fmt: skip
    assert said(alphabet, "eyes 3, motor 5") == {"data(gcsEye, 3)", "data(gcsMotor, 5)"}
    # 4 + 5 + 6 is 15: alert follows from the total as from a GCS said.
    assert "condition(consciousness, alert)" in said(alphabet, "E4 V5 M6")


def test_gcs_descriptors_are_their_scores(alphabet: Alphabet) -> None:
    """The scale's own words: "opens eyes to voice" is E3, "localises to pain"
    M5; all three said give the total."""
    assert said(alphabet, "eyes open to pain, incomprehensible sounds, abnormal "
                "flexion") == {"data(gcsEye, 2)", "data(gcsVerbal, 2)",
                               "data(gcsMotor, 3)", "data(gcs, 7)"}  # fmt: skip
    assert said(alphabet, "she obeys commands") == {"data(gcsMotor, 6)"}


def test_a_lower_gcs_says_nothing_about_acvpu_but_the_words_do(
    alphabet: Alphabet,
) -> None:
    assert said(alphabet, "GCS 12") == {"data(gcs, 12)"}
    assert said(alphabet, "GCS 14, confused") == {
        "data(gcs, 14)", "condition(consciousness, confused)",
    }  # fmt: skip
    # What the words say wins over what a value implies.
    assert said(alphabet, "GCS 15 but new confusion") == {
        "data(gcs, 15)", "condition(consciousness, confused)",
    }  # fmt: skip


def test_explicit_air_is_not_overridden_by_an_implication(alphabet: Alphabet) -> None:
    assert said(alphabet, "on room air, FiO2 21%") == {
        "condition(oxygenSupply, air)", "data(fio2, 21)",
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "IV saline running at 125 mls an hour",  # a prescription
        "drain output 80 mL",
        "NG aspirate 150 ml",
        "MAP 62, PEEP 8, tidal volume 420",
        "lactate 3.1, potassium 5.8",
        "she is on a fluid restriction of 1.5 litres",
        "he has lost 4 kg since admission",  # a change, not a weight
        "Given 2L of fluid",  # litres that are no oxygen flow
        "fluid balance 2 litres positive",
    ],
)
def test_distractors_record_nothing(alphabet: Alphabet, text: str) -> None:
    guide = guide_build(text, alphabet)
    assert guide.candidates == ()


def test_a_prescribed_rate_is_shown_as_not_understood(alphabet: Alphabet) -> None:
    guide = guide_build("saline at 100 mL an hour", alphabet)
    assert [u.reason for u in guide.unclear] == [
        "a rate per hour is a prescription, not a reading"
    ]


def test_a_correction_between_amounts_is_no_sum(alphabet: Alphabet) -> None:
    assert said(alphabet, "passed 300 mL, sorry, 200 mL") == {"data(urineOutput, 200)"}
    assert said(alphabet, "voided 300 ml and then another 200 ml") == {
        "data(urineOutput, 500)"
    }


def test_a_sum_out_of_range_is_asked_not_recorded(alphabet: Alphabet) -> None:
    guide = guide_build("drank 3 litres of water and 3 litres of juice", alphabet)
    assert guide.candidates == ()
    assert guide.questions


def test_past_values_stay_out(alphabet: Alphabet) -> None:
    assert said(alphabet, "admission weight was 90 kg, today 87.2 kg") == {
        "data(weight, 87.2)"
    }
    assert said(alphabet, "weaned from 4 litres to 2 litres") == {
        "data(oxygenFlow, 2.0)", OXYGEN,
    }  # fmt: skip


def test_the_confirmation_shows_what_was_said_beside_a_conversion(
    alphabet: Alphabet,
) -> None:
    """As Fahrenheit does: the recorded value, and what the nurse said."""
    result = extract(
        "glucose 126 mg/dL, weighs 160 pounds",
        alphabet=alphabet,
        options=ExtractionOptions(guide=GuideMode.STRICT),
    )
    text = confirmation_text(result.statements, alphabet=alphabet, said=result.said)
    assert "126 mg/dL" in text and "7.0" in text
    assert "160 lb" in text and "72.6" in text


def test_new_types_carry_their_evidence(alphabet: Alphabet) -> None:
    text = "she's on 3 litres via nasal specs, GCS 15"
    guide = guide_build(text, alphabet)
    quotes = {c.statement.canonical(alphabet): text[c.start : c.end]
              for c in guide.candidates}  # fmt: skip
    assert quotes["data(oxygenFlow, 3.0)"] == "3 litres"
    assert quotes["condition(oxygenDevice, nasalCannula)"] == "nasal specs"
    assert quotes["data(gcs, 15)"] == "GCS 15"
    # an implied statement keeps the words it follows from
    assert quotes["condition(consciousness, alert)"] == "GCS 15"


V1_TYPE = '[data.pulse]\nmin = 20\nmax = 250\nsynonyms = ["pulse"]\n'


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('conversions = [{ unit = "x" }]', "one of words or unspoken is needed"),
        ('conversions = [{ unit = "x", words = ["y"], divide = 0 }]', "'conversions'"),
        ('implies = [{ statement = "condition(nothing, here)" }]', "does not define"),
        ('implies = [{ statement = "not a statement" }]', "'implies' must be"),
        ('total_of = ["nothing"]', "no measurement here"),
        ('unit_before = ["nothing"]', "no condition here"),
        ("sums = 3", "'sums' must be true or false"),
        ('fhir = { codes = "8867-4" }', "'fhir' must be"),
    ],
)
def test_bad_reading_entries_fail_with_their_line(entry: str, message: str) -> None:
    from logic.diagnostics import AlphabetError

    with pytest.raises(AlphabetError) as caught:
        alphabet_parse(V1_TYPE + entry + "\n")
    assert any(
        message in d.message and d.line == 5 for d in caught.value.diagnostics
    ), caught.value.diagnostics


def test_an_alphabet_without_the_new_types_reads_as_before() -> None:
    """A ward still on version 1 keeps its meaning: "weight" and "GCS" stay
    unrelated, their numbers bind to nothing else."""
    alphabet = alphabet_parse(V1_TYPE)
    guide = guide_build("pulse 80, weight 70 kg, GCS 14, on 2 litres", alphabet)
    assert {c.statement.canonical(alphabet) for c in guide.candidates} == {
        "data(pulse, 80)"
    }
