"""A rule set cannot carry patients' values out through its problem names, cannot
reach a file or code outside its own texts (whatever comments and strings hide), and
what the validator passes is what the solver runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from logic.diagnostics import RuleSetError
from logic.rule_lint import problems_declared
from logic.rule_source import rule_source_problems
from logic.ruleset import default_ruleset_path
from logic.solver import program_solve
from logic.validation import ruleset_read_directory, ruleset_validate

# The finding: a problem whose name carries the data, with its metadata.
LEAK = """\
problem(leak(Ty, V)) :- current(Ty, V, _).
severity(leak(Ty, V), low) :- problem(leak(Ty, V)).
description(leak(Ty, V), "x") :- problem(leak(Ty, V)).
label(leak(Ty, V), "x") :- problem(leak(Ty, V)).
meaning(leak(Ty, V), "x") :- problem(leak(Ty, V)).
"""
METADATA = 'severity(p, low).\ndescription(p, "d").\nlabel(p, "P").\nmeaning(p, "m").\n'


@pytest.fixture(scope="module")
def shipped():
    return ruleset_read_directory(default_ruleset_path())


def errors_of(shipped, extra: str, name: str = "extra.lp") -> list[str]:
    alphabet, files, tests = shipped
    report = ruleset_validate(alphabet, {**files, name: extra}, tests)
    return [str(e) for e in report.errors]


def test_the_finding_a_problem_named_by_patient_values_is_refused(shipped):
    errors = errors_of(shipped, LEAK)
    assert any(
        "extra.lp:1:" in e and "built from variables or values" in e for e in errors
    ), errors
    # Its severity, description, label and meaning are refused too, each by line.
    for line in (2, 3, 4, 5):
        assert any(e.startswith(f"extra.lp:{line}:") for e in errors), errors


@pytest.mark.parametrize(
    "rule",
    [
        "problem(V) :- current(consciousness, V, _).",  # a value as the name
        "problem(hr(V)) :- current(heartRate, V, _).",
        "problem(f(1)) :- current(heartRate, V, _), V > 100.",
        "{ problem(X) : current(X, _, _) }.",  # a choice over types
        "problem(X) ; other :- current(X, _, _).",
        "problem(@name(1)) :- current(heartRate, _, _).",
    ],
)
def test_a_problem_is_a_declared_constant_name(shipped, rule):
    assert errors_of(shipped, rule + "\n" + METADATA.replace("p,", "q,"))


@pytest.mark.parametrize(
    "metadata",
    [
        'label(p, S) :- current(heartRate, V, _), S = "x".',
        'label(p, "High") :- current(heartRate, V, _), V > 100.',  # one bit a patient
        "severity(p, S) :- current(consciousness, S, _).",
        'meaning(p, M) :- M = "x".',
        '{ description(p, "d") }.',
    ],
)
def test_labels_and_texts_are_plain_facts(shipped, metadata):
    kind = metadata.split("(", 1)[0].strip("{ ")
    rest = "".join(m for m in METADATA.splitlines(True) if not m.startswith(kind))
    errors = errors_of(
        shipped,
        "problem(p) :- current(heartRate, V, _), V > 1.\n" + rest + metadata + "\n",
    )
    assert any("must be a plain fact" in e for e in errors), errors


def test_a_declared_problem_with_plain_metadata_passes(shipped):
    rule = "problem(p) :- current(heartRate, V, _), V > 120.\n" + METADATA
    assert errors_of(shipped, rule) == []


def test_declared_problem_names_are_the_constants_of_problem_heads():
    files = (
        ("a.lp", "problem(p) :- x.\nproblem(leak(V)) :- current(heartRate, V, _).\n"),
        ("b.lp", "{ problem(q) }.\n% problem(commented).\n"),
        ("c.lp", '#include "/etc/passwd".\nproblem(included).\n'),
    )
    assert problems_declared(files) == {"p", "q"}


# -- Directives, found by clingo's parser whatever hides them ------------------------

HIDDEN = [
    '%* a block comment *% #include "/etc/hostname".',  # the finding, first form
    'x("%"). #include "/etc/hostname".',  # the finding, second form
    '%* nested %* comment *% still *% #include "/etc/hostname".',
    'x("\\"%"). #include "/etc/hostname".',  # an escaped quote before a '%'
    "#include <incmode>.",
    '#include"/etc/hostname".',
    "a.\n#script (python)\nimport os\n#end.",
    "%* *% #script (lua) os.exit() #end.",
]


@pytest.mark.parametrize("text", HIDDEN)
def test_include_and_script_are_found_past_comments_and_strings(text):
    problems = rule_source_problems("r.lp", text)
    assert problems and all(
        "is not allowed in a rule set" in p.message for p in problems
    )


@pytest.mark.parametrize(
    "text",
    [
        '% #include "/etc/hostname".\na.',
        '%* #include "/etc/hostname". #script (python) *%\na.',
        'label(x, "#include \\"/etc/hostname\\"").',
        'description(x, "Use %* and #script freely in a string").',
    ],
)
def test_the_words_in_comments_and_strings_are_only_words(text):
    assert rule_source_problems("r.lp", text) == []


def test_the_refusal_never_says_whether_a_path_exists(tmp_path):
    there = tmp_path / "there.lp"
    there.write_text("secret(1).\n")
    answers = {
        str(p): [d.message for d in rule_source_problems("r.lp", f'#include "{p}".')]
        for p in (there, tmp_path / "missing.lp", Path("/etc/hostname"))
    }
    assert len({tuple(a) for a in answers.values()}) == 1, answers
    assert not any(
        str(there) in m or "opened" in m for a in answers.values() for m in a
    )


def test_external_atoms_and_calls_into_the_server_are_refused():
    assert "#external" in rule_source_problems("r.lp", "#external a.")[0].message
    assert "@f" in rule_source_problems("r.lp", "p(@f(1)).")[0].message


def test_a_character_outside_ascii_in_code_is_a_plain_error_not_a_crash():
    """clingo's lexer splits a multi-byte character in its message and the process
    aborts decoding it; the copy clingo parses never has one."""
    code = (
        "from logic.rule_source import rule_source_problems as p\n"
        "print(p('r.lp', 'a :- h\\u00e9.\\nb.')[0])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "r.lp:1:" in done.stdout and "U+00E9" in done.stdout
    assert rule_source_problems("r.lp", 'label(x, "37.5 °C ≥ é").\n% naïve\n') == []


def test_the_solver_refuses_to_run_a_stored_file_that_includes(tmp_path):
    """What is stored is what runs: a version stored before validation refused it
    never reads the outside file."""
    outside = tmp_path / "outside.lp"
    outside.write_text("leaked.\n")
    text = f'%* *% #include "{outside}".\nok.\n'
    with pytest.raises(RuleSetError, match="#include is not allowed"):
        program_solve([("r.lp", text)], "", show=[("leaked", 0)])
