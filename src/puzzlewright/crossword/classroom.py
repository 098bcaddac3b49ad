"""A teacher's word list, clued: the input of ``crossword layout --clues draft`` and of
``crossword wordsearch``.

A word list has one word (or phrase) a line, optionally with a clue (``word<TAB>clue`` or
``word: clue``, as a clue file); ``#`` lines are comments. Words without a clue get the
first WordNet draft (:mod:`puzzlewright.crossword.drafts`); those WordNet does not know are
listed, with a placeholder to write over. The clued list is written back as an editable
clue file, which ``crossword layout`` reads as it is.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from puzzlewright.crossword.clues import ClueLine, parse_clues, read_clues
from puzzlewright.errors import PuzzleInputError

PLACEHOLDER = "(write a clue)"
MAX_WORDS = 500


@dataclass
class CluedList:
    """The words with their clues, which were drafted and which WordNet could not clue."""

    lines: list[ClueLine]
    drafted: list[str] = field(default_factory=list)  # answers that got a draft
    undrafted: list[str] = field(default_factory=list)  # answers left with the placeholder

    def to_json(self) -> dict[str, object]:
        """Counts and the answers a teacher should look at."""
        return {
            "words": len(self.lines),
            "drafted": self.drafted,
            "undrafted": self.undrafted,
        }


def parse_word_list(text: str, source: str = "word list") -> list[ClueLine]:
    """Every word of a word list, with its clue or "" (see the module docstring)."""
    return _checked(parse_clues(text, source, optional=True), source)


def read_word_list(path: str | os.PathLike[str]) -> list[ClueLine]:
    """Read and parse a UTF-8 word list."""
    return _checked(read_clues(path, "word list", optional=True), str(path))


def _checked(lines: list[ClueLine], source: str) -> list[ClueLine]:
    """The words of a list, refused when there are none or too many."""
    if not lines:
        raise PuzzleInputError(f"{source}: no words found")
    if len(lines) > MAX_WORDS:
        raise PuzzleInputError(f"{source}: {len(lines)} words; at most {MAX_WORDS}")
    return lines


def draft_missing_clues(lines: list[ClueLine]) -> CluedList:
    """The list with every empty clue drafted, or the placeholder. The words are taken as
    one topic: the sense drafted is the one closest to the other words (``PREY`` the
    animal, not the victim, beside PREDATOR and HABITAT), familiarity breaking ties."""
    from puzzlewright.crossword.drafts import draft_clues, topic_preference

    result = CluedList([])
    topic = topic_preference([line.written or line.answer for line in lines])
    for line in lines:
        if line.clue:
            result.lines.append(line)
            continue
        entry = line.written or line.answer
        drafts = draft_clues(entry, prefer=topic(entry)).drafts
        if drafts:
            result.lines.append(replace(line, clue=drafts[0].clue))
            result.drafted.append(line.answer)
        else:
            result.lines.append(replace(line, clue=PLACEHOLDER))
            result.undrafted.append(line.answer)
    return result


def clue_file_text(lines: list[ClueLine], command: str = "") -> str:
    """The clued list as an editable clue file (``word<TAB>clue`` lines)."""
    head = "# Clues for the word list: edit them (drafts come from WordNet), then lay out again"
    rows = [head + (f":\n#   {command}" if command else "."), "#"]
    rows += [f"{line.written or line.answer}\t{line.clue}" for line in lines]
    return "\n".join(rows) + "\n"


__all__ = [
    "PLACEHOLDER",
    "CluedList",
    "clue_file_text",
    "draft_missing_clues",
    "parse_word_list",
    "read_word_list",
]
