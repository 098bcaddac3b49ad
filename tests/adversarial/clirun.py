"""The CLI runner of the adversarial suite: a fresh interpreter, and its peak memory."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

# Runs the CLI in-process in a child interpreter and appends its peak resident memory to
# stderr, so a test can assert that a bounded input stayed bounded. The peak is the child's
# own (VmHWM of its address space): Linux carries ru_maxrss over fork and exec, so a child
# of a large pytest worker would report the worker's size.
WRAPPER = """
import resource, sys
from puzzlewright.cli import main

def peak_kb():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

try:
    main(sys.argv[1:])
    code = 0
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else 1
sys.stderr.flush()
sys.stderr.write("\\nPEAK_RSS_KB %d\\n" % peak_kb())
sys.exit(code)
"""


@dataclass
class Run:
    """What one CLI run did."""

    code: int
    stdout: str
    stderr: str
    peak_mb: float

    @property
    def errors(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.startswith("error:")]

    def one_error(self, *fragments: str) -> None:
        """Exit 2 with exactly one ``error:`` line containing ``fragments``, no traceback."""
        assert self.code == 2, (self.code, self.stderr[-2000:])
        assert "Traceback" not in self.stderr, self.stderr[-2000:]
        assert len(self.errors) == 1, self.stderr[-2000:]
        for fragment in fragments:
            assert fragment in self.errors[0], self.errors[0]


# Runs ``puzzlewright ARGS`` (argv[2:]) and touches the file argv[1] when the CLI installs its
# own Ctrl-C handler (``stopping.interrupt_sets``, entered just before a search starts): the
# moment from which a Ctrl-C is the search's "interrupted" and no longer a KeyboardInterrupt
# in the middle of start-up.
WATCH_CTRL_C = """
import signal, sys
from pathlib import Path

install = signal.signal

def watched(signum, handler):
    previous = install(signum, handler)
    if signum == signal.SIGINT and callable(handler) and handler is not signal.default_int_handler:
        Path(sys.argv[1]).touch()
    return previous

signal.signal = watched
from puzzlewright.cli import main
main(sys.argv[2:])
"""


def start_watched(
    args: tuple[str, ...], cache: Path, marker: Path, *, own_session: bool = False
) -> subprocess.Popen[str]:
    """``puzzlewright ARGS`` in a fresh interpreter under :data:`WATCH_CTRL_C` (``marker``
    appears when its Ctrl-C handler is installed), output piped; ``own_session``: in a
    process group of its own, for a Ctrl-C to the whole group as a terminal sends it."""
    return subprocess.Popen(
        [sys.executable, "-c", WATCH_CTRL_C, str(marker), *args],
        env={**os.environ, "PUZZLEWRIGHT_CACHE_DIR": str(cache)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=own_session,
    )


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc; 0.0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until_searching(pid: int, marker: Path, cpu: float, timeout: float = 120) -> None:
    """Poll until ``marker`` exists (the Ctrl-C handler is installed) and the process has then
    used ``cpu`` more seconds of CPU: the search has been running, however loaded the machine
    (a fixed sleep either wastes seconds or, on a busy machine, fires during start-up)."""
    deadline = time.monotonic() + timeout
    while not marker.exists():
        if time.monotonic() > deadline:
            raise TimeoutError("the command never installed its Ctrl-C handler")
        time.sleep(0.01)
    start = cpu_seconds(pid)
    while cpu_seconds(pid) - start < cpu and time.monotonic() < deadline:
        time.sleep(0.01)


def worker_children(pid: int) -> list[int]:
    """The processes ``pid`` has spawned as multiprocessing workers (their command line runs
    ``spawn_main``; the resource tracker's does not)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rpartition(")")[2].split()[1])
            if parent == pid and b"spawn_main" in (stat.parent / "cmdline").read_bytes():
                found.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


def wait_until_starting_workers(pid: int, marker: Path, timeout: float = 120) -> None:
    """Poll until ``marker`` exists (the Ctrl-C handler is installed) and the process has
    begun to spawn its first worker: a Ctrl-C now lands while the workers start (import
    puzzlewright, unpickle their work), the moment that used to kill them with a traceback
    and leave the command waiting forever."""
    deadline = time.monotonic() + timeout
    while not (marker.exists() and worker_children(pid)):
        if time.monotonic() > deadline:
            raise TimeoutError("the command never started a worker process")
        time.sleep(0.005)
