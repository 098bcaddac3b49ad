"""The text files shipped in ``lexicon/data``: the hand-reviewed exclusions, the breakfast
test's words and the phrases.

Its own module, below both readers: the built-in list (``lexicon.builtin``) and the phrases
(``lexicon.phrases``) read these files, and the built-in list stands on the phrases, never
the other way round.
"""

from __future__ import annotations

from pathlib import Path


def data_text(name: str) -> str:
    """A text file of ``lexicon/data`` (read beside this module in an ordinary install: no
    importlib.resources imports per process)."""
    beside = Path(__file__).with_name("data") / name
    if beside.is_file():
        return beside.read_text("utf-8")
    from importlib.resources import files

    return files("puzzlewright.lexicon").joinpath(f"data/{name}").read_text("utf-8")
