"""The CLI runner of the adversarial suite: a fresh interpreter, and its peak memory."""

from __future__ import annotations

from dataclasses import dataclass

# Runs the CLI in-process in a child interpreter and appends its peak resident memory to
# stderr, so a test can assert that a bounded input stayed bounded.
WRAPPER = """
import resource, sys
from puzzlewright.cli import main
try:
    main(sys.argv[1:])
    code = 0
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else 1
sys.stderr.flush()
sys.stderr.write("\\nPEAK_RSS_KB %d\\n" % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
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
