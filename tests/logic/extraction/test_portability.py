"""The embedded models run on any x86-64 server: the installed llama.cpp is the
portable build, and a build that does not fit the CPU is an error, not a crash."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from logic.doctor import compiled_features, portability_problems
from logic.extraction.backends.llama import MODELS, model_path
from logic.extraction.selfcheck import (
    BuildRecord,
    CpuInfo,
    cpu_info,
    llama_build_record,
    llama_selfcheck,
    llama_system_info,
    probe_verdict,
)

ROOT = Path(__file__).resolve().parents[3]
PORTABLE = BuildRecord(known=True, cmake_args=("-DGGML_NATIVE=OFF", "-DGGML_AVX2=ON"))
UNKNOWN = BuildRecord(known=False)


def test_the_installed_llama_cpp_has_no_amx_no_avx512_and_is_not_native():
    """Whatever CPU this suite runs on, the build ships only the AVX2 baseline."""
    features = compiled_features(llama_system_info())
    assert {"AVX2", "FMA", "F16C"} <= features
    assert not features & {"AMX_INT8", "AVX512", "AVX512_VNNI", "AVX512_BF16"}
    record = llama_build_record()
    assert record.known
    assert "-DGGML_NATIVE=OFF" in record.cmake_args
    assert "-DGGML_AMX_INT8=OFF" in record.cmake_args
    assert portability_problems(llama_system_info(), record, cpu_info()) == []


def test_a_native_build_is_named_for_what_ties_it_to_one_cpu():
    info = (
        "CPU : SSE3 = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | AVX512 = 1 | AMX_INT8 = 1 |"
    )
    cpu = CpuInfo("Intel Xeon Platinum 8480+", ("avx2", "fma", "f16c", "amx_int8"))
    problems = portability_problems(info, UNKNOWN, cpu)
    assert "built with AVX512, AMX_INT8, which many servers lack" in problems[0]
    assert "not installed by scripts/install_llama.py" in problems[1]
    assert len(problems) == 2
    only_amx = portability_problems(
        info.replace("AVX512 = 1", "AVX512 = 0"), PORTABLE, cpu
    )
    assert len(only_amx) == 1 and "built with AMX_INT8," in only_amx[0]


def test_a_cpu_without_the_baseline_is_told_so():
    info = "CPU : SSE3 = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 |"
    old = CpuInfo("Intel Xeon E5-2670", ("sse4_2", "avx"))
    problems = portability_problems(info, PORTABLE, old)
    assert problems and all("lacks" in p and "E5-2670" in p for p in problems)


def test_cpu_info_reads_the_model_and_the_features_that_matter(tmp_path):
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text(
        "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Platinum 8480+\n"
        "flags\t\t: fpu sse4_2 avx avx2 fma f16c avx512f amx_tile "
        "amx_int8 ht\n"
    )
    info = cpu_info(cpuinfo)
    assert info.model == "Intel(R) Xeon(R) Platinum 8480+"
    assert info.features == (
        "sse4_2",
        "avx",
        "avx2",
        "fma",
        "f16c",
        "avx512f",
        "amx_tile",
        "amx_int8",
    )


@pytest.mark.parametrize("sig", [signal.SIGILL, signal.SIGSEGV])
def test_a_crashed_probe_becomes_a_reason_to_rebuild(sig):
    """A real process killed by the signal an unfit build dies of."""
    died = subprocess.run(
        [sys.executable, "-c", f"import os; os.kill(os.getpid(), {int(sig)})"],
        capture_output=True, text=True,
    )  # fmt: skip
    verdict = probe_verdict(died, "/models/gemma.gguf")
    assert sig.name in verdict and "gemma.gguf" in verdict
    assert cpu_info().model in verdict
    assert "make clean" in verdict and "install_llama.py" in verdict


def test_a_probe_that_passes_has_no_verdict():
    passed = subprocess.run(
        [sys.executable, "-c", "pass"], capture_output=True, text=True
    )
    assert probe_verdict(passed, "m.gguf") == ""


@pytest.mark.slow
@pytest.mark.parametrize("model", MODELS)
def test_the_self_check_evaluates_each_embedded_model_in_a_child(model):
    llama_selfcheck(str(model_path(model)))  # raises with the reason otherwise


@pytest.mark.slow
def test_the_self_check_reports_a_file_llama_cpp_cannot_load(tmp_path):
    from logic.extraction.options import ExtractionError

    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + b"\0" * 64)
    with pytest.raises(ExtractionError, match="could not evaluate broken.gguf"):
        llama_selfcheck(str(broken))


@pytest.mark.slow
def test_doctor_checks_both_models_and_passes_on_this_machine():
    result = subprocess.run(
        [sys.executable, "-m", "logic", "doctor"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for line in (
        "CPU:",
        "llama.cpp:",
        "-DGGML_NATIVE=OFF",
        "gemma3:     ok",
        "smollm2:    ok",
        "data(heartRate, 104)",
        "result:     ok",
    ):
        assert line in result.stdout


@pytest.mark.slow
def test_extract_command_gives_both_vital_signs():
    """The issue's own check: `python -m logic extract "temp 38.4, pulse 104"`."""
    result = subprocess.run(
        [sys.executable, "-m", "logic", "extract", "temp 38.4, pulse 104"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    statements = json.loads(result.stdout)["statements"]
    assert {"data(temperature, 38.4)", "data(heartRate, 104)"} <= set(statements)
