"""Plain-text rendering of an acrostic: the clue list with numbered blanks, then the grid."""

from __future__ import annotations

from puzzlewright.acrostic.model import Acrostic

BLANKS_PER_LINE = 12


def clue_lines(puzzle: Acrostic, *, key: bool = False) -> list[str]:
    """Each clue: its label, a row of blanks (letters with ``key``) and their numbers."""
    lines = []
    pad = max(len(a.label) for a in puzzle.answers) + 2
    for answer in puzzle.answers:
        head = f"{answer.label}.".ljust(pad)
        chunks = [
            list(range(i, min(i + BLANKS_PER_LINE, len(answer.word))))
            for i in range(0, len(answer.word), BLANKS_PER_LINE)
        ]
        for n, chunk in enumerate(chunks):
            lead = head if n == 0 else " " * pad
            blanks = "".join(f"{(answer.word[k] if key else '_'):>4}" for k in chunk)
            numbers = "".join(f"{answer.cells[k]:>4}" for k in chunk)
            tail = f"   {answer.word}" if key and n == 0 else ""
            lines.append(f"{lead}{blanks}{tail}")
            lines.append(f"{' ' * pad}{numbers}")
    return lines


def grid_lines(puzzle: Acrostic, *, key: bool = False) -> list[str]:
    """The quotation grid: per row, numbers with clue labels, then letters or blanks."""
    lines = []
    cell_width = max(
        5, len(str(len(puzzle.letters))) + 1 + max(len(a.label) for a in puzzle.answers) + 1
    )
    for row in puzzle.grid.rows:
        top = []
        bottom = []
        for cell in row:
            if cell is None:
                top.append("#" * (cell_width - 1) + " ")
                bottom.append("#" * (cell_width - 1) + " ")
                continue
            top.append(f"{cell.number}{cell.clue}".ljust(cell_width))
            body = cell.letter if key else "_"
            bottom.append(f"{cell.before}{body}{cell.after}".ljust(cell_width))
        lines.append("".join(top).rstrip())
        lines.append("".join(bottom).rstrip())
        lines.append("")
    return lines


def render_text(puzzle: Acrostic, *, key: bool = False) -> str:
    """The whole puzzle as text (the answer key too with ``key``)."""
    parts = [f"Source: {puzzle.source}" if key else f"Clues: {len(puzzle.answers)}", ""]
    parts.extend(clue_lines(puzzle, key=key))
    parts.append("")
    parts.extend(grid_lines(puzzle, key=key))
    if key:
        parts.append(puzzle.quote)
    return "\n".join(parts).rstrip() + "\n"
