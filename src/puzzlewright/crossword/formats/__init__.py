"""Crossword files: ``.ipuz``, ``.puz``, ``.xd`` and text grids, chosen by file extension.

:func:`load_puzzle` reads any of them into a :class:`~puzzlewright.crossword.Puzzle`;
:func:`save_puzzle` writes one atomically and returns warnings about what the target format
could not hold (a ``.txt`` grid has no clues, a ``.puz`` holds Latin-1 only, ...).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import STDOUT, read_input, write_atomic

Reader = Callable[[bytes, "list[str] | None"], Puzzle]
Writer = Callable[[Puzzle, "list[str] | None"], "str | bytes"]


@dataclass(frozen=True)
class Format:
    """One file format: its name, extension, reader and writer."""

    name: str
    extension: str
    reader: Reader
    writer: Writer


def _formats() -> dict[str, Format]:
    from puzzlewright.crossword.formats.ipuz import read_ipuz, write_ipuz
    from puzzlewright.crossword.formats.puz import read_puz, write_puz
    from puzzlewright.crossword.formats.text import read_text, write_text
    from puzzlewright.crossword.formats.xd import read_xd, write_xd

    return {
        ".ipuz": Format("ipuz", ".ipuz", read_ipuz, write_ipuz),
        ".puz": Format("puz", ".puz", read_puz, write_puz),
        ".xd": Format("xd", ".xd", read_xd, write_xd),
        ".txt": Format("text", ".txt", read_text, write_text),
    }


EXTENSIONS = (".ipuz", ".puz", ".xd", ".txt")


def format_for(path: str | os.PathLike[str]) -> Format:
    """The format named by ``path``'s extension; PuzzleInputError for an unknown one."""
    suffix = ".ipuz" if str(path) == STDOUT else Path(path).suffix.lower()  # -o -: ipuz
    formats = _formats()
    if suffix not in formats:
        shown = f"'{suffix}'" if suffix else "no extension"
        raise PuzzleInputError(
            f"unknown puzzle format ({shown}) for {path}: use " + ", ".join(EXTENSIONS)
        )
    return formats[suffix]


def load_puzzle(path: str | os.PathLike[str], *, warnings: list[str] | None = None) -> Puzzle:
    """Read a puzzle file; ``warnings`` (if given) collects what the reader had to ignore."""
    fmt = format_for(path)
    data = read_input(path)
    try:
        return fmt.reader(data, warnings)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{path}: {exc}") from None


def save_puzzle(
    puzzle: Puzzle,
    path: str | os.PathLike[str],
    *,
    force: bool = False,
    inputs: Iterable[str | os.PathLike[str]] = (),
) -> list[str]:
    """Write ``puzzle`` atomically in the format of ``path``'s extension.

    Never replaces one of ``inputs`` unless ``force``. Returns one warning per thing the
    format dropped or changed; raises PuzzleInputError for what it cannot store at all.
    """
    fmt = format_for(path)
    warnings: list[str] = []
    try:
        data = fmt.writer(puzzle, warnings)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{path}: {exc}") from None
    write_atomic(path, data, inputs=inputs, force=force)
    return warnings


def dumps_puzzle(puzzle: Puzzle, format_name: str) -> tuple[str | bytes, list[str]]:
    """The file contents of ``puzzle`` in format ``ipuz``/``puz``/``xd``/``text``, and warnings."""
    for fmt in _formats().values():
        if format_name in (fmt.name, fmt.extension, fmt.extension.lstrip(".")):
            warnings: list[str] = []
            return fmt.writer(puzzle, warnings), warnings
    raise PuzzleInputError(f"unknown puzzle format {format_name!r}")


def loads_puzzle(data: bytes | str, format_name: str) -> Puzzle:
    """Parse file contents in format ``ipuz``/``puz``/``xd``/``text``."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    for fmt in _formats().values():
        if format_name in (fmt.name, fmt.extension, fmt.extension.lstrip(".")):
            return fmt.reader(payload, None)
    raise PuzzleInputError(f"unknown puzzle format {format_name!r}")


__all__ = [
    "EXTENSIONS",
    "Format",
    "dumps_puzzle",
    "format_for",
    "load_puzzle",
    "loads_puzzle",
    "save_puzzle",
]
