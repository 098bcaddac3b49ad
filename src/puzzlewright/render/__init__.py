"""Printing: crosswords and acrostics as HTML, SVG or PDF, from one layout model.

:func:`load_document` reads a puzzle file into a :class:`Document`; :func:`render` turns it
into the bytes of one output format. reportlab (the ``[pdf]`` extra) is imported only for PDF.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal, Unpack

from puzzlewright.errors import PuzzleInputError
from puzzlewright.render.acrostic import acrostic_document, is_acrostic
from puzzlewright.render.model import Document, crossword_document
from puzzlewright.render.pages import DEFAULT_PAGE, PAGE_SIZES, PageName, PrintOptions

OutputFormat = Literal["pdf", "svg", "html", "play"]
FORMATS: tuple[OutputFormat, ...] = ("pdf", "svg", "html", "play")

__all__ = [
    "FORMATS",
    "PAGE_SIZES",
    "Document",
    "OutputFormat",
    "PageName",
    "PrintOptions",
    "acrostic_document",
    "crossword_document",
    "load_document",
    "render",
    "render_submission",
]


def _acrostic_json(path: Path) -> dict[str, object] | None:
    """The parsed ipuz document when ``path`` is an acrostic, else None."""
    from puzzlewright.crossword.formats.limits import load_json
    from puzzlewright.fileio import read_input

    try:  # bounded like every reader: file size, digits of numbers
        data = load_json(read_input(path).decode("utf-8-sig"), "ipuz")
    except (PuzzleInputError, UnicodeDecodeError):
        return None  # the crossword reader reports unreadable files in its own words
    if isinstance(data, dict) and is_acrostic(data):
        return data
    return None


def _jpz_acrostic(path: Path) -> dict[str, object] | None:
    """The acrostic of a .jpz file in ipuz form, or None when it holds a crossword."""
    from puzzlewright.crossword.formats.jpz import read_jpz_acrostic
    from puzzlewright.fileio import read_input

    try:
        return read_jpz_acrostic(read_input(path))
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{path}: {exc}") from None


def load_document(path: str | os.PathLike[str], *, warnings: list[str] | None = None) -> Document:
    """Read a crossword (.ipuz/.puz/.jpz/.xd/.txt) or an acrostic (.ipuz/.jpz) to print.

    ``warnings`` collects what was dropped, in the same words ``convert`` uses.
    """
    source = Path(path)
    if source.suffix.lower() in (".ipuz", ".jpz"):
        reader = _acrostic_json if source.suffix.lower() == ".ipuz" else _jpz_acrostic
        data = reader(source)
        if data is not None:
            try:
                return acrostic_document(data)
            except PuzzleInputError as exc:
                raise PuzzleInputError(f"{path}: {exc}") from None
    from puzzlewright.crossword.formats import load_puzzle
    from puzzlewright.crossword.formats.common import grid_clues

    puzzle = load_puzzle(source, warnings=warnings)
    grid_clues(puzzle, warnings)  # clues that cannot be placed: warned as convert does
    return crossword_document(puzzle)


def render(document: Document, fmt: OutputFormat, **options: Unpack[PrintOptions]) -> bytes:
    """The document in format ``fmt``; ``options`` (:class:`PrintOptions`) are those of the
    PDF writer, and the other formats take the ones they use (SVG ``key``, HTML ``key`` and
    ``page``).
    """
    key = options.get("key", False)
    if fmt == "svg":
        from puzzlewright.render.svg import render_svg

        return render_svg(document, key=key).encode("utf-8")
    if fmt == "html":
        from puzzlewright.render.html import render_html

        page = options.get("page", DEFAULT_PAGE)
        return render_html(document, key=key, page=page).encode("utf-8")
    if fmt == "play":
        from puzzlewright.render.play import render_play

        return render_play(document).encode("utf-8")
    if fmt == "pdf":
        need_reportlab()
        from puzzlewright.render.pdf import render_pdf

        return render_pdf(document, **options)
    raise PuzzleInputError(f"unknown output format {fmt!r}: use pdf, svg, html or play")


def need_reportlab() -> None:
    """One ``error:`` line when the ``[pdf]`` extra is not installed."""
    try:
        import reportlab  # noqa: F401
    except ModuleNotFoundError:
        raise PuzzleInputError(
            "PDF output needs reportlab: install puzzlewright[pdf] "
            "(pip install 'puzzlewright[pdf]'), or use --format html or svg"
        ) from None


def render_submission(
    document: Document,
    constructor: str = "",
    contact: tuple[str, ...] = (),
    *,
    page: PageName = DEFAULT_PAGE,
    font: str | None = None,
    warnings: list[str] | None = None,
) -> bytes:
    """The submission PDF of a filled crossword: filled grid, double-spaced clues and
    answers, the constructor's name and contact block, word and block counts in the header
    (``constructor`` defaults to the puzzle's author)."""
    if document.kind != "crossword":
        raise PuzzleInputError("the submission layout is for crosswords, not acrostics")
    need_reportlab()
    from puzzlewright.render.pdf.submission import Submission
    from puzzlewright.render.pdf.submission import render_submission as write

    who = Submission(constructor, contact)
    return write(document, who, page=page, font=font, warnings=warnings)
