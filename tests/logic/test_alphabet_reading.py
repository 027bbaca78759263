"""How the hospital's record codes a type (``fhir = {...}`` in alphabet.toml): every
measurement and the oxygen device of the shipped alphabet are coded, a pair's panel
is read, and a malformed coding fails with its line."""

from __future__ import annotations

import pytest

from logic import AlphabetError, default_ruleset
from logic.alphabet import alphabet_parse
from logic.alphabet_reading import LOINC, SNOMED

PAIR = """
[data.systolicBP]
min = 40
max = 300
decimals = 0
pair = "diastolicBP"
fhir = {{ codes = [["8480-6", "Systolic blood pressure"]], {panel} }}

[data.diastolicBP]
min = 20
max = 200
decimals = 0
"""


def test_every_shipped_measurement_and_the_oxygen_device_are_coded():
    alphabet = default_ruleset().alphabet
    assert all(m.fhir for m in alphabet.measurements.values())
    device = alphabet.conditions["oxygenDevice"]
    assert device.fhir is not None and device.fhir.system == LOINC
    assert all(v.fhir and v.fhir.system == SNOMED for v in device.values)
    # Conditions the record has no Observation for stay uncoded.
    assert alphabet.conditions["consciousness"].fhir is None


def test_a_pairs_panel_is_read_with_loinc_as_the_default_system():
    text = PAIR.format(panel='panel = [["85354-9", "Blood pressure panel"]]')
    coding = alphabet_parse(text).measurements["systolicBP"].fhir
    assert coding is not None and coding.system == LOINC
    assert coding.panel == (("85354-9", "Blood pressure panel"),)
    assert coding.codes == (("8480-6", "Systolic blood pressure"),)


@pytest.mark.parametrize(
    "panel", ["panel = []", 'panel = ["85354-9"]', 'panel = [["85354-9", 1]]']
)
def test_a_malformed_panel_fails_on_its_line(panel):
    with pytest.raises(AlphabetError, match="'fhir' must be") as caught:
        alphabet_parse(PAIR.format(panel=panel), source="alphabet.toml")
    assert [d.line for d in caught.value.diagnostics] == [7]


def test_the_oxygen_types_are_marked_as_the_oxygen_panels():
    """The patient chart shows the oxygen given (device, flow, FiO2, air or oxygen)
    beside SpO2 by reading ``panel = "oxygen"``, not by naming the types."""
    alphabet = default_ruleset().alphabet
    marked = {n for n, m in alphabet.measurements.items() if m.panel == "oxygen"}
    marked |= {n for n, c in alphabet.conditions.items() if c.panel == "oxygen"}
    assert marked == {"oxygenFlow", "fio2", "oxygenSupply", "oxygenDevice"}
    assert alphabet.measurements["gcs"].panel == ""


@pytest.mark.parametrize("panel", ['panel = "Oxygen"', "panel = 1", 'panel = "o 2"'])
def test_a_panel_that_is_no_name_fails_on_its_line(panel):
    text = f"[data.oxygenFlow]\nmin = 0.5\nmax = 60.0\ndecimals = 1\n{panel}\n"
    with pytest.raises(AlphabetError, match="'panel' must be a name") as caught:
        alphabet_parse(text, source="alphabet.toml")
    assert [d.line for d in caught.value.diagnostics] == [5]


def test_a_condition_may_name_its_panel():
    text = (
        '[condition.oxygenDevice]\npanel = "oxygen"\n'
        '[condition.oxygenDevice.values.cpap]\ndescription = "CPAP"\n'
    )
    assert alphabet_parse(text).conditions["oxygenDevice"].panel == "oxygen"
