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
