"""Install llama-cpp-python built for any x86-64 server, not for this machine's CPU.

llama-cpp-python compiles llama.cpp with ``GGML_NATIVE=ON`` by default, which targets
the build machine: built on an Intel Xeon with AMX, the library uses AMX kernels and
crashes in ``decode``; built with AVX-512, it dies with an illegal instruction on the
many servers that lack it. This script builds one portable variant instead (AVX2,
FMA, F16C, BMI2: every x86-64 server CPU since 2013-2015) and installs it.

The wheel is cached outside the work tree under a key made of the package version and
the flags, so that:
- a fresh virtual environment reuses the compiled wheel (7 to 10 minutes saved);
- changing ``CPU_FLAGS`` (or the pinned version) forces a rebuild. pip's own wheel
  cache would not: its key ignores ``CMAKE_ARGS``, so it would hand back a native build.

The installed build is recorded in ``<prefix>/caretaker-llama-build.json``; the test
suite and ``python -m logic doctor`` read it beside llama.cpp's own system info.

Usage: ``python scripts/install_llama.py`` with the target environment's python.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The portable build. AVX-512 and AMX stay off: AVX-512 is missing on many AMD and
# older Intel servers, and the AMX path crashes in decode (README, "Embedded models on
# any x86-64 CPU"). Runtime dispatch (GGML_BACKEND_DL + GGML_CPU_ALL_VARIANTS) compiles
# the CPU backend once per x86 variant (about eight): not used, see the README.
CPU_FLAGS = (
    "-DGGML_NATIVE=OFF",
    "-DGGML_CPU_ALL_VARIANTS=OFF",
    "-DGGML_BACKEND_DL=OFF",
    "-DGGML_SSE42=ON",
    "-DGGML_AVX=ON",
    "-DGGML_AVX2=ON",
    "-DGGML_FMA=ON",
    "-DGGML_F16C=ON",
    "-DGGML_BMI2=ON",
    "-DGGML_AVX_VNNI=OFF",
    "-DGGML_AVX512=OFF",
    "-DGGML_AVX512_VBMI=OFF",
    "-DGGML_AVX512_VNNI=OFF",
    "-DGGML_AVX512_BF16=OFF",
    "-DGGML_AMX_TILE=OFF",
    "-DGGML_AMX_INT8=OFF",
    "-DGGML_AMX_BF16=OFF",
)

BUILD_RECORD = "caretaker-llama-build.json"


def pinned_requirement() -> str:
    """The ``llama-cpp-python==X`` line of requirements.txt, extras removed."""
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("llama-cpp-python"):
            name, _, version = line.partition("==")
            return f"{name.split('[', 1)[0]}=={version.strip()}"
    raise SystemExit("requirements.txt does not pin llama-cpp-python")


def build_key(requirement: str) -> str:
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    text = " ".join((requirement, python, platform.machine(), *CPU_FLAGS))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record_path() -> Path:
    return Path(sys.prefix) / BUILD_RECORD


def installed_key() -> str | None:
    try:
        record = json.loads(record_path().read_text())
    except (OSError, ValueError):
        return None
    # The record alone does not prove the install (pip may have removed it since).
    return record.get("key") if importlib.util.find_spec("llama_cpp") else None


def cache_dir(key: str) -> Path:
    base = (
        os.environ.get("CARETAKER_WHEEL_CACHE") or Path.home() / ".cache" / "caretaker"
    )
    return Path(base) / "llama-wheels" / key


def _heartbeat(started: float, stop: threading.Event) -> None:
    while not stop.wait(60):
        minutes = (time.monotonic() - started) / 60
        print(f"    ... still compiling llama.cpp ({minutes:.0f} min)", flush=True)


def build_wheel(requirement: str, target: Path) -> Path:
    print(f"==> compiling {requirement} for any x86-64 CPU with AVX2 (7 to 10 minutes)")
    env = dict(os.environ, CMAKE_ARGS=" ".join(CPU_FLAGS), FORCE_CMAKE="1")
    with tempfile.TemporaryDirectory() as scratch:
        log = Path(scratch) / "build.log"
        stop = threading.Event()
        threading.Thread(
            target=_heartbeat, args=(time.monotonic(), stop), daemon=True
        ).start()
        with log.open("w") as out:
            # --no-cache-dir: pip's wheel cache ignores CMAKE_ARGS.
            result = subprocess.run(
                [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-cache-dir",
                 "--no-binary", "llama-cpp-python", "-w", scratch, requirement],
                env=env, stdout=out, stderr=subprocess.STDOUT, check=False,
            )  # fmt: skip
        stop.set()
        if result.returncode != 0:
            sys.stderr.write(log.read_text()[-6000:])
            raise SystemExit("==> building llama-cpp-python failed (log above)")
        wheel = next(Path(scratch).glob("llama_cpp_python-*.whl"))
        target.mkdir(parents=True, exist_ok=True)
        partial = target / (wheel.name + ".partial")
        shutil.copy2(wheel, partial)
        return partial.rename(
            target / wheel.name
        )  # atomic: a cut build leaves no wheel


def main() -> None:
    requirement = pinned_requirement()
    key = build_key(requirement)
    if installed_key() == key:
        print(f"==> {requirement} (portable build {key}) already installed")
        return
    cached = sorted(cache_dir(key).glob("llama_cpp_python-*.whl"))
    wheel = cached[0] if cached else build_wheel(requirement, cache_dir(key))
    print(f"==> installing {wheel.name} (portable build {key})")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--force-reinstall",
         "--no-deps", str(wheel)],
        check=True,
    )  # fmt: skip
    record = {
        "key": key,
        "requirement": requirement,
        "cmake_args": list(CPU_FLAGS),
        "built_with": platform.python_version(),
    }
    record_path().write_text(json.dumps(record, indent=2) + "\n")


if __name__ == "__main__":
    main()
