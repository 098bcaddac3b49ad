"""Printing acrostics: the quotation grid, clue labels and numbered blanks, and the key."""

from __future__ import annotations

import io
import json
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.errors import PuzzleInputError
from puzzlewright.render import acrostic_document, load_document, render
from test_render_samples import QUOTE, acrostic_ipuz

SVG = "{http://www.w3.org/2000/svg}"


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "acrostic.ipuz"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _expected(data: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
    clues = [c for c in data["clues"]["Clues"] if c["label"] != "[QUOTE]"]
    letters = sum(ch.isalpha() for ch in QUOTE)
    return clues, letters


def test_document_from_ipuz() -> None:
    data = acrostic_ipuz()
    doc = acrostic_document(data)
    clues, letters = _expected(data)
    assert doc.kind == "acrostic"
    assert [e.label for e in doc.sections[0].entries] == [c["label"] for c in clues]
    numbers = [cell.number for row in doc.grid.rows for cell in row if cell.number]
    assert numbers == [str(n) for n in range(1, letters + 1)]
    blocks = sum(cell.block for row in doc.grid.rows for cell in row)
    assert blocks == QUOTE.count(" ")
    given = [cell.given for row in doc.grid.rows for cell in row if cell.given]
    assert given == ["."]
    first = doc.sections[0].entries[0]
    assert [b.number for b in first.blanks] == [str(n) for n in clues[0]["cells"]]
    quote_letters = [ch for ch in QUOTE if ch.isalpha()]
    assert first.answer == "".join(quote_letters[n - 1] for n in clues[0]["cells"])
    assert doc.solution_lines[:2] == (QUOTE, "— Aristotle")


def test_load_document_detects_the_acrostic_kind(tmp_path: Path) -> None:
    doc = load_document(_write(tmp_path, acrostic_ipuz()))
    assert doc.kind == "acrostic" and doc.title == "Acrostic Sampler"


def test_html_shows_labels_blanks_and_quote_grid() -> None:
    data = acrostic_ipuz()
    clues, letters = _expected(data)
    html = render(acrostic_document(data), "html").decode()
    for clue in clues:
        assert f'<span class="label">{clue["label"]}</span>' in html
        assert clue["clue"] in html
    svgs = re.findall(r"<svg .*?</svg>", html, flags=re.S)
    grid = ET.fromstring(svgs[0].replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
    nums = [el.text for el in grid.iter(f"{SVG}text") if el.get("class") == "num"]
    assert nums == [str(n) for n in range(1, letters + 1)]
    corner = [el.text for el in grid.iter(f"{SVG}text") if el.get("class") == "label"]
    assert len(corner) == letters and set(corner) == {c["label"] for c in clues}
    blanks = [s for s in svgs if 'class="blanks"' in s]
    assert len(blanks) == len(clues)
    for clue, svg in zip(clues, blanks, strict=True):
        numbers = re.findall(r'class="num"[^>]*>(\d+)<', svg)
        assert numbers == [str(n) for n in clue["cells"]]
    assert 'class="ans"' not in html and QUOTE not in html


def test_html_key_has_quote_and_answers() -> None:
    data = acrostic_ipuz()
    doc = acrostic_document(data)
    html = render(doc, "html", key=True).decode()
    key = html.split('<article class="key">', 1)[1]
    assert QUOTE in key
    for entry in doc.sections[0].entries:
        assert entry.answer in key
    assert key.count('class="ans"') == sum(ch.isalpha() for ch in QUOTE)


def test_pdf_shows_labels_blanks_and_quote_grid() -> None:
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("reportlab")
    data = acrostic_ipuz()
    clues, letters = _expected(data)
    pdf = render(acrostic_document(data), "pdf", key=True)
    pages = [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]
    assert len(pages) == 2
    text = pages[0]
    assert "Acrostic Sampler" in text and "by Cleo Quoter" in text
    for clue in clues:
        assert f"{clue['label']} {clue['clue']}" in text
        blanks = " ".join(str(n) for n in clue["cells"])
        assert blanks in text  # the numbered blanks, in answer order
    grid_numbers = set(re.findall(r"\b\d+\b", text))
    assert {str(n) for n in range(1, letters + 1)} <= grid_numbers
    assert QUOTE not in text
    assert "Acrostic Sampler — Solution" in pages[1] and QUOTE in pages[1]


def test_svg_is_the_quote_grid() -> None:
    data = acrostic_ipuz()
    root = ET.fromstring(render(acrostic_document(data), "svg", key=True))
    answers = "".join(el.text or "" for el in root.iter(f"{SVG}text") if el.get("class") == "ans")
    assert answers == "".join(ch for ch in QUOTE if ch.isalpha())


def test_cli_renders_an_acrostic(tmp_path: Path) -> None:
    source = _write(tmp_path, acrostic_ipuz())
    result = CliRunner().invoke(cli, ["render", str(source), "--format", "html", "--json"])
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["kind"] == "acrostic" and report["clues"] == 2
    assert Path(report["output"]) == source.with_suffix(".html")


def test_malformed_acrostic_is_a_one_line_error(tmp_path: Path) -> None:
    data = acrostic_ipuz()
    del data["clues"]
    with pytest.raises(PuzzleInputError, match="no clues"):
        acrostic_document(data)
    source = _write(tmp_path, data)
    result = CliRunner().invoke(cli, ["render", str(source)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error:") and result.stderr.count("\n") == 1


# -- from the acrostic builder's own ipuz writer ---------------------------------------------
LUCK = "Luck is what happens when preparation meets opportunity."
LUCK_ANSWERS = ["SOUTHWEST", "ENTHALPY", "NEWSPAPER", "EMIT", "CHUNK", "APPROPRIATION"]
LUCK_CLUES = {
    "A": "Region including Arizona and New Mexico",
    "B": "Heat content, in thermodynamics",
    "C": "Daily with a masthead",
    "D": "Give off, as light",
    "E": "Thick piece",
    "F": "Setting aside of funds for a purpose",
}


@pytest.fixture(scope="module")
def luck() -> dict[str, Any]:
    """An acrostic built and written by puzzlewright.acrostic, clued as an editor would."""
    acrostic = pytest.importorskip("puzzlewright.acrostic")
    from puzzlewright.lexicon import builtin_english

    result = acrostic.build_acrostic(
        LUCK, "Seneca", builtin_english(), seed=1, include=LUCK_ANSWERS, improve=0
    )
    assert result.status == "built", result.reason
    data: dict[str, Any] = acrostic.to_ipuz(result.puzzles[0], title="Luck", author="Ann Setter")
    for clue in data["clues"]["Clues"]:
        clue["clue"] = LUCK_CLUES.get(clue["label"], clue["clue"])
    return data


def _numbers_of(data: dict[str, Any], label: str) -> list[str]:
    """The grid numbers of a clue's cells, read straight from the ipuz."""
    clue = next(c for c in data["clues"]["Clues"] if c["label"] == label)
    return [str(data["puzzle"][y][x]["cell"]) for x, y in clue["cells"]]


def test_builder_ipuz_document(luck: dict[str, Any]) -> None:
    doc = acrostic_document(luck)
    entries = doc.sections[0].entries
    assert [e.label for e in entries] == list("ABCDEF")
    assert sorted(e.answer for e in entries) == sorted(LUCK_ANSWERS)
    for entry in entries:
        assert [b.number for b in entry.blanks] == _numbers_of(luck, entry.label)
        assert "".join(b.answer for b in entry.blanks) == entry.answer
    cells = [cell for row in doc.grid.rows for cell in row if cell.number]
    assert [c.number for c in cells] == [str(n) for n in range(1, 49)]
    assert "".join(c.answer for c in cells) == "".join(ch.upper() for ch in LUCK if ch.isalpha())
    assert [(c.number, c.after) for c in cells if c.after] == [("48", ".")]
    assert all(c.corner in "ABCDEF" and c.corner for c in cells)
    assert doc.solution_lines[:2] == (LUCK, "— Seneca")


def test_builder_ipuz_html(luck: dict[str, Any]) -> None:
    html = render(acrostic_document(luck), "html").decode()
    for label, text in LUCK_CLUES.items():
        assert (
            f'<span class="label">{label}</span><span class="body"><span class="text">{text}'
            in html
        )
    blanks = re.findall(r'<svg class="blanks".*?</svg>', html, flags=re.S)
    for label, svg in zip("ABCDEF", blanks, strict=True):
        assert re.findall(r'class="num"[^>]*>(\d+)<', svg) == _numbers_of(luck, label)
    assert '<text class="punct"' in html and "SOUTHWEST" not in html


def test_builder_ipuz_pdf_and_raster(luck: dict[str, Any], tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("reportlab")
    from puzzlewright.render import PAGE_SIZES
    from puzzlewright.render.pdf.document import header_height, plan
    from test_render_samples import need_pdftoppm

    doc = acrostic_document(luck)
    data = render(doc, "pdf", key=True)
    pages = [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(data)).pages]
    assert len(pages) == 2
    for label, text in LUCK_CLUES.items():
        assert f"{label} {text} {' '.join(_numbers_of(luck, label))}" in pages[0]
    assert not any(word in pages[0] for word in LUCK_ANSWERS)
    assert LUCK in pages[1] and "— Seneca" in pages[1]
    assert all(word in pages[1] for word in LUCK_ANSWERS)

    tool = need_pdftoppm()
    pdf = tmp_path / "luck.pdf"
    pdf.write_bytes(data)
    subprocess.run(
        [
            tool,
            "-r",
            "72",
            "-gray",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(pdf),
            str(tmp_path / "luck"),
        ],
        check=True,
    )
    raw = (tmp_path / "luck.pgm").read_bytes()
    match = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", raw)
    assert match
    width, pixels = int(match.group(1)), raw[match.end() :]
    layout = plan(doc, PAGE_SIZES["letter"], header_height(doc))
    top = PAGE_SIZES["letter"][1] - layout.grid_top
    for r, row in enumerate(doc.grid.rows):
        for c, cell in enumerate(row):
            x = round(layout.grid_x + (c + 0.5) * layout.cell)
            y = round(top + (r + 0.55) * layout.cell)
            shade = pixels[y * width + x]
            assert shade < 60 if cell.block else shade > 200, (r, c, shade)
