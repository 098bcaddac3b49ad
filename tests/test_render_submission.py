"""``render --format submission``: filled grid, double-spaced clue/answer list, contact
block, word and block counts in every page's header."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.formats import load_puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.render import crossword_document, render_submission

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("reportlab")

WASHPOST = Path(__file__).parent / "data" / "corpus" / "puzpy" / "washpost.puz"


def pages_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def test_submission_pages() -> None:
    puzzle = load_puzzle(WASHPOST)
    data = render_submission(
        crossword_document(puzzle), "Ada Lovelace", ("12 Analytical Lane", "ada@example.org")
    )
    pages = pages_text(data)
    assert len(pages) >= 2
    for number, text in enumerate(pages, 1):
        assert "Ada Lovelace" in text and "78 words, 36 blocks" in text
        assert f"page {number}" in text
    first = pages[0]
    assert "12 Analytical Lane" in first and "ada@example.org" in first
    assert "Words: 78" in first and "Blocks: 36" in first
    every = "\n".join(pages)
    # every clue with its answer, across then down
    for slot in puzzle.grid.slots():
        assert puzzle.grid.word(slot) in every
    assert every.index("ACROSS") < every.index("DOWN")
    assert re.search(r"\b1\s+LAMB\s+Mary's pet", every)  # number, answer, clue


def test_double_spaced() -> None:
    puzzle = load_puzzle(WASHPOST)
    data = render_submission(crossword_document(puzzle))
    reader = pypdf.PdfReader(io.BytesIO(data))
    rows: list[float] = []

    def visit(text: str, cm: object, tm: list[float], font: object, size: float) -> None:
        if text.strip() in ("Mary's pet", "Disagreement", "Cut, as a turkey"):
            rows.append(tm[5])

    reader.pages[0].extract_text(visitor_text=visit)
    assert len(rows) == 3
    gaps = [a - b for a, b in itertools.pairwise(rows)]
    assert all(gap >= 2 * 11 for gap in gaps)  # 11 pt type, at least 22 pt apart


def test_unfilled_and_acrostic_refused(tmp_path: Path) -> None:
    from puzzlewright.crossword.grid import Grid
    from puzzlewright.crossword.puzzle import Puzzle

    blank = crossword_document(Puzzle(Grid.parse("...\n...\n...\n")))
    with pytest.raises(PuzzleInputError, match="not filled"):
        render_submission(blank)


def test_cli(tmp_path: Path) -> None:
    out = tmp_path / "sub.pdf"
    args = [
        "render",
        str(WASHPOST),
        "--format",
        "submission",
        "--constructor",
        "Ada",
        "-o",
        str(out),
    ]
    result = CliRunner().invoke(cli, [*args, "--contact", "ada@example.org"])
    assert result.exit_code == 0, result.output
    assert "submission" in result.stdout and out.read_bytes().startswith(b"%PDF")
    assert "ada@example.org" in pages_text(out.read_bytes())[0]
    bad = CliRunner().invoke(
        cli, ["render", str(WASHPOST), "--contact", "x", "-o", str(tmp_path / "a.pdf")]
    )
    assert bad.exit_code == 2 and "go with --format submission" in bad.stderr
    key = CliRunner().invoke(cli, [*args, "--key", "--force"])
    assert key.exit_code == 2 and "--key does not apply" in key.stderr
