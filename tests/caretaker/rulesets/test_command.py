"""manage.py rules validate | import | export."""

import shutil

import pytest
from django.core.management import call_command

from caretaker.rulesets.models import RuleSetVersion
from caretaker.rulesets.selectors import ruleset_active_get
from logic.ruleset import default_ruleset_path


@pytest.fixture
def rules_dir(tmp_path):
    directory = tmp_path / "rules"
    shutil.copytree(default_ruleset_path(), directory)
    return directory


def test_validate_ok_prints_a_summary(rules_dir, capsys):
    call_command("rules", "validate", str(rules_dir))
    assert capsys.readouterr().out.startswith("ok: ")


def test_validate_prints_file_line_message_and_fails(rules_dir, capsys):
    shipped = (rules_dir / "problems.lp").read_text()
    (rules_dir / "problems.lp").write_text(
        shipped + "\nproblem(x) :- data(temprature, V, _).\n"
    )
    typo_line = shipped.count("\n") + 2
    with pytest.raises(SystemExit) as exit:
        call_command("rules", "validate", str(rules_dir))
    assert exit.value.code != 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert any(
        line.startswith(f"{rules_dir}/problems.lp:{typo_line}: ")
        and "temprature" in line
        for line in lines
    ), lines


def test_validate_catches_a_rule_that_never_stops(rules_dir, capsys):
    (rules_dir / "grow.lp").write_text("p(0).\np(X+1) :- p(X).\n")
    with pytest.raises(SystemExit):
        call_command("rules", "validate", str(rules_dir))
    assert f"{rules_dir}/grow.lp:2: " in capsys.readouterr().err


@pytest.mark.django_db
def test_import_activate_and_export(rules_dir, tmp_path, ward, default_version, capsys):
    call_command(
        "rules",
        "import",
        str(rules_dir),
        "--ward",
        ward.code,
        "--comment",
        "ward copy",
        "--activate",
    )
    version = RuleSetVersion.objects.get(number=2)
    assert (version.ward, version.comment) == (ward, "ward copy")
    assert ruleset_active_get(ward_id=ward.pk) == version
    call_command("rules", "export", "v2", str(tmp_path / "out"))
    exported = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert exported == sorted(p.name for p in rules_dir.iterdir())


def test_rules_test_runs_every_shipped_scenario(capsys):
    """`manage.py rules test` (no directory: the shipped rule set) prints one line
    per scenario of tests.toml, the v2 chart rules among them."""
    call_command("rules", "test")
    out = capsys.readouterr().out.splitlines()
    assert out[-1].endswith("rule tests passed")
    passed, total = out[-1].split(" rule tests")[0].split(" of ")
    assert passed == total and int(total) >= 30
    names = " ".join(out)
    for problem in ("oliguria", "fluid balance", "GCS", "oxygen", "sepsis high risk"):
        assert problem.lower() in names.lower(), problem


def test_rules_test_names_a_failing_scenario_and_fails(rules_dir, capsys):
    tests = rules_dir / "tests.toml"
    tests.write_text(
        tests.read_text()
        + '\n[[test]]\nname = "a pulse of 80 is hypoglycaemia (wrong on purpose)"\n'
        'facts = [ { at = "2026-11-20T08:00:00Z", statement = "data(heartRate, 80)" } ]\n'
        'present = ["hypoglycaemia"]\n'
    )
    with pytest.raises(SystemExit) as exit:
        call_command("rules", "test", str(rules_dir))
    assert exit.value.code == 1
    captured = capsys.readouterr()
    assert "FAIL: a pulse of 80 is hypoglycaemia (wrong on purpose)" in captured.out
    assert "expected problem 'hypoglycaemia'" in captured.err
