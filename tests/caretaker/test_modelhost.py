"""The supervised model process: real crashes in a real child, never in the caller."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

import speech
from caretaker.modelhost import ModelCrashed, ModelHost


def crash_once(marker: str) -> int:
    """In the child: a real segmentation fault the first time, the child's pid after."""
    path = Path(marker)
    if not path.exists():
        path.write_text("crashed once")
        import ctypes

        ctypes.string_at(0)  # reads address 0: SIGSEGV in native code
    return os.getpid()


@pytest.fixture
def host():
    host = ModelHost("test model")
    yield host
    host.stop()


def kill_when_busy(
    host: ModelHost, times: int, sig: signal.Signals
) -> threading.Thread:
    """Kill the host's child with ``sig`` while a call is in flight, ``times`` times."""

    def run() -> None:
        killed: set[int] = set()
        deadline = time.monotonic() + 60
        while len(killed) < times and time.monotonic() < deadline:
            pid = host.pid
            if host.busy and pid is not None and pid not in killed:
                time.sleep(0.2)  # well into the call
                os.kill(pid, sig)
                killed.add(pid)
            time.sleep(0.02)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_a_call_runs_in_a_child_process(host):
    assert host.call("os:getpid") == host.pid != os.getpid()


def test_an_error_in_the_child_is_raised_in_the_caller_as_itself(host):
    """A speech error keeps its type and its advice for the nurse."""
    with pytest.raises(speech.NotAudio) as raised:
        host.call("speech:transcribe", b"this is not a recording")
    assert raised.value.code == "not_audio"


def test_a_segfault_is_retried_once_in_a_fresh_process(host, tmp_path):
    first = host.call("os:getpid")
    pid = host.call("tests.caretaker.test_modelhost:crash_once", str(tmp_path / "m"))
    assert pid != first, "the retry ran in a fresh process"


def test_a_segfault_twice_becomes_a_readable_error_and_the_host_recovers(host):
    with pytest.raises(ModelCrashed) as raised:
        host.call("ctypes:string_at", 0)
    message = str(raised.value)
    assert "test model" in message and "SIGSEGV" in message
    assert "retried once" in message
    assert host.call("operator:add", 2, 3) == 5


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGSEGV])
def test_a_child_killed_mid_call_is_replaced_and_the_call_completes(host, sig):
    host.call("os:getpid")  # started
    killer = kill_when_busy(host, 1, sig)
    assert host.call("time:sleep", 1.0) is None
    killer.join(timeout=10)


def test_a_child_killed_on_each_try_fails_the_call_with_the_signal(host):
    host.call("os:getpid")
    killer = kill_when_busy(host, 2, signal.SIGKILL)
    with pytest.raises(ModelCrashed, match="SIGKILL"):
        host.call("time:sleep", 30)
    killer.join(timeout=10)


def test_a_hung_model_is_stopped_after_the_timeout():
    host = ModelHost("slow model", timeout=1)
    try:
        # Without the timeout the call would return None after 60 s, not raise.
        with pytest.raises(ModelCrashed, match="did not answer within 1 s"):
            host.call("time:sleep", 60)
    finally:
        host.stop()


def _host_pid_from_pool_process() -> tuple[int, int]:
    host = ModelHost("pool model")
    try:
        return os.getpid(), host.call("os:getpid")
    finally:
        host.stop()


def test_a_celery_prefork_pool_process_can_start_its_model_process():
    """Celery's default pool runs tasks in daemonic billiard processes, from which
    multiprocessing refuses to start children."""
    import billiard

    with billiard.Pool(1) as pool:
        pool_pid, model_pid = pool.apply(_host_pid_from_pool_process)
    assert model_pid not in (pool_pid, os.getpid())
