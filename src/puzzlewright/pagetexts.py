"""The texts a file attaches to any kind of puzzle and every printed page shows around it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class PageTexts:
    """A puzzle's title, author, copyright line and notes, as its file gives them.

    The base of the acrostic sheet read from ipuz and of the printable document, so the
    four are declared once. Keyword-only: a subclass's own fields stay positional and first.
    """

    title: str = ""
    author: str = ""
    copyright: str = ""
    notes: str = ""
