"""gridlogic.workers: a local pool's worker ignores Ctrl+C and leaves when its parent is gone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from gridlogic.workers import PARENT_CHECK_SECONDS, init_local_worker


def sigint_handler() -> object:
    return signal.getsignal(signal.SIGINT)


def test_a_worker_ignores_ctrl_c():
    with ProcessPoolExecutor(1, initializer=init_local_worker) as pool:
        assert pool.submit(sigint_handler).result() == signal.SIG_IGN


ORPHAN = """
import os, subprocess, sys
child = subprocess.Popen([sys.executable, "-c",
    "import time; from gridlogic.workers import init_local_worker; init_local_worker(); print(flush=True); "
    "time.sleep(60)"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
child.stdout.readline()  # the worker watches this process from now on
print(child.pid, flush=True)
os._exit(0)  # the parent goes without stopping its worker
"""


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie left unreaped by a container's init has ended)."""
    try:
        os.kill(pid, 0)
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except (ProcessLookupError, FileNotFoundError):
        return False


def test_an_orphaned_worker_leaves_by_itself():
    started = subprocess.run([sys.executable, "-c", ORPHAN], capture_output=True, text=True, check=True)
    worker = int(started.stdout)
    deadline = time.monotonic() + 20 * PARENT_CHECK_SECONDS + 10
    while running(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    if running(worker):
        os.kill(worker, signal.SIGKILL)
        raise AssertionError(f"the orphaned worker {worker} was still running")
