"""Rule set validation: every kind of failure is found, with file, line and a plain
message, and the shipped default passes."""

from __future__ import annotations

import re
import time

import pytest

from logic.ruleset import default_ruleset_path, ruleset_load
from logic.trial import ruleset_trial
from logic.validation import (
    ruleset_read_directory,
    ruleset_validate,
    ruleset_validate_directory,
)

PROBLEM = 'severity(x, high).\ndescription(x, "d").\nlabel(x, "X").\nmeaning(x, "m").\n'


@pytest.fixture(scope="module")
def shipped():
    return ruleset_read_directory(default_ruleset_path())


def validate(
    shipped, *, extra=None, alphabet=None, tests=None, replace=None, seconds=10.0
):
    alphabet_text, files, tests_text = shipped
    files = {**files, **(replace or {})}
    if extra is not None:
        files["extra.lp"] = extra
    return ruleset_validate(
        alphabet or alphabet_text,
        files,
        tests_text if tests is None else tests,
        trial_seconds=seconds,
    )


def only(report):
    assert not report.ok
    return [(e.file, e.line, e.message) for e in report.errors]


def test_the_shipped_default_passes_with_its_rule_tests():
    report = ruleset_validate_directory(default_ruleset_path())
    assert report.ok, report.errors
    assert report.rule_files == 5 and report.tests >= 5


def test_a_syntax_error_names_file_and_line(shipped):
    ((file, line, message),) = only(validate(shipped, extra="ok.\np(X :- q(X).\n"))
    assert (file, line) == ("extra.lp", 2) and "syntax error" in message


def test_an_unsafe_variable_is_explained(shipped):
    ((file, line, message),) = only(
        validate(shipped, extra="% x\nfoo(X) :- not bar(X).\nbar(1).\n")
    )
    assert (file, line) == ("extra.lp", 2)
    assert "unsafe variable X" in message and "positive body atom" in message


def test_a_misspelt_predicate_is_used_but_never_defined(shipped):
    ((file, line, message),) = only(
        validate(
            shipped,
            extra="problem(x) :- curent(temperature, V, _), V > 380.\n" + PROBLEM,
        )
    )
    assert (file, line) == ("extra.lp", 1) and "curent/3" in message


def test_a_misspelt_type_is_not_in_the_alphabet(shipped):
    ((file, line, message),) = only(
        validate(
            shipped, extra="problem(x) :- data(temprature, V, _), V > 380.\n" + PROBLEM
        )
    )
    assert (file, line) == ("extra.lp", 1)
    assert "'temprature'" in message and "not a type of the alphabet" in message


def test_a_condition_value_the_alphabet_does_not_have(shipped):
    ((_file, line, message),) = only(
        validate(
            shipped,
            extra="problem(x) :- current(consciousness, drowsy, _).\n" + PROBLEM,
        )
    )
    assert line == 1 and "'drowsy' is not a value of consciousness" in message


def test_a_fixed_measurement_outside_the_alphabet_range(shipped):
    ((_file, line, message),) = only(
        validate(
            shipped, extra="problem(x) :- current(temperature, 500, _).\n" + PROBLEM
        )
    )
    assert line == 1 and "outside the alphabet's range of temperature" in message


FEVER = "problem(fever) :- current(temperature, V, _), V > 380.\n"
FEVER_WARNING = 'severity(fever, low).\ndescription(fever, "Fever: recheck.").\n'


@pytest.mark.parametrize(
    ("missing", "kept"),
    [
        ("label", 'meaning(fever, "Temperature above 38.0.").\n'),
        ("meaning", 'label(fever, "Fever").\n'),
    ],
)
def test_a_problem_without_its_label_or_meaning_is_refused(shipped, missing, kept):
    """Nurses read problems by label and meaning: a rule set that can derive a
    problem without one of them is refused at the line that derives it."""
    ((file, line, message),) = only(
        validate(shipped, extra=FEVER + FEVER_WARNING + kept)
    )
    assert (file, line) == ("extra.lp", 1)
    assert f"problem 'fever' has no {missing}(fever, ...)" in message


def test_a_problem_with_label_and_meaning_passes(shipped):
    extra = (
        FEVER
        + FEVER_WARNING
        + 'label(fever, "Fever").\nmeaning(fever, "Temperature above 38.0.").\n'
    )
    report = validate(shipped, extra=extra)
    assert report.ok, report.errors


def test_every_shipped_problem_has_a_label_and_a_meaning():
    """The shipped rules give every problem a display name and a one-line meaning,
    none of them a rule name."""
    files = ruleset_load(default_ruleset_path()).files
    text = "\n".join(f.text for f in files)
    for name in re.findall(r"^problem\((\w+)\)", text, re.MULTILINE):
        label = re.search(rf'^label\({name}, "([^"]+)"\)', text, re.MULTILINE)
        meaning = re.search(rf'^meaning\({name}, "([^"]+)"\)', text, re.MULTILINE)
        assert label and meaning, name
        assert " " in label.group(1) or label.group(1)[0].isupper(), name


def test_an_alphabet_range_with_min_above_max(shipped):
    alphabet = shipped[0].replace("min = 30.0", "min = 50.0", 1)
    ((file, line, message),) = only(validate(shipped, alphabet=alphabet))
    assert file == "alphabet.toml" and line is not None
    assert "'min' (50.0) is greater than 'max' (45.0)" in message


def test_a_type_declared_twice(shipped):
    alphabet = shipped[0] + "\n[data.temperature]\nmin = 1\nmax = 2\n"
    ((file, line, message),) = only(validate(shipped, alphabet=alphabet))
    assert file == "alphabet.toml" and line is not None and "twice" in message


def test_a_type_that_is_both_data_and_condition(shipped):
    alphabet = shipped[0] + '\n[condition.temperature.values.high]\ndescription = "x"\n'
    ((file, line, message),) = only(validate(shipped, alphabet=alphabet))
    assert file == "alphabet.toml" and line is not None
    assert "defined twice, as data and as condition" in message


def test_a_rule_that_grows_terms_forever_is_refused_at_once(shipped):
    started = time.monotonic()
    ((file, line, message),) = only(validate(shipped, extra="p(0).\np(X+1) :- p(X).\n"))
    assert time.monotonic() - started < 5
    assert (file, line) == ("extra.lp", 2) and "never stops" in message


def test_a_bounded_recursion_is_fine(shipped):
    assert validate(shipped, extra="p(0).\np(X+1) :- p(X), X < 10.\n").ok


def test_grounding_that_does_not_finish_is_stopped_by_the_time_limit():
    """The trial bounds what the static checks cannot see: here a huge range."""
    started = time.monotonic()
    (error,) = ruleset_trial(
        ruleset_read_directory(default_ruleset_path())[0],
        {"grow.lp": "big(1..200000000).\n"},
        seconds=2,
    )
    assert time.monotonic() - started < 6
    assert "did not finish within 2 s" in error.message or "memory" in error.message


def test_a_failing_rule_test_names_the_test(shipped):
    rules = shipped[1]["problems.lp"].replace("V < 40.", "V < 30.")
    ((file, line, message),) = only(validate(shipped, replace={"problems.lp": rules}))
    assert file == "tests.toml" and line is not None
    assert "rule test 'blood glucose 3.5 is hypoglycaemia' failed" in message


def test_a_rule_test_with_an_unknown_statement(shipped):
    tests = (
        '[[test]]\nname = "t"\nfacts = [{ at = "2026-01-01T00:00:00Z", '
        'statement = "data(temprature, 37)" }]\npresent = ["x"]\n'
    )
    ((file, line, message),) = only(validate(shipped, tests=tests))
    assert (file, line) == ("tests.toml", 1) and "temprature" in message


@pytest.mark.parametrize(
    "directive", ['#include "/etc/passwd".', "#script (python)\n#end."]
)
def test_directives_that_reach_outside_the_rule_set_are_refused(shipped, directive):
    errors = only(validate(shipped, extra=directive + "\n"))
    assert any("is not allowed in a rule set" in message for _f, _l, message in errors)


@pytest.mark.parametrize(
    "window",
    [
        "window(temperature, W) :- now(W).",
        "window(temperature, 3600) :- now(_).",
        "window(temperature, 60 * 60).",
        "window(temperature, -1).",
    ],
)
def test_a_window_must_be_a_constant_fact(shipped, window):
    """The program builder reads windows from the files: a computed one is refused."""
    ((file, line, message),) = only(validate(shipped, extra=f"% w\n{window}\n"))
    assert (file, line) == ("extra.lp", 2) and "plain fact" in message


def test_a_window_of_an_unknown_type_is_refused(shipped):
    ((_file, _line, message),) = only(validate(shipped, extra="window(urine, 3600).\n"))
    assert "'urine'" in message and "not a type of the alphabet" in message


def test_a_reason_not_to_assess_must_not_carry_values(shipped):
    extra = "notAssessed(oliguria, V) :- current(urineOutput, V, _).\n"
    ((_file, line, message),) = only(validate(shipped, extra=extra))
    assert line == 1 and "notAssessed(...) takes a declared problem name" in message


def test_a_rule_test_with_an_unknown_timezone(shipped):
    tests = (
        '[[test]]\nname = "t"\ntimezone = "Europe/Atlantis"\nfacts = []\n'
        'absent = ["x"]\n'
    )
    ((file, line, message),) = only(validate(shipped, tests=tests))
    assert (file, line) == ("tests.toml", 1) and "Europe/Atlantis" in message


@pytest.mark.parametrize("name", ["oligura", '"oliguria"', "7", "news2Param"], ids=str)
def test_a_reason_not_to_assess_names_a_declared_problem(shipped, name):
    """The state shows the reason under the problem's label: a misspelt name, a
    string or a name that is no problem would be shown without one."""
    extra = f'notAssessed({name}, "No weight recorded.") :- now(_).\n'
    ((file, line, message),) = only(validate(shipped, extra=extra))
    assert (file, line) == ("extra.lp", 1)
    assert "names no problem the rule files declare" in message


@pytest.mark.parametrize("hour", ["24", "-1", "7 + 1", "seven", '"7"'])
def test_the_day_start_hour_is_a_whole_hour_from_0_to_23(shipped, hour):
    """clockHour/2 has hours 0 to 23: any other day start would leave no day start
    and no fluid balance, without a word."""
    time_rules = shipped[1]["time.lp"]
    assert "#const dayStartHour = 7." in time_rules
    changed = time_rules.replace(
        "#const dayStartHour = 7.", f"#const dayStartHour = {hour}."
    )
    errors = only(validate(shipped, replace={"time.lp": changed}))
    ((file, _line, message),) = [e for e in errors if "dayStartHour" in e[2]]
    assert file == "time.lp" and "whole hour from 0 to 23" in message


@pytest.mark.parametrize("hour", ["0", "23"])
def test_a_day_start_at_midnight_or_23_00_passes(shipped, hour):
    time_rules = shipped[1]["time.lp"].replace(
        "#const dayStartHour = 7.", f"#const dayStartHour = {hour}."
    )
    report = validate(shipped, replace={"time.lp": time_rules}, tests="")
    assert report.ok, report.errors
