"""Fill checks of an entry's candidates, fast enough to show while the constructor types.

The question for each candidate: does a complete fill of the grid exist with it in the
entry? Asked one by one with a fresh fill search each (:func:`analysis.check_candidate`),
a half-filled 15x15 costs 20-130 ms per candidate, mostly the search re-deciding the forty
open entries that the candidate does not touch. Here the candidates share what is known:

1. **Repair** (most candidates, a few ms): start from a complete fill already found (the
   grid's own, asked once before the candidates, or an earlier candidate's), write the
   candidate in, and clear only the entries it broke (the crossings whose letter changed,
   an entry that held the same word) plus, when that is not enough, rings of the entries
   crossing those. Whatever the small search finds is a complete fill, so ``fills`` is
   proved; failing in a ring proves nothing and the ring grows.
2. **Search** (what repair cannot settle): the full fill search of the grid with the
   candidate, first for a short slice of the budget, then, once every candidate has had
   its quick turn, for the rest; only its exhaustive end proves a ``dead end``, and only a
   budget spent says ``unknown``.

So the verdicts of the first screen come in a few tens of milliseconds, the hard ones
last. The dependence on fill internals (Problem, Search) stays here and in analysis.py.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass

from puzzlewright.crossword.analysis import Verdict, freed
from puzzlewright.crossword.fill.problem import build_problem, place_solution, slots_of
from puzzlewright.crossword.fill.quality import default_quality, value_weights
from puzzlewright.crossword.fill.run import candidate_scores, run_modes
from puzzlewright.crossword.fill.search import Search
from puzzlewright.crossword.grid import Grid, Position, Slot
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.crossword import is_crossword_list
from puzzlewright.stopping import EitherStop, PollBudget, StopSignal, clock

REPAIR_RINGS = 2
"""Rings of crossing entries a repair may clear before the candidate goes to the search
(a third ring cleared some 70 cells of a 15x15 and searched longer than a fresh fill)."""

REPAIR_POLLS = 6
"""The effort of one ring's search, in polls (about 100 nodes): a small region that the
fixed rest of the fill makes hard is left to the full search, where it is not fixed."""

QUICK_POLLS = 24
"""The effort of a candidate's first search, in polls of its stop signal (the fill polls
every 16 nodes: 24 polls, some 400 nodes, cover the search of most candidates of a
half-filled 15x15, about 50 nodes). Counted, not timed, so a loaded machine does not cut
searches short only to start them again. What it leaves waits until every candidate has
had its quick turn, so one hard candidate does not hold up the others."""


@dataclass(frozen=True)
class CandidateCheck:
    """One candidate's verdict, how it was reached and the seconds spent on it."""

    word: str
    verdict: Verdict
    seconds: float
    method: str  # "known" (in a fill found before), "repair" or "search"

    def to_json(self) -> dict[str, object]:
        """The check as JSON: every field."""
        return asdict(self)


def check_candidates(
    grid: Grid,
    words: WordList,
    key: str,
    candidates: Sequence[str],
    *,
    min_score: int | None = None,
    budget: float = 1.5,
    stop: StopSignal | None = None,
    fill: Mapping[str, str] | None = None,
) -> Iterator[CandidateCheck]:
    """Verdicts (``fills``, ``dead end``, ``unknown``) for ``candidates`` of entry ``key``,
    each as soon as it is known: the quick ones in the order given, then the rest.

    ``fill``: the words (by entry key) of a complete fill of the grid the candidates live
    in, when one is known (:func:`analysis.check_entry_grid`'s); repairs start from it.
    ``budget``: seconds of search per candidate at most; ``stop`` ends the whole run.
    """
    stop = stop or StopSignal()
    slot = _slot(grid, key)
    base = freed(grid, slot) if "?" not in grid.word(slot) else grid
    complete = _complete(base, fill) if fill else None
    known = [complete] if complete is not None else []
    spent: dict[str, float] = {}
    later: list[str] = []
    for word in candidates:
        if stop.should_stop():
            return
        started = clock()
        check = _quick(base, words, slot, word, known, min_score, budget, stop)
        spent[word] = clock() - started
        if check is None:
            later.append(word)
        else:
            yield CandidateCheck(word, check[0], round(spent[word], 3), check[1])
    for word in later:
        if stop.should_stop():
            return
        started = clock()
        rest = max(0.0, budget - spent[word])
        trial = _with(base, slot, word)
        verdict, _ = _search(trial, words, min_score, EitherStop(rest, stop))
        seconds = round(spent[word] + clock() - started, 3)
        yield CandidateCheck(word, verdict, seconds, "search")


def _with(grid: Grid, slot: Slot, word: str) -> Grid:
    """A copy of ``grid`` with ``word`` in ``slot``."""
    trial = grid.copy()
    trial.place(slot, word)
    return trial


def _slot(grid: Grid, key: str) -> Slot:
    """Entry ``key`` of ``grid`` (an input error when it has none)."""
    name = key.strip().upper()
    slot = next((s for s in slots_of(grid) if s.key == name), None)
    if slot is None:
        raise PuzzleInputError(f"the grid has no entry {key!r}")
    return slot


def _complete(base: Grid, fill: Mapping[str, str]) -> Grid | None:
    """``base`` with the fill's words written in (None when they do not complete it)."""
    result = base.copy()
    for slot in slots_of(base):
        word = fill.get(slot.key)
        if word is None or len(word) != slot.length:
            return None
        result.place(slot, word)
    return result


def _quick(
    base: Grid,
    words: WordList,
    slot: Slot,
    word: str,
    known: list[Grid],
    min_score: int | None,
    budget: float,
    stop: StopSignal,
) -> tuple[Verdict, str] | None:
    """A verdict within the quick share of the budget (a known fill, a repair, a short
    search), or None; every fill found joins ``known`` for the next candidates."""
    if any(found.word(slot) == word for found in known):
        return "fills", "known"
    timed = EitherStop(budget, stop)
    for found in known[-1:]:
        repaired = repair(base, found, words, slot, word, min_score, stop=timed)
        if repaired is not None:
            known.append(repaired)
            return "fills", "repair"
    trial = _with(base, slot, word)
    verdict, filled = _search(trial, words, min_score, PollBudget(QUICK_POLLS, timed))
    if filled is not None:
        known.append(filled)
    return None if verdict == "unknown" else (verdict, "search")


def repair(
    base: Grid,
    filled: Grid,
    words: WordList,
    slot: Slot,
    word: str,
    min_score: int | None = None,
    *,
    rings: int = REPAIR_RINGS,
    stop: StopSignal | None = None,
) -> Grid | None:
    """A complete fill of ``base`` with ``word`` in ``slot``, made from the complete fill
    ``filled`` by clearing only what the word breaks (and rings of crossing entries
    around it), or None when no such small change is found. Cells with letters in
    ``base`` (the constructor's) are never cleared."""
    trial = _with(filled, slot, word)
    slots = slots_of(base)  # shared by grids of one shape: base.slots() costs ~3 ms
    at: dict[Position, list[Slot]] = {}
    for other in slots:
        for pos in other.cells:
            at.setdefault(pos, []).append(other)
    broken = {
        other
        for other in slots
        if other != slot and (filled.word(other) != trial.word(other) or trial.word(other) == word)
    }
    kept = set(slot.cells)
    for _ in range(rings):
        if not broken:
            return trial
        cleared = trial.copy()
        for other in broken:
            for r, c in other.cells:
                if (r, c) not in kept and not base.cells[r][c]:
                    cleared.cells[r][c] = ""
        found = _solve(cleared, words, min_score, PollBudget(REPAIR_POLLS, stop or StopSignal()))
        if found is not None:
            return found
        broken |= {near for other in broken for pos in other.cells for near in at[pos]}
        broken.discard(slot)
    return None


def _solve(
    grid: Grid, words: WordList, min_score: int | None, stop: StopSignal | None
) -> Grid | None:
    """A fill of ``grid``'s few empty cells (a repair's cleared entries), or None."""
    status, found = _fill(grid, words, min_score, stop or StopSignal())
    return found if status == "filled" else None


def _search(
    grid: Grid, words: WordList, min_score: int | None, stop: StopSignal
) -> tuple[Verdict, Grid | None]:
    """The full fill search of ``grid`` until ``stop``: its verdict and fill."""
    if grid.is_filled():
        return "fills", grid
    status, found = _fill(grid, words, min_score, stop)
    if status == "filled":
        return "fills", found
    return ("dead end" if status == "unfillable" else "unknown"), None


def _fill(
    grid: Grid, words: WordList, min_score: int | None, stop: StopSignal
) -> tuple[str, Grid | None]:
    """The filler's search as :func:`~puzzlewright.crossword.fill.fill` runs it (its
    modes and score tiers, the last of which is exhaustive), without what only a fill to
    keep needs (polishing weak entries, ranking, figures): the status and the fill."""
    problem = build_problem(grid, words, min_score)
    slots = sum(var.required for var in problem.vars)
    if not slots:
        return "filled", grid
    scores = candidate_scores(problem)
    quality = default_quality(scores, bool(grid.bars), is_crossword_list(words))
    search = Search(problem, value_weights=value_weights(scores, quality), stop=stop)
    outcome = run_modes(search, scores, quality, 1, slots)
    if outcome.status == "filled":
        return "filled", place_solution(problem, outcome.solutions[0])
    return outcome.status, None


__all__ = ["CandidateCheck", "check_candidates", "repair"]
