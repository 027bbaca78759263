"""rules validate DIR | rules test [DIR] | rules import DIR [--ward CODE] [--comment
...] [--activate] | rules export VERSION DIR"""

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from caretaker.care.activation import ruleset_import
from caretaker.rulesets.models import RuleSetVersion
from caretaker.rulesets.selectors import ruleset_version_get
from caretaker.rulesets.services import RuleSetInvalid, ruleset_export
from caretaker.wards.models import Ward
from logic import Diagnostic
from logic.diagnostics import LogicError
from logic.rule_tests import TESTS_FILE, rule_tests_parse, rule_tests_run
from logic.ruleset import default_ruleset_path, ruleset_load
from logic.validation import ruleset_validate_directory


class Command(BaseCommand):
    help = "Validate, import and export rule sets (alphabet.toml, *.lp, tests.toml)."

    def add_arguments(self, parser: CommandParser) -> None:
        commands = parser.add_subparsers(dest="command", required=True)
        validate = commands.add_parser("validate", help="validate a rule set directory")
        validate.add_argument("directory")
        tested = commands.add_parser(
            "test", help="run a rule set's scenarios (tests.toml), one line each"
        )
        tested.add_argument(
            "directory", nargs="?", help="rule set directory (default: the shipped one)"
        )
        imported = commands.add_parser("import", help="store a directory as a version")
        imported.add_argument("directory")
        imported.add_argument("--ward", help="ward code (default: global)")
        imported.add_argument("--comment", default="")
        imported.add_argument("--author", help="username recorded as the author")
        imported.add_argument("--activate", action="store_true")
        exported = commands.add_parser("export", help="write a version to a directory")
        exported.add_argument("version", help="version number (v3 or 3)")
        exported.add_argument("directory")

    def handle(self, *args: Any, **options: Any) -> None:
        getattr(self, f"_{options['command']}")(options)

    def _problems(self, directory: str, errors: Iterable[Diagnostic]) -> None:
        """One line per problem, FILE:LINE: message, with paths as given on the
        command line; problems of the whole rule set name the directory."""
        for error in errors:
            where = error.file
            if where in ("", "rules"):
                where = directory
            elif os.path.basename(where) == where:
                where = os.path.join(directory, where)
            if error.line is not None:
                where = f"{where}:{error.line}"
            self.stderr.write(f"{where}: {error.message}")

    def _validate(self, options: dict[str, Any]) -> None:
        directory = options["directory"]
        report = ruleset_validate_directory(directory)
        if not report.ok:
            self._problems(directory, report.errors)
            raise SystemExit(1)
        self.stdout.write(
            f"ok: {directory} is a valid rule set ({report.rule_files} rule files, "
            f"{report.tests} rule tests passed)"
        )

    def _test(self, options: dict[str, Any]) -> None:
        directory = options["directory"] or str(default_ruleset_path())
        try:
            rules = ruleset_load(directory)
            tests_file = Path(directory) / TESTS_FILE
            text = (
                tests_file.read_text(encoding="utf-8") if tests_file.is_file() else ""
            )
            tests = rule_tests_parse(text, rules)
        except LogicError as error:
            self._problems(directory, error.diagnostics)
            raise SystemExit(1) from error
        failed = 0
        for test in tests:
            failures = rule_tests_run([test], rules)
            failed += bool(failures)
            self.stdout.write(f"{'FAIL' if failures else 'ok'}: {test.name}")
            self._problems(directory, failures)
        self.stdout.write(f"{len(tests) - failed} of {len(tests)} rule tests passed")
        if failed:
            raise SystemExit(1)

    def _import(self, options: dict[str, Any]) -> None:
        ward = None
        if options["ward"]:
            ward = Ward.objects.filter(code=options["ward"]).first()
            if ward is None:
                raise CommandError(f"no ward with code '{options['ward']}'")
        author = None
        if options["author"]:
            author = get_user_model().objects.filter(username=options["author"]).first()
            if author is None:
                raise CommandError(f"no user '{options['author']}'")
        try:
            version = ruleset_import(
                directory=options["directory"],
                ward=ward,
                comment=options["comment"],
                author=author,
                activate=options["activate"],
            )
        except RuleSetInvalid as invalid:
            self._problems(options["directory"], invalid.errors)
            raise SystemExit(1) from invalid
        state = "active" if options["activate"] else "not active"
        self.stdout.write(f"ok: stored {version.label} for {version.scope} ({state})")

    def _export(self, options: dict[str, Any]) -> None:
        text = str(options["version"]).lstrip("vV")
        if not text.isdigit():
            raise CommandError("VERSION is a number like 3 or v3")
        try:
            version = ruleset_version_get(number=int(text))
        except RuleSetVersion.DoesNotExist as missing:
            raise CommandError(f"no rule set version {options['version']}") from missing
        written = ruleset_export(version=version, directory=options["directory"])
        self.stdout.write(
            f"ok: wrote {version.label} ({len(written)} files) to {options['directory']}"
        )
