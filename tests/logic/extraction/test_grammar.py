"""The guide compiler: grammars and schemas hold only what the words allow."""

from __future__ import annotations

import re

import pytest

from logic.alphabet import Alphabet
from logic.extraction.grammar import GuideMode, constraint_compile
from logic.extraction.guide import guide_build


def test_strict_grammar_holds_only_candidate_statements(alphabet: Alphabet) -> None:
    """Every statement in the strict grammar is a candidate, with its quote."""
    guide = guide_build("temperature 39, pain 4", alphabet)
    constraint = constraint_compile(guide, alphabet, GuideMode.STRICT)
    assert constraint.gbnf is not None
    said = set(re.findall(r"(?:data|condition)\([A-Za-z]+, [\w.]+\)", constraint.gbnf))
    assert said == {"data(temperature, 39.0)", "data(painLevel, 4)"}
    assert '\\"temperature 39\\" => data(temperature, 39.0)' in constraint.gbnf
    assert "heartRate" not in constraint.gbnf


def test_relaxed_grammar_limits_numbers_to_those_said(alphabet: Alphabet) -> None:
    """Relaxed mode allows any type, but only numbers from the utterance."""
    guide = guide_build("temperature 39, pain 4", alphabet)
    constraint = constraint_compile(guide, alphabet, GuideMode.RELAXED)
    assert constraint.gbnf is not None
    numbers = set(re.findall(r"data\([A-Za-z]+, ([\d.]+)\)", constraint.gbnf))
    assert numbers <= {"39", "39.0", "4", "4.0"}
    types = set(re.findall(r"(?:data|condition)\(([A-Za-z]+),", constraint.gbnf))
    assert types <= set(alphabet.type_names)


@pytest.mark.parametrize("mode", [GuideMode.STRICT, GuideMode.RELAXED])
@pytest.mark.parametrize(
    "text",
    [
        "BP 150 over 90, heart rate 72, no pain",
        'She said "temp 38" \\ twice, on room air',
        "Patient asked for a cup of tea.",
    ],
)
def test_llama_cpp_accepts_the_grammar(
    alphabet: Alphabet, mode: GuideMode, text: str
) -> None:
    """llama.cpp parses every compiled grammar, quotes and backslashes included."""
    from llama_cpp import LlamaGrammar

    constraint = constraint_compile(guide_build(text, alphabet), alphabet, mode)
    assert constraint.gbnf is not None
    LlamaGrammar.from_string(constraint.gbnf, verbose=False)


def test_json_schema_enumerates_the_candidates(alphabet: Alphabet) -> None:
    """The JSON schema for OpenAI-compatible servers lists exactly the candidates."""
    guide = guide_build("BP 150 over 90", alphabet)
    schema = constraint_compile(guide, alphabet, GuideMode.STRICT).schema
    assert schema is not None
    assert schema["properties"]["statements"]["items"]["enum"] == [
        '"BP 150" => data(systolicBP, 150)',
        '"over 90" => data(diastolicBP, 90)',
    ]


def test_off_mode_compiles_to_no_constraint(alphabet: Alphabet) -> None:
    """--guide off is plain generation."""
    constraint = constraint_compile(
        guide_build("temp 38", alphabet), alphabet, GuideMode.OFF
    )
    assert constraint.gbnf is None and constraint.schema is None
