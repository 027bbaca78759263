"""Native models (Whisper, llama.cpp) run in a supervised child process.

A crash in native code (a segfault in llama.cpp, an illegal instruction on a CPU the
build does not fit, CTranslate2 or PyAV failing on odd audio) kills that child, never
the web server or the Celery worker that asked: the caller gets :class:`ModelCrashed`,
the call is tried once more in a fresh child, and only then does it fail.

This module needs no Django settings: the child it starts comes up without them,
and it only runs plain functions of ``speech`` and ``logic`` that take and return
picklable values.
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from logic.extraction.backends.llama import PROCESS_ENVIRONMENT as LLAMA_ENVIRONMENT

logger = logging.getLogger(__name__)

# A model that has not answered after this long is stuck, not slow (a 30 s recording
# transcribes in about 4 s on 2 cores): the child is killed and the call counts as a
# crash.
DEFAULT_TIMEOUT_SECONDS = 300.0


class ModelCrashed(Exception):
    """The model's process died (or hung) during a call, also when retried once."""


class RemoteError(Exception):
    """An exception from the child that could not be sent back as itself."""


def _describe_exit(exitcode: int | None) -> str:
    if exitcode is None:
        return "stopped answering"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"crashed ({name})"
    return f"exited unexpectedly (code {exitcode})"


def target_resolve(target: str) -> Callable[..., Any]:
    """The function named ``module:function``."""
    module_name, _, function_name = target.partition(":")
    function: Callable[..., Any] = getattr(
        importlib.import_module(module_name), function_name
    )
    return function


def _name_process(name: str) -> None:
    """Show ``name`` in ps and top (Linux: the 15-character ``comm``), so that an
    operator can tell the model processes from the server."""
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        libc.prctl(15, name.encode()[:15], 0, 0, 0)  # 15 = PR_SET_NAME
    except (OSError, AttributeError):
        pass  # not Linux: the name is only a convenience


def _serve(connection: Connection, process_name: str) -> None:
    """The child's loop: run each requested function, send back its result."""
    _name_process(process_name)
    # Ctrl-C in the terminal of `make run` reaches the whole process group; the
    # parent decides when its child stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            target, args, kwargs = connection.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        try:
            reply: tuple[str, Any] = ("ok", target_resolve(target)(*args, **kwargs))
        except Exception as error:  # sent to the caller, who raises it
            reply = ("error", error)
        try:
            connection.send(reply)
        except Exception as error:  # an unpicklable result or exception
            connection.send(("error", RemoteError(f"{type(error).__name__}: {error}")))


class ModelHost:
    """One supervised child process that runs model functions one call at a time.

    ``name`` says what it hosts ("speech model", "language model") in error texts.
    The child starts on the first call and is replaced after it dies.
    """

    def __init__(
        self,
        name: str,
        *,
        process_name: str = "caretaker-model",
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
    ) -> None:
        self.name = name
        self.process_name = process_name
        self.timeout = timeout
        self.busy = False  # a call is in flight (for monitoring and tests)
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._connection: Connection | None = None

    @property
    def pid(self) -> int | None:
        """The child's process id, or None while no child runs."""
        process = self._process
        return process.pid if process is not None and process.poll() is None else None

    def call(self, target: str, *args: Any, **kwargs: Any) -> Any:
        """``module:function(*args, **kwargs)`` in the child; its exceptions are
        raised here. A crash is retried once in a fresh child, then raises
        :class:`ModelCrashed`."""
        with self._lock:
            try:
                return self._call_once(target, args, kwargs)
            except ModelCrashed as first:
                logger.error(
                    "%s: %s; retrying once in a fresh process", self.name, first
                )
            try:
                return self._call_once(target, args, kwargs)
            except ModelCrashed as second:
                raise ModelCrashed(
                    f"the {self.name} {second}; it was retried once in a fresh "
                    "process. Nothing from this step was recorded."
                ) from second

    def stop(self) -> None:
        """End the child (it is started again by the next call)."""
        with self._lock:
            self._stop()

    def _call_once(
        self, target: str, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        connection = self._ensure_started()
        self.busy = True
        try:
            connection.send((target, args, kwargs))
            status, value = self._receive(connection)
        except (EOFError, OSError):
            status, value = "crashed", None
        finally:
            self.busy = False
        if status == "timeout":
            self._stop()
            raise ModelCrashed(f"process did not answer within {self.timeout:.0f} s")
        if status == "crashed":
            exitcode = self._reap()
            raise ModelCrashed(f"process {_describe_exit(exitcode)}")
        if status == "error":
            raise value
        return value

    def _receive(self, connection: Connection) -> tuple[str, Any]:
        deadline = time.monotonic() + self.timeout
        process = self._process
        assert process is not None
        while not connection.poll(0.05):
            if process.poll() is not None:
                return "crashed", None
            if time.monotonic() > deadline:
                return "timeout", None
        answer: tuple[str, Any] = connection.recv()
        return answer

    def _ensure_started(self) -> Connection:
        if self._process is not None and self._process.poll() is None:
            assert self._connection is not None
            return self._connection
        self._stop()
        # A new interpreter, not a fork: the parent holds threads, sockets and
        # database connections that a child must not share. Not multiprocessing
        # either: it refuses to start children from Celery's (daemonic) pool
        # processes.
        ours, theirs = socket.socketpair()
        environment = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(path for path in sys.path if path),
            **LLAMA_ENVIRONMENT,
        }
        process = subprocess.Popen(
            [sys.executable, "-m", "caretaker.modelhost", str(theirs.fileno()),
             self.process_name],
            pass_fds=[theirs.fileno()], env=environment,
        )  # fmt: skip
        theirs.close()
        self._process, self._connection = process, Connection(ours.detach())
        logger.info("%s: started process %s", self.name, process.pid)
        return self._connection

    def _reap(self) -> int | None:
        process = self._process
        if process is None:
            return None
        try:
            exitcode: int | None = process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            exitcode = None
        self._stop()
        return exitcode

    def _stop(self) -> None:
        if self._connection is not None:
            self._connection.close()
        if self._process is not None:
            if self._process.poll() is None:
                self._process.kill()
            self._process.wait(timeout=5)
        self._process = self._connection = None


# What each host runs, and the name its process shows in ps.
HOSTS = {"speech model": "caretaker-asr", "language model": "caretaker-llm"}
_HOSTS: dict[tuple[int, str], ModelHost] = {}
_HOSTS_LOCK = threading.Lock()


def model_host(name: str) -> ModelHost:
    """This process's host ``name`` (a key of :data:`HOSTS`); a forked process gets
    its own."""
    key = (os.getpid(), name)
    with _HOSTS_LOCK:
        host = _HOSTS.get(key)
        if host is None:
            host = _HOSTS[key] = ModelHost(name, process_name=HOSTS[name])
        return host


if __name__ == "__main__":
    # The child: python -m caretaker.modelhost FD NAME
    _serve(Connection(int(sys.argv[1])), sys.argv[2])
