"""The "From Python" section of every engine's docs page, run as a doctest.

Each ``pycon`` block under ``## From Python`` runs in a fresh empty folder with fresh
globals; its ``>>>`` lines are compared with the output shown (doctest's rules, with
``...`` eliding and whitespace normalized), so a page cannot drift from the library."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
ENGINE_PAGES = (
    "lexicon",
    "cryptarithm",
    "cryptarithm-encode-find",
    "crossword-fill",
    "crossword-construction",
    "barred",
    "difficulty",
    "acrostic",
    "formats",
    "printing",
    "play",
)
BLOCK = re.compile(r"```pycon\n(.*?)```", re.DOTALL)


def python_blocks(page: str) -> list[str]:
    """The pycon blocks of the page's ``## From Python`` section."""
    text = (DOCS / f"{page}.md").read_text(encoding="utf-8")
    start = text.find("\n## From Python\n")
    if start < 0:
        return []
    end = text.find("\n## ", start + 1)
    return BLOCK.findall(text[start : end if end > 0 else len(text)])


@pytest.mark.slow
@pytest.mark.parametrize("page", ENGINE_PAGES)
def test_from_python_runs_as_shown(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocks = python_blocks(page)
    assert blocks, f"docs/{page}.md has no '## From Python' section with a pycon block"
    monkeypatch.chdir(tmp_path)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    for number, block in enumerate(blocks, 1):
        test = doctest.DocTestParser().get_doctest(block, {}, f"{page}#{number}", page, 0)
        runner = doctest.DocTestRunner(optionflags=flags)
        shown: list[str] = []
        runner.run(test, out=shown.append)
        assert runner.failures == 0, f"docs/{page}.md, From Python block {number}:\n" + "".join(
            shown
        )
