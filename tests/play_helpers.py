"""Shared helpers for the playable-page tests: puzzles on disk and a real Chromium."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzlewright.render import load_document, render

DATA = Path(__file__).parent / "data"
SAMPLER = DATA / "formats" / "sampler.ipuz"
ACROSTIC = DATA / "acrostic" / "sample.ipuz"
NYT_1952 = DATA / "play" / "nyt-1952-04-22.xd"  # public domain, see data/play/SOURCES.md
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

# Clue texts for the sample acrostic (its file has none): a page needs something to show.
ACROSTIC_CLUES = {
    "A": "Sum total",
    "B": "Not free to take calls",
    "C": "Final confrontation, as at high noon",
    "D": "What makes the dream work, in a slogan",
    "E": "Attempts",
    "F": "Alert on a phone",
    "G": "Job advertisement",
    "H": "People seeking asylum",
    "I": "No man is one, said Donne",
    "J": "Putting off",
    "K": "Keen fans",
}


def clued_acrostic(folder: Path) -> Path:
    """The sample acrostic with a clue for every answer, saved in ``folder``."""
    data = json.loads(ACROSTIC.read_text(encoding="utf-8"))
    for item in data["clues"]["Clues"]:
        item["clue"] = ACROSTIC_CLUES.get(item["label"], item.get("clue", ""))
    data["title"] = "Pride and Prejudice"
    target = folder / "acrostic.ipuz"
    target.write_text(json.dumps(data), encoding="utf-8")
    return target


def play_page(source: Path, folder: Path) -> Path:
    """Render ``source`` as a playable page in ``folder`` and return the page's path."""
    target = folder / f"{source.stem}-play.html"
    target.write_bytes(render(load_document(source), "play"))
    return target


def acrostic_answers(path: Path) -> dict[str, Any]:
    """Label -> answer, and the quotation's letters, read from an acrostic ipuz."""
    data = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, Any] = {}
    for item in data["clues"]["Clues"]:
        out[item["label"]] = item["answer"]
    return out


def launch_browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright; the tests skip where either is missing."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
