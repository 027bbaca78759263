"""Killing model processes (caretaker/modelhost.py) while they work, as a native
crash would, from outside the process that started them."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path


def _children(parent: int, name: str) -> list[tuple[int, str]]:
    """(pid, state) of ``parent``'s child processes whose ``comm`` is ``name``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces, so split after ")".
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        state, ppid = stat[stat.rindex(")") + 2 :].split()[:2]
        if comm == name and int(ppid) == parent:
            found.append((int(entry.name), state))
    return found


class ModelKiller:
    """Kills ``parent``'s model process named ``name`` with ``sig`` whenever it is
    running (not waiting for work), ``times`` times at most, from a thread."""

    def __init__(
        self,
        parent: int,
        name: str,
        *,
        times: int,
        sig: signal.Signals = signal.SIGKILL,
    ) -> None:
        self.parent, self.name, self.times, self.sig = parent, name, times, sig
        self.killed: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> ModelKiller:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while len(self.killed) < self.times and not self._stop.is_set():
            for pid, state in _children(self.parent, self.name):
                # "R": computing (a call in flight); an idle host sleeps in recv().
                if state == "R" and pid not in self.killed:
                    os.kill(pid, self.sig)
                    self.killed.append(pid)
                    break
            time.sleep(0.005)
