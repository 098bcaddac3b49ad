"""What people exchange: JPZ (and its dangers), Across Lite text, diagramless, xd dialects."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.crossword.formats import dumps_puzzle, load_puzzle, loads_puzzle, save_puzzle
from puzzlewright.errors import PuzzleInputError

CORPUS = Path(__file__).parent / "data" / "corpus"
KOT = CORPUS / "kotwords"
PUZZMO = CORPUS / "xd-crossword-tools"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


# -- JPZ ------------------------------------------------------------------------------------
def test_jpz_reads_kotwords_reference_puzzle() -> None:
    puzzle = load_puzzle(KOT / "jpz-test.jpz")
    assert puzzle.title == "Example Puzzle for Kotwords"
    assert puzzle.author == "Jeff Davidson" and puzzle.notes == "Notepad text goes here."
    assert puzzle.grid.cells[2][2] == "XYZ"  # rebus
    assert puzzle.grid.cells[4][1:] == ["1", "2", "$", "@"]  # digits and symbols
    assert puzzle.circles == {(2, 0), (2, 4)}
    assert puzzle.clues["1A"] == "First across clue with special characters αβγδε"
    assert puzzle.clues["7D"] == "Fifth down clue"


def test_jpz_void_shaded_prefilled_and_markup() -> None:
    void = load_puzzle(KOT / "jpz-test-void.jpz")
    assert (0, 0) in void.voids and void.grid.cells[0][0] is None
    shaded = load_puzzle(KOT / "jpz-test-shaded.jpz")
    assert shaded.shaded
    given = load_puzzle(KOT / "jpz-test-prefilled.jpz")
    assert given.given == {(2, 2)} and given.grid.cells[2][2] == "K"
    html = load_puzzle(KOT / "jpz-test-html.jpz")
    assert any("<i>" in text or "<b>" in text for text in html.clues.values())


def test_jpz_round_trip_keeps_everything(tmp_path: Path) -> None:
    source = load_puzzle(KOT / "jpz-test.jpz")
    source.kind = "diagramless"
    source.shaded = {(0, 0)}
    source.given = {(1, 1)}
    source.clues["1A"] = "An <i>italic</i> clue & more"
    assert save_puzzle(source, tmp_path / "out.jpz") == []
    assert load_puzzle(tmp_path / "out.jpz") == source


def test_jpz_zipped_is_read_and_a_zip_bomb_is_refused(tmp_path: Path) -> None:
    xml = (KOT / "jpz-test.jpz").read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("puzzle.xml", xml)
    assert loads_puzzle(buffer.getvalue(), "jpz").title == "Example Puzzle for Kotwords"
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("puzzle.xml", b"<" + b" " * (40 * 1024 * 1024))
    assert len(bomb.getvalue()) < 100_000
    path = tmp_path / "bomb.jpz"
    path.write_bytes(bomb.getvalue())
    code, _, stderr = run("convert", str(path), str(tmp_path / "out.ipuz"))
    assert code == 2 and "a zip bomb?" in stderr and "Traceback" not in stderr


@pytest.mark.parametrize(
    "xml",
    [
        # billion laughs
        '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
        "<crossword-compiler><rectangular-puzzle><metadata><title>&b;</title></metadata>"
        "</rectangular-puzzle></crossword-compiler>",
        # external entity
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
        "<crossword-compiler><rectangular-puzzle><metadata><title>&e;</title></metadata>"
        "</rectangular-puzzle></crossword-compiler>",
    ],
)
def test_jpz_entities_are_refused(xml: str) -> None:
    with pytest.raises(PuzzleInputError, match="refused unsafe XML"):
        loads_puzzle(xml, "jpz")


def test_jpz_acrostic_prints(tmp_path: Path) -> None:
    code, stdout, stderr = run(
        "render", str(KOT / "acrostic-acrostic.jpz"), "-o", str(tmp_path / "a.html")
    )
    assert code == 0, stderr
    assert "acrostic" in stdout
    html = (tmp_path / "a.html").read_text(encoding="utf-8")
    assert "Clue 1" in html and "Test title" in html


def test_jpz_bars_kept_in_ipuz_and_refused_by_puz(tmp_path: Path) -> None:
    source = KOT / "jpz-test-barred.jpz"
    puzzle = load_puzzle(source)
    assert puzzle.grid.is_barred
    code, _, stderr = run("convert", str(source), str(tmp_path / "b.ipuz"))
    assert code == 0 and "bars" not in stderr
    assert load_puzzle(tmp_path / "b.ipuz").grid == puzzle.grid
    code, _, stderr = run("convert", str(source), str(tmp_path / "b.puz"))
    assert code == 2 and "cannot hold bars" in stderr and not (tmp_path / "b.puz").exists()


# -- Across Lite text ------------------------------------------------------------------------
def test_across_lite_text_recognised_by_content() -> None:
    puzzle = load_puzzle(CORPUS / "puzpy" / "text_format_v2_rebus.txt")
    assert puzzle.title == "Rebus Text Format Test"
    assert puzzle.grid.cells[0][0] == "STAR" and puzzle.grid.cells[1][0] == "BIG"
    upper_v2 = load_puzzle(PUZZMO / "v2-with-mark.puz.txt")  # "<ACROSS PUZZLE V2>"
    assert upper_v2.circles
    grid = load_puzzle(Path(__file__).parent / "data" / "grids" / "mini5.txt")
    assert grid.clues == {}


def test_across_lite_text_round_trip_and_cli(tmp_path: Path) -> None:
    source = load_puzzle(CORPUS / "puzpy" / "nyt_rebus_with_notes_and_shape.puz")
    code, _, stderr = run(
        "convert", str(CORPUS / "puzpy" / "nyt_rebus_with_notes_and_shape.puz"),
        str(tmp_path / "t.txt"), "--to", "across-lite",
    )  # fmt: skip
    assert code == 0, stderr
    assert (tmp_path / "t.txt").read_text(encoding="utf-8").startswith("<ACROSS PUZZLE v2>")
    back = load_puzzle(tmp_path / "t.txt")
    assert back.grid == source.grid and back.clues == source.clues
    assert back.circles == source.circles


def test_plain_txt_output_says_how_to_keep_clues(tmp_path: Path) -> None:
    code, _, stderr = run(
        "convert", str(CORPUS / "puzpy" / "washpost.puz"), str(tmp_path / "g.txt")
    )
    assert code == 0 and "as Across Lite text: --to across-lite" in stderr


# -- diagramless ----------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["ipuz", "puz", "jpz", "xd"])
def test_diagramless_kept_through_every_format(fmt: str) -> None:
    source = load_puzzle(CORPUS / "puzpy" / "diagramless.puz")
    assert source.kind == "diagramless"
    text, warnings = dumps_puzzle(source, fmt)
    assert not any("diagramless" in w for w in warnings)
    assert loads_puzzle(text, fmt).kind == "diagramless"


def test_diagramless_ipuz_and_puz_markers() -> None:
    assert load_puzzle(KOT / "ipuz-test-diagramless.ipuz").kind == "diagramless"
    data, _ = dumps_puzzle(load_puzzle(KOT / "ipuz-test-diagramless.ipuz"), "puz")
    import puz

    assert isinstance(data, bytes)
    theirs = puz.load(data)
    assert theirs.puzzletype == puz.PuzzleType.Diagramless and ":" in theirs.solution


# -- xd dialects ----------------------------------------------------------------------------
def test_puzzmo_dialect_detected_with_design_circles() -> None:
    warnings: list[str] = []
    puzzle = load_puzzle(PUZZMO / "112921---speakerboxxx-the-love-below.xd", warnings=warnings)
    assert any("'.' read as blocks" in w for w in warnings)
    assert puzzle.grid.cells[0][4] is None  # "BLTS...PVC": a block, not an empty cell
    assert puzzle.grid.cells[3][8] == "BOSE"  # the ❶ rebus
    assert (5, 11) in puzzle.circles and len(puzzle.circles) == 19  # the O of ## Design


def test_xd_dialect_option(tmp_path: Path) -> None:
    source = str(PUZZMO / "alpha-bits.xd")
    code, _, stderr = run("convert", source, str(tmp_path / "s.ipuz"), "--xd-dialect", "standard")
    assert code == 0 and "read as blocks" not in stderr
    assert load_puzzle(tmp_path / "s.ipuz").grid.block_count() == 0
    code, _, _ = run("convert", source, str(tmp_path / "p.ipuz"), "--xd-dialect", "puzzmo")
    assert load_puzzle(tmp_path / "p.ipuz").grid.block_count() > 20


def test_comma_separated_rebus_header() -> None:
    text = "Rebus: 1=HEART,2=DIAMOND\n\n\n1A\n2B\n\n\nA1. x ~ HEARTA\n"
    puzzle = loads_puzzle(text, "xd")
    assert puzzle.grid.cells == [["HEART", "A"], ["DIAMOND", "B"]]


def test_unclued_xd_entry_has_two_spaces() -> None:
    text, _ = dumps_puzzle(Puzzle(Grid.parse("AB\nCD")), "xd")
    assert "A1.  ~ AB" in str(text)


# -- numbering and warnings -----------------------------------------------------------------
def test_gaps_never_overwrite_a_clue_and_render_warns_like_convert(tmp_path: Path) -> None:
    source = str(KOT / "ipuz-gaps.ipuz")
    puzzle = load_puzzle(source)
    texts = sorted(puzzle.clues.values())
    assert "Will be removed" in texts and "See 2-Down" in texts  # both kept
    _, _, converted = run("convert", source, str(tmp_path / "g.xd"))
    _, _, rendered = run("render", source, "-o", str(tmp_path / "g.html"))
    dropped = [line for line in converted.splitlines() if "dropped" in line]
    assert dropped and all(line in rendered for line in dropped)


def test_locked_puz_keeps_its_rebus_table() -> None:
    warnings: list[str] = []
    puzzle = load_puzzle(CORPUS / "puzpy" / "nyt_sun_rebus.puz", warnings=warnings)
    assert len(puzzle.rebus_cells()) == 12
    assert warnings == [".puz solution was locked; unlocked with key 2173"]
    assert puzzle.grid.rows_text()[0].startswith("#STUART#ROSIE###OMEGA")


@pytest.mark.parametrize(
    ("name", "key", "first_row"),
    [
        ("nyt_locked", 7844, "PANDORASBOX#SON"),
        ("nyt_weekday_with_notes", 7562, "PASODOBLE##GRUB"),
        ("nyt_diagramless", 3285, "######VISTA######"),
    ],
)
def test_locked_puz_files_are_unlocked(name: str, key: int, first_row: str) -> None:
    """Real locked files; nyt_diagramless's checksum also matches key 7230, whose letters
    are gibberish (the key is chosen by its letters)."""
    warnings: list[str] = []
    puzzle = load_puzzle(CORPUS / "puzpy" / f"{name}.puz", warnings=warnings)
    assert puzzle.grid.rows_text()[0] == first_row
    assert len(warnings) == 1 and f"unlocked with key {key}" in warnings[0]
    assert puzzle.grid.is_filled()
    if name == "nyt_diagramless":
        assert puzzle.kind == "diagramless" and "also matched by 1 other key" in warnings[0]


def test_wynne_1913_clue_numbers_are_kept_and_printed(tmp_path: Path) -> None:
    """The first crossword numbers clues by the squares they run between: '2-3', 'F-7'."""
    source = CORPUS / "ipuz-package" / "first.ipuz"
    puzzle = load_puzzle(source)
    assert "2-3" in puzzle.clue_labels.values() and "F-7" in puzzle.clue_labels.values()
    placed = {puzzle.clue_labels.get(slot.key): puzzle.clue(slot) for slot in puzzle.grid.slots()}
    assert placed["2-3"] == "What bargain hunters enjoy"
    assert placed["F-7"] == "Part of your head"
    text, _ = dumps_puzzle(puzzle, "ipuz")
    assert loads_puzzle(text, "ipuz").clue_labels == puzzle.clue_labels
    _, puz_warnings = dumps_puzzle(puzzle, "puz")
    assert any("clue number(s) of the file's own (2-3" in w for w in puz_warnings)
    code, _, _ = run("render", str(source), "-o", str(tmp_path / "w.html"))
    html = (tmp_path / "w.html").read_text(encoding="utf-8")
    assert code == 0 and "2-3" in html and "What bargain hunters enjoy" in html


def test_acrostic_converts_between_ipuz_and_jpz(tmp_path: Path) -> None:
    import json

    from puzzlewright.crossword.formats.acrostic_ipuz import read_ipuz

    source = Path(__file__).parent / "data" / "acrostic" / "sample.ipuz"
    code, stdout, _ = run("convert", str(source), str(tmp_path / "a.jpz"))
    assert code == 0 and "acrostic" in stdout
    code, _, _ = run("convert", str(tmp_path / "a.jpz"), str(tmp_path / "b.ipuz"))
    assert code == 0
    before = read_ipuz(json.loads(source.read_text(encoding="utf-8")))
    after = read_ipuz(json.loads((tmp_path / "b.ipuz").read_text(encoding="utf-8")))
    assert after.clues == before.clues and after.quote == before.quote
    assert after.source == before.source and after.title == before.title
    strip = [[(c.number, c.answer, c.corner, c.block) for c in row] for row in before.rows]
    assert [[(c.number, c.answer, c.corner, c.block) for c in row] for row in after.rows] == strip
    code, _, stderr = run("convert", str(tmp_path / "a.jpz"), str(tmp_path / "c.puz"))
    assert code == 2 and "an acrostic is written as .ipuz or .jpz" in stderr
