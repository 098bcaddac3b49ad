"""The README's ``$ puzzlewright ...`` examples, run and compared with what the README shows.

Run by ``tests/test_readme_examples.py``; ``python tools/readme_examples.py --update`` rewrites
the README's outputs with what the commands print now (after a change of the default word
list, say), keeping its elisions.

What is compared, and how:

* Every fenced block of README.md is read in order; all run in one fresh folder, so a file
  one example writes (``mini.ipuz``) is there for the next.
* ``$ cat FILE`` followed by lines *makes* FILE with those lines (the README shows the input
  it uses; the check writes it).
* ``$ puzzlewright ARGS`` runs the command (in-process, stdout and stderr interleaved as a
  terminal shows them); a line ending in ``\\`` continues on the next. A ``# comment`` after
  two spaces is dropped. The lines up to the next ``$`` line or the block's end are the
  expected output; a command shown with no output is run and must succeed, its output not
  compared.
* Lines are compared after trailing spaces are stripped; a line that is just ``...`` matches
  any number of lines (none included), a line ending in `` ...`` any line that starts with
  the text before it (for a figure such as checks per second); a duration such as
  ``0.12 s`` or ``in 0.3 s``
  matches any duration, since it is the one figure that differs from run to run.
* Commands are fenced blocks lines starting with ``$ puzzlewright``; other ``$`` lines (``make
  demo``) are not run.
"""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ELLIPSIS = "..."
WIDTH = 92  # terminal columns the README's tables were printed at
DURATION = re.compile(r"\b\d+(?:\.\d+)? s\b")
COMMENT = re.compile(r"\s{2,}#\s.*$")


@dataclass
class Example:
    """One ``$`` line of the README and the lines shown under it."""

    line: int  # 1-based line of the command in the README
    command: str
    expected: list[str] = field(default_factory=list)
    end: int = 0  # 1-based line after the last expected line

    @property
    def is_file(self) -> bool:
        """``$ cat FILE``: the lines are the file's contents."""
        return self.command.startswith("cat ")

    @property
    def args(self) -> list[str]:
        """The command's arguments after ``puzzlewright``."""
        return shlex.split(self.command)[1:]


def _blocks(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """(index of the first line, lines) of each fenced block."""
    inside, start, body = False, 0, []
    for i, line in enumerate(lines):
        if line.startswith("```"):
            if inside:
                yield start, body
            inside, start, body = not inside, i + 1, []
        elif inside:
            body.append(line)


def examples(text: str) -> list[Example]:
    """The README's examples, in order."""
    found: list[Example] = []
    lines = text.splitlines()
    for start, body in _blocks(lines):
        current: Example | None = None
        i = 0
        while i < len(body):
            line = body[i]
            if line.startswith("$ "):
                command, first = line[2:], i
                while command.endswith("\\") and i + 1 < len(body):
                    i += 1
                    command = command[:-1] + body[i]
                command = COMMENT.sub("", command).strip()
                current = None
                if command.startswith(("puzzlewright ", "cat ")):
                    current = Example(start + first + 1, command, end=start + i + 2)
                    found.append(current)
            elif current is not None:
                current.expected.append(line)
                current.end = start + i + 2
            i += 1
    return found


def _normal(line: str) -> str:
    return DURATION.sub("N s", line.rstrip())


def _same(want: str, got: str) -> bool:
    """A line as shown, or a line ending in `` ...`` that ``got`` starts with."""
    if want.endswith(" " + ELLIPSIS):
        return got.startswith(want[: -len(ELLIPSIS)].rstrip())
    return want == got


def matches(expected: list[str], actual: list[str]) -> bool:
    """True when ``actual`` is ``expected`` with each ``...`` line standing for any lines."""
    want = [_normal(x) for x in expected]
    got = [_normal(x) for x in actual]
    while want and not want[-1]:
        want.pop()
    while got and not got[-1]:
        got.pop()

    def fit(i: int, j: int) -> bool:
        if i == len(want):
            return j == len(got)
        if want[i] == ELLIPSIS:
            return any(fit(i + 1, k) for k in range(j, len(got) + 1))
        return j < len(got) and _same(want[i], got[j]) and fit(i + 1, j + 1)

    return fit(0, 0)


def elided(expected: list[str], actual: list[str]) -> list[str]:
    """``actual`` shortened as ``expected`` was: the lines before its first ``...`` and after
    its last one are taken from ``actual`` in the same numbers."""
    if ELLIPSIS not in expected:
        return actual
    head = expected.index(ELLIPSIS)
    tail = len(expected) - 1 - max(i for i, x in enumerate(expected) if x == ELLIPSIS)
    if head + tail >= len(actual):
        return actual
    return [*actual[:head], ELLIPSIS, *(actual[len(actual) - tail :] if tail else [])]


def run(example: Example, folder: Path) -> tuple[int, list[str]]:
    """Run one example in ``folder`` (the current directory for the run): exit code and
    output lines. A file example writes its file and returns (0, its lines)."""
    if example.is_file:
        name = example.command.split(maxsplit=1)[1]
        (folder / name).write_text("".join(x + "\n" for x in example.expected), "utf-8")
        return 0, example.expected
    from click.testing import CliRunner

    from puzzlewright.cli import cli, common

    consoles = [getattr(common, name) for name in ("stdout", "stderr")]  # made on first use
    widths = [vars(console).get("_width") for console in consoles]
    for console in consoles:  # the README was made at this width (a console made earlier in
        console.width = WIDTH  # the process keeps its own, whatever COLUMNS says now)
    try:
        result = CliRunner(env={"COLUMNS": str(WIDTH)}).invoke(
            cli, example.args, catch_exceptions=False
        )
    finally:
        for console, width in zip(consoles, widths, strict=True):
            vars(console)["_width"] = width
    return result.exit_code, result.output.splitlines()


def update(readme: Path, folder: Path) -> int:
    """Rewrite ``readme`` with every example's present output (run in order in ``folder``,
    kept elided as the README elides it); the number of examples changed."""
    lines = readme.read_text("utf-8").splitlines()
    outputs = [(example, run(example, folder)[1]) for example in examples("\n".join(lines))]
    changed = 0
    for example, actual in reversed(outputs):
        if example.is_file or not example.expected or matches(example.expected, actual):
            continue
        changed += 1
        start = example.end - 1 - len(example.expected)
        lines[start : example.end - 1] = elided(example.expected, actual)
    readme.write_text("\n".join(lines) + "\n", "utf-8")
    return changed


def main() -> int:
    """``--update``: rewrite README.md's outputs with the present ones."""
    import os
    import tempfile

    if sys.argv[1:] != ["--update"]:
        print("usage: python tools/readme_examples.py --update", file=sys.stderr)
        return 2
    readme = Path(__file__).resolve().parent.parent / "README.md"
    with tempfile.TemporaryDirectory() as folder:
        here = os.getcwd()
        os.chdir(folder)
        try:
            print(f"{update(readme, Path(folder))} example(s) rewritten in {readme}")
        finally:
            os.chdir(here)
    return 0


if __name__ == "__main__":
    sys.exit(main())
