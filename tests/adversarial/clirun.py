"""The CLI runner of the adversarial suite: a fresh interpreter, and its peak memory."""

from __future__ import annotations

from dataclasses import dataclass

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
