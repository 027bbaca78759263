"""Dependency direction: logic/ and speech/ are plain Python and never load Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("package", ["logic", "logic.cli", "speech"])
def test_package_does_not_load_django(package):
    code = (
        f"import importlib, sys; importlib.import_module({package!r}); "
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django'"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


def _lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    lint = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(lint), "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        cwd=tree,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _tree_copy(destination: Path) -> Path:
    import shutil

    for package in ("caretaker", "logic", "speech"):
        shutil.copytree(
            ROOT / package,
            destination / package,
            ignore=shutil.ignore_patterns("__pycache__", "*.gguf", "*.bin"),
        )
    return destination


def test_the_apps_import_one_way(tmp_path):
    """`make lint`'s import-linter contracts hold for the tree as it is, and break on
    one upward import: wards (the bottom layer) reaching for a care action."""
    tree = _tree_copy(tmp_path)
    assert _lint_imports(tree).returncode == 0
    selectors = tree / "caretaker" / "wards" / "selectors.py"
    selectors.write_text(
        selectors.read_text() + "\nfrom caretaker.care import actions  # noqa\n"
    )
    broken = _lint_imports(tree)
    assert broken.returncode == 1, broken.stdout
    assert "caretaker.wards.selectors -> caretaker.care.actions" in broken.stdout
