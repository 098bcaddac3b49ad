"""Sample puzzles shared by the render tests (a 15x15, a mini, a Russian one, an acrostic)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.crossword.formats import save_puzzle

PATTERN_15 = """
....#.....#....
....#.....#....
...............
...#....#...###
###...#....#...
.....#...#.....
......#....#...
...#.......#...
...#....#......
.....#...#.....
...#....#...###
###...#....#...
...............
....#.....#....
....#.....#....
"""

CLUE_PHRASES = (
    "Ocean motion",
    "Where the heart is, they say",
    "Composer of the Goldberg Variations, briefly",
    "Opposite of alpha",
    "It may be drawn at the end of a long, hard day at the office",
    "Lab animal",
    "Wharf",
    "Part of a Shakespearean sonnet's closing couplet",
    "Snooze",
    "Sound of disapproval",
    "Kind of tide that follows a full moon",
    "Tolkien creature",
)


def mini_puzzle() -> Puzzle:
    """A filled 5x5 with two blocks, a circle, clues and metadata."""
    grid = Grid.parse("HEAT#\nARENA\nLOVED\nOVENS\n#SEAT\n")
    clues = {slot.key: f"Mini clue {slot.key}, {slot.length} letters" for slot in grid.slots()}
    return Puzzle(
        grid,
        title="Morning Mini",
        author="Ada Setter",
        copyright="2026 Ada Setter",
        notes="Warm up before the big one.",
        clues=clues,
        circles={(2, 2)},
    )


def big_puzzle(long_clues: bool = False) -> Puzzle:
    """A filled 15x15 with standard-looking blocks, circles and varied clue lengths."""
    rng = random.Random(7)
    text = "".join(
        "#" if ch == "#" else rng.choice("ABCDEFGHIKLMNOPRSTUWY") if ch == "." else ch
        for ch in PATTERN_15
    )
    grid = Grid.parse(text)
    clues = {}
    for i, slot in enumerate(grid.slots()):
        phrase = CLUE_PHRASES[i % len(CLUE_PHRASES)]
        if long_clues:
            phrase = f"{phrase}, as described at some length in clue {slot.key} " * 3
        clues[slot.key] = f"{phrase} [{slot.key}]"
    return Puzzle(
        grid,
        title="Sunday Sampler",
        author="Bea Constructor",
        copyright="© 2026 Bea Constructor",
        clues=clues,
        circles={(2, 2), (2, 12), (12, 2), (12, 12)},
    )


def russian_puzzle() -> Puzzle:
    """A small Russian crossword with Cyrillic letters and clues."""
    grid = Grid.parse("ДОМ#КОТ\nОСА#ОДА\nМАК#ТОН\n")
    clues = {
        "1A": "Жилище человека",
        "1D": "Здание для жизни",
        "2D": "Полосатое жалящее насекомое",
        "3D": "Красный полевой цветок",
        "4A": "Мурлыкающий зверь",
        "4D": "Кошачий самец",
        "5D": "Торжественное стихотворение",
        "6D": "Высота звука",
        "7A": "Жалящее насекомое",
        "8A": "Хвалебная песнь",
        "9A": "Маковое поле",
        "10A": "Оттенок цвета",
    }
    numbered = {slot.key for slot in grid.slots()}
    return Puzzle(
        grid,
        title="Кроссворд",
        author="Иван Петров",
        clues={k: v for k, v in clues.items() if k in numbered},
    )


QUOTE = "WE ARE WHAT WE REPEATEDLY DO."


def acrostic_ipuz() -> dict[str, Any]:
    """A tiny hand-made acrostic ipuz: clue cells as quotation numbers, punctuation squares."""
    # quotation letters numbered 1.. in reading order; word breaks are blocks
    words = ["WE", "ARE", "WHAT", "WE", "REPEATEDLY", "DO."]
    width = 8
    letters: list[str | None] = []
    for index, word in enumerate(words):
        if index:
            letters.append(None)
        letters.extend(word)
    puzzle_rows: list[list[Any]] = []
    solution_rows: list[list[Any]] = []
    number = 0
    # clue letters: every 3rd position belongs to A, the others to B (just for the print test)
    positions: dict[str, list[int]] = {"A": [], "B": []}
    row_p: list[Any] = []
    row_s: list[Any] = []
    for ch in letters:
        if ch is None:
            row_p.append("#")
            row_s.append("#")
        elif ch.isalpha():
            number += 1
            label = "A" if number % 3 == 0 else "B"
            positions[label].append(number)
            row_p.append({"cell": number, "style": {"mark": {"TR": label}}})
            row_s.append(ch)
        else:
            row_p.append({"cell": 0, "value": ch})
            row_s.append(ch)
        if len(row_p) == width:
            puzzle_rows.append(row_p)
            solution_rows.append(row_s)
            row_p, row_s = [], []
    if row_p:
        puzzle_rows.append(row_p + [None] * (width - len(row_p)))
        solution_rows.append(row_s + [None] * (width - len(row_s)))
    return {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/acrostic#1"],
        "title": "Acrostic Sampler",
        "author": "Cleo Quoter",
        "copyright": "2026 Cleo Quoter",
        "dimensions": {"width": width, "height": len(puzzle_rows)},
        "block": "#",
        "puzzle": puzzle_rows,
        "solution": solution_rows,
        "clues": {
            "Clues": [
                {"label": "A", "clue": "Every third letter", "cells": positions["A"]},
                {"label": "B", "clue": "All the other letters", "cells": positions["B"]},
                {
                    "label": "[QUOTE]",
                    "clue": "Aristotle",
                    "answer": "".join(ch for ch in QUOTE if ch.isalpha()),
                    "cells": list(range(1, number + 1)),
                },
            ]
        },
        "org.puzzlewright:acrostic": {"quote": QUOTE, "source": "Aristotle"},
    }


def save(puzzle: Puzzle, path: Path) -> Path:
    """Write ``puzzle`` to ``path`` (format by extension) and return the path."""
    save_puzzle(puzzle, path)
    return path


def need_pdftoppm() -> str:
    """The pdftoppm binary; skips the test when poppler-utils is not installed here."""
    tool = shutil.which("pdftoppm")
    if tool is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    return tool


def test_samples_are_consistent() -> None:
    big = big_puzzle()
    assert big.grid.width == big.grid.height == 15
    assert all(big.clue(slot) for slot in big.grid.slots())
    cells = big.grid.cells
    assert all(
        (cells[r][c] is None) == (cells[14 - r][14 - c] is None)
        for r in range(15)
        for c in range(15)
    )
    assert all(russian_puzzle().clue(slot) for slot in russian_puzzle().grid.slots())
