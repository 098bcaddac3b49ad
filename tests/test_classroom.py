"""The classroom sheets: a teacher's word list drafted and laid out (``crossword layout
--clues draft --print``), and the word search of the same list with its key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.classroom import (
    PLACEHOLDER,
    clue_file_text,
    draft_missing_clues,
    parse_word_list,
)
from puzzlewright.crossword.clues import parse_clues
from puzzlewright.crossword.formats import load_puzzle
from puzzlewright.crossword.wordsearch import make_wordsearch
from puzzlewright.errors import PuzzleInputError

ANIMALS = """# Year 4 science
habitat
predator
prey
camouflage
mammal
reptile
amphibian
insect
migration
hibernate
herbivore
carnivore
omnivore
food chain
adaptation
nocturnal
burrow
nest: Where birds lay eggs
extinct
species
"""


def test_word_list_keeps_given_clues_and_drafts_the_rest() -> None:
    lines = parse_word_list(ANIMALS + "zxqvw\n")
    clued = draft_missing_clues(lines)
    clues = {line.answer: line.clue for line in clued.lines}
    assert clues["NEST"] == "Where birds lay eggs" and "NEST" not in clued.drafted
    assert clued.undrafted == ["ZXQVW"] and clues["ZXQVW"] == PLACEHOLDER
    assert clues["FOODCHAIN"].endswith("(4,5)")
    # the topic (animals) picks the sense: prey the animal, not the victim
    assert clues["PREY"] == "Animal hunted or caught for food"
    assert clues["INSECT"] == "Small air-breathing arthropod"
    for answer, clue in clues.items():
        assert answer.lower() not in clue.lower().split()


def test_clue_file_round_trips_through_the_clue_parser() -> None:
    clued = draft_missing_clues(parse_word_list("cat\ndog: Barker\n"))
    text = clue_file_text(clued.lines, "puzzlewright crossword layout x -o y")
    parsed = parse_clues(text)
    assert [(line.answer, line.clue) for line in parsed] == [
        (line.answer, line.clue) for line in clued.lines
    ]


def test_bad_word_lists() -> None:
    with pytest.raises(PuzzleInputError, match="no words"):
        parse_word_list("# nothing\n\n")
    with pytest.raises(PuzzleInputError, match="line 2: answer '42' is not all letters"):
        parse_word_list("cat\n42\n")


def test_layout_draft_cli(tmp_path: Path) -> None:
    words = tmp_path / "animals.txt"
    words.write_text(ANIMALS, encoding="utf-8")
    out, sheet = tmp_path / "animals.ipuz", tmp_path / "animals.pdf"
    args = ["crossword", "layout", str(words), "--clues", "draft", "-o", str(out)]
    result = CliRunner().invoke(cli, [*args, "--print", str(sheet), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["clue_file"] == str(tmp_path / "animals-clues.txt")
    assert len(document["drafted"]) == 19 and document["undrafted"] == []
    puzzle = load_puzzle(out)
    assert all(clue and clue != PLACEHOLDER for clue in puzzle.clues.values())
    assert sheet.read_bytes().startswith(b"%PDF")
    # the edited clue file lays out again as it is
    again = CliRunner().invoke(
        cli, ["crossword", "layout", document["clue_file"], "-o", str(tmp_path / "b.ipuz")]
    )
    assert again.exit_code == 0, again.output
    plain = CliRunner().invoke(cli, ["crossword", "layout", str(words), "-o", str(out), "--force"])
    assert plain.exit_code == 2 and "no tab or colon" in plain.stderr


def test_layout_draft_keeps_an_edited_clue_file(tmp_path: Path) -> None:
    """The made-up clue file (NAME-clues.txt beside -o) is the teacher's to edit: running
    the draft again replaced their edits silently; now it is kept and --clue-file names
    the file to replace."""
    words = tmp_path / "animals.txt"
    words.write_text("prey\npredator\nhabitat\nforest\n", encoding="utf-8")
    out, edited = tmp_path / "animals.ipuz", tmp_path / "animals-clues.txt"
    edited.write_text("PREY: Hunted animal (my clue)\n", encoding="utf-8")
    args = ["crossword", "layout", str(words), "--clues", "draft", "-o", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        f"error: {edited} already exists: name it with --clue-file to replace it, or choose another"
    )
    assert edited.read_text(encoding="utf-8") == "PREY: Hunted animal (my clue)\n"
    assert not out.exists()
    named = CliRunner().invoke(cli, [*args, "--clue-file", str(edited)])
    assert named.exit_code == 0, named.output
    assert "my clue" not in edited.read_text(encoding="utf-8")


def test_wordsearch_hides_every_word_once() -> None:
    lines = parse_word_list(ANIMALS)
    for level in ("easy", "medium", "hard"):
        ws = make_wordsearch(lines, level=level, seed=3)  # type: ignore[arg-type]
        assert not ws.left_out and len(ws.hidden) == 20
        for hidden in ws.hidden:
            read = "".join(ws.rows[r][c] for r, c in hidden.cells())
            assert read == hidden.answer
        if level == "easy":
            assert {h.direction for h in ws.hidden} <= {"across", "down"}
    same = make_wordsearch(lines, seed=3)
    assert same.rows == make_wordsearch(lines, seed=3).rows
    assert same.rows != make_wordsearch(lines, seed=4).rows
    letters = set("".join(line.answer for line in lines))
    assert set("".join(same.rows)) <= letters  # filler drawn from the words' letters


def readings(rows: list[str], word: str) -> int:
    """How many times ``word`` reads in the square, in the eight directions: each maximal
    line (across, down, both diagonals) read forwards and backwards."""
    size = len(rows)
    inside = range(size)
    found = 0
    for r in inside:
        for c in inside:
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                if r - dr in inside and c - dc in inside:
                    continue  # not the start of a line
                cells = []
                rr, cc = r, c
                while rr in inside and cc in inside:
                    cells.append(rows[rr][cc])
                    rr, cc = rr + dr, cc + dc
                line = "".join(cells)
                for text in (line, line[::-1]):
                    found += sum(text.startswith(word, i) for i in range(len(text)))
    return found


def test_wordsearch_words_read_once() -> None:
    lines = parse_word_list(ANIMALS)
    for seed in range(3):
        ws = make_wordsearch(lines, level="hard", seed=seed)
        assert all(readings(ws.rows, h.answer) == 1 for h in ws.hidden), seed


def test_wordsearch_fixed_size_leaves_words_out() -> None:
    lines = parse_word_list(ANIMALS)
    ws = make_wordsearch(lines, size=10, level="easy")
    assert ws.size == 10 and ws.left_out
    with pytest.raises(PuzzleInputError, match="size must be 10 to 30"):
        make_wordsearch(lines, size=5)


def test_wordsearch_cli(tmp_path: Path) -> None:
    words = tmp_path / "animals.txt"
    words.write_text(ANIMALS, encoding="utf-8")
    html = tmp_path / "ws.html"
    result = CliRunner().invoke(cli, ["crossword", "wordsearch", str(words), "-o", str(html)])
    assert result.exit_code == 0, result.output
    page = html.read_text(encoding="utf-8")
    same = make_wordsearch(parse_word_list(ANIMALS), seed=0)  # the command's default seed
    covered = {cell for hidden in same.hidden for cell in hidden.cells()}
    assert page.count('class="on"') == len(covered)  # the key marks exactly the words
    assert "".join(same.rows[0]) in page.replace("<td>", "").replace("</td>", "")
    assert "word search key" in page and "FOOD CHAIN" in page
    pdf = tmp_path / "ws.pdf"
    result = CliRunner().invoke(
        cli, ["crossword", "wordsearch", str(words), "-o", str(pdf), "--json"]
    )
    assert json.loads(result.stdout)["size"] >= 10 and pdf.read_bytes().startswith(b"%PDF")
    assert "warning" not in result.stderr


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("sheet.docx", "writing pdf to {}, whose extension is not .pdf or .html"),
        ("sheet.svg", "writing pdf to {}, whose extension says svg"),
        ("sheet.htm", None),
    ],
)
def test_printed_sheets_warn_of_an_extension_they_do_not_write(
    tmp_path: Path, name: str, expected: str | None
) -> None:
    # wordsearch -o sheet.docx (and layout --print sheet.docx) wrote a PDF there without a
    # word, where render warns; one check (cli.common.extension_warning) serves all three
    words = tmp_path / "animals.txt"
    words.write_text(ANIMALS, encoding="utf-8")
    out = tmp_path / name
    made = CliRunner().invoke(cli, ["crossword", "wordsearch", str(words), "-o", str(out)])
    sheet = tmp_path / ("print-" + name)
    laid = CliRunner().invoke(
        cli, ["crossword", "layout", str(words), "--clues", "draft", "--print", str(sheet)]
    )
    for result, path in ((made, out), (laid, sheet)):
        assert result.exit_code == 0, result.output
        warnings = [line for line in result.stderr.splitlines() if "extension" in line]
        assert warnings == ([] if expected is None else [f"warning: {expected.format(path)}"])
        wanted = b"<!DOCTYPE html>" if expected is None else b"%PDF"
        assert path.read_bytes().lstrip()[: len(wanted)].upper() == wanted.upper()
