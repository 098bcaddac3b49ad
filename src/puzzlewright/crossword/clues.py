"""Clue files (``ANSWER<TAB>clue`` or ``ANSWER: clue`` lines) and attaching clues to a grid.

The same file feeds the freeform layout (answers to lay out) and ``crossword clues`` (clues
for a grid filled elsewhere). Answers are compared normalized: upper case, NFC, spaces,
hyphens and apostrophes squashed, accents folded for Latin words; any alphabet works.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field, replace

from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import read_input
from puzzlewright.lexicon.alphabet import SQUASHED, fold_accents
from puzzlewright.messages import counted

FORMAT_HINT = "expected 'ANSWER<TAB>clue' or 'ANSWER: clue'"
SHOWN_PROBLEMS = 5


@dataclass(frozen=True)
class ClueLine:
    """One line of a clue file: its line number, the normalized answer and the clue."""

    line: int
    answer: str
    clue: str
    written: str = ""  # the answer as written in the file

    def to_json(self) -> dict[str, object]:
        """The clue line as JSON: line number, normalized answer, clue."""
        return {"line": self.line, "answer": self.answer, "clue": self.clue}


def enumeration(written: str, answer: str) -> str:
    """The answer's enumeration as setters print it: ``ICE CREAM`` -> ``3,5``,
    ``MOTHER-IN-LAW`` -> ``6-2-3``, ``KOTLIN`` -> ``6`` (letters counted as normalized)."""
    parts = re.findall(r"[^\s-]+|-", unicodedata.normalize("NFC", written).strip())
    words = [normalize_answer(part) for part in parts if part != "-"]
    if len(words) < 2 or "".join(words) != answer or not all(words):
        return str(len(answer))
    out = ""
    for part in parts:
        if part == "-":
            out += "-"
        else:
            out += ("," if out and not out.endswith("-") else "") + str(len(normalize_answer(part)))
    return out


def normalize_answer(raw: str) -> str:
    """Upper-case, NFC, squash spaces/hyphens/apostrophes; fold accents only if that gives A-Z.

    ``Crème brûlée`` -> ``CREMEBRULEE``; ``ёлка`` -> ``ЁЛКА`` (Cyrillic letters are kept).
    """
    text = unicodedata.normalize("NFC", raw).upper().translate(SQUASHED)
    if not text.isascii():
        folded = fold_accents(text)
        if folded.isascii():
            return folded
    return text


def split_line(line: str) -> tuple[str, str] | None:
    """``(answer, clue)`` from one line (tab first, else the first colon); None if neither."""
    if "\t" in line:
        answer, clue = line.split("\t", 1)
    elif ":" in line:
        answer, clue = line.split(":", 1)
    else:
        return None
    return answer.strip(), clue.strip()


def parse_clues(text: str, source: str = "clue file", *, optional: bool = False) -> list[ClueLine]:
    """Every clue line of ``text``; blank lines and ``#`` comments are skipped.

    Malformed lines raise one PuzzleInputError naming their line numbers. With
    ``optional`` (a word list) a line may be an answer alone: its clue is "".
    """
    lines: list[ClueLine] = []
    bad: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        parts = split_line(raw.strip("\r\n"))
        if parts is None and optional:
            parts = (stripped, "")
        if parts is None:
            bad.append(f"line {number}: no tab or colon")
            continue
        written, clue = parts
        answer = normalize_answer(written)
        if not answer:
            bad.append(f"line {number}: no answer")
        elif not answer.isalpha():
            bad.append(f"line {number}: answer {written!r} is not all letters")
        elif not clue and not optional:
            bad.append(f"line {number}: no clue after the answer")
        else:
            lines.append(ClueLine(number, answer, clue, written))
    if bad:
        shown = "; ".join(bad[:SHOWN_PROBLEMS])
        more = f"; and {len(bad) - SHOWN_PROBLEMS} more" if len(bad) > SHOWN_PROBLEMS else ""
        raise PuzzleInputError(f"{source}: malformed {shown}{more} ({FORMAT_HINT})")
    return lines


def repeated_answers(lines: list[ClueLine]) -> list[tuple[ClueLine, ClueLine]]:
    """Each later line whose answer an earlier line already gave, with that earlier line: a
    list meant to hold each answer once has a mistake there (``crossword layout`` warns)."""
    first: dict[str, ClueLine] = {}
    repeats = []
    for line in lines:
        earlier = first.setdefault(line.answer, line)
        if earlier is not line:
            repeats.append((earlier, line))
    return repeats


def read_clues(
    path: str | os.PathLike[str], what: str = "clue file", *, optional: bool = False
) -> list[ClueLine]:
    """Read and parse a UTF-8 clue file (a BOM is fine); ``optional``: see parse_clues."""
    data = read_input(path, what)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise PuzzleInputError(f"{path}: line {line} is not UTF-8 text") from None
    return parse_clues(text, str(path), optional=optional)


@dataclass(frozen=True)
class EntryClue:
    """One grid entry after attaching: its key (``12A``), answer and clue (empty if none)."""

    key: str
    answer: str
    clue: str
    line: int | None = None  # the clue file line it came from; None if kept or missing

    def to_json(self) -> dict[str, object]:
        """The entry as JSON: key, answer, clue and the clue file line it came from."""
        return {"key": self.key, "answer": self.answer, "clue": self.clue, "line": self.line}


@dataclass
class ClueReport:
    """The puzzle with clues attached and what did not match."""

    puzzle: Puzzle
    entries: list[EntryClue] = field(default_factory=list)
    not_in_grid: list[ClueLine] = field(default_factory=list)  # answers the grid lacks
    unused: list[ClueLine] = field(default_factory=list)  # more clues than grid entries

    @property
    def attached(self) -> list[EntryClue]:
        """Entries that got their clue from the clue file."""
        return [entry for entry in self.entries if entry.line is not None]

    @property
    def missing(self) -> list[EntryClue]:
        """Entries left without any clue."""
        return [entry for entry in self.entries if not entry.clue]

    def to_json(self) -> dict[str, object]:
        """What attaching did, as JSON: counts and the lists a person fixes by hand."""
        return {
            "entries": len(self.entries),
            "attached": len(self.attached),
            "missing": [entry.to_json() for entry in self.missing],
            "not_in_grid": [line.to_json() for line in self.not_in_grid],
            "unused": [line.to_json() for line in self.unused],
        }


def attach_clues(puzzle: Puzzle, lines: list[ClueLine]) -> ClueReport:
    """A copy of ``puzzle`` with clues from ``lines`` attached by answer.

    Entries with the same answer share its clue; when the file gives several clues for one
    answer they go to its entries in clue order, Across then Down (the last one repeats if
    the grid has more).
    Clues already in the puzzle stay unless the file gives one for that entry.
    """
    grid = puzzle.grid
    slots = sorted(grid.slots(), key=lambda slot: (slot.direction != "across", slot.number))
    unfilled = [slot.key for slot in slots if "?" in grid.word(slot)]
    if unfilled:
        shown = ", ".join(unfilled[:SHOWN_PROBLEMS])
        more = ", ..." if len(unfilled) > SHOWN_PROBLEMS else ""
        raise PuzzleInputError(
            f"the grid is not filled: {counted(len(unfilled), 'entry')} with empty cells "
            f"({shown}{more})"
        )
    by_answer: dict[str, list[ClueLine]] = defaultdict(list)
    for line in lines:
        by_answer[line.answer].append(line)
    clues = dict(puzzle.clues)
    used: dict[str, int] = defaultdict(int)
    entries = []
    for slot in slots:
        answer = normalize_answer(grid.word(slot))
        options = by_answer.get(answer)
        if options:
            chosen = options[min(used[answer], len(options) - 1)]
            used[answer] += 1
            clues[slot.key] = chosen.clue
            entries.append(EntryClue(slot.key, answer, chosen.clue, chosen.line))
        else:
            entries.append(EntryClue(slot.key, answer, clues.get(slot.key, "")))
    report = ClueReport(replace(puzzle, clues=clues), entries)
    for answer, options in by_answer.items():
        if answer not in used:
            report.not_in_grid.extend(options)
        else:
            report.unused.extend(options[used[answer] :])
    report.not_in_grid.sort(key=lambda line: line.line)
    report.unused.sort(key=lambda line: line.line)
    return report
