"""Your own clue history: every clue of the puzzles in a folder, indexed by answer.

A constructor's past puzzles (``.ipuz``, ``.puz``, ``.jpz``, ``.xd``, read by
:mod:`puzzlewright.crossword.formats`) are the one clue corpus that may be used freely. The
index answers "how did I clue this before?" (every earlier clue for an answer, newest
first, with the file and entry), "have I used this clue recently?" (a clue that repeats
one of the same answer in a puzzle modified within ``recent_days``), and finds clues by
their words. Files that do not read are listed, not fatal.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

from puzzlewright.crossword.clues import normalize_answer
from puzzlewright.crossword.drafts import Draft
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import NEVER, StopReason, StopSignal, clock

SUFFIXES = (".ipuz", ".puz", ".jpz", ".xd")
MAX_FILES = 20_000
DAY = 86_400.0
_SPACE = re.compile(r"\s+")
_NOT_WORD = re.compile(r"[^\w\s]")
DRAFT_MARK = "[draft]"


@dataclass(frozen=True)
class ClueUse:
    """One clue in one puzzle: answer, clue, where (file, entry key, title) and when
    (the file's modification time, seconds since the epoch)."""

    answer: str
    clue: str
    path: str
    key: str
    title: str
    modified: float

    def to_json(self) -> dict[str, object]:
        """Every field, in order."""
        return asdict(self)


@lru_cache(maxsize=1 << 16)
def clue_key(clue: str) -> str:
    """A clue compared for repeats: no draft mark, lower case, no punctuation, single spaces."""
    text = clue.strip()
    if text.lower().startswith(DRAFT_MARK):
        text = text[len(DRAFT_MARK) :]
    return _SPACE.sub(" ", _NOT_WORD.sub("", text.lower())).strip()


@dataclass(frozen=True)
class Repeat:
    """A clue of a puzzle that repeats a recent one for the same answer."""

    key: str
    answer: str
    clue: str
    earlier: ClueUse

    def to_json(self) -> dict[str, object]:
        """The entry, its clue and the earlier use."""
        return {**asdict(self), "earlier": self.earlier.to_json()}


@dataclass
class ClueIndex:
    """The clues of a folder's puzzles by answer (see the module docstring)."""

    folder: str
    by_answer: dict[str, list[ClueUse]] = field(default_factory=dict)
    puzzles: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)  # path, why
    seconds: float = 0.0
    stop_reason: StopReason | None = None

    @property
    def clues(self) -> int:
        """How many clues the index holds."""
        return sum(len(uses) for uses in self.by_answer.values())

    def lookup(self, answer: str) -> list[ClueUse]:
        """Every clue used for ``answer`` (any spelling: ``ice cream``), newest first."""
        return list(self.by_answer.get(normalize_answer(answer), []))

    def search(self, words: str, limit: int = 100) -> list[ClueUse]:
        """Clues containing every word of ``words`` (case and punctuation ignored)."""
        wanted = clue_key(words).split()
        if not wanted:
            raise PuzzleInputError("give words to search clues for", parameters=("words",))
        found = []
        for uses in self.by_answer.values():
            for use in uses:
                have = f" {clue_key(use.clue)} "
                if all(f" {word} " in have for word in wanted):
                    found.append(use)
        found.sort(key=lambda use: (-use.modified, use.path, use.key))
        return found[:limit]

    def repeats(
        self, puzzle: Puzzle, *, recent_days: float = 365.0, now: float, exclude: str = ""
    ) -> list[Repeat]:
        """The clues of ``puzzle`` that repeat a clue for the same answer used in a puzzle
        modified in the last ``recent_days`` before ``now`` (``exclude``: the puzzle's own
        file, not an earlier use)."""
        since = now - recent_days * DAY
        found = []
        for slot in puzzle.grid.slots():
            clue = puzzle.clues.get(slot.key, "")
            answer = normalize_answer(puzzle.grid.word(slot))
            if not clue_key(clue):
                continue
            for use in self.by_answer.get(answer, []):
                same_file = exclude and os.path.abspath(use.path) == os.path.abspath(exclude)
                if use.modified >= since and not same_file and clue_key(use.clue) == clue_key(clue):
                    found.append(Repeat(slot.key, answer, clue, use))
                    break
        return found

    def to_json(self) -> dict[str, object]:
        """The figures of the index (not its clues: query them)."""
        return {
            "folder": self.folder,
            "puzzles": self.puzzles,
            "answers": len(self.by_answer),
            "clues": self.clues,
            "skipped": [{"path": path, "reason": why} for path, why in self.skipped],
            "seconds": round(self.seconds, 4),
            "stop_reason": self.stop_reason,
        }


def puzzle_files(folder: str | os.PathLike[str]) -> Iterator[Path]:
    """The puzzle files under ``folder`` (recursively, sorted; symbolic links not followed)."""
    root = Path(folder)
    if not root.is_dir():
        raise PuzzleInputError(f"{folder} is not a folder")
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if path.suffix.lower() in SUFFIXES and path.is_file() and not path.is_symlink():
                yield path


def uses_of(puzzle: Puzzle, path: str, modified: float) -> Iterator[ClueUse]:
    """The clues of one puzzle with their answers (entries with empty cells are skipped)."""
    grid = puzzle.grid
    for slot in grid.slots():
        clue = puzzle.clues.get(slot.key, "").strip()
        answer = normalize_answer(grid.word(slot))
        if clue and "?" not in answer and answer.isalpha():
            yield ClueUse(answer, clue, path, slot.key, puzzle.title, modified)


def build_index(
    folder: str | os.PathLike[str], *, stop: StopSignal = NEVER, max_files: int = MAX_FILES
) -> ClueIndex:
    """Index every clue of the puzzles under ``folder`` by answer, newest first."""
    from puzzlewright.crossword.formats import load_puzzle

    started = clock()
    index = ClueIndex(str(folder))
    grouped: dict[str, list[ClueUse]] = defaultdict(list)
    for count, path in enumerate(puzzle_files(folder)):
        if count >= max_files:
            index.stop_reason = "limit"
            break
        if stop.should_stop():
            index.stop_reason = stop.reason
            break
        try:
            puzzle = load_puzzle(path, warnings=[])
            modified = path.stat().st_mtime
        except (PuzzleInputError, OSError) as exc:
            index.skipped.append((str(path), str(exc).removeprefix(f"{path}: ")))
            continue
        index.puzzles += 1
        for use in uses_of(puzzle, str(path), modified):
            grouped[use.answer].append(use)
    for answer, uses in grouped.items():
        uses.sort(key=lambda use: (-use.modified, use.path, use.key))
        index.by_answer[answer] = uses
    index.seconds = clock() - started
    return index


@dataclass(frozen=True)
class ClueSuggestions:
    """What the clue box offers for one entry: your earlier clues and WordNet drafts."""

    answer: str
    history: list[ClueUse]
    drafts: list[Draft]
    repeat: ClueUse | None = None  # the recent earlier use the current clue repeats

    def to_json(self) -> dict[str, object]:
        """The answer, earlier clues, drafts and the repeat warning (None: no repeat)."""
        return {
            "answer": self.answer,
            "history": [use.to_json() for use in self.history],
            "drafts": [draft.to_json() for draft in self.drafts],
            "repeat": None if self.repeat is None else self.repeat.to_json(),
        }


def suggest(
    answer: str,
    index: ClueIndex | None,
    *,
    clue: str = "",
    now: float,
    recent_days: float = 365.0,
    limit: int = 20,
    exclude: str = "",
) -> ClueSuggestions:
    """Earlier clues (newest first) and drafts for ``answer``, and the recent earlier use
    that ``clue`` (the clue being written) repeats, if any."""
    from puzzlewright.crossword.drafts import draft_clues

    normalized = normalize_answer(answer)
    uses = [] if index is None else index.lookup(normalized)
    uses = [
        u for u in uses if not (exclude and os.path.abspath(u.path) == os.path.abspath(exclude))
    ]
    since = now - recent_days * DAY
    wanted = clue_key(clue)
    repeat = next(
        (u for u in uses if wanted and u.modified >= since and clue_key(u.clue) == wanted), None
    )
    return ClueSuggestions(normalized, uses[:limit], draft_clues(normalized).drafts, repeat)


__all__ = [
    "ClueIndex",
    "ClueSuggestions",
    "ClueUse",
    "Repeat",
    "build_index",
    "clue_key",
    "puzzle_files",
    "suggest",
    "uses_of",
]
