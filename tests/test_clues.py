"""Clue files: parsing, normalization, malformed lines, and attaching clues to a grid."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlewright.crossword.clues import attach_clues, normalize_answer, parse_clues, read_clues
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError

# 1A CAT 4A ORE 5A TEA / 1D COT 2D ART 3D TEA
GRID = Grid.parse("CAT\nORE\nTEA\n")


def test_both_line_formats_comments_and_blank_lines() -> None:
    lines = parse_clues(
        "# a comment\n\nCAT\tPet that purrs\nore: Mined rock: often metal\n  Tea :  Hot drink \n"
    )
    assert [(c.line, c.answer, c.clue) for c in lines] == [
        (3, "CAT", "Pet that purrs"),
        (4, "ORE", "Mined rock: often metal"),
        (5, "TEA", "Hot drink"),
    ]


@pytest.mark.parametrize(
    ("raw", "answer"),
    [
        ("ice cream", "ICECREAM"),
        ("Jack-in-the-box", "JACKINTHEBOX"),
        ("O'Hare", "OHARE"),
        ("Crème brûlée", "CREMEBRULEE"),
        ("ёлка", "ЁЛКА"),
        ("йогурт", "ЙОГУРТ"),
        ("Straße", "STRASSE"),
    ],
)
def test_answers_are_normalized(raw: str, answer: str) -> None:
    assert normalize_answer(raw) == answer


def test_malformed_lines_are_reported_by_number() -> None:
    text = "CAT\tPet\nno separator here\nORE:\n: no answer\nR2D2: droid\nTEA: Drink\n"
    with pytest.raises(PuzzleInputError) as info:
        parse_clues(text, "clues.txt")
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("clues.txt: malformed line 2: no tab or colon")
    for part in ("line 3: no clue", "line 4: no answer", "line 5: answer 'R2D2' is not all"):
        assert part in message


def test_many_malformed_lines_are_summarized() -> None:
    with pytest.raises(PuzzleInputError, match="and 3 more"):
        parse_clues("x\n" * 8)


def test_read_clues_errors(tmp_path: Path) -> None:
    with pytest.raises(PuzzleInputError, match="no such file"):
        read_clues(tmp_path / "missing.txt")
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"CAT\tPet\nCAF\xc9: Coffee shop\n")
    with pytest.raises(PuzzleInputError, match="line 2 is not UTF-8"):
        read_clues(bad)
    bom = tmp_path / "bom.txt"
    bom.write_text("\ufeffCAT\tPet\n", encoding="utf-8")
    assert read_clues(bom)[0].answer == "CAT"


def test_attach_by_answer_lists_missing_and_unknown() -> None:
    lines = parse_clues("cat: Pet\nORE\tRock\nDOG: Barker\n")
    report = attach_clues(Puzzle(GRID), lines)
    clues = report.puzzle.clues
    assert clues["1A"] == "Pet" and clues["4A"] == "Rock"
    assert [e.key for e in report.missing] == ["5A", "1D", "2D", "3D"]
    assert [(c.line, c.answer) for c in report.not_in_grid] == [(3, "DOG")]
    assert {e.key for e in report.attached} == {"1A", "4A"}


def test_duplicate_answers_share_a_clue_or_take_several_in_order() -> None:
    # TEA is both 5A and 3D
    one = attach_clues(Puzzle(GRID), parse_clues("TEA: Hot drink\n"))
    assert one.puzzle.clues["5A"] == one.puzzle.clues["3D"] == "Hot drink"
    two = attach_clues(Puzzle(GRID), parse_clues("TEA: Hot drink\nTEA: Afternoon meal\n"))
    assert two.puzzle.clues["5A"] == "Hot drink"
    assert two.puzzle.clues["3D"] == "Afternoon meal"
    three = attach_clues(Puzzle(GRID), parse_clues("TEA: A\nTEA: B\nTEA: C\n"))
    assert [c.clue for c in three.unused] == ["C"]


def test_existing_clues_are_kept_unless_replaced() -> None:
    puzzle = Puzzle(GRID, title="Mini", clues={"1A": "Old", "2D": "Painting, e.g."})
    report = attach_clues(puzzle, parse_clues("CAT: New\n"))
    assert report.puzzle.clues["1A"] == "New"
    assert report.puzzle.clues["2D"] == "Painting, e.g."
    assert report.puzzle.title == "Mini"
    assert puzzle.clues["1A"] == "Old"  # the input is not changed


def test_rebus_and_phrase_answers_match() -> None:
    grid = Grid.parse("[ICE]CREAM\n")
    report = attach_clues(Puzzle(grid), parse_clues("Ice cream: Cold dessert\n"))
    assert report.puzzle.clues["1A"] == "Cold dessert"


def test_unfilled_grid_is_refused() -> None:
    with pytest.raises(PuzzleInputError, match="not filled"):
        attach_clues(Puzzle(Grid.parse("CA.\nORE\nTEA\n")), [])
