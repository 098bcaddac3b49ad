"""Acrostic ipuz, written: kind ``http://ipuz.org/acrostic#1`` as libipuz lays it out.

``puzzle`` is the quotation grid (cell numbers, ``#`` for word breaks, the clue label as a
top-right mark), ``solution`` its letters. Clues live in the ``"Clues"`` list: one per answer
with ``label``, ``answer`` and ``cells`` (the grid squares its letters go to, in answer
order), plus a ``[QUOTE]`` clue whose cells run through the whole quotation. Coordinates are
``[column, row]``, 0-based. The quotation with punctuation, the source and 1-based cell
numbers are repeated under ``org.puzzlewright:acrostic`` so a renderer needs nothing else.

The reader (:func:`~puzzlewright.crossword.formats.acrostic_ipuz.read_ipuz`) lives with the
other file formats, which convert and render acrostics too; this module writes documents
from a built :class:`~puzzlewright.acrostic.model.Acrostic` and attaches clues to them.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlewright.acrostic.model import Acrostic
from puzzlewright.crossword.clues import ClueLine, normalize_answer
from puzzlewright.crossword.formats.acrostic_ipuz import EXTENSION, KIND, QUOTE_LABEL, read_ipuz


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


@dataclass(frozen=True)
class AcrosticClues:
    """Clues attached to an acrostic ipuz document: the new document and what matched."""

    document: dict[str, Any]
    attached: tuple[str, ...]  # labels of the answers that got a clue
    missing: tuple[tuple[str, str], ...]  # (label, answer) still without a clue
    not_in_puzzle: tuple[tuple[int, str], ...]  # (line, answer) of clue lines that match none

    def to_json(self) -> dict[str, object]:
        """What was attached, left without a clue and not found, as JSON."""
        return {
            "attached": list(self.attached),
            "missing": [{"label": label, "answer": answer} for label, answer in self.missing],
            "not_in_puzzle": [{"line": n, "answer": answer} for n, answer in self.not_in_puzzle],
        }


def attach_acrostic_clues(data: Mapping[str, Any], lines: Sequence[ClueLine]) -> AcrosticClues:
    """A copy of the acrostic ``data`` with each answer's clue taken from ``lines`` (matched
    by answer, as ``crossword clues`` matches entries); clues already there stay unless a
    line gives one. Raises PuzzleInputError when ``data`` is not a readable acrostic."""
    read_ipuz(data)  # the document must be an acrostic this package can read
    document = copy.deepcopy(dict(data))
    by_answer = {line.answer: line for line in reversed(lines)}  # the first line wins
    used: set[str] = set()
    attached, missing = [], []
    for item in document["clues"]["Clues"]:
        label = str(item.get("label"))
        if label == QUOTE_LABEL:
            continue
        answer = normalize_answer(str(item.get("answer") or ""))
        line = by_answer.get(answer)
        if line is not None:
            item["clue"] = line.clue
            used.add(answer)
            attached.append(label)
        elif not item.get("clue"):
            missing.append((label, answer))
    unmatched = tuple((x.line, x.answer) for x in lines if x.answer not in used)
    return AcrosticClues(document, tuple(attached), tuple(missing), unmatched)
