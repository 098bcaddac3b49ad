"""Crossword files: ``.ipuz``, ``.puz``, ``.jpz``, ``.xd`` and ``.txt``, chosen by extension.

:func:`load_puzzle` reads any of them into a :class:`~puzzlewright.crossword.Puzzle` (a
``.txt`` is Across Lite text or a plain grid, told apart by its content);
:func:`save_puzzle` writes one atomically and returns warnings about what the target format
could not hold (a ``.txt`` grid has no clues, a ``.puz`` has no shading, ...). A format can
also be named (``format_name``): ``across-lite`` writes Across Lite text to a ``.txt``.
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


def _all_formats() -> list[Format]:
    from puzzlewright.crossword.formats.acrosslite import read_across_lite, write_across_lite
    from puzzlewright.crossword.formats.ipuz import read_ipuz, write_ipuz
    from puzzlewright.crossword.formats.jpz import read_jpz, write_jpz
    from puzzlewright.crossword.formats.puz import read_puz, write_puz
    from puzzlewright.crossword.formats.text import read_text, write_text
    from puzzlewright.crossword.formats.xd import read_xd, write_xd

    return [
        Format("ipuz", ".ipuz", read_ipuz, write_ipuz),
        Format("puz", ".puz", read_puz, write_puz),
        Format("jpz", ".jpz", read_jpz, write_jpz),
        Format("xd", ".xd", read_xd, write_xd),
        Format("text", ".txt", read_text, write_text),
        Format("across-lite", ".txt", read_across_lite, write_across_lite),
    ]


def _formats() -> dict[str, Format]:
    """The default format of each extension (the first listed for it)."""
    by_suffix: dict[str, Format] = {}
    for fmt in _all_formats():
        by_suffix.setdefault(fmt.extension, fmt)
    return by_suffix


EXTENSIONS = (".ipuz", ".puz", ".jpz", ".xd", ".txt")
FORMAT_NAMES = ("ipuz", "puz", "jpz", "xd", "text", "across-lite")


def format_for(path: str | os.PathLike[str], name: str | None = None) -> Format:
    """The format called ``name``, else the one of ``path``'s extension (``-``, stdout: ipuz);
    else PuzzleInputError."""
    if name is not None:
        return format_named(name)
    suffix = ".ipuz" if str(path) == STDOUT else Path(path).suffix.lower()
    formats = _formats()
    if suffix not in formats:
        shown = f"'{suffix}'" if suffix else "no extension"
        raise PuzzleInputError(
            f"unknown puzzle format ({shown}) for {path}: use " + ", ".join(EXTENSIONS)
        )
    return formats[suffix]


def format_named(name: str) -> Format:
    """The format called ``name`` (``ipuz``, ``across-lite`` ...) or with that extension."""
    for fmt in _all_formats():
        if name.lower() in (fmt.name, fmt.extension, fmt.extension.lstrip(".")):
            return fmt
    raise PuzzleInputError(f"unknown puzzle format {name!r}: use " + ", ".join(FORMAT_NAMES))


def load_puzzle(
    path: str | os.PathLike[str],
    *,
    warnings: list[str] | None = None,
    xd_dialect: str = "auto",
) -> Puzzle:
    """Read a puzzle file; ``warnings`` (if given) collects what the reader had to ignore.

    ``xd_dialect`` (``auto``, ``standard``, ``puzzmo``) says how an .xd grid's ``.`` is read.
    """
    fmt = format_for(path)
    data = read_input(path)
    try:
        if fmt.name == "xd":
            from puzzlewright.crossword.formats.xd import read_xd, xd_dialect_named

            return read_xd(data, warnings, dialect=xd_dialect_named(xd_dialect))
        return fmt.reader(data, warnings)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{path}: {exc}") from None


def save_puzzle(
    puzzle: Puzzle,
    path: str | os.PathLike[str],
    *,
    force: bool = False,
    inputs: Iterable[str | os.PathLike[str]] = (),
    format_name: str | None = None,
) -> list[str]:
    """Write ``puzzle`` atomically in format ``format_name``, else that of ``path``'s extension.

    Never replaces one of ``inputs`` unless ``force``. Returns one warning per thing the
    format dropped or changed; raises PuzzleInputError for what it cannot store at all.
    """
    fmt = format_for(path, format_name)
    try:
        data, warnings = _written(puzzle, fmt)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{path}: {exc}") from None
    write_atomic(path, data, inputs=inputs, force=force)
    return warnings


def dumps_puzzle(puzzle: Puzzle, format_name: str) -> tuple[str | bytes, list[str]]:
    """The file contents of ``puzzle`` in a named format (see FORMAT_NAMES), and warnings."""
    return _written(puzzle, format_named(format_name))


def _written(puzzle: Puzzle, fmt: Format) -> tuple[str | bytes, list[str]]:
    """The file contents and the warnings: what the writer dropped, and (read back) what
    it wrote with other spacing."""
    from puzzlewright.crossword.formats.common import spacing_notes

    warnings: list[str] = []
    data = fmt.writer(puzzle, warnings)
    if fmt.name != "text":
        payload = data.encode("utf-8") if isinstance(data, str) else data
        try:
            back = fmt.reader(payload, None)
        except PuzzleInputError:  # a writer's file its reader refuses is another test's bug
            return data, warnings
        warnings.extend(spacing_notes(puzzle, back, fmt.name))
    return data, warnings


def loads_puzzle(
    data: bytes | str, format_name: str, *, warnings: list[str] | None = None
) -> Puzzle:
    """Parse file contents in a named format (see FORMAT_NAMES)."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    return format_named(format_name).reader(payload, warnings)


def load_acrostic(path: str | os.PathLike[str]) -> dict[str, object] | None:
    """The acrostic in an .ipuz or .jpz file as an acrostic ipuz document; None otherwise."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".ipuz", ".jpz"):
        return None
    data = read_input(path)
    try:
        if suffix == ".jpz":
            from puzzlewright.crossword.formats.jpz import read_jpz_acrostic

            return read_jpz_acrostic(data)
        import json

        from puzzlewright.crossword.formats.acrostic_ipuz import is_acrostic
        from puzzlewright.crossword.formats.limits import refuse_lone_surrogates

        doc = json.loads(data.decode("utf-8-sig"))
        refuse_lone_surrogates(doc, "ipuz")
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{path}: {exc}") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None  # the crossword reader reports it in its own words
    return doc if isinstance(doc, dict) and is_acrostic(doc) else None


def save_acrostic(
    document: dict[str, object],
    path: str | os.PathLike[str],
    *,
    force: bool = False,
    inputs: Iterable[str | os.PathLike[str]] = (),
) -> None:
    """Write an acrostic ipuz document as .ipuz or .jpz (by ``path``'s extension)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".jpz":
        from puzzlewright.crossword.formats.jpz import write_jpz_acrostic

        try:
            text = write_jpz_acrostic(document)
        except PuzzleInputError as exc:
            raise PuzzleInputError(f"{path}: {exc}") from None
    elif suffix == ".ipuz":
        import json

        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    else:
        raise PuzzleInputError(f"{path}: an acrostic is written as .ipuz or .jpz, not {suffix!r}")
    write_atomic(path, text, inputs=inputs, force=force)


__all__ = [
    "EXTENSIONS",
    "FORMAT_NAMES",
    "Format",
    "dumps_puzzle",
    "format_for",
    "format_named",
    "load_acrostic",
    "load_puzzle",
    "loads_puzzle",
    "save_acrostic",
    "save_puzzle",
]
