"""Fonts for PDF output: the TrueType faces registered with reportlab, and a coverage check.

The font files found by :mod:`puzzlewright.render.pdf.fontfiles` (DejaVu Sans, or ``--font``)
are parsed and registered once per process, with bold and italic as one family so markup picks them;
without one, the PDF standard fonts (Helvetica) are used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from puzzlewright.render.model import Document
from puzzlewright.render.pdf.fontfiles import FontFiles, coverage_error, uncovered


@dataclass(frozen=True)
class Fonts:
    """The reportlab names of the faces in use and the TrueType file (None: Helvetica)."""

    regular: str
    bold: str
    italic: str
    source: str


_registered: dict[str, Fonts] = {}
_coverage: dict[str, set[int]] = {}


def load_fonts(files: FontFiles | None) -> Fonts:
    """Register the TrueType faces with reportlab once per process (Helvetica without)."""
    if files is None:
        return Fonts("Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica")
    cache_key = f"{files.regular}|{files.bold}|{files.italic}"
    if cache_key in _registered:
        return _registered[cache_key]
    index = len(_registered)
    names = Fonts(f"PW{index}", f"PW{index}-Bold", f"PW{index}-Italic", files.regular.name)
    try:
        pdfmetrics.registerFont(TTFont(names.regular, str(files.regular)))
        pdfmetrics.registerFont(TTFont(names.bold, str(files.bold)))
        pdfmetrics.registerFont(TTFont(names.italic, str(files.italic)))
    except Exception as exc:  # reportlab raises TTFError and others for unusable files
        from puzzlewright.errors import PuzzleInputError

        raise PuzzleInputError(f"cannot use the font {files.regular}: {exc}") from None
    pdfmetrics.registerFontFamily(
        names.regular,
        normal=names.regular,
        bold=names.bold,
        italic=names.italic,
        boldItalic=names.bold,
    )
    _registered[cache_key] = names
    return names


def check_fonts(document: Document, fonts: Fonts) -> None:
    """Fail with one clear line when the document has characters the font cannot print."""
    covered: set[int] | None = None
    if fonts.regular != "Helvetica":
        covered = _coverage.get(fonts.regular)
        if covered is None:
            face: Any = pdfmetrics.getFont(fonts.regular).face
            covered = _coverage[fonts.regular] = set(face.charToGlyph)
    missing = uncovered(document.texts(), covered)
    if missing:
        raise coverage_error(missing, fonts.source)
