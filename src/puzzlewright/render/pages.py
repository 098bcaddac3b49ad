"""Paper sizes shared by the HTML (@page) and PDF writers, in points, and the options
every writer takes from :func:`puzzlewright.render.render`."""

from __future__ import annotations

from typing import Literal, TypedDict

PageName = Literal["letter", "a4"]
DEFAULT_PAGE: PageName = "letter"

PAGE_SIZES: dict[PageName, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "a4": (595.2756, 841.8898),
}


class PrintOptions(TypedDict, total=False):
    """How a document is printed, passed on by :func:`puzzlewright.render.render` to the
    format's writer: ``key`` adds the answers, ``page`` is the paper (HTML, PDF), ``font`` a
    font file or family and ``warnings`` collects what could not be printed as it is (PDF)."""

    key: bool
    page: PageName
    font: str | None
    warnings: list[str] | None
