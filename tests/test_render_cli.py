"""``puzzlewright render``: output names, formats, --json, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from test_render_samples import mini_puzzle, save


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def mini_ipuz(tmp_path: Path) -> Path:
    return save(mini_puzzle(), tmp_path / "mini.ipuz")


def test_default_output_is_a_pdf_beside_the_input(mini_ipuz: Path) -> None:
    pytest.importorskip("reportlab")
    code, out, err = run("render", str(mini_ipuz))
    assert code == 0, err
    target = mini_ipuz.with_suffix(".pdf")
    assert target.read_bytes().startswith(b"%PDF-")
    assert out.strip() == f"wrote {target} (pdf, 1 page, crossword 5x5, 10 clues)"


@pytest.mark.parametrize("fmt", ["pdf", "html", "svg", "play"])
def test_default_output_never_replaces_a_file(mini_ipuz: Path, fmt: str) -> None:
    """Without -o the name is made up, so a file already there is not the user's to lose
    (it replaced the editor's proofread mini.pdf, or the HTML page they had edited)."""
    pytest.importorskip("reportlab")
    target = mini_ipuz.with_name("mini-play.html" if fmt == "play" else f"mini.{fmt}")
    target.write_text("my own notes")
    code, out, err = run("render", str(mini_ipuz), "--format", fmt)
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"error: {target} already exists: name it with -o to replace it, or choose another -o"
    )
    assert target.read_text() == "my own notes"
    code, _, err = run("render", str(mini_ipuz), "--format", fmt, "-o", str(target))
    assert code == 0, err  # named, it is replaced
    assert target.read_bytes() != b"my own notes"


def test_format_from_output_extension_and_json(mini_ipuz: Path, tmp_path: Path) -> None:
    out_path = tmp_path / "out" / "page.html"
    out_path.parent.mkdir()
    code, out, _ = run("render", str(mini_ipuz), "-o", str(out_path), "--key", "--json")
    assert code == 0
    report = json.loads(out)
    assert report == {
        "input": str(mini_ipuz),
        "output": str(out_path),
        "format": "html",
        "kind": "crossword",
        "key": True,
        "page": "letter",
        "pages": None,
        "width": 5,
        "height": 5,
        "clues": 10,
        "bytes": out_path.stat().st_size,
        "warnings": [],
    }
    assert "Morning Mini — Solution" in out_path.read_text(encoding="utf-8")


def test_every_input_format_renders(tmp_path: Path) -> None:
    for suffix in (".ipuz", ".txt", ".xd", ".puz"):
        source = save(mini_puzzle(), tmp_path / f"mini{suffix}")
        code, _, err = run("render", str(source), "--format", "svg")
        assert code == 0, (suffix, err)
        assert source.with_suffix(".svg").read_text().startswith("<?xml")
        source.with_suffix(".svg").unlink()  # the next format's default name


def test_svg_key_gets_its_own_default_name(mini_ipuz: Path) -> None:
    code, _, _ = run("render", str(mini_ipuz), "--format", "svg", "--key")
    assert code == 0
    assert mini_ipuz.with_name("mini-key.svg").exists()
    assert not mini_ipuz.with_suffix(".svg").exists()


def test_stdout_output(mini_ipuz: Path) -> None:
    code, out, _ = run("render", str(mini_ipuz), "--format", "svg", "-o", "-")
    assert code == 0 and out.startswith("<?xml") and "</svg>" in out
    code, _, err = run("render", str(mini_ipuz), "-o", "-", "--json")
    assert code == 2 and err.startswith("error:")


def test_never_overwrites_the_input_without_force(tmp_path: Path) -> None:
    source = save(mini_puzzle(), tmp_path / "mini.ipuz")
    code, _, err = run("render", str(source), "-o", str(source), "--format", "html")
    assert code == 2
    assert err.strip() == f"error: refusing to overwrite the input file {source} (use --force)"
    code, _, _ = run("render", str(source), "-o", str(source), "--format", "html", "--force")
    assert code == 0 and source.read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.ipuz"], "cannot read"),
        (["notes.doc"], "unknown puzzle format"),
        (["broken.ipuz"], "broken.ipuz"),
        (["mini.ipuz", "-o", "nodir/x.html"], "does not exist"),
        (["mini.ipuz", "--format", "png"], "Invalid value for '--format'"),
        (["mini.ipuz", "--page", "legal"], "Invalid value for '--page'"),
        (["blank.txt", "--key", "--format", "html"], "not filled"),
    ],
)
def test_bad_input_is_one_error_line(
    tmp_path: Path, args: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    save(mini_puzzle(), tmp_path / "mini.ipuz")
    (tmp_path / "broken.ipuz").write_text("{not json")
    (tmp_path / "notes.doc").write_text("hello")
    (tmp_path / "blank.txt").write_text("..#\n...\n#..\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = run("render", *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0], err


def test_output_onto_a_directory_is_an_error(mini_ipuz: Path, tmp_path: Path) -> None:
    (tmp_path / "taken.svg").mkdir()
    code, _, err = run("render", str(mini_ipuz), "-o", str(tmp_path / "taken.svg"))
    assert code == 2 and err.startswith("error: cannot write")


def test_an_extension_render_does_not_write_is_a_warning(mini_ipuz: Path, tmp_path: Path) -> None:
    """``-o puzzle.docx`` wrote a PDF under that name without a word (a .html name for a
    PDF was already a warning)."""
    pytest.importorskip("reportlab")
    target = tmp_path / "puzzle.docx"
    code, _, err = run("render", str(mini_ipuz), "-o", str(target))
    assert code == 0
    assert err.strip() == (
        f"warning: writing pdf to {target}, whose extension is not .pdf, .svg or .html"
    )
    assert target.read_bytes().startswith(b"%PDF-")


def test_format_and_extension_disagreeing_is_a_warning(mini_ipuz: Path, tmp_path: Path) -> None:
    code, _, err = run("render", str(mini_ipuz), "--format", "svg", "-o", str(tmp_path / "x.html"))
    assert code == 0
    assert (
        err.strip() == f"warning: writing svg to {tmp_path / 'x.html'}, whose extension says html"
    )
    assert (tmp_path / "x.html").read_text().startswith("<?xml")
