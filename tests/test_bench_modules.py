"""`make bench` runs every benchmark module in turn, 30 to 60 minutes in: a module
that no longer imports (a helper moved, a name renamed) must fail here, not there."""

import importlib

import pytest

from bench.run import SECTIONS


@pytest.mark.parametrize("module", sorted(set(SECTIONS.values())))
def test_every_benchmark_imports(module: str) -> None:
    importlib.import_module(module)
