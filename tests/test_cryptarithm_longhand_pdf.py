"""Long division / multiplication layouts printed as PDF: puzzle page, then the solution."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.cryptarithm.longhand import solve_layout, true_division, true_multiplication

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("reportlab")


def _pages(data: bytes) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def test_division_pdf_has_the_puzzle_then_the_solved_layout() -> None:
    from puzzlewright.render.pdf.longhand import layout_pdf

    layout = true_division(28274, 40)
    solution = solve_layout(layout, limit=2).solutions[0]
    puzzle_page, answer_page = _pages(layout_pdf(layout, solution, title="Long division"))
    assert puzzle_page.startswith("Long division")
    for number in ("706", "28274", "280", "274", "240", "34"):
        assert number in answer_page.replace(" ", "")
    assert "40" in answer_page


def test_multiplication_pdf_without_solution_is_one_page() -> None:
    from puzzlewright.render.pdf.longhand import layout_pdf

    pages = _pages(layout_pdf(true_multiplication(193, 17), title="Long multiplication"))
    assert len(pages) == 1
    compact = pages[0].replace(" ", "")
    assert "193" in compact and "1351" in compact and "3281" in compact


def test_make_layout_writes_a_pdf_worksheet_and_key(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    args = ["cryptarithm", "make-layout", "division", "--seed", "3", "--pdf", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    pages = _pages(out.read_bytes())
    assert len(pages) == 2
    assert "?" in pages[0] and "?" not in pages[1]
    if shutil.which("pdftoppm"):  # the page really has ink where the layout is
        png = subprocess.run(
            ["pdftoppm", "-png", "-r", "30", "-f", "2", "-l", "2", str(out)],
            capture_output=True,
            check=True,
        ).stdout
        assert len(png) > 1000


def test_solve_layout_pdf_path_is_checked_before_the_search(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir" / "out.pdf"
    args = ["cryptarithm", "solve", "--layout", "division", "?????/??=???", "--pdf", str(missing)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert "does not exist" in result.output
