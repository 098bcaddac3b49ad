"""Polishing a fill: re-fill the neighbourhood of each weak entry with top-tier words.

A fill found by search can hold a few entries below the list's best tier where the grid
was tight. For each such entry, weakest first, it and its crossing entries are cleared
(only cells the filler wrote, and only where every entry through the cell is in the
neighbourhood), and the neighbourhood is searched again with top-tier words only, under
a small dead-end budget. The new
words are kept when they raise the fill's total score. Deterministic: budgets count dead
ends, not seconds.
"""

from __future__ import annotations

from puzzlewright.crossword.fill.problem import Problem, build_problem, place_solution, slots_of
from puzzlewright.crossword.fill.quality import ValueWeights, grid_entries
from puzzlewright.crossword.fill.search import Search
from puzzlewright.crossword.grid import Grid, Position, Slot
from puzzlewright.stopping import StopSignal

POLISH_EFFORT = 20
"""Dead ends allowed per slot of a neighbourhood when re-filling it (quality mode)."""

POLISH_FAST_EFFORT = 5
"""The same in the fast mode, with :data:`POLISH_FAST_RESTART`. Most re-fills that succeed
need a few dead ends per slot; those that fail spend the whole budget, and they were most
of the fast mode's time (docs/crossword-fill.md, "the search step")."""

POLISH_FAST_RESTART = 1
"""The fast mode's re-fills restart after Luby's sequence times this many dead ends per
slot: with 5 dead ends per slot and no restarts, one STWL themeless fill of ten (seeds
0-9 at 30) missed a re-fill that 20 found after 294 dead ends; with restarts each of
those fills (and of themed1-3) has the average 20 dead ends per slot gave."""

RADIUS = 2
"""The neighbourhood: the weak entry, its crossings and theirs. The first two rings are
cleared and re-filled whole; the outer ring keeps its letters except where it crosses."""


def total_score(grid: Grid, problem: Problem) -> int:
    """The sum of the list scores of the grid's complete entries."""
    return sum(entry.score or 0 for entry in grid_entries(grid, problem.words))


def neighbourhood(
    slot: Slot, written: set[Position], through: dict[Position, list[Slot]]
) -> tuple[set[Slot], list[Position]]:
    """The entries within :data:`RADIUS` crossings of ``slot``, and the cells a re-fill of
    them may clear: ``written`` by the filler and passed ``through`` only by those entries."""
    region = {slot}
    for _ in range(RADIUS):
        region |= {
            other for near in region for pos in near.cells if pos in written
            for other in through[pos]
        }  # fmt: skip
    cleared = [
        pos
        for other in region
        for pos in other.cells
        if pos in written and all(s in region for s in through[pos])
    ]
    return region, cleared


def polish(
    problem: Problem,
    grid: Grid,
    *,
    floor: int,
    seed: int,
    stop: StopSignal,
    max_shared_substring: int | None,
    value_weights: ValueWeights,
    effort: int = POLISH_EFFORT,
    restart: int = 0,
) -> Grid:
    """``grid`` (a fill of ``problem``) with weak entries replaced where a re-fill of their
    neighbourhood with words scoring ``floor`` or more, within ``effort`` dead ends per
    slot, raises the total score (``restart`` > 0: each re-fill restarts after Luby's
    sequence times that many dead ends per slot)."""
    entries = grid_entries(grid, problem.words)
    weak = sorted(
        (entry.score or 0, k)
        for k, entry in enumerate(entries)
        if entry.score is not None and entry.score < floor
    )
    if not weak:
        return grid  # every entry reaches the floor (the usual case): nothing to look up
    written: set[Position] = {
        pos for pos in problem.cells if problem.inside is None or pos in problem.inside
    }
    slots = slots_of(grid)
    through = _slots_through(slots)
    current = grid
    best = sum(entry.score or 0 for entry in entries)
    for attempt, (_, k) in enumerate(weak):
        if stop.should_stop():
            break
        slot = slots[k]
        if current.word(slot) != grid.word(slot):
            continue  # already replaced while polishing a neighbour
        region, cleared = neighbourhood(slot, written, through)
        if not cleared:
            continue
        candidate = _refill(
            problem,
            current,
            region,
            cleared,
            floor=floor,
            seed=seed * 1_000 + attempt,
            stop=stop,
            max_shared_substring=max_shared_substring,
            value_weights=value_weights,
            effort=effort,
            restart=restart,
        )
        if candidate is None:
            continue
        score = total_score(candidate, problem)
        if score > best:
            current, best = candidate, score
    return current


def _slots_through(slots: list[Slot]) -> dict[Position, list[Slot]]:
    """Cell -> the slots through it (one across, one down, or one alone)."""
    through: dict[Position, list[Slot]] = {}
    for slot in slots:
        for pos in slot.cells:
            through.setdefault(pos, []).append(slot)
    return through


def _refill(
    problem: Problem,
    current: Grid,
    region: set[Slot],
    cleared: list[Position],
    *,
    floor: int,
    seed: int,
    stop: StopSignal,
    max_shared_substring: int | None,
    value_weights: ValueWeights,
    effort: int,
    restart: int,
) -> Grid | None:
    """``current`` with the ``cleared`` cells re-filled (the open slots of ``region``) from
    words scoring ``floor`` or more, within ``effort`` dead ends per slot; None when that
    finds no fill. Only the cleared cells change: a slot running out of a rectangular
    region keeps its cells outside it empty, as the fill left them."""
    trial = current.copy()
    for r, c in cleared:
        trial.cells[r][c] = ""
    keys = [other.key for other in region if any(not trial.cells[r][c] for r, c in other.cells)]
    if not keys:
        return None
    sub = build_problem(trial, problem.words, problem.min_score, keys)
    search = Search(
        sub,
        seed=seed,
        max_shared_substring=max_shared_substring,
        stop=stop,
        value_weights=value_weights,
    )
    # One tier, the top one: a slot whose kept letters admit no top word keeps its own.
    outcome = search.run(
        1, (floor,), final_effort=effort * len(keys), luby_unit=restart * len(keys)
    )
    if not outcome.solutions:
        return None
    filled = place_solution(sub, outcome.solutions[0])
    result = current.copy()
    for r, c in cleared:
        result.cells[r][c] = filled.cells[r][c]
    return result
