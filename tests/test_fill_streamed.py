"""fill_first: one fill handed over at once, then the ranked fills (issue 26's Autofill)."""

from __future__ import annotations

from dataclasses import replace

from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, FillResult, fill
from puzzlewright.crossword.fill.streamed import fill_first, merged
from puzzlewright.lexicon import Alphabet, WordList
from puzzlewright.stopping import StopSignal

WORDS = WordList(
    [(w, s) for w, s in zip("BAD ONE ATE BOA ANT DEE CAT ORE DYE COD ARY TEE".split(),
                            [60, 50, 55, 40, 45, 30, 70, 65, 50, 35, 40, 60], strict=True)],
    Alphabet.latin(),
    "",
)  # fmt: skip
EMPTY = Grid.parse("...\n...\n...\n")


def rows(result: FillResult) -> list[tuple[str, ...]]:
    return [tuple(one.grid.rows_text()) for one in result.ranked]


def test_the_first_fill_is_the_single_fill_and_is_ranked_with_the_rest() -> None:
    request = FillRequest(EMPTY, count=5, seed=2)
    firsts: list[FillResult] = []
    result = fill_first(request, WORDS, on_first=firsts.append)
    single = fill(FillRequest(EMPTY, count=1, seed=2), WORDS)
    assert len(firsts) == 1 and firsts[0].grid.rows_text() == single.grid.rows_text()
    ranked = fill(request, WORDS)
    assert set(rows(result)) == set(rows(ranked)) | {tuple(single.grid.rows_text())}
    averages = [one.average_score or 0 for one in result.ranked]
    assert averages == sorted(averages, reverse=True)
    assert result.status == "filled" and result.grid.rows_text() == list(rows(result)[0])


def test_a_stop_after_the_first_fill_still_returns_it() -> None:
    """Stopped while the ranked fills are searched: the fill already shown is the answer."""
    stop = StopSignal()

    def shown(first: FillResult) -> None:
        stop.interrupted = True

    result = fill_first(FillRequest(EMPTY, count=5), WORDS, on_first=shown, stop=stop)
    assert result.status == "filled" and len(result.fills) == 1


def test_no_fill_no_first_event() -> None:
    firsts: list[FillResult] = []
    grid = Grid.parse("Q..\n...\n...\n")
    result = fill_first(FillRequest(grid, count=3), WORDS, on_first=firsts.append)
    assert result.status == "unfillable" and not firsts and not result.fills


def test_a_ranked_search_cut_short_keeps_the_first_fill() -> None:
    first = fill(FillRequest(EMPTY, seed=1), WORDS)
    ranked = fill(FillRequest(EMPTY, count=5, seed=1), WORDS)  # what a stop leaves of it:
    cut = replace(ranked, status="timeout", fills=[], ranked=[], stop_reason="interrupted")
    both = merged(cut, first, 5)
    assert both.status == "timeout" and both.stop_reason == "interrupted"
    assert [grid.rows_text() for grid in both.fills] == [first.grid.rows_text()]
    assert both.grid.rows_text() == first.grid.rows_text() and both.entries == first.entries
