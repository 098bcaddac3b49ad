"""The workbench: a local web constructor on the engines (``puzzlewright serve``).

An ASGI app (Starlette, served by uvicorn) made of rooms: each room is a route list and a
page in the shared shell. The crossword room edits a grid with the fill engine's help
(viable letters, candidates, fill checks, autofill). Long work runs in worker processes
(:mod:`puzzlewright.workbench.jobs`). Nothing here holds puzzle logic: the engines do.
"""

from puzzlewright.workbench.app import create_app
from puzzlewright.workbench.config import Config

__all__ = ["Config", "create_app"]
