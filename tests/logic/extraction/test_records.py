"""Written records (issue 21): notes with headings, plans, timed entries and the
units of the place that wrote them, on cases written for these tests."""

from __future__ import annotations

import pytest

from logic.alphabet import Alphabet
from logic.extraction.guide import guide_build


def canon(alphabet: Alphabet, text: str) -> set[str]:
    guide = guide_build(text, alphabet, {})
    return {c.statement.canonical(alphabet) for c in guide.candidates}


@pytest.mark.parametrize(
    "text, expected",
    [
        # a heading answers what it asks, as an answer to the question would
        ("PMH: asthma\nPSH: appendicectomy 2011, knee arthroscopy\nAllergies: none", {
            "condition(backgroundInfo, surgery)"}),
        ("PAST SURGICAL HISTORY: Hip replacement in 2015.", {
            "condition(backgroundInfo, surgery)"}),
        ("PSH: nil\nObs: HR 76, BP 122/70", {
            "data(heartRate, 76)", "data(systolicBP, 122)", "data(diastolicBP, 70)"}),
        ("Previous procedures: none.", set()),
        # a heading answered with none denies what it names
        ("Allergies: nil known.\nConfusion: no.", set()),
    ],
)  # fmt: skip
def test_a_heading_answers_what_it_asks(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a plan heading's line and its items are a plan, not the record's next line
        ("10:00 Obs: HR 100, BP 100/60, RR 22.\nPlan: fluid bolus, recheck in 1 hr.\n"
         "11:00 Obs: HR 88, BP 118/70, RR 18.", {
            "data(heartRate, 88)", "data(systolicBP, 118)", "data(diastolicBP, 70)",
            "data(respiratoryRate, 18)"}),
        ("Plan:\n- oxygen 2L if sats fall\n- recheck BM 6.2 target", set()),
        # a plan heading's lines are a plan
        ("Obs: HR 88, BP 124/70.\nPlan: oxygen 2L if sats fall. Recheck sugar at 6.", {
            "data(heartRate, 88)", "data(systolicBP, 124)", "data(diastolicBP, 70)"}),
        ("Plan: start oxygen via nasal cannula.\nAllergies: penicillin (rash).", {
            "condition(backgroundInfo, allergic)"}),
        # an assessment and plan also judges the patient now
        ("A/P: community acquired pneumonia. Patient is stable.", {
            "condition(stability, stable)"}),
    ],
)  # fmt: skip
def test_a_plan_heading_plans(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the last timed set of readings is now; an earlier entry's are earlier
        ("10:05 Obs: T 38.2, HR 110, BP 100/60, RR 24.\n"
         "11:40 Reviewed after fluids. Obs: T 37.6, HR 94, BP 118/70, RR 18.", {
            "data(temperature, 37.6)", "data(heartRate, 94)", "data(systolicBP, 118)",
            "data(diastolicBP, 70)", "data(respiratoryRate, 18)"}),
        # values not taken again are earlier too, with the air they were taken on
        ("Triage (0910): BM 14.2, T 37.1, SpO2 95% RA.\n"
         "Review 1030: HR 80, BP 120/80, RR 16.", {
            "data(heartRate, 80)", "data(systolicBP, 120)", "data(diastolicBP, 80)",
            "data(respiratoryRate, 16)"}),
        # a reading's own time counts before its entry's; a state said earlier stands
        ("0800 Visit: alert and chatty. Sugar 3.1, juice given. Recheck at 0920: 6.8.\n"
         "0900 Obs: HR 72, BP 130/76, RR 14.", {
            "condition(consciousness, alert)", "data(bloodGlucose, 6.8)",
            "data(heartRate, 72)", "data(systolicBP, 130)", "data(diastolicBP, 76)",
            "data(respiratoryRate, 14)"}),
        # entries across midnight are of the next day; entries written out of order
        # on one day are read by their times (a result charted after later obs)
        ("23:30 Obs: HR 100, RR 22, T 38.0.\n00:15 Obs: HR 90, RR 18, T 37.5.", {
            "data(heartRate, 90)", "data(respiratoryRate, 18)",
            "data(temperature, 37.5)"}),
        ("10:30 Obs: HR 100, RR 22, T 38.0.\n09:15 Obs: HR 90, RR 18, T 37.5.", {
            "data(heartRate, 100)", "data(respiratoryRate, 22)",
            "data(temperature, 38.0)"}),
        ("Obs 1900: T 36.4, HR 110, pain 7/10.\nObs 2030: HR 84. Pain 3/10.\n"
         "Repeat ECG 2000: ST changes resolved.", {
            "data(heartRate, 84)", "data(painLevel, 3)"}),
    ],
)  # fmt: skip
def test_timed_entries_of_a_record(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a speaker who gives Fahrenheit gives a sugar in mg/dL
        ("Temp 101.2, fingerstick 243.", {
            "data(temperature, 38.4)", "data(bloodGlucose, 13.5)"}),
        ("Fingerstick 243, temp 98.9.", {
            "data(temperature, 37.2)", "data(bloodGlucose, 13.5)"}),
        # so does one who said mg/dL once
        ("Sugar was 180 mg/dL at breakfast, now 95.", {"data(bloodGlucose, 5.3)"}),
        # alone, a sugar above the chart's range stays unread
        ("Fingerstick 243.", set()),
        ("Temp 37.9, sugar 243.", {"data(temperature, 37.9)"}),
    ],
)  # fmt: skip
def test_the_unit_system_of_the_words(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a field of the patient with an age and a sex is no speaker's turn
        ("Pt: 46M, day 1 post-op laparotomy.\nObs: HR 90, BP 128/78, RR 18.", {
            "condition(backgroundInfo, operation)", "data(heartRate, 90)",
            "data(systolicBP, 128)", "data(diastolicBP, 78)",
            "data(respiratoryRate, 18)"}),
        # headings no list of speakers names, none twice: a record, not a transcript
        ("Client: Mrs R, home visit.\nHx: type 2 diabetic.\nObs: BP 132/76, HR 72.\n"
         "Wound: clean.\nMobility: frame.", {
            "condition(backgroundInfo, diabetes)", "data(systolicBP, 132)",
            "data(diastolicBP, 76)", "data(heartRate, 72)"}),
    ],
)  # fmt: skip
def test_a_record_is_no_transcript(alphabet, text, expected):
    assert canon(alphabet, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a phase before another: what the later phase read is now
        ("Pre-procedure: HR 110, BP 150/90, SpO2 92% on 2 L.\nProcedure: ascitic tap.\n"
         "Post-procedure (20 min): HR 94, BP 132/80, SpO2 96% on room air.", {
            "condition(backgroundInfo, procedure)", "data(heartRate, 94)",
            "data(systolicBP, 132)", "data(diastolicBP, 80)",
            "data(oxygenSaturation, 96)", "condition(oxygenSupply, air)"}),
        ("Resting (on air): HR 88, SpO2 95%, RR 18.\nEnd of walk test: SpO2 87%.\n"
         "Recovery at 2 min (on air): SpO2 94%, HR 96.", {
            "data(oxygenSaturation, 94)", "data(heartRate, 96)",
            "condition(oxygenSupply, air)"}),
        # alone, an early phase is what there is
        ("Pre-op check: BP 128/76, HR 70.", {
            "data(systolicBP, 128)", "data(diastolicBP, 76)", "data(heartRate, 70)"}),
        # entries with their times after a full stop, and headings with words before
        # the time
        ("Hx: COPD. 0700: T 37.9, HR 104, RR 24. 1300: HR 90, RR 20, SpO2 93% on air.", {
            "data(heartRate, 90)", "data(respiratoryRate, 20)",
            "data(oxygenSaturation, 93)", "condition(oxygenSupply, air)"}),
        ("Before unit 1 (0900): T 36.5, P 80, BP 130/70.\n"
         "Unit 2 at 15 min (1140): T 38.0, P 104, BP 140/80.", {
            "data(temperature, 38.0)", "data(heartRate, 104)", "data(systolicBP, 140)",
            "data(diastolicBP, 80)"}),
    ],
)  # fmt: skip
def test_phases_of_a_record(alphabet, text, expected):
    assert canon(alphabet, text) == expected
