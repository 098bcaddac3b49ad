"""PDF clue setting: the hand-made line breaker against reportlab's Paragraph, on real puzzles.

Renders a batch of real corpus puzzles (tests/data/corpus, at least 20 PDF pages with
keys) twice in this process: as shipped (clue lines set arithmetically by
render/pdf/text.py, Paragraph only for markup it does not handle) and with every clue set by
reportlab's Paragraph (the text setter switched off). Prints the median time per batch,
per page and the ratio, and whether the two batches put the same words on every page.

    .venv/bin/python benchmarks/render_paragraph.py
"""

from __future__ import annotations

import io
import statistics
import time
from pathlib import Path
from unittest import mock

from puzzlewright.render import load_document, render

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus"
FILES = [
    "puzpy/nyt_with_shape.puz",
    "puzpy/nyt_v1_4.puz",
    "puzpy/wsj110624.puz",
    "puzpy/Feb0308_oddnumbering.puz",
    "puzpy/nyt_jul0719.puz",
    "puzpy/washpost.puz",
    "puzpy/av110622.puz",
    "puzpy/cs080904.puz",
    "puzpy/nyt_nov0596.puz",
    "puzpy/diagramless.puz",
    "ipuz-package/example.ipuz",
    "ipuz-package/first.ipuz",
    "xd-crossword-tools/alpha-bits.xd",
]
RUNS = 5


def batch() -> tuple[float, int, list[str]]:
    """Seconds for the batch, its page count and the text of every page."""
    import pypdf

    documents = [load_document(CORPUS / name, warnings=[]) for name in FILES]
    start = time.perf_counter()
    outputs = [render(document, "pdf", key=True) for document in documents]
    seconds = time.perf_counter() - start
    texts = []
    for data in outputs:
        pages = pypdf.PdfReader(io.BytesIO(data)).pages
        texts += [" ".join(page.extract_text().split()) for page in pages]
    return seconds, len(texts), texts


def main() -> None:
    batch()  # warm up: imports, fonts, glyph widths
    shipped = [batch() for _ in range(RUNS)]
    with mock.patch("puzzlewright.render.pdf.blocks.break_lines", lambda *args: None):
        batch()
        paragraph = [batch() for _ in range(RUNS)]
    ours = statistics.median(s for s, _, _ in shipped)
    theirs = statistics.median(s for s, _, _ in paragraph)
    pages = shipped[0][1]
    same = shipped[0][2] == paragraph[0][2]
    print(f"{len(FILES)} puzzles, {pages} pages (with keys), median of {RUNS} runs")
    print(f"hand-made line breaking: {ours:.3f} s  ({ours / pages * 1000:.1f} ms/page)")
    print(f"Paragraph for every clue: {theirs:.3f} s  ({theirs / pages * 1000:.1f} ms/page)")
    differ = sum(1 for a, b in zip(shipped[0][2], paragraph[0][2], strict=True) if a != b)
    print(f"ratio Paragraph / hand-made: {theirs / ours:.2f}x; same words on every page: {same}")
    print(f"pages whose words differ: {differ} of {pages}")


if __name__ == "__main__":
    main()
