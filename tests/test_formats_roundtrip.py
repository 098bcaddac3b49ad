"""Round trips through every format and every pair of formats, on real sample files."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest

from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.crossword.formats import load_puzzle, save_puzzle
from puzzlewright.crossword.formats.common import Capabilities
from puzzlewright.crossword.formats.ipuz import CAPABILITIES as IPUZ
from puzzlewright.crossword.formats.puz import CAPABILITIES as PUZ
from puzzlewright.crossword.formats.text import CAPABILITIES as TEXT
from puzzlewright.crossword.formats.xd import CAPABILITIES as XD

DATA = Path(__file__).parent / "data" / "formats"
EXTENSIONS = ["ipuz", "puz", "xd", "txt"]
CAPS = {"ipuz": IPUZ, "puz": PUZ, "xd": XD, "txt": TEXT}
CLUES = {
    "1A": "Start of the alphabet",
    "4A": "Rebus row",
    "6A": "Middle letters",
    "7A": "Later letters",
    "8A": "Near the end",
    "1D": "Down with a rebus",
    "2D": "Second column",
    "3D": "Third column",
    "4D": "Short down",
    "5D": "Right edge",
}


def sampler() -> Puzzle:
    """The puzzle every sample file in tests/data/formats holds."""
    return Puzzle(
        Grid.parse("#ABC#\nD[EF]GHI\nJKLMN\nOPQRS\n#TUV#"),
        title="Format Sampler",
        author="Ann Setter",
        copyright="© 2024 Ann Setter",
        notes="Circled letters spell nothing in particular.",
        clues=dict(CLUES),
        circles={(0, 2), (2, 2), (3, 4)},
    )


def kept(puzzle: Puzzle, *caps: Capabilities) -> Puzzle:
    """What is left of ``puzzle`` after passing through formats with ``caps``."""
    out = dataclasses.replace(
        puzzle,
        grid=puzzle.grid.copy(),
        clues=dict(puzzle.clues),
        circles=set(puzzle.circles),
        shaded=set(puzzle.shaded),
        voids=set(puzzle.voids),
    )
    for cap in caps:
        if not cap.metadata:
            out.title = out.author = out.copyright = out.notes = ""
        if not cap.clues:
            out.clues = {}
        if not cap.circles:
            out.circles = set()
        if not cap.shaded:
            out.shaded = set()
        if not cap.voids:
            out.voids = set()
    return out


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_sample_files_read_alike(ext: str) -> None:
    puzzle = load_puzzle(DATA / f"sampler.{ext}")
    expected = kept(sampler(), CAPS[ext])
    if ext == "xd":  # its notes section adds a second paragraph
        assert puzzle.notes.startswith(expected.notes + "\n\n")
        puzzle.notes = expected.notes
    assert puzzle == expected


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_round_trip_each_format(ext: str, tmp_path: Path) -> None:
    first = tmp_path / f"a.{ext}"
    warnings = save_puzzle(sampler(), first)
    assert bool(warnings) == (ext == "txt")
    again = load_puzzle(first)
    assert again == kept(sampler(), CAPS[ext])
    second = tmp_path / f"b.{ext}"
    save_puzzle(again, second)
    assert second.read_bytes() == first.read_bytes()  # stable: writing twice gives one file


@pytest.mark.parametrize(("src", "dst"), list(itertools.permutations(EXTENSIONS, 2)))
def test_round_trip_every_pair(src: str, dst: str, tmp_path: Path) -> None:
    a, b, c = tmp_path / f"a.{src}", tmp_path / f"b.{dst}", tmp_path / f"c.{src}"
    save_puzzle(sampler(), a)
    save_puzzle(load_puzzle(a), b)
    middle = load_puzzle(b)
    assert middle == kept(sampler(), CAPS[src], CAPS[dst])
    save_puzzle(middle, c)
    assert load_puzzle(c) == kept(sampler(), CAPS[src], CAPS[dst])


def shapes() -> Puzzle:
    """Shaded cells, an omitted corner, an empty cell and two rebus values."""
    return Puzzle(
        Grid.parse("#AB\nC[DE]F\nG.[HI]"),
        title="Shapes",
        clues={"1A": "One", "3A": "Three"},
        shaded={(1, 1), (2, 0)},
        voids={(0, 0)},
    )


@pytest.mark.parametrize("ext", ["ipuz", "xd"])
def test_shading_voids_and_empty_cells_survive_ipuz_and_xd(ext: str, tmp_path: Path) -> None:
    path = tmp_path / f"s.{ext}"
    assert save_puzzle(shapes(), path) == []
    assert load_puzzle(path) == shapes()


def test_puz_reports_shading_voids_and_empty_cells(tmp_path: Path) -> None:
    path = tmp_path / "s.puz"
    warnings = save_puzzle(shapes(), path)
    assert any("2 shaded cell(s) dropped" in w for w in warnings)
    assert any("outside the puzzle's shape written as blocks" in w for w in warnings)
    assert any("1 empty cell(s) written as '-'" in w for w in warnings)
    assert load_puzzle(path) == kept(shapes(), PUZ)


def test_xd_with_circles_and_shading_keeps_circles(tmp_path: Path) -> None:
    puzzle = shapes()
    puzzle.circles = {(0, 1)}
    path = tmp_path / "s.xd"
    warnings = save_puzzle(puzzle, path)
    assert warnings == [
        "2 shaded cell(s) dropped (.xd marks either circles or shading, and this puzzle "
        "has circles)"
    ]
    back = load_puzzle(path)
    assert back.circles == {(0, 1)} and back.shaded == set()


def test_cyrillic_grid_in_ipuz_xd_txt_and_puz_v2(tmp_path: Path) -> None:
    puzzle = Puzzle(
        Grid.parse("КОТ\nИ#А\nТ[ЁЖ]К"),
        title="Кроссворд",
        clues={"1A": "Домашнее животное"},
        circles={(0, 0)},
    )
    for ext in ("ipuz", "xd"):
        path = tmp_path / f"ru.{ext}"
        assert save_puzzle(puzzle, path) == []
        assert load_puzzle(path) == puzzle
    assert load_puzzle(tmp_path / "ru.xd").grid.cells[0][0] == "К"
    save_puzzle(puzzle, tmp_path / "ru.txt")
    assert load_puzzle(tmp_path / "ru.txt").grid == puzzle.grid
    warnings = save_puzzle(puzzle, tmp_path / "ru.puz")
    assert warnings == [
        "letters or text outside Latin-1: written as .puz version 2.0 (UTF-8), which older "
        "solvers may not read"
    ]
    assert load_puzzle(tmp_path / "ru.puz") == puzzle


def test_puz_keeps_polish_in_version_2(tmp_path: Path) -> None:
    """Text outside Latin-1 goes to a UTF-8 .puz 2.0, never to '?' or a transliteration."""
    import puz

    puzzle = Puzzle(
        Grid.parse("ŁÓD\nA#E\nŹ[ÉŻ]Y"),
        title="Zażółć “gęślą”",
        author="Zoë",
        clues={"1A": "City — in Poland", "1D": "Plain ASCII"},
    )
    path = tmp_path / "pl.puz"
    warnings = save_puzzle(puzzle, path)
    assert len(warnings) == 1 and "version 2.0 (UTF-8)" in warnings[0]
    assert load_puzzle(path) == puzzle
    independent = puz.read(str(path))  # puzpy reads it on its own
    assert independent.title == "Zażółć “gęślą”" and independent.clues[0] == "City — in Poland"
    assert independent.solution[0] == "L"  # the grid byte; the rebus table has "Ł"


def test_puz_latin1_stays_version_1_3(tmp_path: Path) -> None:
    puzzle = Puzzle(Grid.parse("ÓD\nAE"), author="Zoë", clues={"1A": "Olé"})
    path = tmp_path / "es.puz"
    assert save_puzzle(puzzle, path) == []
    assert path.read_bytes()[0x18:0x1B] == b"1.3"
    assert load_puzzle(path) == puzzle


def test_puz_v13_text_is_windows_1252(tmp_path: Path) -> None:
    """Across Lite writes curly quotes as cp1252 bytes: \\x92 is an apostrophe."""
    import puz

    source = puz.Puzzle()
    source.width = source.height = 2
    source.solution, source.fill = "ABCD", "----"
    source.title = "Ann\x92s \x93mini\x94 \x80"
    source.clues = ["It\x92s", "b", "c", "d"]
    path = tmp_path / "cp.puz"
    path.write_bytes(source.tobytes())
    back = load_puzzle(path)
    assert back.title == "Ann’s “mini” €"
    assert back.clues["1A"] == "It’s"


def test_written_ipuz_passes_an_independent_validator() -> None:
    """The ``ipuz`` package (dev extra) checks our output against the spec's rules."""
    ipuz = pytest.importorskip("ipuz")
    from puzzlewright.crossword.formats import dumps_puzzle

    for puzzle in (sampler(), shapes(), Puzzle(Grid.parse("..#\n...\n#.."))):
        text, _ = dumps_puzzle(puzzle, "ipuz")
        assert ipuz.read(text)["dimensions"] == {
            "width": puzzle.grid.width,
            "height": puzzle.grid.height,
        }
