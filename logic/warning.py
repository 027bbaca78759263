"""How a problem reads as a warning: its label once, the rules' words, the readings."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from logic.alphabet import Alphabet
from logic.extraction.confirmation import problem_warning, support_text
from logic.state import Problem

# Words that say nothing about a finding: "NEWS2 of 7 or more" and "NEWS2 high (7 or
# more)" are compared by what is left.
_FILLER = frozenset(
    {"a", "an", "and", "are", "as", "at", "be", "by", "for", "has", "in", "is", "it",
     "its", "of", "on", "or", "that", "the", "this", "to", "was", "with"}
)  # fmt: skip
_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")


def _words(text: str) -> frozenset[str]:
    """The words of ``text`` that carry meaning, lowercase, a plural "s" dropped
    ("Observations" and "observation" are one word)."""
    return frozenset(
        w[:-1] if len(w) > 3 and w.endswith("s") else w
        for w in _WORD.findall(text.lower())
        if w not in _FILLER
    )


def restates(text: str, label: str) -> bool:
    """Whether ``text`` names the finding ``label`` names: it holds at least half of
    the label's words. "NEWS2 of 7 or more" and "The early warning score is 7 or
    more" restate "NEWS2 high (7 or more)"; "Blood glucose below 4.0 mmol/L" does
    not restate "Low blood sugar" (one word of three): it says what the label does
    not, the threshold."""
    named = _words(label)
    return bool(named) and 2 * len(named & _words(text)) >= len(named)


def after_label(label: str, text: str) -> str:
    """``text`` from the rules (a description or a meaning) as it reads after
    ``label``. The rules write "finding: what to do"; when the finding restates the
    label it is left out, so that the label is read once ("NEWS2 high (7 or more)"
    then "emergency assessment ..."). A text without that shape is kept whole unless
    it says nothing the label does not ("Fever." after "fever"): then it is empty."""
    finding, colon, rest = text.partition(": ")
    if colon and rest.strip():
        return rest.strip() if restates(finding, label) else text
    return "" if _words(text) <= _words(label) else text


def warning_text(
    problem: Problem,
    alphabet: Alphabet,
    *,
    when: Callable[[datetime], str] = lambda moment: f"{moment:%H:%M}",
) -> str:
    """The warning a nurse reads: the label, the description after it (its finding
    left out when it restates the label) and the readings that support it, ``when``
    writing their times: ``NEWS2 high (7 or more): emergency assessment by a
    clinical team ... Based on: Pulse 125 at 10:20, ...``."""
    return problem_warning(
        problem.title,
        after_label(problem.title, problem.description),
        support_text(problem.support, alphabet, when=when),
    )
