"""Grid repair: the fewest symmetric block changes that make an unfillable grid fill.

Constructors move blocks by hand until the filler stops saying "unfillable". This does it
for them, guided by the filler's own evidence: the entries its exhaustive search failed on
most (``FillResult.failed_slots``), or the entries propagation leaves without a word. Those
failures are spread over the entries' cells (the middle weighed most, where a block splits
an entry evenly); blocks go on the hottest cells (cheater squares, split long entries) and
the blocks next to them may open (with another block elsewhere, a moved block pair).

The search runs by increasing number of changes (a cell with its mirror images is one
change). At each level every candidate grid is checked against the rules
(:class:`~puzzlewright.crossword.repair_moves.Rules`), then propagated (a grid some entry
has no word left in is dropped without a fill), then the most promising ones, by the
candidates left to their tightest entries, are *really filled* within a counted effort.
A grid that fills is a proposal, with its fill; the first level that gives one ends the
search, and its proposals are ranked by the fill's average score. Grids that did not fill
pass their own failures on to the next level (a beam of the most promising).

Effort is counted: each trial fill has ``effort`` polls of its stop signal and the repair
``trials`` fills in all, so the same request and seed give the same proposals on any
machine; ``stop`` (``--timeout``, Ctrl-C) is only a safety net, and a result it cut says so.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from puzzlewright.crossword.analysis import GridAnalysis, analyse_grid
from puzzlewright.crossword.fill import Fill, FillRequest, FillResult, fill
from puzzlewright.crossword.grid import Grid, Position
from puzzlewright.crossword.repair_moves import (
    Change,
    ConcreteSymmetry,
    RepairSymmetry,
    Rules,
    apply,
    candidate_changes,
    cell_weights,
    frozen_cells,
    resolve_symmetry,
)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import NEVER, Counters, PollBudget, StopReason, StopSignal, clock

RepairStatus = Literal["repaired", "fillable", "none", "timeout"]
"""``repaired``: proposals found; ``fillable``: the grid fills as it is (and no change
beat its fill); ``none``: no repair within the changes and effort allowed (``reason``
says why); ``timeout``: the time limit or Ctrl-C ended the search first (proposals found
by then are kept)."""

REPAIR_EFFORT = 250
"""Polls of its stop signal one trial fill may take (the fill polls every 16 nodes: about
4,000 nodes, a few seconds). A repaired grid usually fills in a tenth of that; a grid
that does not fill would take the budget whatever it is, so a small one buys more trials."""
REPAIR_TRIALS = 40
"""Trial fills a repair may run in all (the original grid's included)."""
MAX_CHANGES = 6
DEAD_EVIDENCE = 10.0  # the failures an entry propagation leaves without a word counts for
ADDS, OPENS = 24, 8  # moves tried from each grid: new blocks, then blocks opened
BEAM = 6  # grids carried to the next level
VERIFY = 6  # grids filled at each level (more once a level has found proposals)


@dataclass(frozen=True)
class RepairRequest:
    """One repair: the grid (letters and complete entries are kept) and its rules.

    ``min_score`` is the fill's floor (the repaired grid must fill with words scoring that
    high); ``max_changes`` the most symmetric block changes a proposal may make;
    ``symmetry`` the one to keep (``auto``: the grid's own); ``min_length`` and
    ``max_words`` the entry rules; ``locked`` entry keys that must stay as they are;
    ``count`` proposals wanted; ``effort`` and ``trials`` the counted work (see the
    module's docstring)."""

    grid: Grid
    min_score: int | None = None
    max_changes: int = 2
    symmetry: RepairSymmetry = "auto"
    min_length: int = 3
    max_words: int | None = None
    locked: tuple[str, ...] = ()
    seed: int = 0
    count: int = 3
    effort: int = REPAIR_EFFORT
    trials: int = REPAIR_TRIALS

    def check(self) -> None:
        """Refuse option values no repair can honour (PuzzleInputError)."""
        if not 1 <= self.max_changes <= MAX_CHANGES:
            raise PuzzleInputError(
                f"max_changes must be 1 to {MAX_CHANGES}", parameters=("max_changes",)
            )
        if self.min_length < 2:
            raise PuzzleInputError("min_length must be at least 2", parameters=("min_length",))
        if self.max_words is not None and self.max_words < 1:
            raise PuzzleInputError("max_words must be at least 1", parameters=("max_words",))
        for name in ("count", "effort", "trials"):
            if getattr(self, name) < 1:
                raise PuzzleInputError(f"{name} must be at least 1", parameters=(name,))
        if self.grid.is_barred:
            raise PuzzleInputError("repair moves blocks: a barred grid has none to move")


@dataclass(frozen=True)
class Proposal:
    """One repair: the changes, the repaired grid (the original letters kept, opened cells
    empty) and the fill that proves it fills."""

    changes: tuple[Change, ...]
    grid: Grid
    fill: Fill

    @property
    def added(self) -> list[Position]:
        """Cells that became blocks."""
        return sorted(p for change in self.changes if change.block for p in change.cells)

    @property
    def removed(self) -> list[Position]:
        """Blocks that became open cells."""
        return sorted(p for change in self.changes if not change.block for p in change.cells)

    def to_json(self) -> dict[str, object]:
        """The proposal as JSON: its changes, cells added and removed, the grid, the fill."""
        return {
            "changes": len(self.changes),
            "moves": [change.to_json() for change in self.changes],
            "added": [list(pos) for pos in self.added],
            "removed": [list(pos) for pos in self.removed],
            "grid": self.grid.rows_text(),
            "words": len(self.grid.slots()),
            "blocks": self.grid.block_count(),
            "average_score": self.fill.average_score,
            "fill": self.fill.to_json(),
        }


@dataclass
class RepairCounters(Counters):
    """What the repair did: grids built, refused by the rules, dead after propagation,
    trial fills run, and the search nodes of those fills."""

    grids: int = 0
    rule_breaking: int = 0
    dead: int = 0
    trials: int = 0
    nodes: int = 0


@dataclass
class RepairResult:
    """The outcome of :func:`repair`: proposals (fewest changes, best fill first), the
    evidence used, and why the search ended."""

    status: RepairStatus
    original: str  # the original grid's trial fill: filled, unfillable, dead or timeout
    symmetry: ConcreteSymmetry
    failed_slots: list[tuple[str, float]]  # the evidence: entry key, failures
    proposals: list[Proposal] = field(default_factory=list)
    original_fill: Fill | None = None
    reason: str | None = None
    stop_reason: StopReason | None = None
    seconds: float = 0.0
    counters: RepairCounters = field(default_factory=RepairCounters)

    def to_json(self) -> dict[str, object]:
        """The ``crossword repair --json`` document."""
        return {
            "status": self.status,
            "original": self.original,
            "symmetry": self.symmetry,
            "failed_slots": [{"key": k, "failures": f} for k, f in self.failed_slots],
            "original_average": None
            if self.original_fill is None
            else self.original_fill.average_score,
            "proposals": [proposal.to_json() for proposal in self.proposals],
            "reason": self.reason,
            "stop_reason": self.stop_reason,
            "seconds": round(self.seconds, 3),
            **self.counters.to_json(),
        }


@dataclass
class _Node:
    """A grid of the search: its changes, the failure evidence per cell it passes on (its
    own trial fill's, else its parent's), its promise and the rule it breaks (if any)."""

    changes: tuple[Change, ...]
    grid: Grid
    weight: dict[Position, float]
    promise: float = 0.0
    broken: str | None = None
    dead: bool = False  # propagation leaves some entry without a word


def _opened(changes: tuple[Change, ...]) -> int:
    """How many of ``changes`` open blocks."""
    return sum(not change.block for change in changes)


def _opened_more(changes: tuple[Change, ...]) -> bool:
    """True when ``changes`` open more orbits than they block."""
    return sum(1 if change.block else -1 for change in changes) < 0


def _promise(grid: Grid, analysis: GridAnalysis, weight: dict[Position, float]) -> float:
    """How likely a grid is to fill: the candidates left after propagation (their log) to
    its tightest entry, twice, plus their mean over the open entries weighed by the
    failure evidence through them (the entries the fill failed on count most)."""
    heat = {slot.key: sum(weight.get(pos, 0.0) for pos in slot.cells) for slot in grid.slots()}
    most = max(heat.values(), default=0.0) or 1.0
    total = mean = 0.0
    counts = []
    for entry in analysis.entries:
        if "?" not in entry.pattern:
            continue
        share = 0.1 + heat.get(entry.key, 0.0) / most
        counts.append(math.log1p(entry.candidates))
        total += share
        mean += share * counts[-1]
    if not counts:
        return 100.0
    return 2 * min(counts) + mean / total


Progress = Callable[[int, int, int], None]
"""Progress of a repair: the level (changes), trial fills run, proposals found."""


def repair(
    request: RepairRequest,
    words: WordList,
    *,
    stop: StopSignal | None = None,
    on_progress: Progress | None = None,
) -> RepairResult:
    """Propose the fewest symmetric block changes that make the request's grid fill at its
    minimum score, each verified by a real fill, best fill first (see the module's
    docstring). Raises PuzzleInputError for bad requests (unknown symmetry or entry, a
    barred grid, a grid without entries)."""
    request.check()
    return _Repairer(request, words, stop or NEVER, on_progress).run()


class _Repairer:
    """One repair's search state."""

    def __init__(
        self, request: RepairRequest, words: WordList, stop: StopSignal, progress: Progress | None
    ) -> None:
        self.request, self.words, self.stop, self.progress = request, words, stop, progress
        self.started = clock()
        self.rng = random.Random(request.seed)
        self.symmetry = resolve_symmetry(request.grid, request.symmetry)
        self.frozen = frozen_cells(request.grid, request.locked)
        self.rules = Rules.of(request.grid, request.min_length, request.max_words)
        self.counters = RepairCounters()
        self.seen: set[frozenset[Change]] = set()
        self.proposals: list[Proposal] = []
        self.target: float | None = None  # an average a fillable grid's repair must beat
        self.out_of_trials = False

    def run(self) -> RepairResult:
        """Measure the original, then search level by level."""
        original, evidence, fill_found = self._original()
        result = RepairResult("none", original, self.symmetry, evidence, original_fill=fill_found)
        if fill_found is not None:
            self.target = fill_found.average_score or 0.0
        root = _Node((), self.request.grid, cell_weights(self.request.grid, dict(evidence)))
        frontier, level = [root], 0
        while frontier and not self.proposals and level < self.request.max_changes:
            level += 1
            frontier = self._level(frontier, level)
            if self.stop.reason is not None or self.out_of_trials:
                break
        return self._finish(result, level)

    def _original(self) -> tuple[str, list[tuple[str, float]], Fill | None]:
        """The original grid's verdict, the failure evidence and its fill (if it fills)."""
        grid, min_score = self.request.grid, self.request.min_score
        analysis = analyse_grid(grid, self.words, min_score=min_score)
        if analysis.status == "dead":
            return "dead", [(key, DEAD_EVIDENCE) for key in analysis.dead], None
        result = self._trial(grid)
        assert result is not None  # the first trial is always allowed
        if result.status == "filled":
            weak = [(e.key, float(max(1, 60 - (e.score or 0)))) for e in result.ranked[0].weakest]
            return "filled", weak, result.ranked[0]
        evidence = [(f.key, float(f.failures)) for f in result.failed_slots]
        if not evidence:  # no search failures to blame: the tightest entries instead
            open_entries = [e for e in analysis.entries if "?" in e.pattern]
            open_entries.sort(key=lambda e: (e.candidates, e.key))
            evidence = [(e.key, 1.0) for e in open_entries[:5]]
        return str(result.status), evidence, None

    def _trial(self, grid: Grid) -> FillResult | None:
        """A counted trial fill of ``grid`` (None once the trials are spent)."""
        if self.counters.trials >= self.request.trials:
            self.out_of_trials = True
            return None
        self.counters.trials += 1
        budget = PollBudget(self.request.effort, self.stop)
        request = FillRequest(grid, min_score=self.request.min_score, seed=self.request.seed)
        result = fill(request, self.words, stop=budget)
        self.counters.nodes += result.nodes
        return result

    def _level(self, frontier: list[_Node], level: int) -> list[_Node]:
        """Every grid one change beyond ``frontier``; the most promising filled; the beam
        of the next level returned."""
        children: list[_Node] = []
        for node in frontier:
            children.extend(self._children(node))
        dead = sorted((c for c in children if c.dead), key=lambda c: -c.promise)
        sound = [child for child in children if child.broken is None and not child.dead]
        # new blocks alone first, then moved blocks (they keep the word count, needed
        # when max_words leaves no room), each by promise
        sound.sort(key=lambda child: (_opened(child.changes), -child.promise))
        # a block opened alone makes longer entries, never an easier fill: it waits for
        # the block that goes elsewhere in its place (a moved block) to be tried
        halfway = [child for child in sound if _opened_more(child.changes)]
        sound = [child for child in sound if not _opened_more(child.changes)]
        if not self._verify(sound, level):
            return []
        if level == self.request.max_changes:
            return []
        broken = sorted((c for c in children if c.broken is not None), key=lambda c: -c.promise)
        return sound[:BEAM] + dead[:BEAM] + halfway[: BEAM // 2] + broken[: BEAM // 2]

    def _verify(self, sound: list[_Node], level: int) -> bool:
        """Fill the most promising grids of ``level`` in order, within this level's share
        of the trials (and a few more once one filled, for a choice); False when stopped."""
        levels_left = self.request.max_changes - level + 1
        allowed = max(VERIFY, (self.request.trials - self.counters.trials) // levels_left)
        since_found: int | None = None
        for tried, child in enumerate(sound):
            if tried >= allowed or len(self.proposals) >= self.request.count:
                break
            if since_found is not None and since_found >= 2 * self.request.count:
                break
            if self.stop.should_stop():
                return False
            result = self._trial(child.grid)
            if result is None:
                break
            self._judge(child, result)
            if self.proposals:
                since_found = 0 if since_found is None else since_found + 1
            if self.progress is not None:
                self.progress(level, self.counters.trials, len(self.proposals))
        return True

    def _children(self, node: _Node) -> list[_Node]:
        """The grids one change beyond ``node``, unseen ones only; dead grids dropped."""
        out: list[_Node] = []
        adds, opens = candidate_changes(node.grid, self.symmetry, self.frozen, node.weight, OPENS)
        for moves, wanted in ((adds, ADDS), (opens, OPENS)):
            found = 0
            for change in moves:
                if found >= wanted:
                    break
                if any(change.cells == done.cells for done in node.changes):
                    continue  # never undo a change
                changes = (*node.changes, change)
                key = frozenset(changes)
                if key in self.seen:
                    continue
                self.seen.add(key)
                child = self._evaluate(changes, node)
                if child is not None:
                    out.append(child)
                    found += child.broken is None
        return out

    def _evaluate(self, changes: tuple[Change, ...], parent: _Node) -> _Node | None:
        """The grid ``changes`` make, with its promise, or None when propagation proves it
        dead."""
        self.counters.grids += 1
        grid = apply(self.request.grid, changes)
        weight = {pos: heat for pos, heat in parent.weight.items() if grid.is_open(*pos)}
        tie = self.rng.random() * 1e-6
        broken = self.rules.broken(grid)
        if broken is not None:
            self.counters.rule_breaking += 1
            return _Node(changes, grid, weight, parent.promise - 1.0 + tie, broken)
        analysis = analyse_grid(grid, self.words, min_score=self.request.min_score)
        if analysis.status == "dead":  # never filled, but carried on when fewer entries
            self.counters.dead += 1  # are dead than before (several long entries to split)
            dead = {key: DEAD_EVIDENCE for key in analysis.dead}
            return _Node(changes, grid, cell_weights(grid, dead), -len(dead) + tie, dead=True)
        return _Node(changes, grid, weight, _promise(grid, analysis, weight) + tie)

    def _judge(self, child: _Node, result: FillResult) -> None:
        """A trial fill's verdict on ``child``: a proposal, or its failures as evidence."""
        if result.status == "filled":
            best = result.ranked[0]
            if self.target is None or (best.average_score or 0.0) > self.target:
                self.proposals.append(Proposal(child.changes, child.grid, best))
            return
        failures = {f.key: float(f.failures) for f in result.failed_slots}
        if failures:
            child.weight = cell_weights(child.grid, failures)

    def _finish(self, result: RepairResult, level: int) -> RepairResult:
        """The result: proposals ranked, status, reason, figures."""
        self.proposals.sort(
            key=lambda p: (-(p.fill.average_score or 0.0), len(p.added) + len(p.removed))
        )
        result.proposals = self.proposals[: self.request.count]
        result.counters = self.counters
        result.seconds = clock() - self.started
        result.stop_reason = self.stop.reason
        if result.proposals:
            result.status = "timeout" if self.stop.reason else "repaired"
            return result
        if self.stop.reason is not None:
            result.status = "timeout"
            result.reason = "stopped before any repair filled"
        elif result.original == "filled":
            result.status = "fillable"
            result.reason = f"the grid fills as it is; no change of up to {level} beat its fill"
        else:
            result.reason = self._reason(level)
            result.stop_reason = "steps" if self.out_of_trials else None
        return result

    def _reason(self, level: int) -> str:
        """Why no repair was found, in words."""
        counters, most = self.counters, self.request.max_changes
        if counters.grids == 0:
            return (
                "no block may change where the fill fails: those cells hold letters or "
                "belong to locked or complete entries"
            )
        if self.out_of_trials:
            return f"the {self.request.trials} trial fills ran out before a repaired grid filled"
        if counters.trials <= 1:
            return (
                f"no change of up to {most} keeps the rules (symmetry, entries of "
                f"{self.request.min_length}+ letters, connected, word count) and leaves "
                "every entry a word"
            )
        return f"no grid within {most} change(s) filled within the effort of its trial fill"
