"""Draft clues from WordNet: senses by familiarity, shortening, inflection, leak check, the
``crossword clues --draft`` command and the reproducible data file."""

from __future__ import annotations

import gzip
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword.drafts import (
    DRAFT_MARK,
    draft_clues,
    draft_missing,
    enumeration,
    leaks,
    shorten,
)
from puzzlewright.crossword.formats import load_puzzle, save_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.lexicon.definitions import definitions, squash

ROOT = Path(__file__).resolve().parents[1]
WORDNET = Path("/usr/share/wordnet")


def texts(entry: str) -> list[str]:
    return [draft.clue for draft in draft_clues(entry).drafts]


def test_most_familiar_sense_first_and_kinds() -> None:
    drafts = draft_clues("dog").drafts
    assert drafts[0].kind == "definition" and drafts[0].sense == 0
    assert drafts[0].text == "Member of the genus Canis"
    assert "The ___ barked all night" in [d.text for d in drafts]
    assert [d.sense for d in drafts] == sorted(d.sense for d in drafts)


def test_inflected_entries_get_inflected_drafts() -> None:
    assert texts("CITIES")[0] == "Large and densely populated urban areas"
    assert texts("RAN")[0] == "Moved fast by using one's feet"  # irregular: the past
    assert "Came to a halt" in texts("STOPPED")
    assert "Moving fast by using one's feet" in [
        d.text for d in draft_clues("RUNNING", limit=20).drafts
    ]
    assert texts("MICE")[0] == "Small rodents"  # "any of numerous small rodents"


def test_phrases_get_enumeration_and_leaky_parts_are_cut() -> None:
    # "frozen dessert containing cream and sugar": "cream" is a part of the answer
    assert texts("ICECREAM") == ["Frozen dessert (3,5)"]
    assert texts("ATONCE")[0] == "Without delay or hesitation (2,4)"
    assert enumeration("x-ray") == "(1-3)"
    assert enumeration("jack-in-the-box") == "(4-2-3-3)"
    assert enumeration("round robin") == "(5,5)"
    assert enumeration("dog") == ""


def test_unknown_entries_have_no_drafts() -> None:
    assert draft_clues("XQZV").drafts == []
    assert draft_clues("ETTU").drafts == []


def test_leak_check() -> None:
    roots = frozenset({"CARVE", "CARV"})
    assert leaks("Form by carving", roots, "CARVE")
    assert leaks("Big storm", frozenset({"FIRESTORM"}), "FIRESTORM")  # inside the answer
    assert leaks("an ice cream cone", frozenset({"ICECREAM"}))  # words run together
    assert not leaks("Frozen dessert", frozenset({"ICECREAM", "ICE", "CREAM"}), "ICECREAM")


def test_shorten_to_clue_length() -> None:
    assert shorten("a large and densely populated urban area", "n") == (
        "Large and densely populated urban area"
    )
    text = shorten(
        "a member of the genus Canis (probably descended from the common wolf) that has been",
        "n",
    )
    assert text == "Member of the genus Canis that has been"
    assert shorten("a member of the genus Canis that has been...", "n") == (
        "Member of the genus Canis"
    )
    long = shorten("a tournament in which every contestant plays every other contestant", "n")
    assert long == "Tournament"
    assert all(len(shorten(d, "n")) <= 48 for d in ["x " * 60, "word " * 30])


def _answer_inside(draft: str, answer: str) -> bool:
    """The check of the issue, written independently of drafts.leaks: a word of the draft
    is the answer or starts with it, or adjacent words run together into it."""
    words = [squash(w) for w in re.findall(r"[A-Za-z]+", draft)]
    if any(word.startswith(answer) for word in words):
        return True
    return any(
        "".join(words[i:j]) == answer
        for i in range(len(words))
        for j in range(i + 2, min(i + 6, len(words)) + 1)
    )


@pytest.mark.slow
def test_no_draft_contains_its_answer_on_5000_entries() -> None:
    from puzzlewright.lexicon import builtin_english

    words = builtin_english(phrases=True)
    entries = sorted(entry for n in range(3, 16) for entry in words.index(n).words)
    sample = random.Random(29).sample(entries, 5000)
    drafted = 0
    for entry in sample:
        drafts = draft_clues(entry).drafts
        drafted += bool(drafts)
        bad = [d.clue for d in drafts if _answer_inside(d.clue, entry)]
        assert not bad, (entry, bad)
    assert drafted > 2500  # most entries of the list get a draft


def test_draft_missing_keeps_written_clues_and_marks_drafts() -> None:
    puzzle = Puzzle(Grid.parse("CAT\nORE\nTEA\n"), clues={"1A": "Pet that purrs"})
    report = draft_missing(puzzle)
    clues = report.puzzle.clues
    assert clues["1A"] == "Pet that purrs"
    assert clues["4A"].startswith(DRAFT_MARK) and "ore" not in clues["4A"].lower()[8:]
    assert all(key in clues for key, _, _ in report.drafted)
    assert {key for key, _ in report.undrafted} | set(clues) == {s.key for s in puzzle.grid.slots()}


def test_cli_draft(tmp_path: Path) -> None:
    source = tmp_path / "mini.ipuz"
    save_puzzle(Puzzle(Grid.parse("CAT\nORE\nTEA\n")), source)
    out = tmp_path / "out.ipuz"
    args = ["crossword", "clues", str(source), "--draft", "-o", str(out), "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    drafted = {item["key"]: item["clue"] for item in document["drafted"]}
    assert set(drafted) | {i["key"] for i in document["undrafted"]} == {
        "1A",
        "4A",
        "5A",
        "1D",
        "2D",
        "3D",
    }
    saved = load_puzzle(out).clues
    assert all(saved[key] == DRAFT_MARK + clue for key, clue in drafted.items())
    plain = CliRunner().invoke(cli, ["crossword", "clues", str(source), "-o", str(out), "--force"])
    assert plain.exit_code == 2 and "give a CLUES file, --draft, or both" in plain.stderr


def test_data_file_is_small_and_licensed() -> None:
    data = ROOT / "src/puzzlewright/lexicon/data/definitions.txt.gz"
    assert data.stat().st_size < 5_000_000
    with gzip.open(data, "rt") as stream:
        head = stream.read(600)
    assert "Princeton University" in head and "WORDNET-LICENSE" in head
    assert len(definitions().senses("house")) > 5


@pytest.mark.slow
@pytest.mark.skipif(not (WORDNET / "data.noun").is_file(), reason="wordnet-base not installed")
def test_data_file_is_reproducible(tmp_path: Path) -> None:
    out = tmp_path / "definitions.txt.gz"
    tool = ROOT / "tools" / "make_definitions.py"
    subprocess.run(
        [sys.executable, str(tool), "--output", str(out)], check=True, capture_output=True
    )
    assert (
        out.read_bytes() == (ROOT / "src/puzzlewright/lexicon/data/definitions.txt.gz").read_bytes()
    )


def test_draft_command() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["crossword", "draft", "ice cream", "cities", "--json"])
    assert result.exit_code == 0, result.output
    found = {r["entry"]: r["drafts"] for r in json.loads(result.stdout)["results"]}
    assert found["ICECREAM"][0]["clue"] == "Frozen dessert (3,5)"
    assert found["CITIES"][0]["kind"] == "definition"
    unknown = runner.invoke(cli, ["crossword", "draft", "xqzvw"])
    assert unknown.exit_code == 1 and "no draft" in unknown.stdout
    empty = runner.invoke(cli, ["crossword", "draft", "--", "123"])
    assert empty.exit_code == 2 and empty.stderr == "error: '123' has no letters to look up\n"
