"""Printing acrostics: the quotation grid, clue labels and numbered blanks, and the key."""

from __future__ import annotations

import io
import json
import re
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
    assert doc.solution_lines[0] == QUOTE


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
