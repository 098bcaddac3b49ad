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

from puzzlewright.errors import PuzzleInputError
from puzzlewright.render.model import Document
from puzzlewright.render.pdf.fontfiles import (
    INSTALL_HINT,
    FontFiles,
    glyph_list,
    other_fonts,
    uncovered,
)


@dataclass(frozen=True)
class Fonts:
    """The reportlab names of the faces in use and the TrueType file (None: Helvetica)."""

    regular: str
    bold: str
    italic: str
    source: str
    files: FontFiles | None = None


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
    names = Fonts(f"PW{index}", f"PW{index}-Bold", f"PW{index}-Italic", files.regular.name, files)
    try:
        pdfmetrics.registerFont(TTFont(names.regular, str(files.regular)))
        pdfmetrics.registerFont(TTFont(names.bold, str(files.bold)))
        pdfmetrics.registerFont(TTFont(names.italic, str(files.italic)))
    except Exception as exc:  # reportlab raises TTFError and others for unusable files
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


def _covered(fonts: Fonts) -> set[int] | None:
    """Code points the face has glyphs for (None: a PDF standard font, cp1252)."""
    if fonts.files is None:
        return None
    covered = _coverage.get(fonts.regular)
    if covered is None:
        face: Any = pdfmetrics.getFont(fonts.regular).face
        covered = _coverage[fonts.regular] = set(face.charToGlyph)
    return covered


def check_fonts(
    document: Document, fonts: Fonts, warnings: list[str] | None = None
) -> tuple[Document, Fonts]:
    """The document and fonts to print it with, when the font lacks some characters.

    Another installed font that has every character takes over; failing that, the missing
    characters are printed as a box. Either way one warning names the characters and the
    fonts tried: a puzzle with an emoji in a clue still prints.
    """
    texts = document.texts()
    missing = uncovered(texts, _covered(fonts))
    if not missing:
        return document, fonts
    tried = [fonts.source]
    for files in other_fonts(fonts.files):
        try:
            candidate = load_fonts(files)
        except PuzzleInputError:
            continue
        tried.append(candidate.source)
        if not uncovered(texts, _covered(candidate)):
            if warnings is not None:
                warnings.append(
                    f"the font {fonts.source} has no glyphs for {glyph_list(missing)}; "
                    f"the puzzle is printed in {candidate.source}"
                )
            return document, candidate
    covered = _covered(fonts)
    box = "\u25a1" if covered is not None and 0x25A1 in covered else "?"
    lacking = set(missing)
    if warnings is not None:
        warnings.append(
            f"no installed font has glyphs for {glyph_list(missing)} (tried "
            f"{', '.join(tried)}): printed as {box!r}; {INSTALL_HINT}"
        )
    return document.map_texts(lambda text: "".join(box if c in lacking else c for c in text)), fonts
