"""scripts/install_llama.py: the wheel's cache key follows the pinned version and
the CPU flags, so changing either rebuilds (pip's own cache ignores CMAKE_ARGS)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def installer():
    spec = importlib.util.spec_from_file_location(
        "install_llama", ROOT / "scripts" / "install_llama.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pinned_version_is_read_from_requirements():
    pinned = re.search(
        r"^llama-cpp-python\[server\]==(\S+)",
        (ROOT / "requirements.txt").read_text(),
        re.M,
    )
    assert pinned and installer().pinned_requirement() == (
        f"llama-cpp-python=={pinned.group(1)}"
    )


def test_the_flags_are_portable_and_changing_them_changes_the_key(monkeypatch):
    module = installer()
    assert "-DGGML_NATIVE=OFF" in module.CPU_FLAGS
    assert {"-DGGML_AVX512=OFF", "-DGGML_AMX_INT8=OFF"} <= set(module.CPU_FLAGS)
    requirement = module.pinned_requirement()
    key = module.build_key(requirement)
    assert module.build_key(requirement) == key  # stable
    monkeypatch.setattr(module, "CPU_FLAGS", (*module.CPU_FLAGS, "-DGGML_AVX512=ON"))
    assert module.build_key(requirement) != key
    assert module.build_key("llama-cpp-python==9.9.9") != key


def test_the_installed_build_is_the_one_the_flags_describe():
    module = installer()
    assert module.installed_key() == module.build_key(module.pinned_requirement())
