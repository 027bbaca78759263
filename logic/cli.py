"""Command line of the logic core: ``python -m logic state --facts FILE``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from datetime import UTC
from pathlib import Path

from logic.demo import demo_print
from logic.diagnostics import LogicError
from logic.doctor import doctor_run
from logic.extraction.backends.llama import MODELS
from logic.extraction.backends.llama import PROCESS_ENVIRONMENT as LLAMA_ENVIRONMENT
from logic.extraction.cli import extraction_commands_add
from logic.facts_file import facts_read, moment_parse, zone_parse
from logic.ruleset import RuleSet, default_ruleset, ruleset_load
from logic.state import patient_state_solve, state_to_json
from logic.validation import ruleset_validate_directory

EXIT_BAD_INPUT = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run one sub-command; return the process exit code."""
    parser = argparse.ArgumentParser(prog="python -m logic", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    state = commands.add_parser("state", help="compute each patient's state from facts")
    state.add_argument(
        "--facts", required=True, type=Path, help="JSON Lines file, one fact per line"
    )
    state.add_argument(
        "--now", help="ISO 8601 time of evaluation (default: latest fact)"
    )
    state.add_argument(
        "--rules", type=Path, help="rule set directory (default: shipped)"
    )
    state.add_argument(
        "--timezone",
        help="the ward's time zone, e.g. Europe/London: the chart's day start is on "
        "its clock (default: UTC)",
    )
    state.set_defaults(run=_state)
    validate = commands.add_parser("validate", help="validate a rule set directory")
    validate.add_argument("directory", type=Path)
    validate.set_defaults(run=_validate)
    demo = commands.add_parser("demo", help="replay the post-operative demo scenario")
    demo.add_argument(
        "--rules", type=Path, help="rule set directory (default: shipped)"
    )
    demo.set_defaults(run=_demo)
    extraction_commands_add(commands)
    doctor = commands.add_parser(
        "doctor", help="check that the embedded models run on this machine's CPU"
    )
    doctor.add_argument(
        "--model", action="append", choices=MODELS,
        help="check only this embedded model (repeatable; default: all)",
    )  # fmt: skip
    doctor.set_defaults(run=_doctor)
    arguments = parser.parse_args(argv)
    for name, value in LLAMA_ENVIRONMENT.items():  # before llama.cpp loads
        os.environ.setdefault(name, value)
    try:
        return int(arguments.run(arguments))
    except LogicError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _doctor(arguments: argparse.Namespace) -> int:
    return doctor_run(arguments.model or MODELS)


def _validate(arguments: argparse.Namespace) -> int:
    report = ruleset_validate_directory(arguments.directory)
    for error in report.errors:
        print(f"error: {error}", file=sys.stderr)
    if not report.ok:
        return EXIT_BAD_INPUT
    print(
        f"ok: {arguments.directory} is a valid rule set ({report.rule_files} rule "
        f"files, {report.tests} rule tests passed)"
    )
    return 0


def _rules(arguments: argparse.Namespace) -> RuleSet:
    return ruleset_load(arguments.rules) if arguments.rules else default_ruleset()


def _demo(arguments: argparse.Namespace) -> int:
    demo_print(_rules(arguments))
    return 0


def _state(arguments: argparse.Namespace) -> int:
    rules = _rules(arguments)
    try:
        now = moment_parse(arguments.now) if arguments.now else None
    except ValueError as error:
        raise LogicError(f"--now: not an ISO 8601 time: {arguments.now!r}") from error
    try:
        lines = arguments.facts.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise LogicError(f"{arguments.facts}: cannot read: {error.strerror}") from error
    try:
        zone = zone_parse(arguments.timezone) if arguments.timezone else UTC
    except ValueError as error:
        raise LogicError(f"--timezone: {error}") from error
    patients = facts_read(lines, alphabet=rules.alphabet, source=str(arguments.facts))
    for patient, facts in patients.items():
        state = patient_state_solve(facts, rules=rules, now=now, zone=zone)
        print(
            json.dumps(
                {"patient": patient, **state_to_json(state, rules)}, ensure_ascii=False
            )
        )
    return 0
