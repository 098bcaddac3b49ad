"""Playable page benchmark: size of a 21x21 page and its time to interactive in Chromium.

Run: .venv/bin/python benchmarks/play.py [--runs 9]

The puzzle is benchmarks/grids/big21.txt (the 21x21 block pattern) with letters drawn from
a seeded generator and clues of a typical published length (30-60 characters), so the page
carries as much as a real Sunday-size puzzle. The baseline is the printable HTML page
(``--format html``) of the same puzzle: its size, and its load time in the same browser.
Time to interactive is ``performance.now()`` when the page's script has built the grid,
restored saved progress and focused the first square (``body[data-ready-ms]``); the
baseline's is its load event. Medians over ``--runs`` fresh page loads; printed, not asserted.
Needs Playwright and Debian's chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from puzzlewright.crossword.formats import save_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.render import load_document, render

HERE = Path(__file__).parent
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
WORDS = (
    "river harbor lantern quiet signal marble orchard velvet ember canyon meadow ribbon "
    "violin pepper saddle thunder walnut basket copper island jigsaw kettle ladder mirror"
).split()


def sunday_puzzle(seed: int = 21) -> Puzzle:
    """The 21x21 pattern, filled with seeded letters, with realistic clue lengths."""
    rng = random.Random(seed)
    pattern = (HERE / "grids" / "big21.txt").read_text(encoding="utf-8")
    letters = "EEEEAAAIIOOTTNNSSRRLLDCUMPHGBYFWKV"
    text = "".join(rng.choice(letters) if ch == "." else ch for ch in pattern)
    grid = Grid.parse(text)
    clues = {}
    for slot in grid.slots():
        words = [rng.choice(WORDS) for _ in range(rng.randint(4, 9))]
        clues[slot.key] = " ".join(words).capitalize()
    return Puzzle(grid, title="Sunday Benchmark", author="Bench Setter", clues=clues)


def measure(pages: dict[str, Path], runs: int) -> dict[str, list[float]]:
    """Milliseconds to interactive (play) or to the load event (html) per fresh load."""
    from playwright.sync_api import sync_playwright

    timings: dict[str, list[float]] = {name: [] for name in pages}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(runs):
            for name, path in pages.items():
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                page.goto(path.as_uri())
                if name == "play":
                    page.wait_for_selector("body.pw-ready", state="attached")
                    value = page.evaluate("Number(document.body.dataset.readyMs)")
                else:
                    value = page.evaluate(
                        "performance.getEntriesByType('navigation')[0].loadEventEnd"
                    )
                timings[name].append(float(value))
                context.close()
        browser.close()
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sunday21.ipuz"
        save_puzzle(sunday_puzzle(), source)
        document = load_document(source)
        started = time.perf_counter()
        play = render(document, "play")
        render_ms = (time.perf_counter() - started) * 1000
        html = render(document, "html")
        pages = {"play": Path(folder) / "play.html", "html": Path(folder) / "print.html"}
        pages["play"].write_bytes(play)
        pages["html"].write_bytes(html)
        clues = sum(len(s.entries) for s in document.sections)
        print(f"puzzle: 21x21, {clues} clues")
        print(f"render --format play: {render_ms:.1f} ms")
        print(
            f"page size: play {len(play) / 1024:.1f} KB (target <= 100 KB), "
            f"printable html {len(html) / 1024:.1f} KB, ratio {len(play) / len(html):.2f}"
        )
        timings = measure(pages, args.runs)
    ready = statistics.median(timings["play"])
    loaded = statistics.median(timings["html"])
    print(
        f"time to interactive (median of {args.runs}): play {ready:.0f} ms; "
        f"printable html load event {loaded:.0f} ms; ratio {ready / loaded:.2f}"
    )


if __name__ == "__main__":
    main()
