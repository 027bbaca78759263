"""The extraction prompt: a stable prefix (instructions, alphabet, examples), then the
patient's current values and the nurse's words.

The prefix depends only on the alphabet, so a backend can keep it in its cache.
The patient part holds current values only: never conversation history, background
facts or problems.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from logic.alphabet import Alphabet

_INSTRUCTIONS = """\
You record a nurse's spoken observations about a patient as statements.
Use only the statement types below. Write one line per statement:
"the nurse's exact words" => statement
Write a statement only when the nurse's words say it about the patient.
Never guess a value.
A number belongs to the word just before it. "BP 120 over 80" is systolicBP 120
and diastolicBP 80. "No pain" is painLevel 0. Skip anything else.
"""

# Examples are invented (none is from an evaluation set) and cover the line format.
_EXAMPLES: tuple[tuple[str, list[tuple[str, str]]], ...] = (
    (
        "Temp 38.4, pulse 104, she's confused.",
        [
            ('"Temp 38.4"', "data(temperature, 38.4)"),
            ('"pulse 104"', "data(heartRate, 104)"),
            ('"confused"', "condition(consciousness, confused)"),
        ],
    ),
    (
        "BP 135 over 82, sats 95 on room air, no pain.",
        [
            ('"BP 135"', "data(systolicBP, 135)"),
            ('"over 82"', "data(diastolicBP, 82)"),
            ('"sats 95"', "data(oxygenSaturation, 95)"),
            ('"room air"', "condition(oxygenSupply, air)"),
            ('"no pain"', "data(painLevel, 0)"),
        ],
    ),
    ("He wants to phone his son.", []),
)


@dataclass(frozen=True)
class Prompt:
    """``prefix`` is the same for every utterance; ``patient`` changes each time.

    ``system`` (instructions and alphabet) and ``examples`` (question, answer pairs)
    are the prefix again, as chat messages.
    """

    prefix: str
    patient: str
    system: str
    examples: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str:
        """The whole prompt, as a completion model reads it."""
        return self.prefix + self.patient

    def messages(self) -> list[dict[str, str]]:
        """The prompt as chat messages: system, worked examples, then the patient."""
        chat = [{"role": "system", "content": self.system}]
        for question, answer in self.examples:
            chat.append({"role": "user", "content": question})
            chat.append({"role": "assistant", "content": answer})
        chat.append({"role": "user", "content": self.patient})
        return chat


def _alphabet_text(alphabet: Alphabet) -> str:
    lines = ["Statement types:"]
    for m in alphabet.measurements.values():
        unit = f" {m.unit}" if m.unit else ""
        lines.append(
            f"data({m.name}, VALUE): {m.description}, {m.minimum} to {m.maximum}{unit}"
        )
    for c in alphabet.conditions.values():
        values = "|".join(v.name for v in c.values)
        lines.append(f"condition({c.name}, {values}): {c.description}")
    return "\n".join(lines) + "\n"


def _patient_text(text: str, state: Mapping[str, object] | None) -> str:
    current = ", ".join(f"{k} {v}" for k, v in (state or {}).items()) or "-"
    return f"Current values: {current}\nNurse: {text.strip()}\nStatements:\n"


def _examples() -> tuple[tuple[str, str], ...]:
    return tuple(
        (
            _patient_text(words, None),
            "".join(f"{quote} => {statement}\n" for quote, statement in lines) + "END",
        )
        for words, lines in _EXAMPLES
    )


def _system(alphabet: Alphabet) -> str:
    return f"{_INSTRUCTIONS}\n{_alphabet_text(alphabet)}"


def prompt_prefix(alphabet: Alphabet) -> str:
    """The stable part: instructions, the alphabet and worked examples."""
    examples = "\n".join(f"{q}{a}\n" for q, a in _examples())
    return f"{_system(alphabet)}\n{examples}\n"


def prompt_build(
    text: str, alphabet: Alphabet, state: Mapping[str, object] | None = None
) -> Prompt:
    """The prompt for one utterance, with the patient's current values."""
    return Prompt(
        prompt_prefix(alphabet),
        _patient_text(text, state),
        _system(alphabet),
        _examples(),
    )
