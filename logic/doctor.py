"""``python -m logic doctor``: can the embedded language models run on this machine?

Prints the CPU's features, llama.cpp's system info and the flags it was built with,
then checks each embedded model in a child process (a crash there is reported, not
suffered), loads it and extracts one utterance. Exit code 0 when all is well, 1 with
the reasons otherwise.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from logic.diagnostics import LogicError
from logic.extraction.selfcheck import (
    REBUILD,
    BuildRecord,
    CpuInfo,
    cpu_info,
    llama_build_record,
    llama_system_info,
)

PROBE_UTTERANCE = "temp 38.4, pulse 104"
PROBE_EXPECTED = ("data(temperature, 38.4)", "data(heartRate, 104)")
# Instruction sets that tie a build to the CPUs that have them. AVX2, FMA and F16C
# are the portable baseline (every x86-64 server CPU since 2013-2015).
NOT_PORTABLE = ("AVX512", "AVX512_VBMI", "AVX512_VNNI", "AVX512_BF16", "AMX_INT8",
                "AVX_VNNI")  # fmt: skip


def compiled_features(system_info: str) -> set[str]:
    """The features llama.cpp reports as ``NAME = 1`` in its system info."""
    return {name for name, on in re.findall(r"(\w+) = (\d)", system_info) if on == "1"}


def portability_problems(
    system_info: str, record: BuildRecord, cpu: CpuInfo
) -> list[str]:
    """Why this llama.cpp build is not safe to ship to any x86-64 server ([] if it
    is): a CPU-specific instruction set compiled in, build flags unknown or native,
    or a baseline feature this CPU lacks."""
    features = compiled_features(system_info)
    problems = []
    tied = [name for name in NOT_PORTABLE if name in features]
    if tied:
        problems.append(
            f"llama.cpp was built with {', '.join(tied)}, which many servers lack; "
            f"{REBUILD}"
        )
    if not record.known:
        problems.append(
            "llama-cpp-python was not installed by scripts/install_llama.py, so it "
            f"was probably compiled for the build machine's CPU; {REBUILD}"
        )
    elif "-DGGML_NATIVE=OFF" not in record.cmake_args:
        problems.append(f"llama.cpp was built with -march=native; {REBUILD}")
    for name in ("AVX2", "FMA", "F16C"):
        if name in features and name.lower() not in cpu.features:
            problems.append(
                f"this CPU ({cpu.model}) lacks {name}, which the portable build needs"
            )
    return problems


@dataclass(frozen=True)
class ModelCheck:
    """One embedded model: what it extracted from the probe utterance, or why not."""

    model: str
    statements: tuple[str, ...] = ()
    ms: int = 0
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error and all(s in self.statements for s in PROBE_EXPECTED)


def model_check(model: str) -> ModelCheck:
    """Self-check ``model`` in a child process, then load it here and extract."""
    from logic.extraction.extractor import extract
    from logic.extraction.options import ExtractionOptions
    from logic.ruleset import default_ruleset

    started = time.perf_counter()
    try:
        result = extract(
            PROBE_UTTERANCE,
            alphabet=default_ruleset().alphabet,
            options=ExtractionOptions(backend="llama", model=model),
        )
    except LogicError as error:
        return ModelCheck(model, error=str(error))
    ms = round((time.perf_counter() - started) * 1000)
    return ModelCheck(model, result.canonical, ms)


def doctor_run(models: Iterable[str], out: Callable[[str], None] = print) -> int:
    """Print the report; return 0 when every check passed, otherwise 1."""
    cpu = cpu_info()
    out(f"CPU:        {cpu}")
    try:
        system_info = llama_system_info()
    except ImportError as error:
        out(f"problem:    llama-cpp-python is not installed ({error}); {REBUILD}")
        return 1
    record = llama_build_record()
    out(f"llama.cpp:  {system_info}")
    flags = " ".join(record.cmake_args) or "unknown flags"
    out(f"build:      {record.requirement} with {flags}")
    problems = portability_problems(system_info, record, cpu)
    for model in models:
        check = model_check(model)
        if check.ok:
            out(f"{model + ':':<11} ok ({check.ms} ms): {', '.join(check.statements)}")
        else:
            reason = check.error or (
                f"extracted {list(check.statements)} from {PROBE_UTTERANCE!r}, "
                f"expected {list(PROBE_EXPECTED)}"
            )
            problems.append(f"{model}: {reason}")
    for problem in problems:
        out(f"problem:    {problem}")
    out("result:     " + ("FAILED" if problems else "ok, portable build"))
    return 1 if problems else 0
