"""The layout model every output format draws from: one grid, clue sections, page text.

Crosswords and acrostics are both turned into a :class:`Document` first, so the SVG, HTML
and PDF writers never look at puzzle files or puzzle objects themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from puzzlewright.crossword.formats.acrostic_ipuz import SheetCell
from puzzlewright.crossword.grid import BAR_BELOW, BAR_RIGHT, Position
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.pagetexts import PageTexts
from puzzlewright.render.markup import plain_text

Kind = Literal["crossword", "acrostic"]


@dataclass(frozen=True)
class CellView(SheetCell):
    """One square as printed: a block, a void (not drawn), or an open cell with its marks.

    The marks are those of an acrostic's square (:class:`SheetCell`: ``number`` is the clue
    number of a crossword or the quotation position of an acrostic, ``corner`` the acrostic
    clue letter, ``answer`` the solution letter(s)); crosswords add shading and bars.
    """

    shaded: bool = False
    bar_right: bool = False  # a thick bar between this cell and the next one across
    bar_below: bool = False  # a thick bar between this cell and the one below


@dataclass(frozen=True)
class GridView:
    """A rectangle of cells, ``rows[r][c]``."""

    rows: tuple[tuple[CellView, ...], ...]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def has_answers(self) -> bool:
        """True when every open cell knows its solution (so a key can be printed)."""
        cells = [cell for row in self.rows for cell in row if not (cell.block or cell.void)]
        return bool(cells) and all(cell.answer or cell.given for cell in cells)


@dataclass(frozen=True)
class Blank:
    """One blank of an acrostic clue: the quotation position it feeds and its letter."""

    number: str
    answer: str = ""


@dataclass(frozen=True)
class ClueEntry:
    """A clue as printed: its label (``12`` or ``A``), text, answer and optional blanks."""

    label: str
    text: str
    answer: str = ""
    blanks: tuple[Blank, ...] = ()


@dataclass(frozen=True)
class ClueSection:
    """A titled list of clues (``Across``, ``Down``, ``Clues``)."""

    heading: str
    entries: tuple[ClueEntry, ...]


@dataclass(frozen=True)
class Words:
    """The fixed words printed around a puzzle, in the puzzle's language."""

    across: str = "Across"
    down: str = "Down"
    clues: str = "Clues"
    solution: str = "Solution"
    byline: str = "by {}"
    page: str = "page {}"
    crossword: str = "Crossword"
    acrostic: str = "Acrostic"
    source: str = "Source (first letters): {}"


ENGLISH = Words()
RUSSIAN = Words(
    across="По горизонтали",
    down="По вертикали",
    clues="Вопросы",
    solution="Ответы",
    byline="{}",
    page="стр. {}",
    crossword="Кроссворд",
    acrostic="Акростих",
    source="Источник (первые буквы): {}",
)


def words_for(texts: list[str]) -> Words:
    """Russian words for a puzzle written mostly in Cyrillic, English otherwise."""
    cyrillic = latin = 0
    for text in texts:
        for char in text:
            if "\u0400" <= char <= "\u04ff":
                cyrillic += 1
            elif char.isascii() and char.isalpha():
                latin += 1
    return RUSSIAN if cyrillic > latin else ENGLISH


@dataclass(frozen=True)
class Document(PageTexts):
    """Everything one printed puzzle shows, independent of the output format."""

    kind: Kind
    grid: GridView
    sections: tuple[ClueSection, ...] = ()
    solution_lines: tuple[str, ...] = field(default=())  # extra key text (acrostic quote)
    words: Words = ENGLISH
    diagramless: bool = False  # the puzzle page shows no blocks (the key does)

    def display_title(self) -> str:
        """The title (padding trimmed), or the kind of puzzle when it has none."""
        title = " ".join(self.title.split())
        if title:
            return title
        return self.words.acrostic if self.kind == "acrostic" else self.words.crossword

    def byline(self) -> str:
        """``by Author`` (in the puzzle's language), or nothing; never ``by by``."""
        author = " ".join(self.author.split())
        if not author:
            return ""
        prefix = self.words.byline.split("{}")[0].strip().lower()
        if prefix and author.lower().startswith(prefix + " "):
            return author
        return self.words.byline.format(author)

    def texts(self) -> list[str]:
        """Every string the document may print, for font coverage checks."""
        out = [self.title, self.author, self.copyright, self.notes, *self.solution_lines]
        for section in self.sections:
            out.append(section.heading)
            for entry in section.entries:
                out.extend((entry.label, entry.text, entry.answer))
                out.extend(blank.answer for blank in entry.blanks)
        for row in self.grid.rows:
            for cell in row:
                out.extend((cell.number, cell.corner, cell.given, cell.answer))
                out.extend((cell.before, cell.after))
        return [plain_text(text) for text in out if text]

    def map_texts(self, change: Callable[[str], str]) -> Document:
        """The document with ``change`` applied to every text it prints."""
        rows = tuple(
            tuple(
                replace(
                    cell,
                    number=change(cell.number),
                    corner=change(cell.corner),
                    given=change(cell.given),
                    before=change(cell.before),
                    after=change(cell.after),
                    answer=change(cell.answer),
                )
                for cell in row
            )
            for row in self.grid.rows
        )
        sections = tuple(
            ClueSection(
                change(section.heading),
                tuple(
                    ClueEntry(
                        change(entry.label),
                        change(entry.text),
                        change(entry.answer),
                        tuple(Blank(change(b.number), change(b.answer)) for b in entry.blanks),
                    )
                    for entry in section.entries
                ),
            )
            for section in self.sections
        )
        return replace(
            self,
            grid=GridView(rows),
            sections=sections,
            title=change(self.title),
            author=change(self.author),
            copyright=change(self.copyright),
            notes=change(self.notes),
            solution_lines=tuple(change(line) for line in self.solution_lines),
        )

    def copyright_line(self) -> str:
        """The copyright as printed, with a © unless it already says so."""
        text = self.copyright.strip()
        if not text:
            return ""
        lowered = text.lower()
        if "©" in text or lowered.startswith(("(c)", "copyright")):
            return text
        return f"© {text}"


def crossword_document(puzzle: Puzzle) -> Document:
    """The printable view of a crossword: numbered grid, circles, Across and Down clues."""
    grid = puzzle.grid
    numbers = grid.numbering()
    shaded: set[Position] = getattr(puzzle, "shaded", set())
    voids: set[Position] = getattr(puzzle, "voids", set())
    rows = []
    for r, row in enumerate(grid.cells):
        out = []
        for c, cell in enumerate(row):
            if cell is None:
                out.append(CellView(void=True) if (r, c) in voids else CellView(block=True))
                continue
            number = numbers.get((r, c))
            given = (r, c) in puzzle.given
            out.append(
                CellView(
                    number=str(number) if number else "",
                    answer=cell,
                    given=cell if given else "",
                    circle=(r, c) in puzzle.circles,
                    shaded=(r, c) in shaded,
                    bar_right=grid.has_bar(r, c, BAR_RIGHT),
                    bar_below=grid.has_bar(r, c, BAR_BELOW),
                )
            )
        rows.append(tuple(out))
    clue_texts = list(puzzle.clues.values())
    words = words_for([*clue_texts, *(cell or "" for row in grid.cells for cell in row)])
    sections = []
    for direction, heading in (("across", words.across), ("down", words.down)):
        entries = tuple(
            ClueEntry(
                label=puzzle.clue_labels.get(slot.key, str(slot.number)),
                text=puzzle.clue(slot),
                answer="".join(grid.cells[r][c] or "" for r, c in slot.cells)
                if all(grid.cells[r][c] for r, c in slot.cells)
                else "",
            )
            for slot in grid.slots()
            if slot.direction == direction
        )
        if entries:
            sections.append(ClueSection(heading, entries))
    return Document(
        kind="crossword",
        grid=GridView(tuple(rows)),
        sections=tuple(sections),
        title=plain_text(puzzle.title),
        author=plain_text(puzzle.author),
        copyright=plain_text(puzzle.copyright),
        notes=puzzle.notes,
        words=words,
        diagramless=puzzle.kind == "diagramless",
    )


def require_key(document: Document) -> None:
    """Refuse a key for a puzzle whose grid has no solution letters."""
    if not document.grid.has_answers():
        raise PuzzleInputError("--key needs the solution, but the puzzle's grid is not filled in")
