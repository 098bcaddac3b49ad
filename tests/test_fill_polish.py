"""Polish (crossword/fill/polish.py): weak entries re-filled from the top tier, under a
dead-end budget per slot that the fast mode keeps small (with restarts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import fill_grid
from puzzlewright.crossword.fill.polish import (
    POLISH_EFFORT,
    POLISH_FAST_EFFORT,
    POLISH_FAST_RESTART,
    polish,
)
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.quality import ValueWeights
from puzzlewright.crossword.fill.search import Search
from puzzlewright.lexicon import Alphabet, WordList, load_wordlist
from puzzlewright.stopping import StopSignal

GRIDS = Path(__file__).parent / "data" / "grids"


def polished(words: WordList, filled: Grid, **effort: int) -> Grid:
    """``filled`` (a 2x4) polished to a floor of 50 with ``words``."""
    problem = build_problem(Grid.parse("....\n...."), words)
    return polish(
        problem,
        filled,
        floor=50,
        seed=0,
        stop=StopSignal(),
        max_shared_substring=None,
        value_weights=ValueWeights(),
        **effort,
    )


def test_a_weak_entry_is_replaced_where_its_crossings_allow() -> None:
    scores = {
        "ABCD": 30, "EFGH": 50, "ABCX": 50,  # rows: ABCD is weak, ABCX would do
        "AE": 50, "BF": 50, "CG": 50, "DH": 40, "XH": 50,  # columns
    }  # fmt: skip
    words = WordList(scores.items(), Alphabet.latin(), "tiny")
    filled = Grid.parse("ABCD\nEFGH")
    for effort in (POLISH_FAST_EFFORT, POLISH_EFFORT):
        assert polished(words, filled, effort=effort).rows_text() == ["ABCX", "EFGH"]
    # a fill whose weak entries cannot be raised is returned as it was
    words = WordList({**scores, "XH": 20}.items(), Alphabet.latin(), "tiny")
    assert polished(words, filled).rows_text() == ["ABCD", "EFGH"]


@pytest.mark.parametrize(("quality", "effort"), [(False, POLISH_FAST_EFFORT), (True, None)])
def test_each_re_fill_gets_the_mode_s_budget_per_slot(
    stwl_path: Path, monkeypatch: pytest.MonkeyPatch, quality: bool, effort: int | None
) -> None:
    words, _ = load_wordlist([stwl_path], min_score=30)
    budgets: list[tuple[int, int, int]] = []  # (dead ends, restart unit, slots) per re-fill
    real = Search.run

    def spy(self: Search, *args: object, **kwargs: object) -> object:
        if args[1:2] == ((50,),):  # polish's re-fills: one tier, the top one
            allowed, unit = kwargs["final_effort"], kwargs["luby_unit"]
            budgets.append((allowed, unit, len(self.order)))  # type: ignore[arg-type]
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Search, "run", spy)
    grid = Grid.parse((GRIDS / "themed15.txt").read_text())
    result = fill_grid(grid, words, min_score=30, seed=0, quality=quality, stop=StopSignal(60))
    assert result.status == "filled"
    if effort is None:  # quality mode: an all-50 fill, nothing to polish
        assert budgets == [] and result.average_score == 50.0
        return
    assert budgets, "the fast mode's fill had entries under 50 to polish"
    for allowed, unit, slots in budgets:  # and Luby restarts, 1 dead end per slot a unit
        assert (allowed, unit) == (effort * slots, POLISH_FAST_RESTART * slots)
