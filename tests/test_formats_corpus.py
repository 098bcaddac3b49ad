"""The corpus of real public puzzle files (tests/data/corpus, sources in tests/data/README.md).

Every file is read (or refused with one clear line, for the files that are broken on
purpose); every crossword is written in every format and read back; what each format keeps is
compared field by field, with our reader and with independent readers: puzpy (.puz and
Across Lite text), the ``ipuz`` package (.ipuz), and, when Node.js is installed, Puzzmo's xd
parser (.xd) and xword-parser (grids of .puz/.ipuz/.jpz/.xd), both vendored under
tests/data/tools. ``python tests/test_formats_corpus.py`` prints the counts and verdicts.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from puzzlewright.crossword import Puzzle
from puzzlewright.crossword.formats import format_named, load_puzzle, save_puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.render import load_document

CORPUS = Path(__file__).parent / "data" / "corpus"
TOOLS = Path(__file__).parent / "data" / "tools"
FILES = sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.name != "README.md")
# broken on purpose in their own test suites; each must be one clear error line
REFUSED = {
    "ONE_bad.puz": "not an Across Lite puzzle",
    "pzzl-test.txt": "text grid: unknown character",  # a PuzzleMe text export, not a grid
    "plus-symbol-rebus.puz": "clues for the grid's 6 entries",  # header written big-endian
    "truncated-strings.puz": "clues for the grid's 35 entries",
}
NO_BARS = {"puz", "xd", "across-lite"}  # refuse a barred grid: its entries would change
TARGETS = {  # format name -> (suffix, keeps clues, keeps circles, keeps kind)
    "ipuz": (".ipuz", True, True, True),
    "puz": (".puz", True, True, True),
    "jpz": (".jpz", True, True, True),
    "xd": (".xd", True, True, True),
    "across-lite": (".txt", True, True, False),
    "text": (".txt", False, False, False),
}


def _read(path: Path) -> Puzzle | None:
    """The crossword in ``path``, or None for an acrostic (printed, not converted)."""
    if path.suffix == ".jpz":
        from puzzlewright.crossword.formats.jpz import read_jpz_acrostic

        if read_jpz_acrostic(path.read_bytes()) is not None:
            return None
    return load_puzzle(path, warnings=[])


def _crosswords() -> list[Path]:
    return [p for p in FILES if p.name not in REFUSED and not p.name.startswith("acrostic-")]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_corpus_file_is_read_or_refused_clearly(path: Path) -> None:
    if path.name in REFUSED:
        with pytest.raises(PuzzleInputError) as info:
            load_document(path, warnings=[])
        assert REFUSED[path.name] in str(info.value) and "\n" not in str(info.value)
        return
    document = load_document(path, warnings=[])
    assert document.grid.width >= 1 and document.sections


def _one_ascii_letter(cell: str | None) -> bool:
    return cell is not None and len(cell) == 1 and cell.isalpha() and cell.lower() != cell


def _same_where_kept(source: Puzzle, back: Puzzle, fmt: str) -> list[str]:
    """Fields that differ although format ``fmt`` keeps them."""
    _, clues, circles, kind = TARGETS[fmt]
    wrong = []
    if back.grid.cells != source.grid.cells:
        wrong.append("grid")
    if clues:
        keys = {slot.key for slot in source.grid.slots()}
        kept = {k: " ".join(v.split()) for k, v in source.clues.items() if k in keys and v}
        got = {k: " ".join(v.split()) for k, v in back.clues.items() if v}
        if fmt == "across-lite":  # an unclued entry is written as "-" there
            got = {k: v for k, v in got.items() if v != "-" or k in kept}
        if got != kept:
            wrong.append("clues")
        for name in ("title", "author", "copyright"):
            if " ".join(getattr(back, name).split()) != " ".join(getattr(source, name).split()):
                wrong.append(name)
    expected = {p for p in source.circles if source.grid.is_open(*p)}
    if fmt == "across-lite":  # circles are lower-case letters there
        expected = {p for p in expected if _one_ascii_letter(source.grid.cells[p[0]][p[1]])}
    if fmt == "xd":  # lower-case letters or marked rebus keys: an empty cell cannot be marked
        expected = {p for p in expected if source.grid.cells[p[0]][p[1]]}
    if circles and back.circles != expected:
        wrong.append("circles")
    if kind and back.kind != source.kind:
        wrong.append("kind")
    return wrong


@pytest.mark.parametrize("path", _crosswords(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_crossword_survives_every_format(path: Path, tmp_path: Path) -> None:
    source = _read(path)
    if source is None:
        pytest.skip("acrostic")
    for fmt, (suffix, *_) in TARGETS.items():
        out = tmp_path / f"out-{fmt}{suffix}"
        if source.grid.is_barred and fmt in NO_BARS:
            with pytest.raises(PuzzleInputError, match="cannot hold bars"):
                save_puzzle(source, out, format_name=fmt)
            assert not out.exists()
            continue
        save_puzzle(source, out, format_name=fmt)
        back = format_named(fmt).reader(out.read_bytes(), [])
        assert _same_where_kept(source, back, fmt) == [], fmt


# -- independent readers --------------------------------------------------------------------
def _puzpy_verdict(source: Puzzle, path: Path, text: bool) -> list[str]:
    """Fields where puzpy's reading of our file disagrees with the puzzle we wrote."""
    import puz

    theirs = puz.read_text(str(path)) if text else puz.read(str(path))
    wrong = []
    rebus = theirs.rebus() if theirs.has_rebus() else None
    cells = []
    for index, char in enumerate(theirs.solution):
        value = rebus.get_rebus_solution(index) if rebus and rebus.is_rebus_square(index) else None
        cells.append(None if char in ".:" else value or ("" if char == "-" else char))
    ours = [cell for row in source.grid.cells for cell in row]
    if cells != ours:
        wrong.append("grid")
    numbering = theirs.clue_numbering()
    their_clues = {f"{c['num']}A": c["clue"] for c in numbering.across if c["clue"]}
    their_clues |= {f"{c['num']}D": c["clue"] for c in numbering.down if c["clue"]}
    their_clues = {k: " ".join(v.split()) for k, v in their_clues.items()}
    keys = {slot.key for slot in source.grid.slots()}
    ours_clues = {k: " ".join(v.split()) for k, v in source.clues.items() if k in keys and v}
    if text:  # an unclued entry is written as "-" in Across Lite text
        their_clues = {k: v for k, v in their_clues.items() if v != "-" or k in ours_clues}
    if their_clues != ours_clues:
        wrong.append("clues")
    if " ".join(theirs.title.split()) != " ".join(source.title.split()):
        wrong.append("title")
    return wrong


def _ipuz_verdict(path: Path) -> list[str]:
    """The ``ipuz`` package's objections. It validates ipuz v1, which has no clue ``label``
    (v2 added it; we write it for a clue numbered ``2-3``), so labels are taken out first."""
    import ipuz

    doc = json.loads(path.read_text(encoding="utf-8"))
    for clues in doc.get("clues", {}).values():
        for clue in clues:
            if isinstance(clue, dict):
                clue.pop("label", None)
    try:
        ipuz.read(json.dumps(doc))
    except ipuz.IPUZException as exc:
        return [f"invalid: {exc}"]
    return []


@pytest.mark.parametrize("path", _crosswords(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_independent_python_readers_agree(path: Path, tmp_path: Path) -> None:
    source = _read(path)
    if source is None:
        pytest.skip("acrostic")
    if source.grid.is_barred:
        pytest.skip("barred: .puz and Across Lite text refuse it (tested above)")
    save_puzzle(source, tmp_path / "o.puz")
    assert _puzpy_verdict(source, tmp_path / "o.puz", text=False) == []
    save_puzzle(source, tmp_path / "o.txt", format_name="across-lite")
    assert _puzpy_verdict(source, tmp_path / "o.txt", text=True) == []
    pytest.importorskip("ipuz")
    save_puzzle(source, tmp_path / "o.ipuz")
    assert _ipuz_verdict(tmp_path / "o.ipuz") == []


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (the vendored JavaScript readers need it)")
    return node


def _node_read(paths: list[Path]) -> dict[str, dict[str, object]]:
    """The vendored JavaScript readers' view of each file, by path."""
    result = subprocess.run(
        [_node(), str(TOOLS / "read_puzzles.mjs"), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = [line for line in result.stdout.split("\n") if line]  # not splitlines: U+2028
    return {item["path"]: item for item in map(json.loads, lines)}


def _upper_rows(puzzle: Puzzle) -> list[list[str]]:
    return [["#" if cell is None else cell or "." for cell in row] for row in puzzle.grid.cells]


@dataclass
class Verdicts:
    """Files and fields an independent reader read differently from what we wrote."""

    checked: Counter[str] = field(default_factory=Counter)
    differ: dict[str, list[str]] = field(default_factory=dict)


def node_verdicts(tmp_path: Path) -> Verdicts:
    """Write every corpus crossword as .xd/.jpz/.ipuz/.puz and let the JS readers judge."""
    written: dict[str, tuple[Puzzle, str]] = {}
    for index, path in enumerate(_crosswords()):
        source = _read(path)
        if source is None:
            continue
        for fmt in ("xd", "jpz", "ipuz", "puz"):
            if source.grid.is_barred and fmt in NO_BARS:
                continue
            out = tmp_path / f"{index}-{path.stem}.{fmt}"
            save_puzzle(source, out)
            written[str(out)] = (source, fmt)
    verdicts = Verdicts()
    for name, item in _node_read([Path(p) for p in written]).items():
        source, fmt = written[name]
        rows = [[c.upper() for c in row] for row in _upper_rows(source)]
        # known limits of the other readers, not of our files: Puzzmo's xd has no empty or
        # omitted cells ('.' is a block there, '_' a letter); xword-parser reads an omitted
        # cell as open and a diagramless .puz's ':' blocks as letters
        empty_or_void = bool(source.voids) or any(c == "" for r in source.grid.cells for c in r)
        if fmt == "xd" and empty_or_void:
            verdicts.checked["xd (Puzzmo): not comparable (empty or omitted cells)"] += 1
        elif fmt == "xd":
            verdicts.checked["xd (Puzzmo)"] += 1
            theirs = item.get("puzzmo") or {}
            got = [[c.upper() for c in row] for row in theirs.get("rows", [])]  # type: ignore[attr-defined]
            if got != rows or theirs.get("errors"):  # type: ignore[attr-defined]
                verdicts.differ.setdefault("xd (Puzzmo)", []).append(Path(name).name)
        unified = item.get("unified")
        if "Unable to detect" in str(item.get("unified_error", "")):  # xd with ## headings
            verdicts.checked[f"{fmt} (xword-parser): not comparable (## sections)"] += 1
            continue
        if (
            source.voids
            or (fmt == "puz" and source.kind == "diagramless")
            or (fmt == "xd" and empty_or_void)
        ):
            verdicts.checked[
                f"{fmt} (xword-parser): not comparable (omitted/empty cells, ':')"
            ] += 1
            continue
        key = f"{fmt} (xword-parser, blocks)"
        verdicts.checked[key] += 1
        blocks = [[c == "#" for c in row] for row in rows]
        got_rows = unified.get("rows", []) if isinstance(unified, dict) else []
        if [[c == "#" for c in row] for row in got_rows] != blocks:
            verdicts.differ.setdefault(key, []).append(Path(name).name)
    return verdicts


def test_javascript_readers_agree_on_our_xd_and_grids(tmp_path: Path) -> None:
    verdicts = node_verdicts(tmp_path)
    assert verdicts.checked["xd (Puzzmo)"] > 50
    assert verdicts.differ.get("xd (Puzzmo)", []) == []
    for fmt in ("jpz", "ipuz", "puz"):
        assert verdicts.differ.get(f"{fmt} (xword-parser, blocks)", []) == [], fmt


def main() -> None:
    """Print files read / converted / rendered by format and the independent verdicts."""
    import tempfile

    from puzzlewright.render import render
    from test_render_published import _ink_outside_margins, _pages

    read, refused, rendered, converted = (
        Counter[str](),
        Counter[str](),
        Counter[str](),
        Counter[str](),
    )
    inside = Counter[str]()
    for path in FILES:
        kind = path.suffix.lstrip(".")
        try:
            document = load_document(path, warnings=[])
        except PuzzleInputError:
            refused[kind] += 1
            continue
        read[kind] += 1
        data = render(document, "pdf", key=document.grid.has_answers(), warnings=[])
        rendered[kind] += 1
        with tempfile.TemporaryDirectory() as tmp:
            if not any(_ink_outside_margins(page) for page in _pages(data, Path(tmp))):
                inside[kind] += 1
        source = _read(path)
        if source is None:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            for fmt, (suffix, *_) in TARGETS.items():
                if source.grid.is_barred and fmt in NO_BARS:
                    continue
                out = Path(tmp) / f"o{suffix}"
                save_puzzle(source, out, format_name=fmt)
                back = format_named(fmt).reader(out.read_bytes(), [])
                if not _same_where_kept(source, back, fmt):
                    converted[f"{kind}->{fmt}"] += 1
    print("read:", dict(read), "refused:", dict(refused), "rendered (PDF):", dict(rendered))
    print("rendered with nothing in the margins (every page, keys too):", dict(inside))
    print("converted and read back equal:", dict(sorted(converted.items())))
    with tempfile.TemporaryDirectory() as tmp:
        verdicts = node_verdicts(Path(tmp))
    for key, count in sorted(verdicts.checked.items()):
        if "not comparable" in key:
            print(f"{key}: {count} files")
        else:
            print(f"{key}: {count - len(verdicts.differ.get(key, []))}/{count} agree")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    sys.exit(main())
