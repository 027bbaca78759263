"""The application's view of guided extraction (``logic.extraction``)."""

import logging
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from caretaker.modelhost import ModelCrashed, model_host, target_resolve
from logic import LogicError, RuleSet
from logic.extraction.grammar import GuideMode
from logic.extraction.options import BackendUnavailable, Endpoint, ExtractionOptions
from logic.extraction.wording import HANDOVER_INSTRUCTIONS

logger = logging.getLogger(__name__)


class ExtractionFailed(Exception):
    """The extractor cannot run as configured (unknown backend, model missing)."""


class ExtractionUnavailable(ExtractionFailed):
    """The language model did not answer (endpoint down, timeout): try again later."""


@dataclass(frozen=True)
class ExtractedFact:
    statement: str
    type: str
    value: str
    start: int | None
    end: int | None
    said: str = ""  # what was said where it differs from the value ("98.4 °F")


@dataclass(frozen=True)
class ExtractionResult:
    facts: list[ExtractedFact]
    unclear: list[str]
    rejected: list[str]
    # Sentences addressed to the system ("ignore your instructions and..."): none
    # of it was done; the message keeps them and the audit trail flags them.
    instructions: list[str] = field(default_factory=list)
    # Values the words asked not to record, or said were not measured, with why.
    withheld: list[dict[str, str]] = field(default_factory=list)


def extraction_options() -> ExtractionOptions:
    """Backend, embedded model, guide mode and endpoint, from the settings (logic
    reads no environment: the options carry everything)."""
    try:
        guide = GuideMode(settings.CARETAKER_LLM_GUIDE)
    except ValueError as error:
        raise ExtractionFailed(
            f"CARETAKER_LLM_GUIDE={settings.CARETAKER_LLM_GUIDE!r} is no guide mode"
        ) from error
    return ExtractionOptions(
        backend=settings.CARETAKER_LLM_BACKEND,
        model=settings.CARETAKER_LLM_EMBEDDED_MODEL,
        guide=guide,
        threads=settings.CARETAKER_LLM_THREADS,
        endpoint=Endpoint(
            base_url=settings.CARETAKER_LLM_BASE_URL,
            model=settings.CARETAKER_LLM_MODEL,
            api_key=settings.CARETAKER_LLM_API_KEY,
            constraint=settings.CARETAKER_LLM_CONSTRAINT,
        ),
    )


def _language_model_run(target: str, *args: Any, **kwargs: Any) -> Any:
    """``target`` in the language model's own process when the model is embedded
    (a native crash there cannot take this process down), in this process when the
    backend is a remote endpoint (nothing native to isolate)."""
    options: ExtractionOptions = kwargs["options"]
    if options.backend == "llama" and settings.CARETAKER_MODEL_ISOLATION:
        return model_host("language model").call(target, *args, **kwargs)
    return target_resolve(target)(*args, **kwargs)


def utterance_extract(text: str, *, current: dict, rules: RuleSet) -> ExtractionResult:
    """Extract accepted facts (with evidence spans) and unclear parts from ``text``.

    Only the patient's current values go into the prompt, never earlier messages.
    """
    try:
        result = _language_model_run(
            "logic.extraction.extractor:extract",
            text, alphabet=rules.alphabet, state=current, options=extraction_options(),
        )  # fmt: skip
    except LogicError as error:
        raise ExtractionFailed(f"extraction is not possible: {error}") from error
    except ModelCrashed as error:
        raise ExtractionFailed(str(error)) from error
    except BackendUnavailable as error:  # the server is down or overloaded
        logger.warning("extraction backend unavailable: %s", error)
        raise ExtractionUnavailable(
            f"the language model did not answer ({error})"
        ) from error
    facts = [
        ExtractedFact(
            statement=evidence.statement,
            type=statement.type,
            value=statement.value_text(rules.alphabet),
            start=evidence.start,
            end=evidence.end,
            said=evidence.note,
        )
        for statement, evidence in zip(result.statements, result.evidence, strict=True)
    ]
    return ExtractionResult(
        facts=facts,
        unclear=list(result.unclear),
        rejected=[f"{r.line}: {r.reason}" for r in result.rejected],
        instructions=list(result.instructions),
        withheld=[
            {"statement": statement.canonical(rules.alphabet), "reason": reason}
            for statement, reason in result.withheld.items()
        ],
    )


def handover_wording(summary: str) -> str:
    """The configured model's spoken rewording of a handover ``summary`` when
    ``CARETAKER_LLM_WORDING`` is on and it keeps exactly the summary's numbers;
    otherwise ""."""
    if not settings.CARETAKER_LLM_WORDING:
        return ""
    try:
        wording, reworded = _language_model_run(
            "logic.extraction.wording:confirmation_reword_with",
            summary,
            options=extraction_options(),
            instructions=HANDOVER_INSTRUCTIONS,
        )
    except ModelCrashed:
        logger.warning("handover rewording: the model crashed", exc_info=True)
        return ""
    return wording if reworded else ""


def confirmation_wording(confirmation: str) -> str:
    """The configured model's rewording of ``confirmation`` when
    ``CARETAKER_LLM_WORDING`` is on and the rewording keeps exactly its numbers;
    otherwise "" (the deterministic text is shown)."""
    if not settings.CARETAKER_LLM_WORDING:
        return ""
    try:
        wording, reworded = _language_model_run(
            "logic.extraction.wording:confirmation_reword_with",
            confirmation, options=extraction_options(),
        )  # fmt: skip
    except ModelCrashed:
        logger.warning("confirmation rewording: the model crashed", exc_info=True)
        return ""  # optional: the deterministic text is shown
    return wording if reworded else ""
