"""The ``extract`` and ``evaluate`` sub-commands of ``python -m logic``."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from logic.alphabet import alphabet_load
from logic.diagnostics import LogicError
from logic.extraction.evaluate import evaluate_file
from logic.extraction.extractor import extract
from logic.extraction.grammar import GuideMode
from logic.extraction.options import ExtractionOptions
from logic.ruleset import default_ruleset, ruleset_load


def extraction_commands_add(commands: Any) -> None:
    """Register ``extract`` and ``evaluate`` on the sub-command parser ``commands``."""
    one = commands.add_parser("extract", help="extract statements from one utterance")
    one.add_argument("text", help="what the nurse said")
    one.add_argument("--state", help='current values as JSON, e.g. {"heartRate": 92}')
    _common(one)
    one.set_defaults(run=_extract)
    many = commands.add_parser("evaluate", help="score extraction on a JSONL file")
    many.add_argument("file", type=Path, help="JSON Lines with text/audio and gold")
    many.add_argument(
        "--gold-alphabet",
        type=Path,
        help="the alphabet.toml the gold was written in, when older: only its types "
        "are scored",
    )
    _common(many)
    many.set_defaults(run=_evaluate)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backend", help="llama (default) or openai")
    parser.add_argument("--model", help="embedded model: gemma3 (default) or smollm2")
    parser.add_argument(
        "--guide", choices=[m.value for m in GuideMode], help="default: strict"
    )
    parser.add_argument("--rules", type=Path, help="rule set directory")


def _options(arguments: argparse.Namespace) -> ExtractionOptions:
    return ExtractionOptions.from_environment(
        os.environ,
        backend=arguments.backend,
        model=arguments.model,
        guide=arguments.guide,
    )


def _alphabet(arguments: argparse.Namespace) -> Any:
    rules = ruleset_load(arguments.rules) if arguments.rules else default_ruleset()
    return rules.alphabet


def _extract(arguments: argparse.Namespace) -> int:
    state = None
    if arguments.state:
        try:
            state = json.loads(arguments.state)
        except json.JSONDecodeError as error:
            raise LogicError(f"--state: not JSON: {error.msg}") from error
        if not isinstance(state, dict):
            raise LogicError('--state: expected an object like {"heartRate": 92}')
    result = extract(
        arguments.text,
        alphabet=_alphabet(arguments),
        state=state,
        options=_options(arguments),
    )
    print(json.dumps(result.to_json(), ensure_ascii=False))
    return 0


def _evaluate(arguments: argparse.Namespace) -> int:
    gold_alphabet = (
        alphabet_load(arguments.gold_alphabet) if arguments.gold_alphabet else None
    )
    score = evaluate_file(
        arguments.file,
        alphabet=_alphabet(arguments),
        options=_options(arguments),
        gold_alphabet=gold_alphabet,
    )
    print(json.dumps(score.to_json()))
    return 0
