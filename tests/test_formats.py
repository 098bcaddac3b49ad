"""Crossword file formats: text and ipuz reading, writing and round trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlewright.crossword import Grid, Puzzle
from puzzlewright.crossword.formats import (
    dumps_puzzle,
    format_for,
    load_puzzle,
    loads_puzzle,
    save_puzzle,
)
from puzzlewright.errors import PuzzleInputError

GRID = "AB#\nC[DE]F\n.GH\n"


def sample() -> Puzzle:
    """A small puzzle with metadata, clues, a circle, shading and a rebus."""
    return Puzzle(
        Grid.parse(GRID),
        title="Tiny",
        author="A. Setter",
        copyright="© 2024",
        notes="Mind the rebus.",
        clues={"1A": "First two", "1D": "Down one", "3A": "Rebus row"},
        circles={(0, 0)},
        shaded={(1, 1)},
    )


def test_text_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    warnings = save_puzzle(sample(), path)
    assert path.read_text() == GRID
    assert any("title" in w for w in warnings)
    assert any("3 clue(s) dropped" in w for w in warnings)
    assert load_puzzle(path).grid.cells == sample().grid.cells


def test_ipuz_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "p.ipuz"
    assert save_puzzle(sample(), path) == []
    doc = json.loads(path.read_text())
    assert doc["kind"] == ["http://ipuz.org/crossword#1"]
    assert doc["puzzle"][0][0] == {"cell": 1, "style": {"shapebg": "circle"}}
    assert doc["solution"][1][1] == "DE"
    assert doc["clues"]["Across"][0] == [1, "First two"]
    assert load_puzzle(path) == sample()


def test_ipuz_reads_spec_example_with_omitted_cells_and_dict_clues() -> None:
    doc = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 3},
        "title": "ipuz test",
        "puzzle": [
            [{"cell": 1, "style": {"shapebg": "circle"}}, 2, "#"],
            [3, {"style": {"shapebg": "circle"}}, 4],
            [None, 5, {"style": {"shapebg": "circle"}}],
        ],
        "solution": [["C", "A", "#"], ["B", "O", "T"], [None, "L", "O"]],
        "clues": {
            "Across": [[1, "OR neighbor"], {"number": 3, "clue": "Droid"}, [5, "Behold!"]],
            "Down": [[1, "Trucker's radio"], [2, "MSN competitor"], [4, "A preposition"]],
            "Diagonal": [[1, "ignored"]],
        },
    }
    warnings: list[str] = []
    puzzle = loads_puzzle(json.dumps(doc), "ipuz")
    assert puzzle.grid.cells == [["C", "A", None], ["B", "O", "T"], [None, "L", "O"]]
    assert puzzle.voids == {(2, 0)}
    assert puzzle.circles == {(0, 0), (1, 1), (2, 2)}
    assert puzzle.clues["3A"] == "Droid"
    assert puzzle.clues["4D"] == "A preposition"
    assert puzzle.title == "ipuz test"
    from puzzlewright.crossword.formats.ipuz import read_ipuz

    read_ipuz(json.dumps(doc).encode(), warnings)
    assert warnings == ["ipuz clue list 'Diagonal' ignored (only Across and Down)"]


def test_ipuz_pattern_without_solution_is_empty_grid() -> None:
    text, warnings = dumps_puzzle(Puzzle(Grid.parse("..#\n...\n#..")), "ipuz")
    assert warnings == []
    assert "solution" not in json.loads(text)
    assert loads_puzzle(text, "ipuz").grid.to_text() == "..#\n...\n#..\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "corrupt JSON at line 1"),
        ("[1, 2]", "not an ipuz object"),
        ('{"kind": ["http://ipuz.org/sudoku#1"]}', "not a crossword"),
        ('{"kind": ["http://ipuz.org/crossword#1"]}', 'missing "dimensions"'),
        (
            '{"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 2, "height": 2},'
            ' "puzzle": [[0, 0], [0]]}',
            'ragged "puzzle": row 2 has 1 cells but dimensions say width 2',
        ),
        (
            '{"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 2, "height": 1},'
            ' "puzzle": [[0, 0]], "solution": [["A", "3 4"]]}',
            "letters, digits or symbols",
        ),
    ],
)
def test_ipuz_bad_input(text: str, message: str) -> None:
    with pytest.raises(PuzzleInputError, match="ipuz") as info:
        loads_puzzle(text, "ipuz")
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_unknown_extension_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleInputError, match="unknown puzzle format"):
        format_for(tmp_path / "x.doc")
    with pytest.raises(PuzzleInputError, match="no such file"):
        load_puzzle(tmp_path / "missing.ipuz")


def test_save_refuses_to_overwrite_input(tmp_path: Path) -> None:
    path = tmp_path / "p.ipuz"
    save_puzzle(sample(), path)
    with pytest.raises(PuzzleInputError, match="refusing to overwrite"):
        save_puzzle(sample(), path, inputs=[path])
    save_puzzle(sample(), path, inputs=[path], force=True)


# -- .puz ----------------------------------------------------------------------------------
DATA = Path(__file__).parent / "data" / "formats"


def test_puz_reads_rebus_circles_and_clue_order() -> None:
    puzzle = load_puzzle(DATA / "sampler.puz")
    assert puzzle.grid.cells[1] == ["D", "EF", "G", "H", "I"]
    assert puzzle.circles == {(0, 2), (2, 2), (3, 4)}
    assert puzzle.clues["4A"] == "Rebus row" and puzzle.clues["4D"] == "Short down"
    assert puzzle.copyright == "© 2024 Ann Setter"


def test_puz_writes_rebus_tables_and_markup() -> None:
    import puz

    data, warnings = dumps_puzzle(load_puzzle(DATA / "sampler.puz"), "puz")
    assert warnings == []
    assert isinstance(data, bytes)
    source = puz.load(data)
    assert source.solution[6] == "E"  # the rebus cell keeps its first letter
    assert source.rebus().get_rebus_solution(6) == "EF"
    assert source.markup().get_markup_squares(puz.GridMarkup.Circled) == [2, 12, 19]
    assert source.clues[:2] == ["Start of the alphabet", "Down with a rebus"]


def test_puz_locked_solution_is_unlocked_by_trying_every_key() -> None:
    import puz

    from puzzlewright.crossword.formats.puz import read_puz

    source = puz.load((DATA / "sampler.puz").read_bytes())
    source.helpers.clear()
    source.extensions.clear()
    source.lock_solution(1234)
    warnings: list[str] = []
    puzzle = read_puz(source.tobytes(), warnings)
    assert puzzle.grid.to_text() == "#ABC#\nDEGHI\nJKLMN\nOPQRS\n#TUV#\n"  # rebus cleared
    assert puzzle.clues["1A"] == "Start of the alphabet"
    assert warnings == [".puz solution was locked; unlocked with key 1234"]


def test_puz_locked_with_a_wrong_checksum_reads_the_shape_only() -> None:
    import puz

    from puzzlewright.crossword.formats.puz import read_puz

    source = puz.load((DATA / "sampler.puz").read_bytes())
    source.helpers.clear()
    source.extensions.clear()
    source.lock_solution(1234)
    source.scrambled_cksum ^= 0x5A5A  # no key gives this checksum for these letters
    warnings: list[str] = []
    puzzle = read_puz(source.tobytes(), warnings)
    assert puzzle.grid.to_text() == "#...#\n.....\n.....\n.....\n#...#\n"
    assert warnings == [
        ".puz solution is scrambled and no 4-digit key matches its checksum; "
        "its letters were not read"
    ]


@pytest.mark.parametrize(
    "text",
    ["ipuz({doc})", "ipuz({doc});", "  ipuz (\n{doc}\n) ;\n", "\ufeffipuz({doc})"],
)
def test_ipuz_jsonp_wrapper_variants_open(text: str) -> None:
    doc = json.loads((DATA / "sampler.ipuz").read_text(encoding="utf-8"))
    puzzle = loads_puzzle(text.replace("{doc}", json.dumps(doc)), "ipuz")
    assert puzzle.grid.to_text() == load_puzzle(DATA / "sampler.ipuz").grid.to_text()


def _corrupt_puz() -> list[tuple[bytes, str]]:
    good = (DATA / "sampler.puz").read_bytes()
    flipped = bytearray(good)
    flipped[good.index(b"Format")] ^= 0x20
    return [
        (b"", "the file is empty"),
        (b"GIF89a" + b"\0" * 80, "not an Across Lite puzzle"),
        (good[:70], "solution has 18 cells, expected 25"),
    ]


def test_puz_bad_checksum_is_read_with_a_warning() -> None:
    """Across Lite opens a file whose checksums are off (hand-edited, lax tools): so do we."""
    good = (DATA / "sampler.puz").read_bytes()
    flipped = bytearray(good)
    flipped[good.index(b"Format")] ^= 0x20
    warnings: list[str] = []
    puzzle = loads_puzzle(bytes(flipped), "puz", warnings=warnings)
    assert puzzle.title == "format Sampler"
    assert warnings == [".puz global checksum does not match (read anyway, as Across Lite does)"]


@pytest.mark.parametrize(("data", "message"), _corrupt_puz())
def test_puz_corrupt(data: bytes, message: str) -> None:
    with pytest.raises(PuzzleInputError, match=r"^\.puz: corrupt file|^\.puz: the file") as info:
        loads_puzzle(data, "puz")
    assert message in str(info.value)


def test_puz_clue_count_mismatch_is_corrupt() -> None:
    import puz

    source = puz.load((DATA / "sampler.puz").read_bytes())
    source.clues = source.clues[:-1]
    with pytest.raises(PuzzleInputError, match="9 clues for the grid's 10 entries"):
        loads_puzzle(source.tobytes(), "puz")


def test_puz_refuses_oversized_grid() -> None:
    with pytest.raises(PuzzleInputError, match="at most 255 a side"):
        dumps_puzzle(Puzzle(Grid.blank(256, 2)), "puz")


def _huge_inputs() -> list[tuple[str, str]]:
    """A grid one cell too wide or too tall, in every text format the readers take."""
    wide = "." * 256
    cells = [[0] * 2 for _ in range(256)]
    ipuz = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 2, "height": 256},
        "puzzle": cells,
    }
    return [
        ("wide.txt", f"{wide}\n{wide}\n"),
        ("tall.txt", "\n".join(["..."] * 256) + "\n"),
        ("tall.ipuz", json.dumps(ipuz)),
        ("wide.xd", f"Title: t\n\n\n{wide}\n{wide}\n\n\nA1. Clue ~ X\n"),
        ("rebus.txt", ("[AB]" * 300 + "\n") * 2),
    ]


@pytest.mark.parametrize(("name", "text"), _huge_inputs())
def test_readers_refuse_a_grid_over_255_a_side(tmp_path: Path, name: str, text: str) -> None:
    """A 1000x1000 text grid (1 MB) was read: `crossword fill --timeout 5` ran 26 s and
    a 3000x3000 one over a minute before its search began, `convert` 25 s. Every reader
    stops at 255 cells a side, the bound .puz and .jpz already have."""
    path = tmp_path / name
    path.write_text(text)
    refused = r"over 255 cells (wide|tall): at most 255 a side"
    with pytest.raises(PuzzleInputError, match=refused):
        load_puzzle(path)
    with pytest.raises(PuzzleInputError, match="over 255 cells tall"):
        Grid.parse("\n".join(["." * 255] * 255) + "\n" + "." * 255 + "\n")
    assert Grid.parse("\n".join(["." * 255] * 255)).width == 255  # the bound itself reads


# -- .xd -----------------------------------------------------------------------------------
def test_xd_reads_corpus_file_with_rebus_special_and_notes() -> None:
    warnings: list[str] = []
    puzzle = load_puzzle(DATA / "sampler.xd", warnings=warnings)
    assert warnings == ["xd header(s) not kept: Editor"]
    assert puzzle.grid.cells[1][1] == "EF"
    assert puzzle.circles == {(0, 2), (2, 2), (3, 4)}
    assert puzzle.notes.endswith("Written by hand in the xd corpus style.")


def test_xd_explicit_sections_and_shading() -> None:
    text = """## Metadata

Title: Sections
Special: shaded
Rebus: a=AB 2=CD

## Grid

a2
x_

## Clues

A1. Top ~ ABCD
D1. Left ~ ABX
D2. Clue with ~ tilde ~ CD

## Notes

Free text.

## Comments
ignored
"""
    warnings: list[str] = []
    from puzzlewright.crossword.formats.xd import read_xd

    puzzle = read_xd(text, warnings)
    assert puzzle.grid.cells == [["AB", "CD"], ["X", None]]
    assert puzzle.shaded == {(0, 0), (1, 0)} and puzzle.circles == set()
    assert puzzle.voids == {(1, 1)}
    assert puzzle.clues == {"1A": "Top", "1D": "Left", "2D": "Clue with ~ tilde"}
    assert puzzle.notes == "Free text."
    assert warnings == ["xd section '## Comments' ignored"]


def test_xd_writer_layout() -> None:
    text, warnings = dumps_puzzle(load_puzzle(DATA / "sampler.ipuz"), "xd")
    assert warnings == []
    assert isinstance(text, str)
    head, grid, clues = text.split("\n\n\n")
    assert head.splitlines() == [
        "Title: Format Sampler",
        "Author: Ann Setter",
        "Copyright: © 2024 Ann Setter",
        "Notes: Circled letters spell nothing in particular.",
        "Rebus: 1=EF",
        "Special: circle",
    ]
    assert grid == "#AbC#\nD1GHI\nJKlMN\nOPQRs\n#TUV#"
    assert clues.splitlines()[1] == "A4. Rebus row ~ DEFGHI"
    assert "\n\nD1. Down with a rebus ~ AEFKPT" in clues


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Title: X\n\n\nAB\nC\n", "xd: ragged grid: row 2 has 1 cells, row 1 has 2"),
        ("Title: X\n\n\nA3\nCD\n", "line 4: unknown grid character '3' at row 1, column 2"),
        ("Rebus: 1\n\n\nA1\nCD\n", "bad Rebus header entry '1'"),
        ("Rebus: 1=C/P\n\n\nA1\nCD\n", "quantum rebuses"),
        ("Title: X\nTitle: Y\n\n\nAB\nCD\n", "line 2: header 'Title' given twice"),
        ("Title: X\n", "no grid found"),
        ("AB\nCD\n\n\nA1. Fine ~ AB\nnot a clue\n", "line 6: bad clue line 'not a clue'"),
        ("oops\n## Grid\nAB\n", "line 1: text before the first '## Section' heading"),
    ],
)
def test_xd_bad_input(text: str, message: str) -> None:
    with pytest.raises(PuzzleInputError, match=r"^xd: ") as info:
        loads_puzzle(text, "xd")
    assert message in str(info.value)


def test_xd_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.xd"
    path.write_bytes(b"Title: caf\xe9\n\n\nAB\nCD\n")
    with pytest.raises(PuzzleInputError, match=r"bad.xd: xd file is not valid UTF-8"):
        load_puzzle(path)


# -- text ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"AB\nC\n", "text grid: ragged grid"),
        (b"A!\nCD\n", "text grid: unknown character '!'"),
        (b"\n\n", "text grid: the grid is empty"),
        (b"\xff\xfeA\x00", "text grid is not valid UTF-8"),
    ],
)
def test_text_bad_input(data: bytes, message: str) -> None:
    with pytest.raises(PuzzleInputError) as info:
        loads_puzzle(data, "text")
    assert message in str(info.value)


# -- details -------------------------------------------------------------------------------
def test_ipuz_clues_follow_the_file_labels_and_headings() -> None:
    doc = {
        "kind": ["https://ipuz.org/crossword#1"],
        "dimensions": {"width": 2, "height": 2},
        "puzzle": [[10, 20], [30, 0]],
        "clues": {"Across:Horizontal": [[10, "Top"], [30, "Bottom"]], "Down": [["20", "Right"]]},
    }
    puzzle = loads_puzzle("ipuz(" + json.dumps(doc) + ")", "ipuz")
    assert puzzle.clues == {"1A": "Top", "3A": "Bottom", "2D": "Right"}


def test_uppercase_extension(tmp_path: Path) -> None:
    path = tmp_path / "GRID.TXT"
    save_puzzle(Puzzle(Grid.parse("AB\nCD")), path)
    assert load_puzzle(path).grid.to_text() == "AB\nCD\n"


def test_xd_multiline_notes_and_clue_line_breaks_round_trip() -> None:
    puzzle = Puzzle(
        Grid.parse("AB\nCD"),
        notes="First paragraph.\n\nSecond paragraph.",
        clues={"1A": "Two lines:\nsecond", "1D": "Has ~ a tilde"},
    )
    text, warnings = dumps_puzzle(puzzle, "xd")
    assert warnings == []
    assert "A1. Two lines:\\second ~ AB" in str(text)
    assert loads_puzzle(text, "xd") == puzzle


def test_puz_reports_solver_fill() -> None:
    import puz

    from puzzlewright.crossword.formats.puz import read_puz

    source = puz.load((DATA / "sampler.puz").read_bytes())
    source.fill = "-AB--" + source.fill[5:]
    warnings: list[str] = []
    read_puz(source.tobytes(), warnings)
    assert warnings == [".puz solver's progress (the fill) ignored"]


def test_writer_refusal_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleInputError, match=r"odd\.puz: cannot store '-' at row 1, column 2"):
        save_puzzle(Puzzle(Grid([["A", "-"], ["B", "C"]])), tmp_path / "odd.puz")


def test_cyrillic_grid_goes_to_puz_v2_utf8_and_back(tmp_path: Path) -> None:
    import puz

    source = Puzzle(Grid.parse("ЯБ\nВГ"), title="Кроссворд")
    source.clues["1A"] = "Буквы"
    warnings = save_puzzle(source, tmp_path / "ru.puz")
    assert any("version 2.0 (UTF-8)" in w for w in warnings)
    independent = puz.read(str(tmp_path / "ru.puz"))
    assert independent.version == b"2.0" and independent.title == "Кроссворд"
    back = load_puzzle(tmp_path / "ru.puz")
    assert back.grid.cells == [["Я", "Б"], ["В", "Г"]] and back.clues["1A"] == "Буквы"


def test_ipuz_bare_clue_strings_enumerations_and_bars() -> None:
    from puzzlewright.crossword.formats.ipuz import read_ipuz

    doc = {
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 2, "height": 2},
        "puzzle": [[1, {"cell": 2, "style": {"barred": "R"}}], [3, 0]],
        "clues": {
            "Across": ["First across", "Second across"],
            "Down": [{"number": 1, "clue": "Left", "enumeration": "2"}],
        },
    }
    warnings: list[str] = []
    puzzle = read_ipuz(json.dumps(doc), warnings)
    assert puzzle.clues == {"1A": "First across", "3A": "Second across", "1D": "Left"}
    assert warnings == ["ipuz clue field(s) not kept: enumeration"]
    assert not puzzle.grid.bars  # a bar on the grid's outer edge means nothing


def test_xd_grid_rows_starting_with_blocks_are_not_section_headings() -> None:
    text = "Title: Blocks\n\n\n##AB\nCDEF\n##GH\n\n\nA1. Top ~ AB\n"
    puzzle = loads_puzzle(text, "xd")
    assert puzzle.grid.to_text() == "##AB\nCDEF\n##GH\n"
    assert puzzle.clues == {"1A": "Top"}
