"""``puzzlewright render IN``: print a crossword or an acrostic as PDF, SVG or HTML."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

from puzzlewright.cli.common import (
    check_output,
    emit_json,
    extension_warning,
    fail,
    json_option,
    page_format,
    warn,
)

if TYPE_CHECKING:
    from puzzlewright.render import Document


def default_output(source: str, fmt: str, key: bool) -> Path:
    """``IN`` with the new extension, beside it (``-key`` added for a solution SVG)."""
    path = Path(source)
    stem = f"{path.stem}-key" if key and fmt == "svg" else path.stem
    if fmt == "play":
        return path.with_name(f"{stem}-play.html")  # a page beside the printable one
    if fmt == "submission":
        return path.with_name(f"{stem}-submission.pdf")
    return path.with_name(f"{stem}.{fmt}")


def _refuse_existing(target: Path) -> None:
    """Refuse a made-up output name that is taken: without -o the user named no file to
    replace, so one already there (a proofread PDF, an edited page) is kept."""
    if os.path.lexists(target):
        raise fail(f"{target} already exists: name it with -o to replace it, or choose another -o")


def _pdf_pages(data: bytes) -> int:
    """Page count of reportlab output (its page tree states ``/Count N`` once)."""
    import re

    counts = [int(n) for n in re.findall(rb"/Count (\d+)", data)]
    return max(counts, default=0)


@click.command()
@click.argument("source", metavar="IN", type=click.Path(path_type=str))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["pdf", "svg", "html", "play", "submission"]),
    default=None,
    help="Output format (play: a page to solve in a browser; submission: a PDF for an "
    "editor, the filled grid and a double-spaced clue and answer list). "
    "Default: from OUT's extension, else pdf.",
)
@click.option("--key", is_flag=True, help="Add the answer page (SVG: draw the solution grid).")
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(path_type=str),
    default=None,
    help="Output file ('-' for stdout). Default: IN with the new extension, which must "
    "not exist yet (-o replaces a file).",
)
@click.option(
    "--page",
    type=click.Choice(["letter", "a4"]),
    default="letter",
    show_default=True,
    help="Paper size (PDF pages, HTML @page).",
)
@click.option(
    "--font",
    type=click.Path(path_type=str),
    default=None,
    help="TrueType font for PDF text. Default: DejaVu Sans when installed.",
)
@click.option(
    "--constructor",
    default=None,
    help="With --format submission: the constructor's name (default: the puzzle's author).",
)
@click.option(
    "--contact",
    multiple=True,
    metavar="LINE",
    help="With --format submission: a line of the contact block (address, e-mail, phone); "
    "repeatable.",
)
@click.option("--force", is_flag=True, help="Allow OUT to be the same file as IN.")
@json_option
def render(
    source: str,
    fmt: str | None,
    key: bool,
    output: str | None,
    page: str,
    font: str | None,
    constructor: str | None,
    contact: tuple[str, ...],
    force: bool,
    as_json: bool,
) -> int:
    """Print a crossword (.ipuz/.puz/.xd/.txt) or an acrostic (.ipuz) as PDF, SVG or HTML.

    PDF and HTML show the title, author, the numbered grid with shaded blocks and circles,
    the clues in columns (continued on following pages) and the copyright; --key adds an
    answer page. SVG is the grid alone.
    """
    from puzzlewright.fileio import write_atomic
    from puzzlewright.render import load_document

    fmt = _checked_format(fmt, output, key=key, as_json=as_json)
    check_output(output, inputs=[source], force=force)
    if output is None:
        _refuse_existing(default_output(source, fmt, key))
    warnings: list[str] = []
    document = load_document(source, warnings=warnings)
    data = _rendered(document, fmt, key, page, font, constructor, contact, warnings)
    if output == "-":
        for message in warnings:
            warn(message)
        click.echo(data, nl=False)
        return 0
    target = Path(output) if output else default_output(source, fmt, key)
    expected = {"play": "html", "submission": "pdf"}.get(fmt, fmt)
    mismatch = extension_warning(target, fmt, offered=("pdf", "svg", "html"), same=expected)
    if mismatch:  # e.g. -o puzzle.docx, or a PDF named .html
        warnings.append(mismatch)
    write_atomic(target, data, inputs=[source], force=force)
    _report(document, data, source, target, fmt, key, page, warnings, as_json=as_json)
    return 0


def _rendered(
    document: Document,
    fmt: str,
    key: bool,
    page: str,
    font: str | None,
    constructor: str | None,
    contact: tuple[str, ...],
    warnings: list[str],
) -> bytes:
    """The document in ``fmt`` (a submission PDF takes the constructor and contact lines,
    which no other format does)."""
    from puzzlewright.render import render as render_document

    if fmt == "submission":
        from puzzlewright.render import render_submission

        return render_submission(
            document,
            constructor or "",
            contact,
            page=page,  # type: ignore[arg-type]
            font=font,
            warnings=warnings,
        )
    if constructor is not None or contact:
        raise fail("--constructor and --contact go with --format submission")
    return render_document(
        document,
        fmt,  # type: ignore[arg-type]
        key=key,
        page=page,  # type: ignore[arg-type]
        font=font,
        warnings=warnings,
    )


def _checked_format(fmt: str | None, output: str | None, *, key: bool, as_json: bool) -> str:
    """The output format (from OUT's extension when not given; PDF by default), refusing
    options that do not go with it."""
    if fmt is None:
        fmt = page_format(output) if output and output != "-" else "pdf"
    if fmt == "submission" and key:
        raise fail("--key does not apply to --format submission (its grid is filled in)")
    if fmt == "play" and key:
        raise fail("--key does not apply to --format play (the page checks and reveals itself)")
    if output == "-" and as_json:
        raise fail("--json prints a report on stdout; give -o a file name, not '-'")
    return fmt


def _report(
    document: Document,
    data: bytes,
    source: str,
    target: Path,
    fmt: str,
    key: bool,
    page: str,
    warnings: list[str],
    *,
    as_json: bool,
) -> None:
    """What ``render`` says after writing ``target``: a JSON report or warnings and a line."""
    pages = _pdf_pages(data) if fmt in ("pdf", "submission") else None
    clues = sum(len(section.entries) for section in document.sections)
    grid = document.grid
    if as_json:
        emit_json(
            {
                "input": source,
                "output": str(target),
                "format": fmt,
                "kind": document.kind,
                "key": key,
                "page": page,
                "pages": pages,
                "width": grid.width,
                "height": grid.height,
                "clues": clues,
                "bytes": len(data),
                "warnings": warnings,
            }
        )
        return
    for message in warnings:
        warn(message)
    what = f"{pages} page{'s' if pages != 1 else ''}, " if pages is not None else ""
    click.echo(
        f"wrote {target} ({fmt}, {what}{document.kind} {grid.width}x{grid.height}, "
        f"{clues} clues{', with key' if key else ''})"
    )
