"""The page shell shared by every room: head, header with the rooms, one module script.

A room is a page (its JS module and stylesheet under ``static/``) plus its route list;
adding a room means adding one :class:`Room` to :data:`puzzlewright.workbench.app.ROOMS`.
"""

from __future__ import annotations

import html
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from puzzlewright import __version__

ROOMS: list[Room] = []


@dataclass(frozen=True)
class Room:
    """One workbench room: its name, title, page path, script and stylesheet."""

    name: str
    title: str
    path: str
    script: str
    style: str


Endpoint = Callable[[Request], Awaitable[Response]]


def room_routes(room: Room, home: Endpoint, **api: Endpoint) -> list[BaseRoute]:
    """A room's page (``home``, at the room's path) and its JSON API: each handler in
    ``api`` answers POST ``/api/<room name>/<handler name>``."""
    return [
        Route(room.path, home),
        *(Route(f"/api/{room.name}/{name}", h, methods=["POST"]) for name, h in api.items()),
    ]


def nav(current: Room) -> str:
    """Links to every room, the current one marked."""
    links = []
    for room in ROOMS or [current]:
        mark = ' aria-current="page"' if room.name == current.name else ""
        links.append(f'<a href="{html.escape(room.path)}"{mark}>{html.escape(room.title)}</a>')
    return "".join(links)


def page(room: Room) -> HTMLResponse:
    """The HTML of ``room``'s page: the shell around an empty ``main`` its script fills."""
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
  <nav aria-label="Rooms">{nav(room)}</nav>
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
