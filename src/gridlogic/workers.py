"""The set-up of a worker process in a local pool, shared by batch generation and the web app.

A pool's workers (:class:`concurrent.futures.ProcessPoolExecutor`, started with
``initializer=init_local_worker``) hold no output and no state of their own: the parent writes
every result. So a worker

* ignores Ctrl+C: the terminal sends it to the whole process group, and only the parent decides
  what to do about it (finish the chunk being written, answer the requests in flight);
* leaves by itself when its parent is gone: a parent killed with SIGKILL cannot stop its pool,
  and an orphaned worker would otherwise wait forever on a queue nobody feeds. A daemon thread
  looks for a new parent process ID every :data:`PARENT_CHECK_SECONDS`.
"""

from __future__ import annotations

import os
import signal
import threading
import time

PARENT_CHECK_SECONDS = 0.5


def leave_when_orphaned(parent_pid: int) -> None:
    """Loop until the parent process is no longer ``parent_pid``, then end this process at once."""
    while True:
        time.sleep(PARENT_CHECK_SECONDS)
        if os.getppid() != parent_pid:
            os._exit(1)


def init_local_worker() -> None:
    """Ignore Ctrl+C and watch for the parent's end (see the module docstring)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=leave_when_orphaned, args=(os.getppid(),), daemon=True).start()
