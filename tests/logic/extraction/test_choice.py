"""Strict decoding by choice: the same answer as greedy generation under the strict
GBNF grammar, always inside the grammar, from the real embedded model."""

from __future__ import annotations

import dataclasses

import pytest

from logic.extraction.backends import backend_get
from logic.extraction.grammar import GuideMode, constraint_compile
from logic.extraction.guide import guide_build
from logic.extraction.options import ExtractionOptions
from logic.extraction.prompt import prompt_build

pytestmark = pytest.mark.slow

UTTERANCES = [
    "Obs are BP 128 over 76, pulse 88, resps 18, sats 96 on air, temp 37.1, alert.",
    "Um, sats are 91 on two litres nasal cannula, resps 24.",
    "Temp thirty eight point two, pulse one hundred and twelve. He looks unstable.",
    "He's confused this morning, BM 3.2, pain 7 out of 10.",
]


@pytest.fixture(scope="module")
def llama():
    return backend_get(ExtractionOptions())


@pytest.mark.parametrize("text", UTTERANCES)
def test_choice_equals_greedy_generation_under_the_grammar(llama, alphabet, text):
    guide = guide_build(text, alphabet, None)
    constraint = constraint_compile(guide, alphabet, GuideMode.STRICT)
    prompt = prompt_build(text, alphabet, None)
    by_choice = llama.generate(prompt, constraint)
    by_grammar = llama.generate(prompt, dataclasses.replace(constraint, choices=()))
    assert by_choice.lines == by_grammar.lines
    assert len(by_choice.lines) == len(constraint.choices)
    for line, group in zip(by_choice.lines, constraint.choices, strict=True):
        assert line in group
