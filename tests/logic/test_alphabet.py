"""The alphabet file: the shipped default matches the spec; bad files fail by line."""

from __future__ import annotations

from decimal import Decimal

import pytest

from logic import AlphabetError, default_ruleset
from logic.alphabet import alphabet_parse

# shared/specs/alphabet-v1.md and alphabet-v2.md: type -> (min, max, decimals)
SPEC_MEASUREMENTS = {
    "temperature": ("30.0", "45.0", 1),
    "heartRate": ("20", "250", 0),
    "respiratoryRate": ("2", "70", 0),
    "oxygenSaturation": ("50", "100", 0),
    "systolicBP": ("40", "300", 0),
    "diastolicBP": ("20", "200", 0),
    "painLevel": ("0", "10", 0),
    "bloodGlucose": ("1.0", "40.0", 1),
    "oxygenFlow": ("0.5", "60.0", 1),
    "fio2": ("21", "100", 0),
    "gcs": ("3", "15", 0),
    "gcsEye": ("1", "4", 0),
    "gcsVerbal": ("1", "5", 0),
    "gcsMotor": ("1", "6", 0),
    "urineOutput": ("0", "5000", 0),
    "fluidIntake": ("0", "5000", 0),
    "weight": ("0.5", "400.0", 1),
}
SPEC_CONDITIONS = {
    "consciousness": {"alert", "confused", "voice", "pain", "unresponsive"},
    "oxygenSupply": {"air", "supplemental"},
    "stability": {"stable", "unstable"},
    "oxygenDevice": {
        "nasalCannula",
        "simpleMask",
        "venturiMask",
        "nonRebreather",
        "highFlow",
        "cpap",
        "niv",
    },  # fmt: skip
    "backgroundInfo": {
        "surgery",
        "operation",
        "procedure",
        "allergic",
        "diabetes",
        "hypercapnicRespiratoryFailure",
    },
}


def test_default_alphabet_matches_the_v2_spec(rules):
    alphabet = rules.alphabet
    assert alphabet.version == 2
    for name, (low, high, decimals) in SPEC_MEASUREMENTS.items():
        measurement = alphabet.measurements[name]
        assert (measurement.minimum, measurement.maximum) == (
            Decimal(low),
            Decimal(high),
        )
        assert measurement.decimals == decimals
        assert measurement.synonyms, f"{name} needs synonyms for the extractor"
    assert set(alphabet.measurements) == set(SPEC_MEASUREMENTS)
    assert {n: {v.name for v in c.values} for n, c in alphabet.conditions.items()} == (
        SPEC_CONDITIONS
    )
    assert alphabet.conditions["backgroundInfo"].accumulates
    assert not alphabet.conditions["consciousness"].accumulates


def test_scale_is_declared_by_decimals(rules):
    assert rules.alphabet.measurements["temperature"].scale == 10
    assert rules.alphabet.measurements["heartRate"].scale == 1


def test_no_pain_phrase_maps_to_zero(rules):
    assert ("no pain", Decimal(0)) in rules.alphabet.measurements["painLevel"].phrases


def errors_of(text: str) -> list[tuple[int | None, str]]:
    with pytest.raises(AlphabetError) as caught:
        alphabet_parse(text, source="alphabet.toml")
    for diagnostic in caught.value.diagnostics:
        assert diagnostic.file == "alphabet.toml"
    return [(d.line, d.message) for d in caught.value.diagnostics]


GOOD_TYPE = "[data.temperature]\nmin = 30.0\nmax = 45.0\ndecimals = 1\n"


def test_invalid_toml_reports_its_line():
    ((line, message),) = errors_of(GOOD_TYPE + "min = = 3\n")
    assert line == 5 and "TOML" in message


def test_min_above_max_is_reported_at_the_min_line():
    ((line, message),) = errors_of("[data.heartRate]\nmax = 20\nmin = 250\n")
    assert line == 3 and "greater than" in message


def test_bounds_with_too_many_decimals():
    ((line, message),) = errors_of("[data.heartRate]\nmin = 20.5\nmax = 250\n")
    assert line == 2 and "decimals" in message


def test_missing_range_is_reported():
    [(line, message), *_] = errors_of("[data.heartRate]\ndecimals = 0\n")
    assert line == 1 and "'min' is required" in message


def test_duplicate_type_across_families():
    text = GOOD_TYPE + "[condition.temperature]\n[condition.temperature.values.high]\n"
    assert any("defined twice" in m for _, m in errors_of(text))


def test_duplicate_table_is_a_toml_error():
    ((_, message),) = errors_of(GOOD_TYPE + GOOD_TYPE)
    assert "TOML" in message


def test_unknown_key_and_bad_names():
    text = (
        '[data.temperature]\nmin = 30\nmax = 45\ncolour = "red"\n'
        "[condition.Bad_name]\n[condition.Bad_name.values.x]\n"
    )
    messages = errors_of(text)
    assert (4, messages[0][1]) == messages[0] and "unknown entry 'colour'" in messages[
        0
    ][1]
    assert any(line == 5 and "type name" in m for line, m in messages)


def test_condition_without_values():
    ((line, message),) = errors_of('[condition.stability]\ndescription = "x"\n')
    assert line == 1 and "at least one value" in message


def test_phrase_out_of_range():
    text = '[data.painLevel]\nmin = 0\nmax = 10\nphrases = { "agony" = 11 }\n'
    ((line, message),) = errors_of(text)
    assert line == 4 and "agony" in message


def test_empty_alphabet():
    ((_, message),) = errors_of('name = "empty"\n')
    assert "no types" in message


def test_an_alphabet_survives_pickling_for_the_model_process():
    """The extractor runs in a model process of its own: the alphabet travels there."""
    import pickle

    alphabet = default_ruleset().alphabet
    copy = pickle.loads(pickle.dumps(alphabet))
    assert copy == alphabet
    assert copy.type_names == alphabet.type_names
    assert copy.accumulating == alphabet.accumulating


def test_readings_read_as_a_nurse_writes_them():
    """Pairs from the alphabet (BP, SpO2 with its oxygen) become one line each."""
    from logic import statement_parse
    from logic.extraction.confirmation import readings

    alphabet = default_ruleset().alphabet
    said = [statement_parse(s, alphabet) for s in (
        "data(diastolicBP, 76)", "data(temperature, 38.4)", "data(systolicBP, 128)",
        "condition(oxygenSupply, air)", "data(oxygenSaturation, 96)",
        "condition(consciousness, confused)", "data(painLevel, 6)",
    )]  # fmt: skip
    lines = readings(said, alphabet)
    assert [r.text for r in lines] == [
        "BP 128/76",
        "Temp 38.4 °C",
        "SpO2 96% on air",
        "New confusion",
        "Pain 6/10",
    ]
    assert {s.type for s in lines[0].statements} == {"systolicBP", "diastolicBP"}
    alone = readings([statement_parse("data(systolicBP, 128)", alphabet)], alphabet)
    assert [r.text for r in alone] == ["Systolic BP 128"]


@pytest.mark.parametrize(
    "entry, message",
    [
        ('display = "Temp {valu} C"', "'display' = 'Temp {valu} C' cannot be filled"),
        ('pair = "nothing"', "'pair' = 'nothing' is no type here"),
    ],
)
def test_a_display_that_cannot_be_filled_is_an_error(entry, message):
    text = f"""
[data.temperature]
unit = "°C"
min = 30
max = 45
decimals = 1
{entry}
"""
    with pytest.raises(
        AlphabetError, match=message.replace("{", r"\{").replace("}", r"\}")
    ):
        alphabet_parse(text)


def test_each_type_has_a_chart_name():
    from logic.extraction.confirmation import type_label

    alphabet = default_ruleset().alphabet
    names = {t: type_label(t, alphabet) for t in alphabet.type_names}
    assert names["temperature"] == "Temp" and names["heartRate"] == "Pulse"
    assert names["consciousness"] == "Consciousness (ACVPU)"
    assert names["oxygenSupply"] == "Air or oxygen"
    assert all(name != t for t, name in names.items()), names


def test_a_value_that_means_a_change_is_read_and_checked():
    alphabet = default_ruleset().alphabet
    values = {v.name: v for v in alphabet.conditions["consciousness"].values}
    assert values["confused"].change and not values["alert"].change
    text = (
        '[condition.consciousness]\ndescription = "x"\n'
        '[condition.consciousness.values.confused]\ndescription = "y"\nchange = "yes"\n'
    )
    ((line, message),) = errors_of(text)
    assert line == 5 and "'change' must be true or false" in message


def test_a_conversion_word_after_its_type_only_is_read():
    glucose = default_ruleset().alphabet.measurements["bloodGlucose"]
    (mg,) = [c for c in glucose.conversions if c.unit == "mg/dL"]
    assert "mg" in mg.after_type and "mg" not in mg.words
    text = (
        "[data.bloodGlucose]\nmin = 1\nmax = 40\n"
        'conversions = [{ unit = "mg/dL", words = ["mg/dl"], after_type = "mg", '
        "divide = 18 }]\n"
    )
    ((line, message),) = errors_of(text)
    assert line == 4 and "conversions" in message


def test_a_conversion_unspoken_beside_a_unit_system_is_read():
    glucose = default_ruleset().alphabet.measurements["bloodGlucose"]
    (mg,) = [c for c in glucose.conversions if c.unit == "mg/dL"]
    assert mg.unspoken is not None and "°f" in mg.unspoken_with
    # a unit system says when an unspoken range applies: it needs the range
    text = (
        "[data.bloodGlucose]\nmin = 1\nmax = 40\n"
        'conversions = [{ unit = "mg/dL", words = ["mg/dl"], unspoken_with = ["°F"], '
        "divide = 18 }]\n"
    )
    ((line, message),) = errors_of(text)
    assert line == 4 and "unspoken_with" in message
