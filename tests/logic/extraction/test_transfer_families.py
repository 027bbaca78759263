"""The families of issue 21, on cases written for these tests: numbers as recognisers
write them, the time anchor of a value, senses decided by what they are said of,
and lexicon entries for words heard at the bedside."""

from __future__ import annotations

import pytest

from logic.alphabet import Alphabet, alphabet_parse
from logic.diagnostics import AlphabetError
from logic.extraction.guide import guide_build


def canon(alphabet: Alphabet, text: str) -> set[str]:
    guide = guide_build(text, alphabet, {})
    return {c.statement.canonical(alphabet) for c in guide.candidates}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("temp ninety eight . four", {"data(temperature, 36.9)"}),
        ("temperature a hundred . one", {"data(temperature, 37.8)"}),
        ("temp one oh one point three", {"data(temperature, 38.5)"}),
        ("pressure one eighteen over sixty nine", {
            "data(systolicBP, 118)", "data(diastolicBP, 69)"}),
        ("pulse a hundred and eight", {"data(heartRate, 108)"}),
        ("blood sugar five . nine", {"data(bloodGlucose, 5.9)"}),
        ("her sugars run in the one forties", set()),
        ("pressures have been in the 150s", set()),
    ],
)  # fmt: skip
def test_numbers_as_recognisers_write_them(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # an earlier episode of care: not this encounter's reading
        ("at her last clinic review the pulse was 110", set()),
        ("two weeks ago the sugar was 19", set()),
        ("when I saw him last the BP was 170 over 100", set()),
        ("at the chemist her pressure was 150 over 95", set()),
        # this encounter, told in the past tense: current
        ("when she came in today her pulse was 92", {"data(heartRate, 92)"}),
        ("at this visit the temperature was 37.6", {"data(temperature, 37.6)"}),
        ("pulse was 76 just now", {"data(heartRate, 76)"}),
        # both in one sentence: the anchor of each value decides
        (
            "three days ago she was 38.9, temp today 37.0",
            {"data(temperature, 37.0)"},
        ),
    ],
)
def test_the_time_anchor_of_a_value_decides_whether_it_is_current(
    alphabet, text, expected
):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("the wound looks stable", set()),
        ("his kidney function is stable", set()),
        ("obs stable, pulse 72", {"data(heartRate, 72)"}),
        ("I think she's stable", {"condition(stability, stable)"}),
        ("patient remains clinically stable", {"condition(stability, stable)"}),
        ("Mr Okafor is stable", {"condition(stability, stable)"}),
        ("stable", {"condition(stability, stable)"}),
        ("the rhythm is unstable", set()),
    ],
)
def test_a_judgement_of_the_patient_counts_only_when_said_of_the_patient(
    alphabet, text, expected
):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("oxygenation 93% on air", {
            "data(oxygenSaturation, 93)", "condition(oxygenSupply, air)"}),
        ("BGL 4.6", {"data(bloodGlucose, 4.6)"}),
        ("blood glucose level of 9.8", {"data(bloodGlucose, 9.8)"}),
        ("GCS was 15", {"data(gcs, 15)", "condition(consciousness, alert)"}),
        ("GCS 15/15", {"data(gcs, 15)", "condition(consciousness, alert)"}),
        ("GCS 12", {"data(gcs, 12)"}),  # below 15: which ACVPU level is not said
    ],
)  # fmt: skip
def test_words_heard_at_the_bedside_are_in_the_lexicon(alphabet, text, expected):
    assert canon(alphabet, text) == expected


def test_of_patient_must_be_true_or_false():
    text = """
[condition.stability]
description = "overall"
of_patient = "yes"
[condition.stability.values.stable]
synonyms = ["stable"]
"""
    with pytest.raises(AlphabetError, match="'of_patient' must be true or false"):
        alphabet_parse(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        # planned care is not background
        ("listed for surgery on Thursday", set()),
        ("she's booked in for a procedure, pulse 74", {"data(heartRate, 74)"}),
        ("awaiting an operation", set()),
        ("NBM for surgery", set()),
        # a scar is an exam finding
        ("chest: old surgical scar, clear", set()),
        # had: background
        ("post-op day two", {"condition(backgroundInfo, operation)"}),
        ("back from surgery an hour ago", {"condition(backgroundInfo, surgery)"}),
        # a reading before the operation is of an earlier time
        (
            "before her surgery the pressure was 160/95",
            {"condition(backgroundInfo, surgery)"},
        ),
    ],
)
def test_surgery_counts_only_when_it_was_had(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("pulse, which I checked a moment ago, was ninety", "data(heartRate, 90)"),
        ("her resps, counted for a whole minute, are 18", "data(respiratoryRate, 18)"),
    ],
)
def test_words_inside_a_readings_evidence_are_not_shown_as_not_understood(
    alphabet, text, expected
):
    guide = guide_build(text, alphabet, {})
    assert {c.statement.canonical(alphabet) for c in guide.candidates} == {expected}
    assert guide.unclear == ()


@pytest.mark.parametrize(
    "text, expected",
    [
        # the ends of a rating scale are no reading; the answer in the next turn is
        (
            "Nurse: On a scale of 0 to 10, 10 being the worst you can imagine, how "
            "would you score the pain? Patient: I'd say about a 4.",
            {"data(painLevel, 4)"},
        ),
        (
            "How bad is the pain from 1 to 10, with 1 being barely there? "
            "Um, honestly right now about a 3 out of 10.",
            {"data(painLevel, 3)"},
        ),
        ("pain on a scale of one to ten, ten being the worst", set()),
        # a question names what it asks about; a bare no answers it, and a yes to
        # one state says it is so
        (
            "Any chest pain? No. Diabetic? No. Alert? Yes.",
            {"condition(consciousness, alert)"},
        ),
        ("Is she confused?", set()),
        ("Any new confusion? Uh, no. Temp 37.4", {"data(temperature, 37.4)"}),
        ("BP is fine, right?", set()),
        ("she's on room air, you know?", {"condition(oxygenSupply, air)"}),
    ],
)
def test_questions_scales_and_their_answers(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the patient's own measurement, before the visit
        ("I checked my sugar before breakfast and it was 9.2", set()),
        ("we took our own blood pressure and it was 150 over 90", set()),
        ("Have you measured your temperature? Yes, it was 38.", set()),
        # the nurse's own measurement is this encounter's
        ("I checked her sugar and it was 6.1", {"data(bloodGlucose, 6.1)"}),
        # negation said at a distance, and in chart shorthand
        ("I don't think there are any allergies", set()),
        ("Allergies: NKDA", set()),
        ("no known drug allergies, diabetic", {"condition(backgroundInfo, diabetes)"}),
        ("I don't think the cuff is right, she is alert", {
            "condition(consciousness, alert)"}),
        # near-synonyms that are not the condition, and words that are
        ("she has borderline diabetes", set()),
        ("told she is pre-diabetic", set()),
        ("it was a day surgery", {"condition(backgroundInfo, surgery)"}),
        ("O2sat 97%", {"data(oxygenSaturation, 97)"}),
        ("the headache is bad, about an eight out of ten", {"data(painLevel, 8)"}),
    ],
)  # fmt: skip
def test_who_measured_and_what_is_denied(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a hedge is how a patient gives a rating; a measurement said so is in doubt
        ("Nurse: How's the pain out of ten?\nPatient: Hmm, maybe a 6.", {
            "data(painLevel, 6)"}),
        ("pain maybe 5 out of 10", {"data(painLevel, 5)"}),
        ("temp maybe 38.2, I'm not sure the probe was in", set()),
        # a rating of episodes, of the worst or of the best is no reading of now
        ("pain 3 now, at its worst an 8", {"data(painLevel, 3)"}),
        ("when it comes on the pain is a 9", set()),
        (
            "D: How would you rate the pain when it happens, from 0 to 10?\n"
            "P: The pain? Probably a 7.",
            set(),
        ),
        # pain on movement is assessed at the bed, now
        ("pain 4 out of 10 on movement", {"data(painLevel, 4)"}),
        # hesitations are no words of a cue's scope
        ("we'll um uh um probably uh um put her um on supplemental oxygen", set()),
    ],
)  # fmt: skip
def test_hedged_and_episodic_ratings(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("on arrival today her oxygen was ninety three percent", {
            "data(oxygenSaturation, 93)"}),
        ("his oxygen is 91% on 2 litres", {
            "data(oxygenSaturation, 91)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
        # the oxygen given is said without a possessive
        ("oxygen at 2 litres", {
            "data(oxygenFlow, 2.0)", "condition(oxygenSupply, supplemental)"}),
    ],
)  # fmt: skip
def test_the_patients_oxygen_is_their_saturation(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("D: Any operations in the past?\nP: Yes, a hysterectomy about ten years ago.",
         {"condition(backgroundInfo, operation)"}),
        ("Have you had any surgeries? I had my gallbladder taken out in 2019.",
         {"condition(backgroundInfo, surgery)"}),
        # a denial, another person, a plan, a question about something else
        ("D: Any surgeries?\nP: No, I've never had anything removed.", set()),
        ("D: Anyone in the family had surgery?\nP: My mum had a hip replacement.",
         set()),
        ("D: Any surgery coming up?\nP: I'm having my knee replaced in March.", set()),
        ("Any allergies? I had my tonsils out as a kid.", set()),
        # the answer saying the word itself is read as usual
        ("D: Any procedures?\nP: I had a day procedure on my hand.",
         {"condition(backgroundInfo, procedure)"}),
    ],
)  # fmt: skip
def test_a_procedure_answered_in_other_words_is_the_asked_value(
    alphabet, text, expected
):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a saturation is said before the air or oxygen it was taken on
        ("obs 37.2, 88, 18, 97% RA", {
            "data(oxygenSaturation, 97)", "condition(oxygenSupply, air)"}),
        ("she's holding at 95 on room air", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)"}),
        ("pulse 72, 94 on air", {
            "data(heartRate, 72)", "data(oxygenSaturation, 94)",
            "condition(oxygenSupply, air)"}),
        ("BP 120 over 80 on air", {
            "data(systolicBP, 120)", "data(diastolicBP, 80)",
            "condition(oxygenSupply, air)"}),
        ("sats 96 RA", {"data(oxygenSaturation, 96)", "condition(oxygenSupply, air)"}),
        # not on oxygen is on air
        ("not on any oxygen, sats 97", {
            "condition(oxygenSupply, air)", "data(oxygenSaturation, 97)"}),
        # pressures said with "by"; a fall "by" is no pair
        ("BP 140 by 90", {"data(systolicBP, 140)", "data(diastolicBP, 90)"}),
        # words of the ward
        ("BSL 11.2", {"data(bloodGlucose, 11.2)"}),
        ("denies any pain", {"data(painLevel, 0)"}),
        ("known type 2 resp failure", {
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)"}),
        ("she only opens her eyes when you talk to her", {
            "condition(consciousness, voice)"}),
        ("groaning to a sternal rub, no eye opening to voice", {
            "condition(consciousness, pain)"}),
        # other scales of 0 to 10 are not the pain score
        ("nausea 6 out of 10", set()),
        ("PAINAD 3", set()),
    ],
)  # fmt: skip
def test_handover_and_bedside_words(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # an earlier time that opens its sentence is the time of all of it
        ("On arrival her BP was 90/50, pulse 120 and her BSL was 2.9", set()),
        # a clause with its own subject ends it
        ("Earlier her temp was 38.6, she's come down to 37.3", {
            "data(temperature, 37.3)"}),
        ("His pressure was 85 over 40 when I started, it's 110 over 70 now", {
            "data(systolicBP, 110)", "data(diastolicBP, 70)"}),
        # an earlier day, a reading elsewhere, a time until now
        ("Came in on Sunday with a temp of 39.4", set()),
        ("her BP was 160 over 100 at her GP", set()),
        ("on room air since yesterday, sats 95", {
            "condition(oxygenSupply, air)", "data(oxygenSaturation, 95)"}),
        # the most, not a value; a rise to now is a value
        ("pain up to 7 overnight", set()),
        ("resps have come up to 24", {"data(respiratoryRate, 24)"}),
        ("her sugars ranged from 6 to 14", set()),
        # wishes are plans
        ("sats 90 on air, I'd like her started on oxygen", {
            "data(oxygenSaturation, 90)", "condition(oxygenSupply, air)"}),
        # the pronoun of a relative gives no relative's vitals
        ("Her mum is diabetic. She's pain free, pulse 70.", {
            "data(painLevel, 0)", "data(heartRate, 70)"}),
    ],
)  # fmt: skip
def test_the_time_and_person_of_handover_sentences(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("D: Do you have any allergies?\nP: Yes I do, sulfa drugs give me hives.",
         {"condition(backgroundInfo, allergic)"}),
        ("D: Any allergies?\nP: Um, yeah. Codeine, I can't take it.",
         {"condition(backgroundInfo, allergic)"}),
        ("D: Any allergies?\nP: Just to dust mites, nothing else.",
         {"condition(backgroundInfo, allergic)"}),
        ("D: Any allergies?\nP: No, I've had penicillin plenty of times.", set()),
        ("D: Any allergies?\nP: Yeah, no, none that I know of.", set()),
        ("D: Any allergies?\nP: Nope.", set()),
        ("D: Any allergies in the family?\nP: Yes, my brother gets hives.", set()),
        # the answer's own words are read as usual
        ("D: Any allergies?\nP: I'm allergic to latex.",
         {"condition(backgroundInfo, allergic)"}),
    ],
)  # fmt: skip
def test_an_allergy_answered_in_other_words(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # every number of the answer is an answer; which is now is resolved
        ("D: How bad is the pain out of 10?\nP: Now maybe a 4, it was a 7 last night.",
         {"data(painLevel, 4)"}),
        ("D: And the pain, 0 to 10?\nP: If I keep still, a 2, but if I walk it's a 6.",
         set()),
        ("D: Rate the pain for me, 0 to 10.\nP: When it's at its worst, a 9.", set()),
        ("D: Rate the pain for me, 0 to 10.\nP: It goes up to about a 9.", set()),
        # "one" as a pronoun is no number
        ("the headache is one of the worst she's had", set()),
    ],
)  # fmt: skip
def test_answers_with_several_numbers(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # two values and no knowing which
        ("sugar 5.2, or was it 8.5, I'll recheck", set()),
        ("pulse 88 on one set and 110 on another, not sure which is right", set()),
        # "latest" decides between values each told in the past
        ("Her BM was 3.1 at 2am. Latest BM before lunch was 6.8.", {
            "data(bloodGlucose, 6.8)"}),
        # a saturation said before a flow of oxygen
        ("she's 94% on 3 litres", {
            "data(oxygenSaturation, 94)", "data(oxygenFlow, 3.0)",
            "condition(oxygenSupply, supplemental)"}),
        # a meal is a time of day, not a drink
        ("BSL at tea was 9.9", {"data(bloodGlucose, 9.9)"}),
        # a sentence with vitals after a relative's pronoun is the patient's
        ("Her dad had a stroke. She's alert, pulse 80, on room air.", {
            "condition(consciousness, alert)", "data(heartRate, 80)",
            "condition(oxygenSupply, air)"}),
        ("all in all she's stable", {"condition(stability, stable)"}),
    ],
)  # fmt: skip
def test_which_value_is_now_and_what_it_was_said_of(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a value said to be wrong, and the value said instead
        ("Pulse isn't 120, it's 102, I misread it.", {"data(heartRate, 102)"}),
        # a pair written with a slash needs no type word; a date is no pair
        ("I repeated it and it's 134/82 now", {
            "data(systolicBP, 134)", "data(diastolicBP, 82)"}),
        ("seen in clinic on 14/02", set()),
        # the present tense decides against the past
        ("He spiked at 39.1 overnight. His temp is 37.4.", {
            "data(temperature, 37.4)"}),
        # "P" among other readings; POD; DM2; a target saying a background fact
        ("T 36.9 P 72 RR 16", {
            "data(temperature, 36.9)", "data(heartRate, 72)",
            "data(respiratoryRate, 16)"}),
        ("POD2 after a laparotomy", {"condition(backgroundInfo, operation)"}),
        ("PMH DM2, HTN", {"condition(backgroundInfo, diabetes)"}),
        ("COPD, target sats 88 to 92%", {
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)"}),
        ("target sats 94 to 98", set()),
        # the usual state, a change to now, ratings with "it"
        ("she's always a bit confused", set()),
        ("HR 124 in ED, settled to 88", {"data(heartRate, 88)"}),
        ("she now rates it 2", {"data(painLevel, 2)"}),
        ("In my opinion he is stable", {"condition(stability, stable)"}),
        ("A on ACVPU", {"condition(consciousness, alert)"}),
        ("drowsy, opens her eyes when spoken to", {"condition(consciousness, voice)"}),
        # a past narrative goes on in the past
        ("On admission she was hypotensive, and she was confused.", set()),
    ],
)  # fmt: skip
def test_second_round_of_ward_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # recognisers: a decimal half heard, a hundred split in digits
        ("blood sugar iron point one", set()),
        ("temperature 100 and 1.5 Fahrenheit", {"data(temperature, 38.6)"}),
        # another patient, a value before a treatment since, a restated report
        ("the patient in the next bed has a temp of 38.9", set()),
        ("pain was 8 before the morphine", set()),
        ("D: You mentioned you had a fever of 38.4 at home?", set()),
        ("I think both my parents have diabetes", set()),
        # procedures had; fears and options are no facts
        ("she had an endoscopy yesterday", {"condition(backgroundInfo, procedure)"}),
        ("I'm scared of having to go on oxygen", set()),
        ("you could use humidified oxygen at home", set()),
        # answers in other words
        ("D: Any surgeries?\nP: I did have an ACL repair at 18.",
         {"condition(backgroundInfo, surgery)"}),
        ("D: Any allergies?\nP: Just strawberries.",
         {"condition(backgroundInfo, allergic)"}),
        ("D: Have you had surgery on it?\nP: No. They didn't think surgery was needed.",
         set()),
        # a statement before a request is no question
        ("She's confused, could you come and see her?", {
            "condition(consciousness, confused)"}),
    ],
)  # fmt: skip
def test_third_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # transcripts whose turns run together, without question marks
        ("Doctor: any allergies Patient: no, not that I know of", set()),
        ("Doctor: do you have diabetes Patient: no Doctor: your pulse is seventy",
         {"data(heartRate, 70)"}),
        ("Clinician: how long have you had diabetes Patient: about four years", {
            "condition(backgroundInfo, diabetes)"}),
        ("[doctor] how's the pain out of ten [patient] about a four", {
            "data(painLevel, 4)"}),
        # readings said with a rising tone; a question is still one
        ("so her sats are 95 on room air and the pain's a 3 out of 10?", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)",
            "data(painLevel, 3)"}),
        ("Allergies?", set()),
        # two numbers joined by "and"; a hundred and its rest
        ("target between eighty eight and ninety two percent", {
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)"}),
        ("temp a hundred and one point five Fahrenheit", {"data(temperature, 38.6)"}),
        ("temp of a hundred and 1.2 Fahrenheit", {"data(temperature, 38.4)"}),
        # a correction before the tense; a recheck; "it's" after a value denied
        ("resps are 26, sorry, 16", {"data(respiratoryRate, 16)"}),
        ("BM was 2.4 at 7. Rechecked now and it's 6.9.", {"data(bloodGlucose, 6.9)"}),
        ("The pulse isn't 120. It's 102.", {"data(heartRate, 102)"}),
        # a word the alphabet does not know names the number after it
        ("sats 95 on room air, rest 80", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)"}),
        ("sats 94, currently 96 on air", {
            "data(oxygenSaturation, 96)", "condition(oxygenSupply, air)"}),
        # words of other places and people
        ("Sister, the patient's temperature is 35.2", {"data(temperature, 35.2)"}),
        ("home visit done, BSL 6.4", {"data(bloodGlucose, 6.4)"}),
        ("she's on the surgical ward", set()),
        ("pain 7 over 10", {"data(painLevel, 7)"}),
        ("BP-104 over 62", {"data(systolicBP, 104)", "data(diastolicBP, 62)"}),
        ("on 4 litres overnight, weaned to room air at 6", {
            "condition(oxygenSupply, air)"}),
        ("only to pain, no response to voice", {"condition(consciousness, pain)"}),
    ],
)  # fmt: skip
def test_fourth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a number said of "it" or "that" is the type named before it that admits it
        ("D: I'll check your temperature now. P: okay. D: that came back 37.9.", {
            "data(temperature, 37.9)"}),
        ("P: yesterday the pain was a nine D: and today P: today it's a three", {
            "data(painLevel, 3)"}),
        ("P: is the oximeter on? D: yes, it's saying 94", {
            "data(oxygenSaturation, 94)"}),
        # none admits it, two would, or it names no reading
        ("Sats 95 on air. It's 2 o'clock.", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)"}),
        ("Pulse and resps checked. It's 22.", set()),
        ("D: any headaches P: when I get one it's like an eight", set()),
        # a transcript that opens with a label runs its turns together
        ("D: any fevers P: no D: your sats are 97", {"data(oxygenSaturation, 97)"}),
    ],
)  # fmt: skip
def test_values_said_of_it(alphabet, text, expected):
    assert canon(alphabet, text) == expected


def test_not_understood_words_are_shown_without_the_speakers_label(alphabet):
    guide = guide_build(
        "Doctor: your pulse is 72 Patient: my knee still clicks when I walk", alphabet
    )
    assert {c.statement.canonical(alphabet) for c in guide.candidates} == {
        "data(heartRate, 72)"
    }
    assert [u.text for u in guide.unclear] == ["my knee still clicks when I walk"]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a decimal comma; a rough number; a value beside one in doubt
        ("temp 38,6, bloods sent", {"data(temperature, 38.6)"}),
        ("sugar's 9 point something", set()),
        ("resps about 18, maybe 20", set()),
        # lists: the type said after a value, "R" among readings, a flow after a %
        ("sats 95 on air, 37.9 temp", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)",
            "data(temperature, 37.9)"}),
        ("P 64 R 16 T 36.8", {
            "data(heartRate, 64)", "data(respiratoryRate, 16)",
            "data(temperature, 36.8)"}),
        ("93% 2L", {"data(oxygenSaturation, 93)", "data(oxygenFlow, 2.0)",
                    "condition(oxygenSupply, supplemental)"}),
        # a label that names no reading, a rate per hour, a time
        ("BP 130 on 80, and the rate's 92", {
            "data(systolicBP, 130)", "data(diastolicBP, 80)"}),
        ("pulse 70 and the drip's running at 100 an hour", {"data(heartRate, 70)"}),
        ("CBG 3.4, recheck in fifteen", {"data(bloodGlucose, 3.4)"}),
        # a change from and to; the usual state said after; another patient
        ("pain's gone from a 6 to a 2", {"data(painLevel, 2)"}),
        ("she's confused, but that's her baseline", set()),
        ("the other lady has a temp of 38.8", set()),
        # ward words
        ("radial's 96", {"data(heartRate, 96)"}),
        ("not in any pain", {"data(painLevel, 0)"}),
        ("sats 97, RR 18 - stable", {
            "data(oxygenSaturation, 97)", "data(respiratoryRate, 18)",
            "condition(stability, stable)"}),
        ("drowsy, wakes when you say her name", {"condition(consciousness, voice)"}),
        ("Any surgeries? Appendix out as a kid.", {
            "condition(backgroundInfo, surgery)"}),
    ],
)  # fmt: skip
def test_fifth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the question that ends a clinician's turn; a bare scale asks for pain
        ("Nurse: your temp is 37.2. Any pain? Patient: a little, a two", {
            "data(temperature, 37.2)", "data(painLevel, 2)"}),
        ("Nurse: okay. and on a scale of nought to ten Patient: a three maybe", {
            "data(painLevel, 3)"}),
        ("Doc: and one to ten, how bad is the shortness of breath Patient: a six",
         set()),
        # "any pain? - no" is no pain; the question's number already read
        ("Nurse: any pain at the moment Patient: no, none", {"data(painLevel, 0)"}),
        ("Dr: your pain was an eight when you came in, where is it now "
         "Patient: maybe a three", {"data(painLevel, 3)"}),
        # labels of many roles, relatives speaking from the patient's side
        ("Practice Nurse: right, finger prick. PN: that's seven point four", {
            "data(bloodGlucose, 7.4)"}),
        ("[00:01:02] Dr: your pulse is 88 [00:01:09] Patient: okay", {
            "data(heartRate, 88)"}),
        # other words
        ("AVPU A, temp 37,2", {"condition(consciousness, alert)",
                            "data(temperature, 37.2)"}),
        ("post-procedure, AVPU V", {"condition(backgroundInfo, procedure)",
                                    "condition(consciousness, voice)"}),
        ("She's type 1.", {"condition(backgroundInfo, diabetes)"}),
        ("his brother in the next bay is the one with diabetes", set()),
        ("His wife says he's more confused than usual", {
            "condition(consciousness, confused)"}),
        ("for an elective hip operation tomorrow", set()),
        ("BP was 150/90 or 160/90, I can't find the chart", set()),
        ("37.1 temp, 84 HR, 96% sats on room air", {
            "data(temperature, 37.1)", "data(heartRate, 84)",
            "data(oxygenSaturation, 96)", "condition(oxygenSupply, air)"}),
        ("ED said her sats were 89 on air", set()),
        ("the best option is surgery to fix the tendon", set()),
        ("we'll give you a bag of fluid, a litre to start", set()),
    ],
)  # fmt: skip
def test_fifth_round_encounters_and_handovers(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a recogniser's split decimal ("thirty seven four")
        ("temp, 37, 4, pulse 92", {"data(temperature, 37.4)", "data(heartRate, 92)"}),
        ("temperature 36, point 8", {"data(temperature, 36.8)"}),
        ("temp 36 9", {"data(temperature, 36.9)"}),
        # not when the digit has its own unit, or the type takes whole numbers
        ("BM 6, 4 units given", {"data(bloodGlucose, 6.0)"}),
        ("pulse 88, 4 litres", {
            "data(heartRate, 88)", "data(oxygenFlow, 4.0)",
            "condition(oxygenSupply, supplemental)"}),
        # a pair split by a comma; "over night"; "no sorry" corrects
        ("BP, 128, over 76", {"data(systolicBP, 128)", "data(diastolicBP, 76)"}),
        ("Pulse was 120 over night, it's come down to 88 now", {
            "data(heartRate, 88)"}),
        ("Sats 93, no sorry 92 on air", {
            "data(oxygenSaturation, 92)", "condition(oxygenSupply, air)"}),
    ],
)  # fmt: skip
def test_recognisers_split_decimals_and_pairs(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # cue words that name no plan, no other person and no other time here
        ("she's having to use her accessory muscles, RR 28", {
            "data(respiratoryRate, 28)"}),
        ("he wants to go home, HR 80", {"data(heartRate, 80)"}),
        ("20G cannula in the radial, pulse 76", {"data(heartRate, 76)"}),
        ("still on 2 litres, sats 95", {
            "data(oxygenFlow, 2.0)", "condition(oxygenSupply, supplemental)",
            "data(oxygenSaturation, 95)"}),
    ],
)  # fmt: skip
def test_cue_words_that_do_not_reach_too_far(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # sets said with their times of day: the later is now
        ("Temp 37.2, HR 92 at 0900; at 1100 temp 38.4 and HR 118", {
            "data(temperature, 38.4)", "data(heartRate, 118)"}),
        ("BMs today: 0700 14.2, 1100 11.8, 1600 8.3", {"data(bloodGlucose, 8.3)"}),
        # no guessing across midnight; a time is no reading
        ("temp 38 at 2300, 37.5 at 0100", set()),
        ("BP 120/80 at 0800", {"data(systolicBP, 120)", "data(diastolicBP, 80)"}),
    ],
)  # fmt: skip
def test_times_of_day_order_values(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the present tense decides only against the past, never between two of now
        ("BP's 142 over 88, 156 over 90, I did it twice", set()),
        ("Temp's 37.6 in the left ear and 37.9 in the right", set()),
        # a value a change came from; a reading said to be false
        ("her BP's dropped to 94 over 60 from 130 this morning", {
            "data(systolicBP, 94)", "data(diastolicBP, 60)"}),
        ("heart rate 150 but that's artefact. Manual pulse is 84.", {
            "data(heartRate, 84)"}),
        # a value said again as one end of a range
        ("P: maybe a three, three or four", set()),
        ("D: how's the pain out of ten P: maybe a three, three or four", set()),
        # a follow-up about now asks the question before again; other follow-ups don't
        ("PA: any pain at the incision Patient: a one when I get up "
         "PA: and right now Patient: right now nothing, zero", {"data(painLevel, 0)"}),
        ("Doctor: the knee pain out of ten Patient: six or seven "
         "Doctor: does anything help Patient: I take two of the two hundreds", set()),
        # one kind of pain denied is not every pain
        ("Doctor: any chest pain Patient: no", set()),
        # values said of "it" and "they" as they change; latest; a target is ended
        ("sats were 89% on the same, then he's come back up to 93%", {
            "data(oxygenSaturation, 93)"}),
        ("Overnight BMs were 12.1 at 10pm and 9.8 at 2am, and this morning's is 7.6", {
            "data(bloodGlucose, 7.6)"}),
        ("target sats 88 to 92, and she's 90% on 1 litre", {
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
            "data(oxygenSaturation, 90)", "data(oxygenFlow, 1.0)",
            "condition(oxygenSupply, supplemental)"}),
        # ward words
        ("he's more confused than earlier", {"condition(consciousness, confused)"}),
        ("apyrexial at 36.8", {"data(temperature, 36.8)"}),
        ("B: nil allergies", set()),
        ("Not on O2, sats 96%", {"condition(oxygenSupply, air)",
                                 "data(oxygenSaturation, 96)"}),
        ("NPO after midnight for her procedure tomorrow", set()),
        ("resps are up to 30", {"data(respiratoryRate, 30)"}),
        ("respirations eighteen o two sat ninety five percent", {
            "data(respiratoryRate, 18)", "data(oxygenSaturation, 95)"}),
        ("Pain is three out and ten now", {"data(painLevel, 3)"}),
        ("your A1c was six point eight", set()),
        ("Nurse: I'm just going to get your obs done... so temperature's 38.4", {
            "data(temperature, 38.4)"}),
        ("eighty nine percent on your two litres", {
            "data(oxygenSaturation, 89)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
    ],
)  # fmt: skip
def test_sixth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Sats 91. No wait. 95.", {"data(oxygenSaturation, 95)"}),
        ("Last night, his BP was 160 over 90, this morning it's 148 over 84.", {
            "data(systolicBP, 148)", "data(diastolicBP, 84)"}),
    ],
)  # fmt: skip
def test_seventh_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("GP: any headaches Patient: no, nothing like that", set()),
        ("Caller: I took his temperature an hour ago and it was 39.4 "
         "Nurse: is he talking to you", set()),
        ("he's awake but he's not making sense", {"condition(consciousness, confused)"}),
        ("Diabetes nurse: a finger prick. Okay, that's eleven point three", {
            "data(bloodGlucose, 11.3)"}),
        ("Dr: how painful is it today out of ten Patient: a four", {
            "data(painLevel, 4)"}),
        ("Heart rate one-one-two", {"data(heartRate, 112)"}),
        ("The first was 150 over 95, the second one was 142 over 88", {
            "data(systolicBP, 142)", "data(diastolicBP, 88)"}),
        ("We're aiming for under 140, and you're 132 over 80", {
            "data(systolicBP, 132)", "data(diastolicBP, 80)"}),
        ("Daughter: he's been much more confused since Tuesday Doctor: right", {
            "condition(consciousness, confused)"}),
        ("back from dialysis with two litres off", set()),
        ("no more pain already", {"data(painLevel, 0)"}),
        ("Temp 38.1, no hang on, that's the lady next door, his is 37.3", {
            "data(temperature, 37.3)"}),
        ("only opening his eyes to pain now", {"condition(consciousness, pain)"}),
        ("he's a bit more confused than when I came on", {
            "condition(consciousness, confused)"}),
        ("her oxygen was 91 percent so we put her on two litres and now she's 95", {
            "data(oxygenSaturation, 95)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
    ],
)  # fmt: skip
def test_seventh_round_everyday_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a reading announced, then read off in the next sentence
        ("Nurse: I'll do your sugar now. Nine point two, not bad.", {
            "data(bloodGlucose, 9.2)"}),
        ("Let me take your temperature. Okay, 37.9.", {"data(temperature, 37.9)"}),
        # announced, but what follows names another type first
        ("I'll check your sugar. Pulse 88.", {"data(heartRate, 88)"}),
        # announced and never read: no value
        ("I'll check your sugar after lunch.", set()),
        # two unnamed speakers: the one who asks is the clinician
        ("Speaker 1: any pain today? Speaker 2: yeah, about a six. "
         "Speaker 1: and where is it?", {"data(painLevel, 6)"}),
        ("Nurse 1: this is Mrs Ong. Nurse 2: hi, pulse 72.", {"data(heartRate, 72)"}),
        # the scale explained after the patient asks back
        ("Doctor: how bad is the pain out of ten? Patient: out of what? "
         "Doctor: out of ten, ten being the worst ever. Patient: a five I think", {
            "data(painLevel, 5)"}),
        # a part of the body rated is its pain; a symptom rated is not
        ("Nurse: on a scale of nought to ten, how's the knee? Patient: a six", {
            "data(painLevel, 6)"}),
        ("Nurse: on a scale of nought to ten, how's your nausea? Patient: a six",
         set()),
        ("Nurse: how's the pain since your operation? Patient: better, a two now", {
            "data(painLevel, 2)", "condition(backgroundInfo, operation)"}),
        ("Nurse: are you diabetic at all? Patient: I am, on metformin", {
            "condition(backgroundInfo, diabetes)"}),
        ("Nurse: have you been tested for diabetes? Patient: yes, it was fine", set()),
        ("Patient: the left one. Nurse: out of ten? Patient: seven", {
            "data(painLevel, 7)"}),
    ],
)  # fmt: skip
def test_eighth_round_encounters(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("pulse one-twelve, BP one-thirty over seventy", {
            "data(heartRate, 112)", "data(systolicBP, 130)", "data(diastolicBP, 70)"}),
        ("SpO 2 93 on air", {"data(oxygenSaturation, 93)", "condition(oxygenSupply, air)"}),
        ("H.R. 66, B.M. 5.4", {"data(heartRate, 66)", "data(bloodGlucose, 5.4)"}),
        # the hour of a reading, told before it
        ("his BM at 7 was 12.1", {"data(bloodGlucose, 12.1)"}),
        # a correction to a value whose digits were lost keeps neither
        ("temp 36, no wait, 37 point mumble", set()),
        # a change to now: the later words win
        ("on air at first, then we started him on 2 litres", {
            "data(oxygenFlow, 2.0)", "condition(oxygenSupply, supplemental)"}),
        ("Pulse peaked at 130 during the transfer, it's settled back to 90", {
            "data(heartRate, 90)"}),
        ("Pain was 7 before the morphine. It's down to 2 now.", {"data(painLevel, 2)"}),
        # a value said, then taken back to its denial
        ("she's confused, sorry, no, not confused, that's the lady in bed 3", set()),
        # synonyms heard of anyone
        ("she opens her eyes only when you talk to her", {
            "condition(consciousness, voice)"}),
        ("she only wakes when you call her name", {"condition(consciousness, voice)"}),
        # the nurse's judgement beside other values of the patient
        ("He's awake, alert and stable.", {
            "condition(consciousness, alert)", "condition(stability, stable)"}),
        ("good night overall, I'd call him stable", {"condition(stability, stable)"}),
        # the patient named as the words open, set apart
        ("The man in bay 4, his pain is 3 now", {"data(painLevel, 3)"}),
        ("Pulse 70. The man in bay 4 has a pulse of 120.", {"data(heartRate, 70)"}),
        ("pain 6, but only when she coughs", set()),
        ("Mr Ali, last set of obs at ten was pulse 84", {"data(heartRate, 84)"}),
        ("He came through the day surgery unit, pulse 70", {"data(heartRate, 70)"}),
        ("his hstix is 6.1", {"data(bloodGlucose, 6.1)"}),
    ],
)  # fmt: skip
def test_eighth_round_bedside_and_handover(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the hour something was done is no reading of the type named before it
        ("his breathing was laboured so he had his nebuliser at three. Resps 22 now", {
            "data(respiratoryRate, 22)"}),
        # a type's own value after another reading
        ("Pulse 80, apyrexial at 36.6", {"data(heartRate, 80)", "data(temperature, 36.6)"}),
        ("He's for his operation on Friday, pulse 64", {"data(heartRate, 64)"}),
        ("Her husband's pulse was 50. Yours is 74.", {"data(heartRate, 74)"}),
        ("BP reading 126 over, hold on, 70", {
            "data(systolicBP, 126)", "data(diastolicBP, 70)"}),
    ],
)  # fmt: skip
def test_eighth_round_second_pass(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a pause while the reading is taken ends the plan that announced it
        ("I'll just do your pulse... seventy two", {"data(heartRate, 72)"}),
        ("I'll do your pulse later", set()),
        # the second of a pair whose first was not heard is no value of its own
        ("BP 12 over 70, pulse 80", {"data(heartRate, 80)"}),
        # the speaker's label names nobody spoken of
        ("Nurse: any allergies? Dad: She's allergic to latex.", {
            "condition(backgroundInfo, allergic)"}),
        # ratings of symptoms and of parts of the body
        ("Nurse: how's the itch out of ten? Patient: a four", set()),
        ("Doctor: so how's the shoulder now, lying here, out of ten? Patient: a three", {
            "data(painLevel, 3)"}),
        ("The other lad in the cell said his pulse was 120. Yours is 84.", {
            "data(heartRate, 84)"}),
        ("How's the pain? When I first did it it was an eight. Now it's more like a "
         "three.", {
            "data(painLevel, 3)"}),
        ("What was the pressure at the start? One fifty over ninety.", set()),
        # the past said of one value, now implied by another
        ("she's 95% on 3 litres now, she was on room air yesterday", {
            "data(oxygenSaturation, 95)", "data(oxygenFlow, 3.0)",
            "condition(oxygenSupply, supplemental)"}),
        ("respiration 20 per minute, pain 2 of 10", {
            "data(respiratoryRate, 20)", "data(painLevel, 2)"}),
        ("awake and answering questions appropriately", {"condition(consciousness, alert)"}),
        ("Ward 7, general surgery, I don't think she's stable", set()),
        ("I think he is not stable", {"condition(stability, unstable)"}),
        ("Ninety-four, her sats. Eighty-two, her pulse.", {
            "data(oxygenSaturation, 94)", "data(heartRate, 82)"}),
        ("RBS is 6.2", {"data(bloodGlucose, 6.2)"}),
        # a number trailed off after and said again is in doubt; a pause between
        # readings is only a pause
        ("pulse eighty... eighty-something, he keeps moving", set()),
        ("Temp 36.8... pulse 76", {"data(temperature, 36.8)", "data(heartRate, 76)"}),
    ],
)  # fmt: skip
def test_ninth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the patient measures now, asked by the clinician: this encounter's reading
        ("Nurse: could you take your temperature now for me? "
         "Patient: one minute... thirty-eight point one", {"data(temperature, 38.1)"}),
        ("Nurse: What's the machine saying? Patient: one forty over ninety", {
            "data(systolicBP, 140)", "data(diastolicBP, 90)"}),
        ("Patient: do you want me to do it now? Nurse: yes please. "
         "Patient: pulse is sixty-six", {"data(heartRate, 66)"}),
        # measured before the call: the patient's own earlier reading
        ("Nurse: what was your temperature this morning? Patient: thirty-eight point "
         "one", set()),
        # "one" and "it" for the type named before, the reading after a pause
        ("Nurse: your sugars have been high. Let's do one now... eleven point two", {
            "data(bloodGlucose, 11.2)"}),
        ("Nurse: is the sugar okay? Shall we do one while I'm here? Patient: go on. "
         "Nurse: seven point four", {"data(bloodGlucose, 7.4)"}),
        # two readings off one device are not both of the type asked about
        ("Nurse: can you pop the sats probe on now? Patient: it says 94 and the other "
         "number's 80", {"data(oxygenSaturation, 94)"}),
        ("Nurse: is there any surgery planned? Patient: yes, next month", set()),
        ("Nurse: did you have surgery on that knee? Patient: yes, in 2019", {
            "condition(backgroundInfo, surgery)"}),
        ("Dr Evans from the surgery here, your pulse was 70 today", {
            "data(heartRate, 70)"}),
        ("Sorry, the gentleman in bay two, his pulse is 120. Ours is 80 on the monitor.",
         {"data(heartRate, 80)"}),
        ("Dr: how's the pain out of ten? Pt: when I lift it, eight. Dr: and right now, "
         "at rest? Pt: two", {"data(painLevel, 2)"}),
        # a pause after a number the speaker corrects
        ("Pulse is 92... sorry, 96", {"data(heartRate, 96)"}),
        ("temp thirty-six comma eight, pulse seventy", {
            "data(temperature, 36.8)", "data(heartRate, 70)"}),
        ("temp thirty-seven point oh", {"data(temperature, 37.0)"}),
        ("eighty, that is his pulse", {"data(heartRate, 80)"}),
        ("on her home oxygen, two litres", {
            "data(oxygenFlow, 2.0)", "condition(oxygenSupply, supplemental)"}),
        ("CR 88, sats 97% at room air", {
            "data(heartRate, 88)", "data(oxygenSaturation, 97)",
            "condition(oxygenSupply, air)"}),
        ("she has new delirium", {"condition(consciousness, confused)"}),
        ("capillary glycaemia 5.9", {"data(bloodGlucose, 5.9)"}),
        ("I consider her stable", {"condition(stability, stable)"}),
        ("BM 12.4, one-off insulin given", {"data(bloodGlucose, 12.4)"}),
        # "all over the place" names no diastolic pressure for "it"
        ("it's been all over the place, it says 162", set()),
    ],
)  # fmt: skip
def test_tenth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # two unnamed speakers with no question marks: who opens questions asks
        ("Speaker 1: any pain in the back give me a number out of ten Speaker 2: um "
         "four Speaker 1: four okay", {"data(painLevel, 4)"}),
        ("Nurse: how long have you been diabetic? Patient: twelve years", {
            "condition(backgroundInfo, diabetes)"}),
        ("I'll get the HCA to do your temperature. HCA: Thirty-six point nine, and "
         "pulse sixty-four.", {"data(temperature, 36.9)", "data(heartRate, 64)"}),
        ("the meter's saying seven point two for your sugar", {"data(bloodGlucose, 7.2)"}),
        ("Clinician: do it again now for me. Caller: one fifty over ninety", {
            "data(systolicBP, 150)", "data(diastolicBP, 90)"}),
        ("So 93 is your sats and 102 is your pulse", {
            "data(oxygenSaturation, 93)", "data(heartRate, 102)"}),
        ("In ED her sats were 86. Now she's on 2 litres and she's 94.", {
            "data(oxygenSaturation, 94)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
        ("His BP's shot up to 176 over 98", {"data(systolicBP, 176)", "data(diastolicBP, 98)"}),
        ("Pulse was 70 at the start. Now, an hour in, pulse 84.", {"data(heartRate, 84)"}),
        ("Bed 3 patient sats are 88. For this lady, sats 97 on air.", {
            "data(oxygenSaturation, 97)", "condition(oxygenSupply, air)"}),
        ("sats 93, his antibiotics are due at eight", {"data(oxygenSaturation, 93)"}),
        ("She's confused, her husband says that's just her baseline", set()),
        ("A bit more confused than her baseline today", {
            "condition(consciousness, confused)"}),
        ("The ambulance sugar was 14, mine now is 9.6", {"data(bloodGlucose, 9.6)"}),
        ("Mum's obs: BP 124 over 76, pulse 80. Baby's feeding well.", {
            "data(systolicBP, 124)", "data(diastolicBP, 76)", "data(heartRate, 80)"}),
        ("PR 92, RR 18", {"data(heartRate, 92)", "data(respiratoryRate, 18)"}),
        ("drowsy but he responds when you call his name", {
            "condition(consciousness, voice)"}),
        ("transferred from the surgical step-down, pulse 88", {"data(heartRate, 88)"}),
        ("Abbey pain score 6, pulse 90", {"data(heartRate, 90)"}),
        ("Temp was 37.9 on the ward so I checked it and it is 37.2 now, pulse 80", {
            "data(temperature, 37.2)", "data(heartRate, 80)"}),
        # an average of readings is none of them
        ("His home readings are averaging 150 over 95. Here it's 138 over 84.", {
            "data(systolicBP, 138)", "data(diastolicBP, 84)"}),
        ("Temp 37.4, baby's temp 36.9", {"data(temperature, 37.4)"}),
        ("Day two after an elective knee replacement operation, pulse 70", {
            "condition(backgroundInfo, operation)", "data(heartRate, 70)"}),
    ],
)  # fmt: skip
def test_eleventh_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a bound of a target is no range said of the reading
        ("BP 92 over 60. Keep the systolic above ninety-two.", {
            "data(systolicBP, 92)", "data(diastolicBP, 60)"}),
        ("The pain is seven when we roll him, at rest it's two", set()),
        ("Pre-op check for the hernia surgery, pulse 66", {"data(heartRate, 66)"}),
        ("she only opens her eyes when I call her", {"condition(consciousness, voice)"}),
        ("she pointed to the middle one on the faces chart", set()),
        ("The one in bed 3 has a temp of 38.4. This one, temp 36.9", {
            "data(temperature, 36.9)"}),
        ("BP one-two-two over eight-six", {"data(systolicBP, 122)", "data(diastolicBP, 86)"}),
        ("He's in sinus at 76", {"data(heartRate, 76)"}),
        ("No allergies, it's Mrs Khan in bay 4 who is allergic to latex", set()),
        ("Glucose 3.4 at two, the recheck at 2:15 is 5.9", {"data(bloodGlucose, 5.9)"}),
        ("His BMs are all over the place, his last one at 8 was 12.2", {
            "data(bloodGlucose, 12.2)"}),
        ("Obs 0600: T 99.1F, HR 80", {"data(temperature, 37.3)", "data(heartRate, 80)"}),
        ("her temp's come down a degree and a half", set()),
        ("pain is nil", {"data(painLevel, 0)"}),
        ("One four one over eight seven, pulse sixty", {
            "data(systolicBP, 141)", "data(diastolicBP, 87)", "data(heartRate, 60)"}),
        ("Doctor: she's diabetic, isn't she? Daughter: yes, on tablets", {
            "condition(backgroundInfo, diabetes)"}),
        ("He's alert, knows exactly where he is, don't you Frank?", {
            "condition(consciousness, alert)"}),
        ("Patient: none right now, zero. When my period comes it's an eight.", set()),
        ("Nurse: your temperature was 38.9 at home. Ours is saying 37.6 now.", {
            "data(temperature, 37.6)"}),
        ("Nurse: and being diabetic, do you want me to check your sugar? Patient: yes "
         "please. Nurse: nine point four", {
            "condition(backgroundInfo, diabetes)", "data(bloodGlucose, 9.4)"}),
    ],
)  # fmt: skip
def test_twelfth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


def test_a_change_said_as_a_degree_and_a_half_is_read_from_the_state(alphabet):
    guide = guide_build(
        "her temp's come down a degree and a half", alphabet, {"temperature": 38.9}
    )
    assert {c.statement.canonical(alphabet) for c in guide.candidates} == {
        "data(temperature, 37.4)"
    }


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Temp 39 I told you, that was bed four. This patient, temp 37.1, pulse 70.", {
            "data(temperature, 37.1)", "data(heartRate, 70)"}),
        ("BP 170 over 100, no wait, that's bed 5's, his is 128 over 79.", {
            "data(systolicBP, 128)", "data(diastolicBP, 79)"}),
        ("She's only opening her eyes when I say her name", {
            "condition(consciousness, voice)"}),
        ("Pain's a four, you said? Yes, four.", {"data(painLevel, 4)"}),
        ("The lady in bed two had her operation yesterday, pulse 80", {
            "condition(backgroundInfo, operation)", "data(heartRate, 80)"}),
        ("Machine said 210 over 120, which I don't believe, so I redid it manually, "
         "150 over 90", {"data(systolicBP, 150)", "data(diastolicBP, 90)"}),
        ("Ninety-five, that's her sats. Seventy is the pulse.", {
            "data(oxygenSaturation, 95)", "data(heartRate, 70)"}),
        # two unnamed speakers: the one who answers in the first person tells of a
        # reading taken before
        ("Speaker 1: did you check your blood pressure before the call? Speaker 2: I "
         "did it this morning, it was 150 over 90", set()),
        # two unnamed speakers, both staff: what the second reads out is a reading
        ("Speaker 1: can we get a pressure please? Speaker 2: ninety over sixty. "
         "Speaker 1: and the heart rate? Speaker 2: one ten", {
            "data(systolicBP, 90)", "data(diastolicBP, 60)", "data(heartRate, 110)"}),
        ("I carry the alert card for my COPD. Sats 90.", {"data(oxygenSaturation, 90)"}),
        ("Your sats: you're on two litres at the moment and you're sitting at ninety-one", {
            "data(oxygenFlow, 2.0)", "condition(oxygenSupply, supplemental)",
            "data(oxygenSaturation, 91)"}),
        ("Nurse: shall I check your sugar while I'm here? You're diabetic, aren't you? "
         "Patient: I am. Nurse: seven point one", {
            "condition(backgroundInfo, diabetes)", "data(bloodGlucose, 7.1)"}),
        ("Patient: shall I do it now? Nurse: if you would. Patient: one thirty over "
         "eighty", {"data(systolicBP, 130)", "data(diastolicBP, 80)"}),
        ("Dr: can you do one for me here? Pt: go on. Sats are ninety-six.", {
            "data(oxygenSaturation, 96)"}),
        ("Dr: and your temperature now? Pt: thirty-seven point two", {
            "data(temperature, 37.2)"}),
        ("BP 150 over 88. BP limit's 180 over 105 for 24 hours.", {
            "data(systolicBP, 150)", "data(diastolicBP, 88)"}),
        ("NIHSS was 9 and it's down to 5 now, resps 16", {"data(respiratoryRate, 16)"}),
        ("Sats 96 on air. The sats of 89 on the board are bed 9's, not his.", {
            "data(oxygenSaturation, 96)", "condition(oxygenSupply, air)"}),
        ("her resps were 8 when I looked in at eleven", {"data(respiratoryRate, 8)"}),
        ("temp 37.6, she spiked 39.2 at teatime", {"data(temperature, 37.6)"}),
        ("Nurse impression: stable.", {"condition(stability, stable)"}),
        ("he was 31 a minute when we came, resp rate's down to 22", {
            "data(respiratoryRate, 22)"}),
        ("Doctor: what was her temp? Nurse: thirty eight point one, and her sugar's 8.2", {
            "data(temperature, 38.1)", "data(bloodGlucose, 8.2)"}),
        ("the surgical nurse is calling about his wound, pulse 76", {"data(heartRate, 76)"}),
    ],
)  # fmt: skip
def test_thirteenth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The pressure I called out, 170 over 95, that was Mrs Lee in bed 2, not this "
         "lady. This one is 132 over 80.", {"data(systolicBP, 132)", "data(diastolicBP, 80)"}),
        ("Right, just your pulse now. Eighty-four.", {"data(heartRate, 84)"}),
        ("Let's see that finger prick. Seven point seven.", {"data(bloodGlucose, 7.7)"}),
        ("He's three out of ten now, sitting up", {"data(painLevel, 3)"}),
        ("She's six out of ten for the nausea", set()),
        ("She's nae diabetic", set()),
        ("and you said pain's one, right?", {"data(painLevel, 1)"}),
        ("you mentioned your temperature was 38.5 at home", set()),
        ("Doctor: what's the pain now, nought to ten? Patient: sitting still it's a "
         "three. If I try and walk on it it's more like an eight.", {"data(painLevel, 3)"}),
        ("Consultant: how's the pain? Patient: sore. Consultant: what would you give it "
         "out of ten, lying there now? Patient: five", {"data(painLevel, 5)"}),
        ("They had your blood pressure at 90 over 60 in the ambulance. Now it's 118 over "
         "70.", {"data(systolicBP, 118)", "data(diastolicBP, 70)"}),
        ("Nurse: you're on insulin for your diabetes, aren't you, Jim? Jim: that's right",
         {"condition(backgroundInfo, diabetes)"}),
        ("Your sugar is fine for surgery. Pulse 80.", {"data(heartRate, 80)"}),
        ("Temperature: I'm going to put this in your ear... thirty-seven point two", {
            "data(temperature, 37.2)"}),
        ("BP was low at three, so she got a 250 bolus, last BP 118 on 66", {
            "data(systolicBP, 118)", "data(diastolicBP, 66)"}),
        ("Temp 36.8. Don't mix her up with the other Jean in bed 4, she's the one with "
         "the temp of 38.", {"data(temperature, 36.8)"}),
    ],
)  # fmt: skip
def test_fourteenth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


def test_a_change_said_as_point_six_is_read_from_the_state(alphabet):
    guide = guide_build("her temp's gone up point six", alphabet, {"temperature": 36.8})
    assert {c.statement.canonical(alphabet) for c in guide.candidates} == {
        "data(temperature, 37.4)"
    }


@pytest.mark.parametrize(
    "text, expected",
    [
        # a value broken off, then corrected in a sentence that names more after it
        ("Sats are ninety... sorry, ninety-three, on two litres.", {
            "data(oxygenSaturation, 93)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
        ("Locum wants a sugar every two hours. This one's nine point one.", {
            "data(bloodGlucose, 9.1)"}),
        ("BP's 170 over 95 now, and his normal's about 120 over 70", {
            "data(systolicBP, 170)", "data(diastolicBP, 95)"}),
        ("We have removed two litres, BP 120 over 70", {
            "data(systolicBP, 120)", "data(diastolicBP, 70)"}),
        ("only opening her eyes when I press her shoulder", {
            "condition(consciousness, pain)"}),
        ("Nurse: any pain today? Patient: [shakes head] no", {"data(painLevel, 0)"}),
        ("Nurse: and pain? Patient: pain's nought", {"data(painLevel, 0)"}),
        ("Doctor: and the pain, out of ten? Patient: three-ish", {"data(painLevel, 3)"}),
        ("Clinician: let's do yours now. Patient: it says one thirty over eighty", {
            "data(systolicBP, 130)", "data(diastolicBP, 80)"}),
    ],
)  # fmt: skip
def test_fifteenth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a glucose in mg/dL by its full unit anywhere, by "mg" right after its type
        ("BM two hundred and seventy milligram per deciliter", {
            "data(bloodGlucose, 15.0)"}),
        ("glucose is 90 mg, pulse 70", {
            "data(bloodGlucose, 5.0)", "data(heartRate, 70)"}),
        ("Sugar 6.5, she had metformin 500 mg with lunch", {"data(bloodGlucose, 6.5)"}),
        ("sugar was up so we gave 40 mg of gliclazide", set()),
        ("Nurse: Finger prick done. One hundred and eight milligrams per decilitre.", {
            "data(bloodGlucose, 6.0)"}),
        # the reading after a pause, told as "it is"
        ("Nurse: I'll just check your temperature now... it is thirty-seven point "
         "three.", {"data(temperature, 37.3)"}),
        # a label no list names: a role or a name, and a listed one with an aside
        ("Nurse: Let me see the monitor.\nPt: Okay.\nOT: Heart rate ninety, sats "
         "ninety-six on air.", {
            "data(heartRate, 90)", "data(oxygenSaturation, 96)",
            "condition(oxygenSupply, air)"}),
        ("Nurse: Amira, how bad is the pain out of ten?\nAmira: Five.", {
            "data(painLevel, 5)"}),
        ("Nurse: Any allergies?\nPt: Not that I know.\nDaughter (on the phone): She's "
         "allergic to latex!", {"condition(backgroundInfo, allergic)"}),
        # a relative names the patient by their tie to them
        ("Nurse: Your daughter can tell us.\nDaughter: Yes. My mum has diabetes, she's "
         "on tablets.", {"condition(backgroundInfo, diabetes)"}),
        ("Nurse: Does anyone in the family have diabetes?\nPt: My brother is diabetic.",
         set()),
        # a reading in doubt for the device or the listener
        ("Sats reading eighty-two but the probe isn't picking up, will move it. Resps "
         "sixteen.", {"data(respiratoryRate, 16)"}),
        ("BP one ninety over a hundred, cuff's loose I reckon, pulse seventy-two.", {
            "data(heartRate, 72)"}),
        ("Manual pressure 140 over something, couldn't hear it properly.", set()),
        # a recogniser's run-on lower-case line: a type word and its number open a
        # reading after a plan
        ("nurse: okay i'm going to let the doctor know blood pressure one forty over "
         "eighty five and the pulse is ninety", {
            "data(systolicBP, 140)", "data(diastolicBP, 85)", "data(heartRate, 90)"}),
        # two words of a clinician that say, not ask
        ("Doctor: Any problems overnight?\nNurse: None. She's alert.", {
            "condition(consciousness, alert)"}),
        ("Nurse: Sats?\nDoctor: he's stable.", {"condition(stability, stable)"}),
        ("Doctor: allergies\nPatient: none", set()),
        # a statement, then the question after its comma
        ("Nurse: It's two days since your knee surgery, how are you feeling?", {
            "condition(backgroundInfo, surgery)"}),
        ("Nurse: Have you had any surgery, or anything like that?", set()),
        # time has passed between two ratings
        ("Nurse: pain score?\nPt: nine, ten.\n[an hour later]\nNurse: and the pain "
         "now?\nPt: two.", {"data(painLevel, 2)"}),
        # a recheck told with "it"
        ("BM at six was 14.2, rechecked it now, 11.8.", {"data(bloodGlucose, 11.8)"}),
        # another patient's value, told after it, and this one's told with no type
        ("Sorry, that pulse of 130 was Mrs Dunne across the bay. This gentleman's 88.",
         {"data(heartRate, 88)"}),
        ("Pulse 76, BP 118/70. The lady by the window is the one on oxygen.", {
            "data(heartRate, 76)", "data(systolicBP, 118)", "data(diastolicBP, 70)"}),
        ("And also bed 4, his BP is 180 over 100, can you look at him?", set()),
        ("Her mum says the girl is allergic to nuts.", {
            "condition(backgroundInfo, allergic)"}),
        # plans, and what is fine for a person
        ("We're taking her to theatre now for an operation on her hip. Pulse 90.", {
            "data(heartRate, 90)"}),
        ("Sats 89 on 2 litres, that's fine for him, he's a retainer.", {
            "data(oxygenSaturation, 89)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)",
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)"}),
        ("Surgical resident reviewed him. Temp 37.2.", {"data(temperature, 37.2)"}),
        # a rating shown, not said
        ("Nurse: Show me on the chart how bad the pain is. She's pointing at seven.", {
            "data(painLevel, 7)"}),
        ("Not complaining of pain, sats 97 on air.", {
            "data(painLevel, 0)", "data(oxygenSaturation, 97)",
            "condition(oxygenSupply, air)"}),
        ("Keep that oxygen in your nose for me, love.", {
            "condition(oxygenSupply, supplemental)"}),
    ],
)  # fmt: skip
def test_sixteenth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a device at fault, then the reading taken again stands alone
        ("Monitor says the pulse is 160 but it's not picking up, I counted it myself "
         "and it's 90.", {"data(heartRate, 90)"}),
        # "and now" says now: the value after a change to the patient's care
        ("Sats were 86 on air so we put her on 2 litres and now she's 94.", {
            "data(oxygenSaturation, 94)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
        ("She came in at 85% on room air, so I started 4 litres and now she's sitting "
         "at 95.", {"data(oxygenSaturation, 95)", "data(oxygenFlow, 4.0)",
                    "condition(oxygenSupply, supplemental)"}),
        # "the" for "his" in a description of consciousness, and "answers" for "responds"
        ("He only opens the eyes when you talk to him.", {
            "condition(consciousness, voice)"}),
        ("She answers when you call her name, otherwise she's asleep.", {
            "condition(consciousness, voice)"}),
        ("Responds only when I pinch the shoulder.", {"condition(consciousness, pain)"}),
        # oxygen: without it now, and what it is needed for
        ("Sats 95 without oxygen.", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)"}),
        ("She can't manage without oxygen at night.", set()),
        # what a crew found on arrival, and the last set before handing over
        ("When we arrived he was only responding to pain. Now he's alert.", {
            "condition(consciousness, alert)"}),
        ("On scene BP 80 over 40. Last set, just before we pulled in, BP 104 over 62.",
         {"data(systolicBP, 104)", "data(diastolicBP, 62)"}),
        # a judgement said with "looking"
        ("He's looking pretty unstable to me.", {"condition(stability, unstable)"}),
        ("The wound is looking stable.", set()),
        # a correction said as "no, wait" and "I read it wrong"
        ("Sugar 7.6. No, wait, 6.7, I read it wrong.", {"data(bloodGlucose, 6.7)"}),
        # a pair half heard is no pair
        ("BP one-ten over, um, seventy-something, I'll redo it.", set()),
        # a pressure and a lower one joined by "to"
        ("Blood pressure hundred thirty-two to seventy-eight, pulse seventy.", {
            "data(systolicBP, 132)", "data(diastolicBP, 78)", "data(heartRate, 70)"}),
        ("Her systolic has been 110 to 130 all day.", set()),
        # a quantity in another unit goes on after it
        ("The glycaemia is one gram twenty.", set()),
        # a question of when something was says it was
        ("Nurse: Your operation was two weeks ago now?\nPt: Two weeks Friday.", {
            "condition(backgroundInfo, operation)"}),
        ("Doctor: And you had the procedure when?\nPt: Last spring.", {
            "condition(backgroundInfo, procedure)"}),
        ("Nurse: Have you ever had an operation?\nPt: No.", set()),
        # a target said with "should"
        ("I've got COPD, my sats should stay between 88 and 92.", {
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)"}),
        # time passed, said loosely
        ("Pain nine. [some minutes later] Pain now four.", {"data(painLevel, 4)"}),
        # a fact put in doubt after it
        ("Your notes say you're allergic to codeine, but maybe you are not.", set()),
        # reacting, for responding
        ("She only reacts when I rub her shoulder.", {"condition(consciousness, pain)"}),
        # a run-on line holds decimal points; "ill" for "I'll"
        ("nurse: okay let me check temperature thirty six point nine pulse seventy "
         "weight sixty kilos and sats ninety seven percent", {
            "data(temperature, 36.9)", "data(heartRate, 70)", "data(weight, 60.0)",
            "data(oxygenSaturation, 97)"}),
        ("nurse: ok ill do your sugar now... seven point two", {
            "data(bloodGlucose, 7.2)"}),
        # the second of a pair corrected, and a pair said again after a correction
        ("BP 150 over 80... no, over 88.", {
            "data(systolicBP, 150)", "data(diastolicBP, 88)"}),
        ("BP 98 on 50... sorry, 98 on 60.", {
            "data(systolicBP, 98)", "data(diastolicBP, 60)"}),
        # a yes to a question about a condition asked in other words
        ("Nurse: Is he on anything for the diabetes?\nWife: Yes, metformin.", {
            "condition(backgroundInfo, diabetes)"}),
        ("Doctor: He's allergic to penicillin, not so?\nNurse: Yes.", {
            "condition(backgroundInfo, allergic)"}),
        # a request to clip a probe on now
        ("Doctor: Can you clip the sats probe on her finger for me now?\nCaller: "
         "ninety-six.",
         {"data(oxygenSaturation, 96)"}),
        # a value corrected far from its type word takes the type corrected
        ("The pain in her back she scores an eight, um, no, sorry, she said a five.", {
            "data(painLevel, 5)"}),
        # a unit after a comma, as a pause
        ("Glucose was one hundred forty-four, milligrams per decilitre.", {
            "data(bloodGlucose, 8.0)"}),
        # telling, not wanting
        ("I want you to know he's unstable.", {"condition(stability, unstable)"}),
        ("I want him on oxygen tonight.", set()),
        # back on oxygen is a change to now
        ("We tried him on air and he dropped to 87, so he's back on 2 litres.", {
            "data(oxygenFlow, 2.0)", "condition(oxygenSupply, supplemental)"}),
        # the next reading of a call that asked for one now
        ("Doctor: Could you put the sats probe on her finger now?\nSon: ninety-seven.\n"
         "Doctor: And the blood pressure cuff.\nSon: one thirty over eighty.", {
            "data(oxygenSaturation, 97)", "data(systolicBP, 130)",
            "data(diastolicBP, 80)"}),
        ("Doctor: Could you put the sats probe on her finger now?\nSon: ninety-seven.\n"
         "Doctor: And what was her blood pressure last week?\nSon: one fifty over "
         "ninety.", {"data(oxygenSaturation, 97)"}),
        # the reading right after its announcement, no pause written
        ("nurse: your sugar, ok let me do one now seven point four", {
            "data(bloodGlucose, 7.4)"}),
    ],
)  # fmt: skip
def test_seventeenth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a blood pressure as French speakers name it
        ("La pression one-twenty on seventy, pulse eighty.", {
            "data(systolicBP, 120)", "data(diastolicBP, 70)", "data(heartRate, 80)"}),
        # "one" that stands for a rating not given
        ("He can't give a number for his pain so I haven't put one. Pulse 70.", {
            "data(heartRate, 70)"}),
        # a check announced in the present ("now I check")
        ("Sugar at home was 9.1. Now I check, six point eight.", {
            "data(bloodGlucose, 6.8)"}),
        # a quantity of a drink is no reading
        ("Her sugar was low so I gave her four ounces of juice.", set()),
        # a correction: "pardon"
        ("Temperature thirty-eight, pardon, thirty-seven point eight.", {
            "data(temperature, 37.8)"}),
        # the second of a pair corrected after "sorry"
        ("BP 140 over 90, sorry, over 96.", {
            "data(systolicBP, 140)", "data(diastolicBP, 96)"}),
        # someone set against the patient, with "herself"
        ("Her sister is staying over, she's diabetic herself.", set()),
        # the usual state of a change, and a state that is as usual
        ("He's pleasantly confused as usual, but alert.", {
            "condition(consciousness, alert)"}),
        ("She is alert and orientated, like always.", {
            "condition(consciousness, alert)"}),
        # glucose words of South Africa and Singapore
        ("HGT is nine point one, BP 130 over 80.", {
            "data(bloodGlucose, 9.1)", "data(systolicBP, 130)", "data(diastolicBP, 80)"}),
        ("Hypocount just now six point two.", {"data(bloodGlucose, 6.2)"}),
        # a device named for its reading
        ("Let me pop the finger clip on. Ninety-seven.", {
            "data(oxygenSaturation, 97)"}),
        ("Okay, I'll put this in your ear... thirty-seven point one.", {
            "data(temperature, 37.1)"}),
        ("This thermometer reads 34 on everyone, it's broken.", set()),
        # a question that presupposes what it asks about
        ("Nurse: Any pain from the operation, zero to ten?\nPt: Two.", {
            "condition(backgroundInfo, operation)", "data(painLevel, 2)"}),
        # "no other" denies only more
        ("Nurse: Any surgery before?\nPt: My appendix out, no other surgery.", {
            "condition(backgroundInfo, surgery)"}),
        # a lower-case line runs a question on, and "nah" answers it
        ("nurse: an eight okay any medical problems diabetes asthma\ninmate: nah "
         "nothing like that", set()),
        # a habit of now said with "she'll"
        ("She'll open her eyes if you call her name, then drifts off.", {
            "condition(consciousness, voice)"}),
        # the reading just done, among a range over the day
        ("Systolic anywhere between a hundred and forty and a hundred and sixty today, "
         "the one I've just done is a hundred and fifty-two over ninety.", {
            "data(systolicBP, 152)", "data(diastolicBP, 90)"}),
        # cramps are pain
        ("He rates his cramps five out of ten.", {"data(painLevel, 5)"}),
        # a device put on at request, and where she knows she is
        ("Nurse: And the pulse ox, can you put it on?\nPt: Says ninety-four.", {
            "data(oxygenSaturation, 94)"}),
        ("She's awake, she knows she's in the hospital.", {
            "condition(consciousness, alert)"}),
        # readings dated earlier and listed after the date
        ("She refused her obs, so the only set we have is from six this morning: "
         "pulse 84, BP 122 over 70. Resps sixteen now.", {
            "data(respiratoryRate, 16)"}),
    ],
)  # fmt: skip
def test_eighteenth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # an elder called by a kin word is the patient
        ("Uncle in bed six, his sugar is five point two now.", {
            "data(bloodGlucose, 5.2)"}),
        ("Her uncle is diabetic.", set()),
        # what a crew or the night staff had is earlier
        ("The crew had his sats at eighty-five on air. Now he's on ten litres, sats "
         "ninety-four.", {"data(oxygenSaturation, 94)", "data(oxygenFlow, 10.0)",
                          "condition(oxygenSupply, supplemental)"}),
        # a monitor's lead at fault, and the manual count
        ("Heart rate is jumping, forty then ninety, it's the lead. I did a manual, "
         "eighty-two.", {"data(heartRate, 82)"}),
        # pain in the words of the body, and a rating said with "says"
        ("Her head is throbbing, seven out of ten.", {"data(painLevel, 7)"}),
        ("Pain was eight when she walked, now settled, says three.", {
            "data(painLevel, 3)"}),
        # half a degree, from the state
        # a number never finished
        ("BP was a hundred and... sorry, didn't catch it. Pulse 90.", {
            "data(heartRate, 90)"}),
        # a pair broken by a pause and said again
        ("Blood pressure one twenty over... over seventy.", {
            "data(systolicBP, 120)", "data(diastolicBP, 70)"}),
        # no bed is counted without its number
        ("His sugar before bed was 9.4.", {"data(bloodGlucose, 9.4)"}),
        # a dose of a drug is no reading
        ("Pain's a seven even after ten of morphine.", {"data(painLevel, 7)"}),
        # labels with no colon, as some recognisers write turns
        ("nurse how's the pain out of ten\npt about a four\nnurse ok and your "
         "temperature is thirty seven point two", {
            "data(painLevel, 4)", "data(temperature, 37.2)"}),
        # a run-on line's reading ends a plan, not the time it is dated by
        ("at your last visit the blood pressure was one fifty over ninety", set()),
        ("nurse a bit low i'll tell the doctor pulse is ninety", {
            "data(heartRate, 90)"}),
        # a relative speaking of themselves
        ("Nurse: Is she diabetic?\nPt: No.\nDaughter: I'm diabetic myself.", set()),
        # announced with "gonna", and "doing it now"
        ("RN: Just gonna check your sugar, okay?\nPt: Sure.\nRN: Seven point nine.", {
            "data(bloodGlucose, 7.9)"}),
        ("Doctor: Have you checked her sugar?\nNurse: Doing it now... six point four.",
         {"data(bloodGlucose, 6.4)"}),
        # (the same answer to a question that is not the whole turn)
        ("Doctor: Okay, call outreach. Have you checked her sugar?\nNurse: Doing it "
         "now... six point two.\nDoctor: Thanks, is there a DNACPR?", {
            "data(bloodGlucose, 6.2)"}),
        # a finger probe put on, and no fever with its number
        ("Nurse: I'll just put this on your finger.\nPt: Okay.\nNurse: Ninety-five "
         "percent.", {"data(oxygenSaturation, 95)"}),
        ("No fever, thirty-six point nine.", {"data(temperature, 36.9)"}),
        # an answer naming one operation
        ("Doctor: Any operations in the past?\nPt: Just my appendix, years ago.", {
            "condition(backgroundInfo, operation)"}),
    ],
)  # fmt: skip
def test_nineteenth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


def test_half_a_degree_is_read_from_the_state(alphabet):
    guide = guide_build("temp's gone up half a degree", alphabet, {"temperature": 37.2})
    assert {c.statement.canonical(alphabet) for c in guide.candidates} == {
        "data(temperature, 37.7)"
    }


@pytest.mark.parametrize(
    "text, expected",
    [
        # the pressure inside the eye is no blood pressure
        ("The pressure in that eye is forty-eight. Blood pressure 150 over 90.", {
            "data(systolicBP, 150)", "data(diastolicBP, 90)"}),
        # an earlier time a reading is compared with
        ("BP 150 over 92, higher than last year, you were 130 over 80 then.", {
            "data(systolicBP, 150)", "data(diastolicBP, 92)"}),
        ("Dr: Better than last time, when it was 160 over 95.", set()),
        # a course as foreseen is no plan
        ("That's to be expected two days after surgery. Pulse 80.", {
            "condition(backgroundInfo, surgery)", "data(heartRate, 80)"}),
        # first thing this morning is earlier
        ("Nurse: How is the pain?\nPt: First thing this morning it was an eight.\n"
         "Nurse: And now?\nPt: Three.", {"data(painLevel, 3)"}),
        # an elder called by a kin word, addressed
        ("Nurse: Uncle, how is the pain after the operation?\nPt: Two only.", {
            "condition(backgroundInfo, operation)", "data(painLevel, 2)"}),
        # yes to diabetes, said as since when; a tag question with "I"
        ("Doctor: You're a type one diabetic?\nPt: Since I was nine.", {
            "condition(backgroundInfo, diabetes)"}),
        ("Pt: I told you I'm allergic to latex, didn't I?", {
            "condition(backgroundInfo, allergic)"}),
        # a rating out of ten said "by ten"
        ("Pain she is telling five by ten.", {"data(painLevel, 5)"}),
        # the hour of a reading with "tonight"
        ("The sugar at ten tonight was eleven point two.", {
            "data(bloodGlucose, 11.2)"}),
        # not none: "no pain apart from"
        ("No pain apart from her wrist.", set()),
        # a reading asked for with "please", and a pressure said with "on"
        ("Doctor: Temp, please.\nNurse: Thirty-eight point two.", {
            "data(temperature, 38.2)"}),
        ("Nurse: One forty-two on eighty-eight, heart rate seventy.", {
            "data(systolicBP, 142)", "data(diastolicBP, 88)", "data(heartRate, 70)"}),
        # another room's value after it; infection masks; negative pressure rooms
        ("She's diabetic, actually no, that's the lady in room six. Pulse 70.", {
            "data(heartRate, 70)"}),
        ("Put on your mask before you go in. Sats 95 on room air.", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)"}),
        ("Negative pressure room two, sats ninety-one on two litres.", {
            "data(oxygenSaturation, 91)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
    ],
)  # fmt: skip
def test_twentieth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a rating with each contraction is of episodes
        ("Pain's about an eight with each contraction. Pulse 80.", {
            "data(heartRate, 80)"}),
        # a repeat said between two readings decides, whatever the tense
        ("BP 148 over 92, and the repeat was 144 over 90.", {
            "data(systolicBP, 144)", "data(diastolicBP, 90)"}),
        # another child's value, said after it
        ("That temp of thirty-nine was the little boy in the next bed. Pulse 100.", {
            "data(heartRate, 100)"}),
        # a reading the nurse will not chart
        ("Sats reading eighty-three but there's no decent trace, so I won't chart that. "
         "Pulse 76.", {"data(heartRate, 76)"}),
        # what triage had is earlier; a value before is earlier
        ("In triage he was satting 88% on room air. Now 94% on 2 litres.", {
            "data(oxygenSaturation, 94)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
        ("He says the pain is three now, before it was nine.", {"data(painLevel, 3)"}),
        # fasting for, and taken to theatre later, for what is to come
        ("Nil by mouth from midnight for a gastroscopy. Temp 36.8.", {
            "data(temperature, 36.8)"}),
        ("We'll take you to theatre this afternoon for an operation. Pulse 90.", {
            "data(heartRate, 90)"}),
        # (review) a unit written against its number; "wait" alone corrects nothing
        ("Blood sugar 144mg.", {"data(bloodGlucose, 8.0)"}),
        ("Wait for the doctor before the fluids, BP 120 over 80.", {
            "data(systolicBP, 120)", "data(diastolicBP, 80)"}),
    ],
)  # fmt: skip
def test_twenty_first_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a yes to a question that names one state says it is so; a yes to a
        # question of a background fact is the answered blocks' to give
        ("Nurse: Is he more muddled than normal today?\nDaughter: Yes, he is.", {
            "condition(consciousness, confused)"}),
        ("Nurse: You're off the oxygen now?\nPt: Yep, since lunchtime.", {
            "condition(oxygenSupply, air)"}),
        ("Nurse: Were you ever tested for diabetes?\nPt: Yeah, at the GP.", set()),
        ("Nurse: Was she on oxygen last night?\nPt: Yes.", set()),
        # a statement, then a question after its comma
        ("You had the hernia operation on Monday, how's the wound?", {
            "condition(backgroundInfo, operation)"}),
        # a synonym's verb in another form, and an adverb said inside it
        ("She's waking when I say her name.", {"condition(consciousness, voice)"}),
        ("He opens his eyes now when you call his name.", {
            "condition(consciousness, voice)"}),
        # the oxygen that is a number is the saturation
        ("Oxygen is ninety-two percent, on room air.", {
            "data(oxygenSaturation, 92)", "condition(oxygenSupply, air)"}),
        # a state said right after a reading is no quantity of it
        ("temp 37.9 confused", {
            "data(temperature, 37.9)", "condition(consciousness, confused)"}),
        # homophones of a digit after a tens word, not the preposition
        ("pulse seventy for resps eighteen", {
            "data(heartRate, 74)", "data(respiratoryRate, 18)"}),
        ("sats ninety ate", {"data(oxygenSaturation, 98)"}),
        ("pulse sixty for the last hour", {"data(heartRate, 60)"}),
        # a judgement after the last value of a run-on list is of the patient
        ("obs hr 118 bp 92/54 rr 26 unstable", {
            "data(heartRate, 118)", "data(systolicBP, 92)", "data(diastolicBP, 54)",
            "data(respiratoryRate, 26)", "condition(stability, unstable)"}),
        # a pair whose "over" the recogniser lost
        ("bp 142 86 pulse 70", {
            "data(systolicBP, 142)", "data(diastolicBP, 86)", "data(heartRate, 70)"}),
        # places of care are counts
        ("chair 6 sats 97 ra", {
            "data(oxygenSaturation, 97)", "condition(oxygenSupply, air)"}),
        # a confusion that is the patient's baseline is no change; alert stands
        ("Alert, bit confused, but his wife says that's his baseline.", {
            "condition(consciousness, alert)"}),
        ("Slightly confused, family say she's always like this.", set()),
        # "a" before a corrected number names no reading
        ("Resps a twenty-four, sorry, a twenty.", {"data(respiratoryRate, 20)"}),
        # "NKDA" denies the allergy, not the history before it
        ("PMH type 2 diabetes and gout, NKDA.", {
            "condition(backgroundInfo, diabetes)"}),
        # a rhythm's rate
        ("She's tachy at 128, BP 100/60.", {
            "data(heartRate, 128)", "data(systolicBP, 100)", "data(diastolicBP, 60)"}),
        ("Paced at seventy, no pain.", {"data(heartRate, 70)", "data(painLevel, 0)"}),
        # a handover's admission covers its sentence
        ("When she came in, sats 90 on air, pulse 115. Now sats 95 on 2 litres, "
         "pulse 96.", {
            "data(oxygenSaturation, 95)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)", "data(heartRate, 96)"}),
        # home things in use now are not at home
        ("Right now she's on her home 2 litres via nasal prongs.", {
            "data(oxygenFlow, 2.0)", "condition(oxygenSupply, supplemental)",
            "condition(oxygenDevice, nasalCannula)"}),
        # a service is no surgery; a drug given at an hour is no rating
        ("Admitted under colorectal surgery with abdominal pain.", set()),
        ("Gave the oxycodone at four and she says it's a three now.", set()),
        ("Pain's easing, gave oxycodone at four and the pain's a three now.", {
            "data(painLevel, 3)"}),
        # US bedside glucose words; humidified oxygen
        ("Accucheck 6.4 before supper.", {"data(bloodGlucose, 6.4)"}),
        ("On humidified oxygen via the trache, sats 95.", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, supplemental)"}),
        # a unit another measurement owns keeps the number from the type before it
        ("Pulse is fine, so ninety-four percent on air.", {
            "data(oxygenSaturation, 94)", "condition(oxygenSupply, air)"}),
        # a tag that asks for agreement; measured against the usual
        ("She's confused compared with her usual self, would you agree?", {
            "condition(consciousness, confused)"}),
        # this visit, in clinic
        ("Today in clinic your pressure is 138 over 84.", {
            "data(systolicBP, 138)", "data(diastolicBP, 84)"}),
        # a yes to "type 2 diabetes?"
        ("Nurse: And type 2 diabetes, on tablets?\nPt: Yeah, metformin.", {
            "condition(backgroundInfo, diabetes)"}),
        # an unmarked question's "any" right before its value
        ("speaker 1: pain about a three ok any allergies\nspeaker 2: no", {
            "data(painLevel, 3)"}),
        # an average of a monitor is no reading
        ("The ambulatory monitor average was 150 over 95; today it's 138 over 82.", {
            "data(systolicBP, 138)", "data(diastolicBP, 82)"}),
        # a pre-admission visit's surgery is planned
        ("This is your pre-admission visit for the knee surgery. BP 130/80.", {
            "data(systolicBP, 130)", "data(diastolicBP, 80)"}),
        # harm of oxygen, oxygen given, oxygen stopped, a mask against infection
        ("No signs of oxygen toxicity after the dive, sats 99 on air.", {
            "data(oxygenSaturation, 99)", "condition(oxygenSupply, air)"}),
        ("Given 100% O2 by the crew, now sats 97 on air.", {
            "data(oxygenSaturation, 97)", "condition(oxygenSupply, air)"}),
        ("Nebs done and O2 off, sats 95.", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)"}),
        ("Oxygen is off now, sats 95.", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)"}),
        ("Coughing, mask given, sats 96 on room air.", {
            "data(oxygenSaturation, 96)", "condition(oxygenSupply, air)"}),
        # durations in "h" are no values
        ("Chest pain began about 3 h ago, now a five out of ten.", {
            "data(painLevel, 5)"}),
        # a value entered in error; an arrival of a team; another bed asked about
        ("Pulse 150 entered in error, actual pulse 90.", {"data(heartRate, 90)"}),
        ("On ED arrival BP 80/50; after fluids BP 110/70.", {
            "data(systolicBP, 110)", "data(diastolicBP, 70)"}),
        ("Also asked about bed 12's pulse of 130. Ours is 84.", {"data(heartRate, 84)"}),
    ],
)  # fmt: skip
def test_twenty_third_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # tablets counted and the hour of a dose are no ratings; the hour of a set
        ("Her back pain's about a six, she had two paracetamol at ten.", {
            "data(painLevel, 6)"}),
        ("pain's a two since his oxy at one obs at three bp 128 over 74", {
            "data(painLevel, 2)", "data(systolicBP, 128)", "data(diastolicBP, 74)"}),
        # "now they are": the reading of the type before, said of now
        ("Sats were 86 on air, so I put her on two litres and now they're 93.", {
            "data(oxygenSaturation, 93)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
        # what is said before a reading announced: a finger, a little prick
        ("I'll check your sugar now. Little prick... seven point two.", {
            "data(bloodGlucose, 7.2)"}),
        # a response denied, and neither
        ("Not responding to voice, only to a sternal rub.", {
            "condition(consciousness, pain)"}),
        ("Not responding to voice or pain.", {"condition(consciousness, unresponsive)"}),
        ("He only opens his eyes with a shoulder squeeze.", {
            "condition(consciousness, pain)"}),
        ("Conscious and rational, pulse 70.", {
            "condition(consciousness, alert)", "data(heartRate, 70)"}),
        # a clinic's reading in the present tense is now
        ("Sugar in clinic's 6.6 today.", {"data(bloodGlucose, 6.6)"}),
        # readings the nurse doubts
        ("Tympanic says 34.1, that can't be right, redoing it.", set()),
        ("Temp 38.6 but the thermometer's been giving funny readings.", set()),
        # what happens most mornings; the GP's practice rung
        ("Wide awake at five most mornings, pulse 72.", {"data(heartRate, 72)"}),
        ("I rang the surgery about her leg, temp 37.2.", {"data(temperature, 37.2)"}),
    ],
)  # fmt: skip
def test_twenty_fourth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the ward sister, addressed by her title, speaks as a nurse
        ("Doctor: Sister, how is he doing?\nSister: He's alert, temperature 37.4, "
         "pulse 78.", {
            "condition(consciousness, alert)", "data(temperature, 37.4)",
            "data(heartRate, 78)"}),
        # a patient's sister is another person still
        ("Nurse: Anyone in the family diabetic?\nSister: I am, type 1.", set()),
        ("Her sister, who lives with her, is diabetic. Pulse 80.", {
            "data(heartRate, 80)"}),
    ],
)  # fmt: skip
def test_twenty_fifth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # planned: "is for" what is to come
        ("Mr Obi is for theatre later, he's allergic to plasters.", {
            "condition(backgroundInfo, allergic)"}),
        # an elder named by a kin word with "here" or a bed is the patient
        ("Nana here is only responding to pain now.", {
            "condition(consciousness, pain)"}),
        ("Uncle bay three, post-op hernia repair, sats 97 on air.", {
            "condition(backgroundInfo, operation)", "data(oxygenSaturation, 97)",
            "condition(oxygenSupply, air)"}),
        # readings the nurse doubts, for the hands or the trace
        ("Sats showing 81 but her hands are like ice and the trace is rubbish.", set()),
        # a rating given as two numbers with "maybe"
        ("Pain a six, maybe a seven, in her back.", set()),
        ("Pt: Five... maybe six.", set()),
        # "honestly" before a judgement of the patient
        ("Pulse 120, honestly I'd call her unstable.", {
            "data(heartRate, 120)", "condition(stability, unstable)"}),
        # a plan to take the oxygen off
        ("Sats 95 on 1 litre, try to take off the oxygen overnight.", {
            "data(oxygenSaturation, 95)", "data(oxygenFlow, 1.0)",
            "condition(oxygenSupply, supplemental)"}),
        # a value said of "it", come down to
        ("Her pain was bad so she had morphine, and when I went back she said it was "
         "down to a two.", {
            "data(painLevel, 2)"}),
        # another bed's value named by its place
        ("Sats 96 on air. The sugar of 22 on the board is the window bed, not her.", {
            "data(oxygenSaturation, 96)", "condition(oxygenSupply, air)"}),
        # a home device used now at the clinician's watch
        ("I had her put the home cuff on while I watched: BP 92 over 58.", {
            "data(systolicBP, 92)", "data(diastolicBP, 58)"}),
        # staff labels: a medical assistant; a carer who did the obs just now
        ("MA: Temp is 99.1, pulse 88.\nPt: Okay.", {
            "data(temperature, 37.3)", "data(heartRate, 88)"}),
        ("Dr: Any obs?\nCarer: I did them just now. Sats 91 on air, pulse 96.", {
            "data(oxygenSaturation, 91)", "condition(oxygenSupply, air)",
            "data(heartRate, 96)"}),
        # the set before a treatment yields to the one after it
        ("Her pre-dialysis BP was 168 over 90 and the post-dialysis BP is 132 over 78.", {
            "data(systolicBP, 132)", "data(diastolicBP, 78)"}),
        # (review) what these rules must leave alone: an answer that says no yes, a
        # question of before, "for" as a preposition, a duration after "maybe", a
        # judgement of something else, a home machine read before the visit, a
        # saturation said with "oxygen saturation", "is for" past a comma
        ("Nurse: Are you feeling confused at all?\nPt: I'm fine, thanks.", set()),
        ("Nurse: Have you been confused before?\nPt: Yes.", set()),
        ("Sats ninety for most of the night.", {"data(oxygenSaturation, 90)"}),
        ("Heart rate ninety for Mr Jones.", {"data(heartRate, 90)"}),
        ("Pain 3 maybe 10 minutes after the oramorph.", {"data(painLevel, 3)"}),
        ("BP 120 over 80, maybe 10 minutes ago.", {
            "data(systolicBP, 120)", "data(diastolicBP, 80)"}),
        ("The wound on day 3 is stable.", set()),
        ("His home BP machine read 190 over 100, so we came in.", set()),
        ("Her sats are 95 percent oxygen saturation on room air.", {
            "data(oxygenSaturation, 95)", "condition(oxygenSupply, air)"}),
        ("He is for ward, alert, pulse 80.", {
            "condition(consciousness, alert)", "data(heartRate, 80)"}),
        ("Dr: Any obs?\nCarer: We've just taken them. Sats 91 on air.", {
            "data(oxygenSaturation, 91)", "condition(oxygenSupply, air)"}),
        ("BP 128 72 pulse.", set()),  # two numbers, one type: asked, not guessed
        # "and got": what the reading gave
        ("Sats 84 on the finger, moved the probe to her ear and got ninety-five.", {
            "data(oxygenSaturation, 95)"}),
    ],
)  # fmt: skip
def test_twenty_sixth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a colleague the nurse works 'with' is no patient
        ("HCA: Hello Mr Ward, I'll do your obs with Priya today.\nPt: Fine.\n"
         "Priya: How's the pain since your op?\nPt: About a three.", {
            "condition(backgroundInfo, operation)",
            "data(painLevel, 3)",
        }),
        # a carer ringing from a care home is its staff: her obs are of now
        ("Carer: I'm ringing from Oak Lodge care home about one of our residents. "
         "I've done her obs: BP 150 over 85, pulse 80.\nNurse: Thanks.", {
            "data(diastolicBP, 85)",
            "data(heartRate, 80)",
            "data(systolicBP, 150)",
        }),
        # a part of the body asked after and rated is its pain; another number is not
        ("Nurse: How's that knee today?\nPt: Terrible, eight out of ten.", {
            "data(painLevel, 8)",
        }),
        ("Nurse: How's the knee?\nPt: I've had it 3 weeks.", set()),
        # a number read back opens the clinician's turn and asks nothing
        ("Dr: Can you check her temperature now?\nSon: Yes... it says 38.2\n"
         "Dr: 38.2, and can you do her sugar too?\nSon: 7.9", {
            "data(bloodGlucose, 7.9)",
            "data(temperature, 38.2)",
        }),
        # a device read in the present is read now; one read this morning is not
        ('Dr: Any readings?\nPt: The pulse bit says 74.', {
            "data(heartRate, 74)",
        }),
        ("Dr: How's your blood pressure been?\nPt: It said 160 over 95 this morning.", set()),
        # the device a named reading came from names no type
        ('Pulse on his finger probe says 88.', {
            "data(heartRate, 88)",
        }),
        # 'sat here' is sitting; a count word with no number ('rough week') stops nothing
        ('Nurse: How bad is it now, out of ten?\nPt: Right now, sat here, about a four.', {
            "data(painLevel, 4)",
        }),
        ('Nurse: How is it today, out of ten?\nPt: A five. Rough week.', {
            "data(painLevel, 5)",
        }),
        # 'thats' and 'its' as a recogniser writes them; a rating relayed after the scale was asked
        ('nurse: ill check your sugar now ... thats 9.4', {
            "data(bloodGlucose, 9.4)",
        }),
        ('rn: ask him what it is out of ten\nhca: he says its a six', {
            "data(painLevel, 6)",
        }),
        # contractions without their apostrophe; a question without its mark
        ('his sats were 86 on air so we put him on 2 litres and now hes 93', {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 93)",
        }),
        ('dr: whats her pulse\nnurse: 104 and her bp is 100 over 60', {
            "data(diastolicBP, 60)",
            "data(heartRate, 104)",
            "data(systolicBP, 100)",
        }),
        # the oxygen on; asked about, it is not said
        ("Pt: I've got the oxygen on, like they said.\nNurse: Good.", {
            "condition(oxygenSupply, supplemental)",
        }),
        ('Nurse: Is the oxygen on?\nPt: No.', set()),
        # a device on now, read off
        ("Nurse: Can you pop the finger probe on?\nPt: It's on... 95.", {
            "data(oxygenSaturation, 95)",
        }),
        # 'where we want you' is content, no wish
        ("Sats 89. That's where we want you with your COPD, target 88 to 92.", {
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
            "data(oxygenSaturation, 89)",
        }),
        # a child's 'Mum' is the patient; 'her mum' is not
        ("Daughter: Mum's diabetic, she's on metformin.\nNurse: Okay.", {
            "condition(backgroundInfo, diabetes)",
        }),
        ('Daughter: Her mum was diabetic.\nNurse: Okay.', set()),
        # a background word outside the turn's question asks nothing
        ("Dr: Hello, it's Dr Rees from the surgery. You rang about your chest?\n"
         "Pt: I did, yes.", set()),
        # air in the bowel after a scope
        ("Bloated after the scope, it's the air they put in. Pain 2.", {
            "data(painLevel, 2)",
        }),
        # a rating only when walking
        ("Pain's a three when he walks, otherwise he's comfortable.", set()),
        # an elder called by a kin word before their name is the patient; 'his aunty' is not
        ('Bay two, Aunty Mei, post-op day 2, sats 96 on air.', {
            "condition(backgroundInfo, operation)",
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 96)",
        }),
        ('His aunty Rose has diabetes.', set()),
        # 'under room air' is on it; 'under 92' is a threshold
        ('SpO2 95% under room air.', {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 95)",
        }),
        ('Keep sats under 92.', set()),
        # the manner of doing is no usual value
        ('Alert and eating normally, temp 36.8.', {
            "condition(consciousness, alert)",
            "data(temperature, 36.8)",
        }),
        ('Normally her sats are 90.', set()),
        # a part of the body rated out of ten
        ("Her hip's about five out of ten.", {
            "data(painLevel, 5)",
        }),
        # how often, no value
        ('BM 11.2, then BMs 4-hourly overnight.', {
            "data(bloodGlucose, 11.2)",
        }),
        # 'doesn't' denies a response; the bare verb 'open'
        ("She doesn't open her eyes when I talk to her, only to pain.", {
            "condition(consciousness, pain)",
        }),
        ('He only open his eyes when I say his name.', {
            "condition(consciousness, voice)",
        }),
        # a sugar before a meal is of now
        ('CBG 6.4 before her breakfast.', {
            "data(bloodGlucose, 6.4)",
        }),
        # lexicon: finger-prick, pain none, only responding when you call him
        ('Finger-prick glucose 5.6.', {
            "data(bloodGlucose, 5.6)",
        }),
        ('Sats 94 on air, pain none.', {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 94)",
            "data(painLevel, 0)",
        }),
        ('He is only responding when you call him.', {
            "condition(consciousness, voice)",
        }),
        # a history heading's line is so, unless it lists none
        ('PSH: lap chole 2012, L TKR 2019.', {
            "condition(backgroundInfo, surgery)",
        }),
        ('PSH: nil.', set()),
        ('Allergies: says none.', set()),
        ('Allergies: none declared.', set()),
        # a state the latest timed set says again replaces the earlier one; one it
        # does not say stands
        ('0200: confused, HR 110, BP 100/60, RR 22.\n0600: A&Ox3, HR 84, BP 124/70, RR 16.', {
            "condition(consciousness, alert)",
            "data(diastolicBP, 70)",
            "data(heartRate, 84)",
            "data(respiratoryRate, 16)",
            "data(systolicBP, 124)",
        }),
        ('0200: alert, HR 110, BP 100/60, RR 22.\n0600: HR 84, BP 124/70, RR 16.', {
            "condition(consciousness, alert)",
            "data(diastolicBP, 70)",
            "data(heartRate, 84)",
            "data(respiratoryRate, 16)",
            "data(systolicBP, 124)",
        }),
        # a field with the patient's name before age and sex; insulin units
        ('Pt: Mr J. Kamau, 71 y/o M\nPlan: review\n0800 obs: HR 78, BP 130/80, RR 16.', {
            "data(diastolicBP, 80)",
            "data(heartRate, 78)",
            "data(respiratoryRate, 16)",
            "data(systolicBP, 130)",
        }),
        ('BM 16.2, 6 U insulin given.', {
            "data(bloodGlucose, 16.2)",
        }),
        # an admission record's 'on admission' is now; a handover's is not
        ('NURSING ADMISSION ASSESSMENT\nObs on admission: T 37.1, HR 82, BP 128/74.', {
            "data(diastolicBP, 74)",
            "data(heartRate, 82)",
            "data(systolicBP, 128)",
            "data(temperature, 37.1)",
        }),
        ('Handover: on admission T 38.9, HR 120.', set()),
        # CO2 retention; an en dash in a range
        ('COPD with CO2 retention, sats 90 on 1 litre.', {
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 1.0)",
            "data(oxygenSaturation, 90)",
        }),
        ('Target SpO2 88–92%.', {
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
        }),
        # grades, a ventilator's mask, pillows, 'no c/o pain'
        ('Mucositis grade 2, pain 3/10.', {
            "data(painLevel, 3)",
        }),
        ('CPAP at night, small mask leak. Sats 95 on air.', {
            "condition(oxygenDevice, cpap)",
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 95)",
        }),
        ('Sleeps on 4 pillows, RR 20.', {
            "data(respiratoryRate, 20)",
        }),
        ('No c/o pain, sats 97 RA.', {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 97)",
            "data(painLevel, 0)",
        }),
    ],
)  # fmt: skip
def test_twenty_seventh_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a kin word that is no one's tie is the patient; 'his aunty' and a name after 'Nana'
        # stay as they were
        ('Auntie came back from her hernia procedure at noon.', {
            "condition(backgroundInfo, procedure)",
        }),
        ('His aunty has diabetes.', set()),
        ("Just doing Nana Ruth's obs. She's alert, pulse 72.", {
            "condition(consciousness, alert)",
            "data(heartRate, 72)",
        }),
        # the last 'he' or 'she' before a value says whose it is
        ("Her son's interpreting, he says she's got no pain now.", {
            "data(painLevel, 0)",
        }),
        ("His wife's here, he says she's diabetic.", set()),
        # a rating out of ten is no reading of another type
        ('resps sixteen um he says his back is about a six out of ten', {
            "data(painLevel, 6)",
            "data(respiratoryRate, 16)",
        }),
        # triage's reading, one taken before a call, one taken by the patient themselves
        ("Triage had her pulse at 120. Now it's 96.", {
            "data(heartRate, 96)",
        }),
        ('He took his temperature before I called, 38.1 he said.', set()),
        ('She checked her own blood pressure this morning, it was 160 over 90.', set()),
        # arrival in a handover is earlier; a change from the usual is now
        ("When she arrived she was muddled, but now she's alert.", {
            "condition(consciousness, alert)",
        }),
        ('Much more confused than her usual today.', {
            "condition(consciousness, confused)",
        }),
        # falling asleep is no oxygen off
        ('Dozes off mid-sentence, sats 95 on air.', {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 95)",
        }),
        # a sister addressed after what is said to her
        ("Nurse: How's the wound?\nPt: Sore, sister. Seven out of ten.\nSister: BP 120 over 70.", {
            "data(diastolicBP, 70)",
            "data(painLevel, 7)",
            "data(systolicBP, 120)",
        }),
        # a request said as a plea
        ('Dr: Daughter, please put the cuff on her arm now.\n'
         "Daughter: Yes. It's showing 150 over 90.", {
            "data(diastolicBP, 90)",
            "data(systolicBP, 150)",
        }),
        # asked as 'he is diabetic?'
        ('Dr: He is diabetic?\nSon: Yes, on insulin.', {
            "condition(backgroundInfo, diabetes)",
        }),
        # another bed's value, then the patient's named by their name
        ("Her sugar's 6.2. Mrs Brown's is 14.", {
            "data(bloodGlucose, 6.2)",
        }),
        # an answer opened with 'yeah'
        ("Dr: Could you take your temperature now while I'm on the phone?\n"
         'Pt: Yeah, hang on... 37.4.', {
            "data(temperature, 37.4)",
        }),
        # the eyes said as 'them'
        ("Nurse: Can you open your eyes? He's opening them when I talk to him now.", {
            "condition(consciousness, voice)",
        }),
        # a question of how many asks a count
        ('Dr: How many days a week do you get the headache?\nPt: Four.', set()),
        # a rating told for the one who gives it, after the scale was asked; not otherwise
        ('Nurse: Out of ten?\nInterpreter: She says eight.', {
            "data(painLevel, 8)",
        }),
        ('Nurse: She says eight, the sugar.', set()),
        # a part of the body asked after beside a background word
        ("Dr: How's the knee after the operation?\nPt: Six out of ten.", {
            "condition(backgroundInfo, operation)",
            "data(painLevel, 6)",
        }),
        # two types announced: the reading is the one its answer does not name
        ("Nurse: I'll do your sats and pulse.\nPt: Go on.\n"
         'Nurse: Ninety-four, and pulse eighty-two.', {
            "data(heartRate, 82)",
            "data(oxygenSaturation, 94)",
        }),
        # 'its saying' as a recogniser writes it
        ('gp: have you got anything to check her oxygen\nson: yeah the finger thing\n'
         'gp: can you put it on her now for me\nson: okay its saying 95', {
            "data(oxygenSaturation, 95)",
        }),
        # 'not hurting at all'
        ('Nurse: Any pain today?\nPt: Not hurting at all.', {
            "data(painLevel, 0)",
        }),
        # a type a later timed entry says again supersedes its earlier values and states
        ('0100 BGL 3.4, juice given.\n0120 BGL 4.9.\n0140 BGL 6.2.', {
            "data(bloodGlucose, 6.2)",
        }),
        ('0100 confused, BGL 3.4.\n0140 alert, BGL 6.2.', {
            "condition(consciousness, alert)",
            "data(bloodGlucose, 6.2)",
        }),
        # an aside with its own value keeps its cue; one without dates the reading
        ('RBS 9.1 mmol/L (last visit 14.2).', {
            "data(bloodGlucose, 9.1)",
        }),
        ('BM 12.2 (done at home before he came in).', set()),
        # presentation and a series over the last hours are earlier
        ('At presentation BP 88/50, HR 130.', set()),
        ('BMs last 12 h: 11.2, 9.8, 8.4.', set()),
        # arrival told in the present is this visit's; in the past it is earlier
        ('On arrival she is sitting up in bed, alert and chatty.', {
            "condition(consciousness, alert)",
        }),
        ('On arrival his BP was 90/60.', set()),
        # a meal at home is no reading at home
        ('BM 9.9 (had lunch at home).', {
            "data(bloodGlucose, 9.9)",
        }),
        # a device's settings and words that are no values
        ('Pacemaker check: lower rate 60 bpm, pulse 72.', {
            "data(heartRate, 72)",
        }),
        ('Colposcopy: TZ type 2, no abnormality.', set()),
        ('Remote monitoring alert reviewed.', set()),
        # an aside of the usual dates only what it holds
        ('Sats 90 on 3 L (up from his usual 2 L).', {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 3.0)",
            "data(oxygenSaturation, 90)",
        }),
        # no response to voice or pain
        ('No response to voice or to painful stimulus.', {
            "condition(consciousness, unresponsive)",
        }),
        # a field with a name and an age alone is no speaker
        ('Client: Mrs Ana Lopes, 77, lives with her daughter.\nObs: HR 80, BP 130/80, RR 16.', {
            "data(diastolicBP, 80)",
            "data(heartRate, 80)",
            "data(respiratoryRate, 16)",
            "data(systolicBP, 130)",
        }),
        # a heading after a stop on its line
        ('PMH: nil. PSH: open appendectomy 1998.', {
            "condition(backgroundInfo, surgery)",
        }),
        # a resident judged 'acutely unstable'
        ('Resident appears acutely unstable, BP 80/40.', {
            "condition(stability, unstable)",
            "data(diastolicBP, 40)",
            "data(systolicBP, 80)",
        }),
        # the highest over a stretch is no reading of now
        ('Temp max 38.6 overnight, temp now 37.1.', {
            "data(temperature, 37.1)",
        }),
        # a service named for surgery
        ('GP Minor Surgery clinic, excision of lipoma, pain 1/10.', {
            "data(painLevel, 1)",
        }),
        # a reading said on its air or oxygen finds its type; 'sitting at'
        ("Now he's 94 on room air.", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 94)",
        }),
        # a reading named by its time
        ("BMs hourly, the ten o'clock one was 7.7.", {
            "data(bloodGlucose, 7.7)",
        }),
        ("Sats were 86, he's on 2 litres now and sitting at 91.", {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 91)",
        }),
        # a history denied reaches along its list
        ('No history of COPD or CO2 retention.', set()),
        # going home
        ("She's alert and keen to go home.", {
            "condition(consciousness, alert)",
        }),
        # 'glucoses'
        ('Hourly glucoses coming down, the latest one is 8.8.', {
            "data(bloodGlucose, 8.8)",
        }),
        # a sheet's '|' parts its fields
        ('Rm 2 | T 36.9 | HR 80 | Allergies: nil known | Plan: home', {
            "data(heartRate, 80)",
            "data(temperature, 36.9)",
        }),
    ],
)  # fmt: skip
def test_twenty_eighth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # round 29: the first of two readings is the earlier
        ('BP 150 over 90 on the second reading, the first one was 172 over 100.', {
            "data(diastolicBP, 90)",
            "data(systolicBP, 150)",
        }),
        # another bed's patient by 'in bed four's'
        ("The lady in bed four's sugar is 19, not this one. Her sugar's 6.2.", {
            "data(bloodGlucose, 6.2)",
        }),
        # no response even to a sternal rub
        ('Not responding at all, even to a sternal rub.', {
            "condition(consciousness, unresponsive)",
        }),
        # the ward sister addressed is no one spoken of; 'her mum' is a relative
        ('Sister, bed six, temp 38.2. She is allergic to latex.', {
            "condition(backgroundInfo, allergic)",
            "data(temperature, 38.2)",
        }),
        ('Nurse: Her mum is diabetic.\nDr: OK.', set()),
        # timed entries on the twelve-hour clock
        ('Night report. 10 pm: BP 110/70, HR 96. 6 am: BP 100/60, HR 110.', {
            "data(diastolicBP, 60)",
            "data(heartRate, 110)",
            "data(systolicBP, 100)",
        }),
        # a meal said with 'the'
        ('His sugar before the tea was 7.7.', {
            "data(bloodGlucose, 7.7)",
        }),
        # allergic to nothing; answering but not properly is no unresponsiveness
        ("He's allergic to nothing as far as we know.", set()),
        ("He opens his eyes when I speak to him but he's not really answering me properly.", {
            "condition(consciousness, voice)",
        }),
        # services named for surgery
        ('Surgical day unit, pain 2/10, sats 97 on air.', {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 97)",
            "data(painLevel, 2)",
        }),
        # a clinic's record has the clinic now; a ward's note does not
        ('Clinic letter\nOrthopaedic Clinic, review\nFingerstick glucose in clinic 7.9.', {
            "data(bloodGlucose, 7.9)",
        }),
        ('Ward note: in clinic last month her BP was 150/90.', set()),
        # round 30: a trend's arrow dates what stands before it
        ('HR 118 → 126, BP 90/50.', {
            "data(diastolicBP, 50)",
            "data(heartRate, 126)",
            "data(systolicBP, 90)",
        }),
        # a sequence word ends an earlier time's scope
        ('BP 160/90 on arrival, repeat after 5 min rest 142/84.', {
            "data(diastolicBP, 84)",
            "data(systolicBP, 142)",
        }),
        # two readings make a timed set
        ('16:00: HR 96, BP 130/80, RR 20, SpO2 95% RA.\n16:30: pain now 2/10, HR 84.', {
            "data(heartRate, 84)",
            "data(painLevel, 2)",
        }),
        # 'discomfort' rated; days as a fraction; sleep apnoea's CPAP is no oxygen now
        ('Mild abdominal discomfort, 3/10.', {
            "data(painLevel, 3)",
        }),
        ('Vomiting x 2/7, headache 5/10.', {
            "data(painLevel, 5)",
        }),
        ('OSA on CPAP. Sats 96 on air.', {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 96)",
        }),
        # a heading's answer ends at the next heading on its line
        ('PSH: L TKR 2018. Allergies: nil.', {
            "condition(backgroundInfo, surgery)",
        }),
        # the patient's own meter before the visit; a colleague who did her BP
        ('sugar was 8.4 on her own meter before we got here', set()),
        ('The HCA said she did her BP at 2, 110/70.', {
            "data(diastolicBP, 70)",
            "data(systolicBP, 110)",
        }),        # 'the other Mrs Lee'
        ("Mrs Lee in bed 2, sats 95 on air. Not the other Mrs Lee in bed 9, she's the one "
         'on oxygen.', {
            "data(oxygenSaturation, 95)",
        }),
        # a cuff the nurse doubts
        ("The machine says 72 over 40 but she's pink and chatty, "
         "I think the cuff is wrong.", set()),
        # a device put on just now
        ('just popping this on your finger. Ninety-seven percent.', {
            "data(oxygenSaturation, 97)",
        }),
        # 'this one' judged
        ('This one is stable, pulse 80.', {
            "condition(stability, stable)",
            "data(heartRate, 80)",
        }),
        # an answer after 'I've just done his obs.'
        ("Dr: Has he got a temperature?\nNurse: I've just done his obs. Thirty-eight point one.", {
            "data(temperature, 38.1)",
        }),
        # a relative's 'I'm diabetic' is theirs
        ("Daughter: Could it be her sugar? I'm diabetic and I go shaky when mine "
         "drops.\nDr: We'll check.", set()),
        # a rating at rest beside one on an action: asked, not guessed; 'right now' decides
        ("Pt: The pain sitting still is a three, but when I walk it's a seven.", set()),
        ('Pt: The pain right now is about a two, but when I cough it goes up to a six.', {
            "data(painLevel, 2)",
        }),
        ("Her pain's a three at rest and goes up to about a seven when she mobilises.", set()),
        # a set before a treatment, read across its decimal
        ("Her pre-transfusion temp was 36.5 and on the fifteen-minute obs it's 37.8.", {
            "data(temperature, 37.8)",
        }),
        # lexicon: 'was operated', 'stopped responding', 'finger poke', 'while I was there'
        ('He was operated yesterday for a perforated ulcer.', {
            "condition(backgroundInfo, operation)",
        }),
        ("He's stopped responding altogether.", {
            "condition(consciousness, unresponsive)",
        }),
        ('He did a finger poke while I was there and it was 6.6.', {
            "data(bloodGlucose, 6.6)",
        }),
        # two digits ending in zero
        ('Pulse rate eight zero, BP one four zero over eight five.', {
            "data(diastolicBP, 85)",
            "data(heartRate, 80)",
            "data(systolicBP, 140)",
        }),
        # a weekday told before the speaker; 'he's the one with'
        ('She says Saturday she had a temp of 38.4.', set()),
        ("Her husband's across the way, he's the one with the sugar of 14.", set()),
        # a rhythm's rate; 'some evenings' are episodes, but a background fact is none
        ('SR 72 on the monitor, BP 118/70.', {
            "data(diastolicBP, 70)",
            "data(heartRate, 72)",
            "data(systolicBP, 118)",
        }),
        ("Wife says he's a bit muddled some evenings, but he's alert today.", {
            "condition(consciousness, alert)",
        }),
        ('I forget I even had the surgery some days.', {
            "condition(backgroundInfo, surgery)",
        }),
        # 'POD #1'
        ('POD #1 after a hemicolectomy, pain 3/10.', {
            "condition(backgroundInfo, operation)",
            "data(painLevel, 3)",
        }),
    ],
)  # fmt: skip
def test_rounds_twenty_nine_and_thirty_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # (review) what these rules must leave alone: an ASCII arrow is no bound;
        # "is" later in the sentence is no arrival told in the present; a usual
        # value said as a number; "sat" meaning a saturation; a first reading of
        # the day alone; a pain "graded"; oxygen on standby; retention looked for
        ("BP 90/60 -> 110/70.", {"data(systolicBP, 110)", "data(diastolicBP, 70)"}),
        ("On arrival his BP was 90/50 and now it is 125/80.", {
            "data(systolicBP, 125)", "data(diastolicBP, 80)"}),
        ("BP 150/90, higher than his usual 130/80.", {
            "data(systolicBP, 150)", "data(diastolicBP, 90)"}),
        ("Sat still 91% despite 4 litres.", {
            "data(oxygenSaturation, 91)", "data(oxygenFlow, 4.0)",
            "condition(oxygenSupply, supplemental)"}),
        ("First reading of the day: BM 6.8.", {"data(bloodGlucose, 6.8)"}),
        ("Pain graded 6/10 on movement.", {"data(painLevel, 6)"}),
        ("Oxygen on standby. Sats 97% on air.", {
            "data(oxygenSaturation, 97)", "condition(oxygenSupply, air)"}),
        ("ABG to rule out CO2 retention, sats 89% on 2L.", {
            "data(oxygenSaturation, 89)", "data(oxygenFlow, 2.0)",
            "condition(oxygenSupply, supplemental)"}),
    ],
)  # fmt: skip
def test_review_of_rounds_twenty_seven_to_thirty(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # (round thirty-two) a value a record calls its own error; a plan's target
        # is no correction; a fault said after a reading not taken; another
        # patient "next to him"; obs "just done" by the patient's side; "your
        # mother" said to her son; staff answering staff; what "it's" reads after
        # what was meant to be done; oxygen started after a reading on air; DXT,
        # RBG and "having a fever"; "stable at the moment"; the ambos' readings; a
        # value since settled; a reading to be redone; a history of the presenting
        # complaint; a ward's admission arrival; "per RN"; "placed on"; the GP's
        # surgery and the surgical team;
        # a postural pair; numbered readings; oxygen ceased; "sugar disease"; a
        # quoted answer; an exercise test's nadir; a heading inside prose; the
        # occurrence said of now; an error through "this patient"; a time that is
        # no other person; a treatment not responded to
        ("Correction: the BP of 170/95 written at 0400 was a recording error. BP 128/76.", {
            "data(diastolicBP, 76)",
            "data(systolicBP, 128)",
        }),
        ("Sats 91% on 2 L nasal cannula. BP 118/72 (correction: the 181/72 in the last "
         "entry was a typing error). Plan: keep SpO2 above 94%.", {
            "condition(oxygenDevice, nasalCannula)",
            "condition(oxygenSupply, supplemental)",
            "data(diastolicBP, 72)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 91)",
            "data(systolicBP, 118)",
        }),
        ("Pulse 88, resps 18, BP not recordable (cold peripheries), will retry.", {
            "data(heartRate, 88)",
            "data(respiratoryRate, 18)",
        }),
        ("Nurse: Have you got his obs for me?\nSon: Yes, just done them. Pulse 92, temp 37.8.", {
            "data(heartRate, 92)",
            "data(temperature, 37.8)",
        }),
        ("Nurse: Can you ask your mother how bad the pain is out of ten?\nSon: She says five.", {
            "data(painLevel, 5)",
        }),
        ("Nurse: Is she alert?\nHCA: Yes, sitting up reading the paper.", {
            "condition(consciousness, alert)",
        }),
        ("ok mrs lee im gonna check your pressure again its one thirty two over eighty", {
            "data(diastolicBP, 80)",
            "data(systolicBP, 132)",
        }),
        ("I'll take it again later, if it's 160 or more ring me.", set()),
        ("Sats eighty-eight on air so I've popped him on two litres.", {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 88)",
        }),
        ("DXT 6.2.", {
            "data(bloodGlucose, 6.2)",
        }),
        ("He's having a fever, thirty-eight point nine.", {
            "data(temperature, 38.9)",
        }),
        ("She's comfortable and stable at the moment.", {
            "condition(stability, stable)",
        }),
        ("HR stable at 80.", {
            "data(heartRate, 80)",
        }),
        ("The ambos had her sats at 86, now 95 on 2L.", {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 95)",
        }),
        ("Temp of 38.3 at lunchtime but that's settled.", set()),
        ("The machine's saying 190 over 100? Not sure, I'll redo it.", set()),
        ("BP 150 over... I'll redo it... 128 over 74.", {
            "data(diastolicBP, 74)",
            "data(systolicBP, 128)",
        }),
        ("HPI: found confused by carer this morning.\nExam: alert, orientated, HR 84.", {
            "condition(consciousness, alert)",
            "data(heartRate, 84)",
        }),
        ("Nursing Admission Assessment\nOn arrival to the ward: T 36.9, P 76.", {
            "data(heartRate, 76)",
            "data(temperature, 36.9)",
        }),
        ("Per RN, at 2000 vitals were HR 90, BP 120/70.\nOn my review: HR 118, BP 92/58.", {
            "data(diastolicBP, 58)",
            "data(heartRate, 118)",
            "data(systolicBP, 92)",
        }),
        ("SpO2 88% on RA, placed on 2 L NC, SpO2 now 95%.", {
            "condition(oxygenDevice, nasalCannula)",
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 95)",
        }),
        ("Seen in surgery today, BP 150/88.", {
            "data(diastolicBP, 88)",
            "data(systolicBP, 150)",
        }),
        ("General surgery paged.", set()),
        ("Sitting BP 136/84, standing BP 104/70.", set()),
        ("BP 150/90 sitting.", {
            "data(diastolicBP, 90)",
            "data(systolicBP, 150)",
        }),
        ("BP 1st 150/92, 2nd 144/88.", {
            "data(diastolicBP, 88)",
            "data(systolicBP, 144)",
        }),
        ("Sats 95% on RA, O2 discontinued this morning.", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 95)",
        }),
        ("Has sugar disease, takes tablets.", {
            "condition(backgroundInfo, diabetes)",
        }),
        ("Pain: states \"none\".", {
            "data(painLevel, 0)",
        }),
        ("SpO2 96% at rest; nadir 87% on the six-minute walk.", {
            "data(oxygenSaturation, 96)",
        }),
        ("RBG 7.9 mmol/L.", {
            "data(bloodGlucose, 7.9)",
        }),
        ("Has diabetes. Past procedures: cardiac catheterisation 2018. Allergic to latex.", {
            "condition(backgroundInfo, allergic)",
            "condition(backgroundInfo, diabetes)",
            "condition(backgroundInfo, procedure)",
        }),
        ("O2 weaned off at 0600; on room air now, sats 93%.\nPhysio aware of O2 change.", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 93)",
        }),
        ("Temp 39.4 on this patient's chart was entered in error. Temp 36.8.", {
            "data(temperature, 36.8)",
        }),
        ("His sister, also unwell today, had a temp of 38.8. His temp is 37.0.", {
            "data(temperature, 37.0)",
        }),
        ("She was chatting with her family, now she only responds to voice.", {
            "condition(consciousness, voice)",
        }),
        ("Lying BP 140/85, standing 3 min BP 118/70, then lying again BP 138/84 is her last set.", {
            "data(diastolicBP, 84)",
            "data(systolicBP, 138)",
        }),
        ("Cellulitis not responding to antibiotics, temp 37.9.", {
            "data(temperature, 37.9)",
        }),
        ("Pain 4 on movement.", {
            "data(painLevel, 4)",
        }),

    ],
)  # fmt: skip
def test_thirty_second_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # (round thirty-three) two ratings of two states; a treatment between two
        # ratings; a strength, a change and an hour to come are no values; "when
        # he came" and "before she called"; off the home oxygen; "became"; parts
        # of the body rated alone; a scale asked in a lower-case transcript; "it's
        # irregular, 88"; two ratings answering a part asked of; a follow-up after
        # a part asked of; "it say"; "I counted"; what "since you had" takes as
        # done; "ay sorry"; the patient at hand introduced by
        # bed; "here" against "at home"; a past reading relayed; "sitting at" on
        # oxygen; voice; soreness; a visit note's clinic; surgeries; "happy for";
        # by air; a span of time's "over"; an event's time in brackets; the oxygen
        # that goes with its reading; oriented in all three; pressures over 52 and
        # a course of days
        ("Pain is three when she lies still but seven when she coughs.", set()),
        ("Pain two at rest, six on walking.", set()),
        ("Pain 4 on movement.", {
            "data(painLevel, 4)",
        }),
        ("He scored his pain eight when he came, after the paracetamol it is two.", {
            "data(painLevel, 2)",
        }),
        ("Given 10 percent dextrose, BM now 5.6.", {
            "data(bloodGlucose, 5.6)",
        }),
        ("She's up three kilos since Monday.", set()),
        ("Recheck his sugar at ten tonight, BM 8.2 now.", {
            "data(bloodGlucose, 8.2)",
        }),
        ("She took her temperature before she called, it was 38.9.", set()),
        ("He's been off his home oxygen since Tuesday.", {
            "condition(oxygenSupply, air)",
        }),
        ("At two he became confused; now he is alert and chatty.", {
            "condition(consciousness, alert)",
        }),
        ("Knees are a five out of ten today.", {
            "data(painLevel, 5)",
        }),
        ("speaker 1: hows the back\nspeaker 2: aching\n"
         "speaker 1: score it nought to ten\nspeaker 2: five", {
            "data(painLevel, 5)",
        }),
        ("Nurse: I'll take your pulse... it's irregular, eighty-eight.", {
            "data(heartRate, 88)",
        }),
        ("Pt: The wound's a five.", {
            "data(painLevel, 5)",
        }),
        ("Nurse: How's the knee?\nPt: Yesterday it was a seven, today I'd say a three.", {
            "data(painLevel, 3)",
        }),
        ("nurse: hows the hip been\npt: sore at night\nnurse: and what about now\n"
         "pt: now its a three", {
            "data(painLevel, 3)",
        }),
        ("Doctor: Is his temperature still up? Can you check it again now for me?\n"
         "Son: Hold on... it say thirty-seven point nine now.", {
            "data(temperature, 37.9)",
        }),
        ("GP: And his breathing rate?\nWife: I counted twenty-four.", {
            "data(respiratoryRate, 24)",
        }),
        ("nurse: hows the wound since you had the procedure\npt: fine", {
            "condition(backgroundInfo, procedure)",
        }),
        ("Pulse is seventy... ay sorry, eighty-seven.", {
            "data(heartRate, 87)",
        }),
        ("Sister, bed two patient, BP 130/70.", {
            "data(diastolicBP, 70)",
            "data(systolicBP, 130)",
        }),
        ("Doctor, the man in bed 6 is post-op day one, pulse 90.", {
            "condition(backgroundInfo, operation)",
            "data(heartRate, 90)",
        }),
        ("Sugar 15 at home, here his BM is 9.1.", {
            "data(bloodGlucose, 9.1)",
        }),
        ("She says her pulse was 120 this morning.", set()),
        ("On two litres via nasal prongs sitting at ninety-one.", {
            "condition(oxygenDevice, nasalCannula)",
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 91)",
        }),
        ("Only opening eyes when I am calling his name.", {
            "condition(consciousness, voice)",
        }),
        ("Throat soreness 3/10.", {
            "data(painLevel, 3)",
        }),
        ("Student Health Centre - Visit Note\nFingerstick in clinic 7.4.", {
            "data(bloodGlucose, 7.4)",
        }),
        ("Several knee surgeries in the past.", {
            "condition(backgroundInfo, surgery)",
        }),
        ("I would be happy for surgery to go ahead.", set()),
        ("Transferred by air ambulance, SpO2 95% on 2 L NC.", {
            "condition(oxygenDevice, nasalCannula)",
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 95)",
        }),
        ("MAP 60 -> 72 over the last 4 h. BP 118/66.", {
            "data(diastolicBP, 66)",
            "data(systolicBP, 118)",
        }),
        ("0800: SpO2 92% on 2L.\n1400: SpO2 96% on RA (weaned 1100).", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 96)",
        }),
        ("0700 obs: SpO2 93% 2L NC, HR 90.\n1500 obs: SpO2 95% RA, HR 80.", {
            "condition(oxygenSupply, air)",
            "data(heartRate, 80)",
            "data(oxygenSaturation, 95)",
        }),
        ("Oriented to time place and person.", {
            "condition(consciousness, alert)",
        }),
        ("BP 88/52, HR 110.", {
            "data(diastolicBP, 52)",
            "data(heartRate, 110)",
            "data(systolicBP, 88)",
        }),
        ("Vomiting x 2/7, BP 120/80.", {
            "data(diastolicBP, 80)",
            "data(systolicBP, 120)",
        }),

    ],
)  # fmt: skip
def test_thirty_third_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # (round thirty-four) a value said again after trailing off; "and she's"
        # after yesterday; going off; the meter named; drowsy but answering a
        # voice; "he came in at" against a reading's own "came in at"; the peak of
        # a spasm; the baby's heart in labour; surgical follow-up and the GP's
        # surgery; a reaction's type; stable overnight; headache days counted;
        # "after surgery" takes it as done; "He is," answering; "I can see";
        # surgery next week; wanting to try off oxygen; "sitting at" against a
        # target; "now" after a pause, on the oxygen given; a rating sitting and
        # one walking; a rating relayed after the patient's own answer; another
        # bed by its number alone; a "no" to a tag question that names another
        # patient; the one who tells; a nail bed pressed; "give it a number"; a
        # time of the evening before; a dose's own time; a respite admission;
        # a rapid response team's arrival and the set after fluids
        ("Temp is thirty-eight... thirty-eight point four.", {
            "data(temperature, 38.4)",
        }),
        ("Pulse 90... 96.", {
            "data(heartRate, 96)",
        }),
        ("She had her scope yesterday and she's stable.", {
            "condition(stability, stable)",
        }),
        ("I think she's going off, BP 85/50.", {
            "condition(stability, unstable)",
            "data(diastolicBP, 50)",
            "data(systolicBP, 85)",
        }),
        ("His glucometer says 6.1 now.", {
            "data(bloodGlucose, 6.1)",
        }),
        ("Drowsy but answers when spoken to.", {
            "condition(consciousness, voice)",
        }),
        ("She came in at 190 over 100, now 150 over 85.", {
            "data(diastolicBP, 85)",
            "data(systolicBP, 150)",
        }),
        ("Your blood pressure came in at 142 over 88.", {
            "data(diastolicBP, 88)",
            "data(systolicBP, 142)",
        }),
        ("Pain 9/10 at the peak of each spasm.", set()),
        ("Maternal pulse 84, FHR 150.", {
            "data(heartRate, 84)",
        }),
        ("Follow-up in surgical OPD in 2 weeks.", set()),
        ("Temp in the surgery 37.9.", {
            "data(temperature, 37.9)",
        }),
        ("Type 2 reaction with neuritis.", set()),
        ("Settled and stable overnight.", {
            "condition(stability, stable)",
        }),
        ("Headache diary: 5 headache days this month, pain 0/10 today.", {
            "data(painLevel, 0)",
        }),
        ("Nurse: How's the knee after surgery?\nPt: Much better.", {
            "condition(backgroundInfo, surgery)",
        }),
        ("Nurse: Is he alert?\nHCA: He is, chatting away.", {
            "condition(consciousness, alert)",
        }),
        ("Nurse: Hold the oximeter up to the camera.\nPt: Like this?\n"
         "Nurse: I can see ninety-five.", {
            "data(oxygenSaturation, 95)",
        }),
        ("She's here for her hernia surgery next week.", set()),
        ("We want to try him off the oxygen later.", set()),
        ("Target 88 to 92, sitting at 90 on 2 litres.", {
            "condition(backgroundInfo, hypercapnicRespiratoryFailure)",
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 90)",
        }),
        ("Sats 88 on air, so I've put him on 4 litres... now 95.", {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 4.0)",
            "data(oxygenSaturation, 95)",
        }),
        ("Pain: like a three sitting here, but when I walked it was an eight.", set()),
        ("Nurse: The pain, nought to ten?\nPt: Tano.\nNurse: She says five.", {
            "data(painLevel, 5)",
        }),
        ("Bed 3, BP 120/70. The lady in 4 A, who's on a drip, has the temp of 38.5.", {
            "data(diastolicBP, 70)",
            "data(systolicBP, 120)",
        }),
        ("Dr: She's the one allergic to penicillin, isn't she?\n"
         "Nurse: No, that's Mrs Kaur in bay two.", set()),
        ("Her husband said she'd been muddled overnight. She's alert now.", {
            "condition(consciousness, alert)",
        }),
        ("Not answering when I call him, only when I press his nail bed he groans.", {
            "condition(consciousness, pain)",
        }),
        ("Nurse: Give it a number for me.\nPt: Six.", {
            "data(painLevel, 6)",
        }),
        ("2300 obs: HR 80. Alert.\n"
         "0200: found confused, HR 96. At 2300 she was alert and orientated.", {
            "condition(consciousness, confused)",
            "data(heartRate, 96)",
        }),
        ("0600 obs: HR 76, pain 3/10, settled with morphine 2mg at 0100.", {
            "data(heartRate, 76)",
            "data(painLevel, 3)",
        }),
        ("Respite Admission - Nursing Assessment\nObs on admission: T 36.4, P 72.", {
            "data(heartRate, 72)",
            "data(temperature, 36.4)",
        }),
        ("On MET arrival: HR 130, BP 85/50.\nPost-fluids (1530): HR 104, BP 110/70.", {
            "data(diastolicBP, 70)",
            "data(heartRate, 104)",
            "data(systolicBP, 110)",
        }),

    ],
)  # fmt: skip
def test_thirty_fourth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


# Rounds 35 and 36: a rating of what a provocation brings on is no pain of now, a
# time that heads its own line dates the set under it, "is she herself" is the
# patient, a reading "I just did", a title of admission, a request after a judgement,
# a drain's site, rheumatoid arthritis, a reading blamed on its probe, another bed's
# value said to be theirs after it, a patient's own check at home, a correction
# entry, a pause and a filler inside a pressure, a name before a time.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("Sore throat, pain on swallowing 8/10.", set()),
        ("Pain 3/10 when coughing, settled otherwise. Temp 37.6.", {
            "data(temperature, 37.6)",
        }),
        ("She says it's a seven when we press on it.", set()),
        ("Pain 5/10 on movement.", {
            "data(painLevel, 5)",
        }),
        ("Pain on deep breathing 6/10, HR 98.", {
            "data(heartRate, 98)",
        }),
        ("Obs fine, pain's nil.", {
            "data(painLevel, 0)",
        }),
        ("On the hill yesterday afternoon: sats 80% on air, HR 120. Today: sats 94%, HR 88.", {
            "data(heartRate, 88)",
            "data(oxygenSaturation, 94)",
        }),
        ("Carer: I'm with Mr Kerr now.\nDr: Is he himself?\nCarer: He's alert, chatting away.", {
            "condition(consciousness, alert)",
        }),
        ("Dr: Any numbers for me?\nCarer: I just did them. Pulse eighty, sats ninety-six.", {
            "data(heartRate, 80)",
            "data(oxygenSaturation, 96)",
        }),
        ("Elective Admission - orthopaedic ward\nOn arrival 10:00: alert, BP 130/80.", {
            "condition(consciousness, alert)",
            "data(diastolicBP, 80)",
            "data(systolicBP, 130)",
        }),
        ("She's deteriorating, can the GP come and see her?", {
            "condition(stability, unstable)",
        }),
        ("Pain at the chest drain site 3/10.", {
            "data(painLevel, 3)",
        }),
        ("72 y/o M, known RA on hydroxychloroquine. SpO2 95%.", {
            "data(oxygenSaturation, 95)",
        }),
        ("Sats 88, on 2 litres. Might be the probe, let me get a better reading.", {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
        }),
        ("The temp of 38.9 is for bed six, not him. His pulse is 84.", {
            "data(heartRate, 84)",
        }),
        ("Her BP was 170 over 100 when she checked at home this morning.", set()),
        ("Alert but not quite with it today, keeps asking where he is.", {
            "condition(consciousness, confused)",
        }),
        ("Drowsy, opens his eyes and answers when spoken to.", {
            "condition(consciousness, voice)",
        }),
        ("She's responding only when I call her name.", {
            "condition(consciousness, voice)",
        }),
        ("Sugar I checked just now is 180 milligrams.", {
            "data(bloodGlucose, 10.0)",
        }),
        ("He's still on the oxygen, sats 93.", {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenSaturation, 93)",
        }),
        ("08:00 HR 88, BP 150/90, SpO2 95% RA.\n08:20 Correction to 08:00 entry: BP was 130/90.", {
            "condition(oxygenSupply, air)",
            "data(diastolicBP, 90)",
            "data(heartRate, 88)",
            "data(oxygenSaturation, 95)",
            "data(systolicBP, 130)",
        }),
        ("BP one-forty over... er... ninety.", {
            "data(diastolicBP, 90)",
            "data(systolicBP, 140)",
        }),
        ("Okay Jim, so before we started your pulse was 70. Now it's 95.", {
            "data(heartRate, 95)",
        }),
    ],
)  # fmt: skip
def test_thirty_fifth_and_sixth_rounds_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


# Rounds 36 and 37: where a reading sat before a change, rousing to pain, the usual
# self, "upon" and "hold on", a reading not rechecked, someone not to be mixed up
# with, a provocation told of the patient, an admission some days ago, a correction
# entry, units written against numbers, a time at handover, a heading before a
# judgement, a checklist before a procedure, a surgery presupposed, what is about to
# be done, new confusion since a time, back to baseline, for home, a set charted in
# error, unresponsive to voice, a count of times.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("Before the tap she was sitting at 88 on air. Now she's 95 on air.", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 95)",
        }),
        ("He's only rousing to pain, sats 90 on 10 litres.", {
            "condition(consciousness, pain)",
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 10.0)",
            "data(oxygenSaturation, 90)",
        }),
        ("She's her usual self, alert, temp 36.8.", {
            "condition(consciousness, alert)",
            "data(temperature, 36.8)",
        }),
        ("BP one thirty upon eighty-five.", {
            "data(diastolicBP, 85)",
            "data(systolicBP, 130)",
        }),
        ("Pulse ninety, no, hold on, ninety-six, I counted wrong.", {
            "data(heartRate, 96)",
        }),
        ("Her sugar was 13 at lunch, I haven't rechecked. BP 120/70.", {
            "data(diastolicBP, 70)",
            "data(systolicBP, 120)",
        }),
        ("Don't mix her up with Mrs Reid in bed two, hers was the temp of 38.6. Her pulse is 70.", {
            "data(heartRate, 70)",
        }),
        ("Pain is about a four when she coughs, otherwise fine.", set()),
        ("Adm 2/7 ago with delirium. Now alert and orientated.", {
            "condition(consciousness, alert)",
        }),
        ("Obs 0900: HR 100, BP 100/60.\n0930 Correction to 0900 entry: HR was 80.", {
            "data(diastolicBP, 60)",
            "data(heartRate, 80)",
            "data(systolicBP, 100)",
        }),
        ("HR 88bpm, RR 18br/min, BP 128/76mmHg.", {
            "data(diastolicBP, 76)",
            "data(heartRate, 88)",
            "data(respiratoryRate, 18)",
            "data(systolicBP, 128)",
        }),
        ("BM 6.4mmol/L before lunch.", {
            "data(bloodGlucose, 6.4)",
        }),
        ("At handover 1400: HR 84, pain 2/10.", {
            "data(heartRate, 84)",
            "data(painLevel, 2)",
        }),
        ("Assessment: patient is deteriorating, ?sepsis.", {
            "condition(stability, unstable)",
        }),
        ("Colonoscopy pre-procedure checklist: obs T 36.7, HR 70.", {
            "data(heartRate, 70)",
            "data(temperature, 36.7)",
        }),
        ("Nurse: This is the same side as your hernia operation last year?", {
            "condition(backgroundInfo, operation)",
        }),
        ("Let's get him on some oxygen. Sats 89 on air.", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 89)",
        }),
        ("Newly confused this morning, pulling at lines.", {
            "condition(consciousness, confused)",
        }),
        ("She's back to her baseline, alert, pain nil, for home tomorrow.", {
            "condition(consciousness, alert)",
            "data(painLevel, 0)",
        }),
        ("she'll only rouse if I give her shoulder a squeeze", {
            "condition(consciousness, pain)",
        }),
        ("Let's see what your temp is now... thirty-seven point one.", {
            "data(temperature, 37.1)",
        }),
        ("HR 120, BP 90/50 were charted on this patient's chart in error.", set()),
        ("Unresponsive to voice, responds to pain only.", {
            "condition(consciousness, pain)",
        }),
        ("Fever x 3 days, vomiting x 4, pain 5/10.", {
            "data(painLevel, 5)",
        }),
    ],
)  # fmt: skip
def test_thirty_sixth_and_seventh_rounds_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


# Round 38: an entry half a day before the one above is the next day's, another
# bed's value named after a pause, the caller's day surgery unit, a reading not
# rechecked, a "now" after an admission's value, "seen?" as a tag, nothing found.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("Obs 2000: HR 100, BP 100/60.\n0800 obs: HR 76, BP 124/70.", {
            "data(diastolicBP, 70)",
            "data(heartRate, 76)",
            "data(systolicBP, 124)",
        }),
        ("Her sats were ninety... sorry, no, that's bed four's. This lady's BP is 130/80.", {
            "data(diastolicBP, 80)",
            "data(systolicBP, 130)",
        }),
        ("It's Sam from day surgery, calling about your knee operation. Pain now?\nPt: Three.", {
            "condition(backgroundInfo, operation)",
            "data(painLevel, 3)",
        }),
        ("She took her temp at home and it was 38.4, she hasn't rechecked. Pulse 80 now.", {
            "data(heartRate, 80)",
        }),
        ("heart rate was one twenty on arrival now its ninety", {
            "data(heartRate, 90)",
        }),
        ("He diabetic, seen? Sugar is 12.", {
            "condition(backgroundInfo, diabetes)",
            "data(bloodGlucose, 12.0)",
        }),
        ("Couldn't find anything wrong: temp 36.9, pulse 72.", {
            "data(heartRate, 72)",
            "data(temperature, 36.9)",
        }),
    ],
)  # fmt: skip
def test_thirty_eighth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


# Round 39: a state to come ("once he is fully awake"), eyes opened to a rub of the
# shoulder, "only when you call his name", answering if not well.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("He's responding only to voice. He can start sips once he is fully awake.", {
            "condition(consciousness, voice)",
        }),
        ("She's only opening her eyes when I rub her shoulder, not to her name.", {
            "condition(consciousness, pain)",
        }),
        ("Nurse: Is he rousable?\nNurse 2: Only when you call his name.", {
            "condition(consciousness, voice)",
        }),
        ("She opens her eyes when I call her, then closes them. She is not answering well.", {
            "condition(consciousness, voice)",
        }),
    ],
)  # fmt: skip
def test_thirty_ninth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


# Round 40: a reading before the first timed entry, said again in one, is earlier; a
# timed entry after a phase, and a bare "Post:", are later phases.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("Screening: HR 62.\nPre-dose (0745): HR 60.\n2h post-dose (0945): HR 70, BP 126/80.", {
            "data(diastolicBP, 80)",
            "data(heartRate, 70)",
            "data(systolicBP, 126)",
        }),
        ("On arrival: confused, HR 130, BP 90/50.\n1120: HR 96, BP 118/70. Now alert.", {
            "condition(consciousness, alert)",
            "data(diastolicBP, 70)",
            "data(heartRate, 96)",
            "data(systolicBP, 118)",
        }),
        ("Pre-procedure: BP 140/85, HR 66.\nPost: BP 128/76, HR 70. Pain 1/10.", {
            "data(diastolicBP, 76)",
            "data(heartRate, 70)",
            "data(painLevel, 1)",
            "data(systolicBP, 128)",
        }),
    ],
)  # fmt: skip
def test_fortieth_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


# Round 41: a relative's tie against the patient's title, a lead-in before a question
# of what was just said, a wish for a change, a visit for a procedure to come, a
# reading taken on request or under the clinician's watch, an average, a state called
# new, fluid moved and a dose's hour, a range to "a hundred and ten", an event's day
# on a run-on line, a cut-off and a retake, the voice as an organ, "as above", a fact
# inside a plan, a longer postural series, a treatment's reason, a teaching heading.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("Nurse: Mrs Ade, BP 132 over 80.\nSon: Dad had diabetes, so we watch her.", {
            "data(diastolicBP, 80)",
            "data(systolicBP, 132)",
        }),
        ("Nurse: Mr Okafor, your pulse is 76.\nSon: Dad is diabetic, he takes metformin.", {
            "condition(backgroundInfo, diabetes)",
            "data(heartRate, 76)",
        }),
        ("Pt: I should mention I'm allergic to latex, is that a problem?", {
            "condition(backgroundInfo, allergic)",
        }),
        ("Pt: My mate from work is diabetic.\nNurse: Your sugar today is 5.2.", {
            "data(bloodGlucose, 5.2)",
        }),
        ("Sats 95 on three litres. We'd like him switched to air by tonight.", {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 3.0)",
            "data(oxygenSaturation, 95)",
        }),
        ("Nurse: So you're here today for your cystoscopy procedure. Pulse is 70.", {
            "data(heartRate, 70)",
        }),
        ("N: Would you mind taking his temp again now?\nWife: Here it is, 37.6.", {
            "data(temperature, 37.6)",
        }),
        ("Daughter: I did his obs with you watching, pulse 88, sats 95 on air.", {
            "condition(oxygenSupply, air)",
            "data(heartRate, 88)",
            "data(oxygenSaturation, 95)",
        }),
        ("Dr: How is he in himself?\nWife: He's more drowsy, only opens when I call him.", {
            "condition(consciousness, voice)",
        }),
        ("Dr: Your home readings average about 145 over 92. Here today you're 134 over 82.", {
            "data(diastolicBP, 82)",
            "data(systolicBP, 134)",
        }),
        ("Pt: Feverish, it was 38.1 earlier.\nN: Can you check it again now?\nPt: Yes... 37.6.", {
            "data(temperature, 37.6)",
        }),
        ("She's alert but she's been muddled about the time this evening, which is new for her.", {
            "condition(consciousness, confused)",
        }),
        ("They took off six litres at the paracentesis. Sats 96 on air.", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 96)",
        }),
        ("Pain is seven out of ten, she had oxycodone at five.", {
            "data(painLevel, 7)",
        }),
        ("Resting pulse 66. Target pulse on the treadmill is ninety to a hundred and ten.", {
            "data(heartRate, 66)",
        }),
        ("ACVPU is V, sats ninety-two, resps twenty.", {
            "condition(consciousness, voice)",
            "data(oxygenSaturation, 92)",
            "data(respiratoryRate, 20)",
        }),
        ("knee operation yesterday pain four out of ten pulse eighty", {
            "condition(backgroundInfo, operation)",
            "data(heartRate, 80)",
            "data(painLevel, 4)",
        }),
        ("BP 172/98 on arrival; retaken after five minutes 158/90, below our cut-off of 160/100.", {
            "data(diastolicBP, 90)",
            "data(systolicBP, 158)",
        }),
        ("Throat red, voice normal, sats 99% RA.", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 99)",
        }),
        ("PSH: operation as above. HR 70.", {
            "condition(backgroundInfo, operation)",
            "data(heartRate, 70)",
        }),
        ("Plan: review in clinic. Continue metformin, pt has type 2 diabetes.", {
            "condition(backgroundInfo, diabetes)",
        }),
        ("He would need to go to theatre for any operation. HR 88.", {
            "data(heartRate, 88)",
        }),
        ("Lying BP 150/84, HR 72; standing 3 min 126/72, HR 84.", set()),
        ("Had heart surgery as a child. Pulse 72.", {
            "condition(backgroundInfo, surgery)",
            "data(heartRate, 72)",
        }),
        ("On 2L O2 (started 0400 when sats 88% on air). Now sats 95%.", {
            "condition(oxygenSupply, supplemental)",
            "data(oxygenFlow, 2.0)",
            "data(oxygenSaturation, 95)",
        }),
        ("Education: dressing care for one week post-procedure.\nHR 72, BP 124/70.", {
            "data(diastolicBP, 70)",
            "data(heartRate, 72)",
            "data(systolicBP, 124)",
        }),
        ("Before the line went in he was sitting at 91 on air.", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 91)",
        }),
        ("Lying BP 150/84; standing 1 min 130/76; standing 3 min 126/72.", {
            "data(diastolicBP, 72)",
            "data(systolicBP, 126)",
        }),
        ("Obs today: lying BP 146/84; standing BP 102/62 at 1 min, 98/60 at 3 min.", set()),
        ("Lying BP 150/84, standing 3 min 126/72. Sitting now she's back up to 138/80.", {
            "data(diastolicBP, 80)",
            "data(systolicBP, 138)",
        }),

    ],
)  # fmt: skip
def test_forty_first_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


# Round 42: an age and sex opening a line, a state or reading said again in a later
# phase (a discharge, a treatment begun, a recovery after a time), a lone reading line,
# a query before a word, a painkiller and its dose's hour, a chart's vital-sign
# string, the crew's set before the department's, a judgement set apart by a dash, a
# decompression type, a postural drop, words of no response, a spoken 24-hour clock, a
# value taken back after a pause, a baseline set, oxygen about to go on, another's
# baby, a glucose sensor, a rise to now, a habit, a new clause after "off", a meter
# read on request, a spike of now.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("Not herself since teatime.\n84F, vascular dementia.\nObs 10:15: T 37.9, P 98.", {
            "data(heartRate, 98)",
            "data(temperature, 37.9)",
        }),
        ("On ward nurse arrival: responding to voice, P 52.\n13:05: fully alert, P 70.", {
            "condition(consciousness, alert)",
            "data(heartRate, 70)",
        }),
        ("Admission: CBG 24.1, HR 110.\nOn discharge: CBG 6.8, HR 80.", {
            "data(bloodGlucose, 6.8)",
            "data(heartRate, 80)",
        }),
        ("Stroke unit, night entry.\nT 37.2.\nTurned two-hourly, pressure areas intact.", {
            "data(temperature, 37.2)",
        }),
        ("Pre-exercise: HR 70, BP 124/70, sats 97% RA.\n10 min recovery: HR 90, BP 136/80.", {
            "data(diastolicBP, 80)",
            "data(heartRate, 90)",
            "data(systolicBP, 136)",
        }),
        ("Resting: HR 96, SpO2 91% on air.\nO2 started 4 L/min nasal cannula: SpO2 96%.", {
            "condition(oxygenDevice, nasalCannula)",
            "condition(oxygenSupply, supplemental)",
            "data(heartRate, 96)",
            "data(oxygenFlow, 4.0)",
            "data(oxygenSaturation, 96)",
        }),
        ("Impression: clinically unstable, ?dengue. Alert.", {
            "condition(consciousness, alert)",
            "condition(stability, unstable)",
        }),
        ("Pre-dressing pain 7/10; after oxycodone and the dressing, pain 3/10.", {
            "data(painLevel, 3)",
        }),
        ("Vital signs: 98.6-80-16-128/74, 97% RA.", {
            "condition(oxygenSupply, air)",
            "data(diastolicBP, 74)",
            "data(heartRate, 80)",
            "data(oxygenSaturation, 97)",
            "data(respiratoryRate, 16)",
            "data(systolicBP, 128)",
            "data(temperature, 37.0)",
        }),
        ("1800: HR 88, pain 5/10.\n2200: HR 84. Pain 2/10 after morphine 2 mg at 2130.", {
            "data(heartRate, 84)",
            "data(painLevel, 2)",
        }),
        ("EMS: FSBG 2.4 mmol/L, given glucagon 1 amp, repeat 5.1.\nIn ER 14:20: FSBG 7.7, HR 92.", {
            "data(bloodGlucose, 7.7)",
            "data(heartRate, 92)",
        }),
        ("Team informed 02:30 - pt deteriorating.", {
            "condition(stability, unstable)",
        }),
        ("Imp: suspected DCS type 2. Pain 3/10.", {
            "data(painLevel, 3)",
        }),
        ("A: pain r/t surgical incision. Post-op day one.", {
            "condition(backgroundInfo, operation)",
        }),
        ("Sitting BP 142 over 84, she drops about twenty on standing.", {
            "data(diastolicBP, 84)",
            "data(systolicBP, 142)",
        }),
        ("He only responded when I rubbed his sternum, nothing at all to my voice.", {
            "condition(consciousness, pain)",
        }),
        ("At oh-two-hundred her sugar was 2.9, recheck at oh-two-fifteen was 5.1.", {
            "data(bloodGlucose, 5.1)",
        }),
        ("She didn't know the date this evening, which is new.", {
            "condition(consciousness, confused)",
        }),
        ("Temp thirty-eight point one... no, hang on, thirty-seven point one. Pulse eighty.", {
            "data(heartRate, 80)",
            "data(temperature, 37.1)",
        }),
        ("iron infusion baseline obs bp one thirty by seventy pulse seventy six", {
            "data(diastolicBP, 70)",
            "data(heartRate, 76)",
            "data(systolicBP, 130)",
        }),
        ("sats ninety on room air we are putting him on oxygen now", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 90)",
        }),
        ("Temp is 36.9, but it's her baby who has the fever, 38.4.", {
            "data(temperature, 36.9)",
        }),
        ("His libre says 4.2 now.", {
            "data(bloodGlucose, 4.2)",
        }),
        ("Pulse was 50, after the fluids it's up to 72.", {
            "data(heartRate, 72)",
        }),
        ("She gets confused in new places. Today she's alert.", {
            "condition(consciousness, alert)",
        }),
        ("her oxygens off shes on room air and sats are ninety five", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 95)",
        }),
        ("Nurse: What's the saturation on your meter right now?\nPt: Hang on... ninety-one.", {
            "data(oxygenSaturation, 91)",
        }),
        ("His temp just spiked to thirty-nine point one.", {
            "data(temperature, 39.1)",
        }),

    ],
)  # fmt: skip
def test_forty_second_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected


# Round 43: a relative's tie against the sex the text speaks of, a confusion in the
# night, a pulse hard to feel, one who reads a device for the patient, Scots "ower",
# an "if" inside a response to pain.
@pytest.mark.parametrize(
    "text, expected",
    [
        ("GP: Her girl is on.\nCarer: She is muddled, she is lost.\nDaughter: Dad had diabetes.", {
            "condition(consciousness, confused)",
        }),
        ("He was confused in the night, but this morning he is alert.", {
            "condition(consciousness, alert)",
        }),
        ("Pulse about 90, hard to feel. Sats 96 on air.", {
            "condition(oxygenSupply, air)",
            "data(oxygenSaturation, 96)",
        }),
        ("The carer's reading it off the machine now: BP 112 over 70, pulse 64.", {
            "data(diastolicBP, 70)",
            "data(heartRate, 64)",
            "data(systolicBP, 112)",
        }),
        ("BP one twenty-eight ower seventy-four, pulse seventy.", {
            "data(diastolicBP, 74)",
            "data(heartRate, 70)",
            "data(systolicBP, 128)",
        }),
        ("She only opens her eyes if you give her shoulder a good squeeze.", {
            "condition(consciousness, pain)",
        }),

    ],
)  # fmt: skip
def test_forty_third_round_of_language(alphabet, text, expected):
    assert canon(alphabet, text) == expected
