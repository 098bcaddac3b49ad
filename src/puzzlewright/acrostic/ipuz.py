"""The ipuz writer: kind ``http://ipuz.org/acrostic#1`` laid out as libipuz reads acrostics.

``puzzle`` is the quotation grid (cell numbers, ``#`` for word breaks, the clue label as a
top-right mark), ``solution`` its letters. Clues live in the ``"Clues"`` list: one per answer
with ``label``, ``answer`` and ``cells`` (the grid squares its letters go to, in answer
order), plus a ``[QUOTE]`` clue whose cells run through the whole quotation. Coordinates are
``[column, row]``, 0-based. The quotation with punctuation, the source and 1-based cell
numbers are repeated under ``org.puzzlewright:acrostic`` so a renderer needs nothing else.
"""

from __future__ import annotations

import json
from typing import Any

from puzzlewright.acrostic.model import Acrostic

KIND = "http://ipuz.org/acrostic#1"
EXTENSION = "org.puzzlewright:acrostic"
QUOTE_LABEL = "[QUOTE]"


def to_ipuz(
    puzzle: Acrostic, *, title: str | None = None, author: str | None = None
) -> dict[str, Any]:
    """The puzzle as an ipuz document (a dict ready for json.dumps)."""
    where: dict[int, list[int]] = {}
    grid_rows: list[list[Any]] = []
    solution: list[list[Any]] = []
    for y, row in enumerate(puzzle.grid.rows):
        cells: list[Any] = []
        letters: list[Any] = []
        for x, cell in enumerate(row):
            if cell is None:
                cells.append("#")
                letters.append("#")
                continue
            where[cell.number] = [x, y]
            cells.append({"cell": cell.number, "style": {"mark": {"TR": cell.clue}}})
            letters.append(cell.letter)
        grid_rows.append(cells)
        solution.append(letters)
    clues: list[dict[str, Any]] = [
        {
            "number": i + 1,
            "label": answer.label,
            "clue": "",
            "answer": answer.word,
            "enumeration": str(len(answer.word)),
            "cells": [where[n] for n in answer.cells],
        }
        for i, answer in enumerate(puzzle.answers)
    ]
    clues.append(
        {
            "label": QUOTE_LABEL,
            "clue": puzzle.source,
            "answer": puzzle.letters,
            "cells": [where[n] for n in sorted(where)],
        }
    )
    document: dict[str, Any] = {
        "version": "http://ipuz.org/v2",
        "kind": [KIND],
        "title": title or "Acrostic",
        "dimensions": {"width": puzzle.grid.width, "height": len(puzzle.grid.rows)},
        "block": "#",
        "empty": 0,
        "showenumerations": False,
        "puzzle": grid_rows,
        "solution": solution,
        "clues": {"Clues": clues},
        EXTENSION: {
            "quote": puzzle.quote,
            "source": puzzle.source,
            "answers": [a.to_json() for a in puzzle.answers],
            "grid": puzzle.grid.to_json(),
        },
    }
    if author:
        document["author"] = author
    return document


def dumps(puzzle: Acrostic, **meta: str | None) -> str:
    """The ipuz document as JSON text."""
    return json.dumps(to_ipuz(puzzle, **meta), ensure_ascii=False, indent=1) + "\n"
