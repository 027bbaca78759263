"""Does this build of llama.cpp run on this CPU? Asked in a child process first.

A llama.cpp built for another CPU (``-march=native`` on a machine with AVX-512 or
AMX) dies inside ``decode`` with SIGSEGV or SIGILL, which no ``try`` can catch. So
each process evaluates a few tokens in a throwaway child before it loads a model
itself; a crash there becomes an :class:`ExtractionError` that says what failed, on
which CPU, and how to rebuild.

``python -m logic.extraction.selfcheck MODEL.gguf`` is that child.
"""

from __future__ import annotations

import functools
import json
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from logic.extraction.options import ExtractionError

REBUILD = (
    "rebuild llama-cpp-python for this machine with `make clean && make test` (or "
    "`python scripts/install_llama.py` in the environment); see README, "
    "'Embedded models on any x86-64 CPU'"
)
# The x86 features that decide which llama.cpp kernels can run.
CPU_FEATURES = (
    "sse4_2", "avx", "avx2", "fma", "f16c", "bmi2", "avx_vnni", "avx512f",
    "avx512_vnni", "avx512_bf16", "amx_tile", "amx_int8", "amx_bf16",
)  # fmt: skip
PROBE_TIMEOUT_SECONDS = 120
BUILD_RECORD = "caretaker-llama-build.json"


@dataclass(frozen=True)
class CpuInfo:
    """The processor as Linux reports it: model name and the features that matter."""

    model: str
    features: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.model} ({' '.join(self.features) or 'no AVX'})"


def cpu_info(cpuinfo: Path = Path("/proc/cpuinfo")) -> CpuInfo:
    """This machine's CPU model and its features among :data:`CPU_FEATURES`."""
    model, flags = "unknown CPU", set[str]()
    try:
        for line in cpuinfo.read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and model == "unknown CPU":
                model = value.strip()
            elif key.strip() == "flags" and not flags:
                flags = set(value.split())
    except OSError:
        pass
    return CpuInfo(model, tuple(f for f in CPU_FEATURES if f in flags))


def llama_system_info() -> str:
    """llama.cpp's own report of the instruction sets it was compiled with."""
    import llama_cpp

    info: bytes = llama_cpp.llama_print_system_info()
    return info.decode().strip()


@dataclass(frozen=True)
class BuildRecord:
    """How ``scripts/install_llama.py`` built the installed llama-cpp-python;
    ``known`` is False when it was installed some other way."""

    known: bool
    requirement: str = "llama-cpp-python"
    cmake_args: tuple[str, ...] = ()


def llama_build_record() -> BuildRecord:
    """The record ``scripts/install_llama.py`` left beside the environment."""
    try:
        record = json.loads((Path(sys.prefix) / BUILD_RECORD).read_text())
    except (OSError, ValueError):
        return BuildRecord(known=False)
    return BuildRecord(
        known=True,
        requirement=str(record.get("requirement", "llama-cpp-python")),
        cmake_args=tuple(str(a) for a in record.get("cmake_args", [])),
    )


def _probe(model_file: str) -> None:
    """The child: load the model and evaluate a few tokens, as a request would."""
    from llama_cpp import Llama

    llama = Llama(model_path=model_file, n_ctx=128, n_threads=1, verbose=False)
    llama.eval(llama.tokenize(b"temp 38.4, pulse 104"))
    llama.close()


def probe_verdict(result: subprocess.CompletedProcess[str], model_file: str) -> str:
    """ "" when the probe passed, otherwise the reason a person can act on."""
    if result.returncode == 0:
        return ""
    if result.returncode < 0:
        try:
            name = signal.Signals(-result.returncode).name
        except ValueError:
            name = f"signal {-result.returncode}"
        what = {"SIGILL": "an illegal instruction (SIGILL)"}.get(name, name)
        return (
            f"llama.cpp crashed with {what} while evaluating {Path(model_file).name} "
            f"on {cpu_info()}: this build does not run on this CPU; {REBUILD}"
        )
    detail = (result.stderr or "").strip().splitlines()
    return (
        f"llama.cpp could not evaluate {Path(model_file).name} on {cpu_info()}: "
        f"{detail[-1] if detail else f'exit code {result.returncode}'}"
    )


@functools.cache
def llama_selfcheck(model_file: str) -> None:
    """Evaluate ``model_file`` in a child process once per process; raise
    :class:`ExtractionError` with the reason when the child fails or crashes."""
    try:
        result = subprocess.run(
            [sys.executable, "-m", "logic.extraction.selfcheck", model_file],
            capture_output=True, text=True, timeout=PROBE_TIMEOUT_SECONDS,
        )  # fmt: skip
    except subprocess.TimeoutExpired as error:
        raise ExtractionError(
            f"llama.cpp self-check did not finish in {PROBE_TIMEOUT_SECONDS} s "
            f"on {cpu_info()}"
        ) from error
    verdict = probe_verdict(result, model_file)
    if verdict:
        raise ExtractionError(verdict)


if __name__ == "__main__":
    _probe(sys.argv[1])
