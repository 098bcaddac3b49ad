"""The page shell shared by every room: head, header with the rooms, one module script.

A room is a page (its JS module and stylesheet under ``static/``) plus its routes, a module
of :mod:`puzzlewright.workbench.rooms`; adding a room means adding its module to
:data:`puzzlewright.workbench.app.ROOMS`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from starlette.responses import HTMLResponse

from puzzlewright import __version__


@dataclass(frozen=True)
class Room:
    """One workbench room: its name, title, page path, script and stylesheet."""

    name: str
    title: str
    path: str
    script: str
    style: str


def nav(current: Room, rooms: Sequence[Room]) -> str:
    """Links to every room, the current one marked."""
    links = []
    for room in rooms or [current]:
        mark = ' aria-current="page"' if room.name == current.name else ""
        links.append(f'<a href="{html.escape(room.path)}"{mark}>{html.escape(room.title)}</a>')
    return "".join(links)


def page(room: Room, rooms: Sequence[Room]) -> HTMLResponse:
    """The HTML of ``room``'s page: the shell around an empty ``main`` its script fills,
    under a header linking to every one of ``rooms``."""
    version = html.escape(__version__)
    body = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(room.title)} · puzzlewright workbench</title>
<link rel="stylesheet" href="/static/shell.css?v={version}">
<link rel="stylesheet" href="/static/{html.escape(room.style)}?v={version}">
<link rel="icon" href="data:,">
</head>
<body data-room="{html.escape(room.name)}">
<header class="shell">
  <span class="brand">puzzlewright</span>
  <nav aria-label="Rooms">{nav(room, rooms)}</nav>
  <span class="status" role="status" aria-live="polite" id="status"></span>
</header>
<main id="room" tabindex="-1"></main>
<script type="module" src="/static/{html.escape(room.script)}?v={version}"></script>
</body>
</html>
"""
    return HTMLResponse(
        body,
        headers={
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
            "style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-store",
        },
    )
