"""Optional rewording of a confirmation by a capable chat model.

The deterministic confirmation stays the source of truth: a rewording is used only
when it keeps exactly the numbers of the original (none added, none dropped);
otherwise, or when the model fails, the original is returned unchanged.
"""

from __future__ import annotations

import logging
import re
from typing import Protocol, runtime_checkable

from logic.diagnostics import LogicError
from logic.extraction.options import ExtractionOptions

logger = logging.getLogger(__name__)

INSTRUCTIONS = (
    "Rewrite this confirmation for a nurse at the bedside in short, plain English. "
    "Keep every number and unit exactly as written. Add no value, no advice and no "
    "new information. Answer with the rewritten text only."
)
HANDOVER_INSTRUCTIONS = (
    "Rewrite this shift handover summary as a short spoken handover for the next "
    "nurse, in plain English. Keep every number and unit exactly as written. Add no "
    "value, no advice and no new information. Answer with the rewritten text only."
)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


@runtime_checkable
class Chat(Protocol):
    """A backend that can answer a free-text chat turn."""

    def chat(self, system: str, user: str) -> str: ...


def _numbers(text: str) -> list[str]:
    return sorted(
        n.rstrip("0").rstrip(".") if "." in n else n for n in _NUMBER.findall(text)
    )


def confirmation_reword(
    text: str, backend: object, instructions: str = INSTRUCTIONS
) -> tuple[str, bool]:
    """``text`` reworded by ``backend`` (following ``instructions``) when it can chat
    and keeps every number; returns the text to show and whether it is the model's
    rewording."""
    if not isinstance(backend, Chat) or not text:
        return text, False
    try:
        wording = " ".join(backend.chat(instructions, text).split())
    except Exception:  # the rewording is optional: any failure keeps the original
        logger.warning("confirmation rewording failed", exc_info=True)
        return text, False
    if (
        not wording
        or len(wording) > 3 * len(text)
        or (_numbers(wording) != _numbers(text))
    ):
        return text, False
    return wording, True


def confirmation_reword_with(
    text: str, options: ExtractionOptions, instructions: str = INSTRUCTIONS
) -> tuple[str, bool]:
    """:func:`confirmation_reword` by the backend ``options`` name (created once per
    process), for callers that run it in a model process of its own."""
    from logic.extraction.backends import backend_get

    try:
        backend = backend_get(options)
    except LogicError:
        return text, False
    return confirmation_reword(text, backend, instructions)
