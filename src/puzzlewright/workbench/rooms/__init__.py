"""The workbench's rooms: a page and its JSON API each, one module per puzzle.

Each module defines ``ROOM`` (the page: title, path, script, stylesheet) and ``ROUTES``
(the page's route and a ``Mount("/api/<room>", routes=[...])`` with every API route written
out); :mod:`puzzlewright.workbench.app` lists them. A handler parses the request, calls the
engines off the event loop, and answers with the engines' own ``to_json()``; long work is a
task for :class:`puzzlewright.workbench.jobs.Jobs`. No puzzle logic lives here.
"""
