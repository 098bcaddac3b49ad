"""Paper sizes shared by the HTML (@page) and PDF writers, in points."""

from __future__ import annotations

from typing import Literal

PageName = Literal["letter", "a4"]

PAGE_SIZES: dict[PageName, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "a4": (595.2756, 841.8898),
}
