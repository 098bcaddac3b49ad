"""Fill checks of an entry's candidates, fast enough to show while the constructor types.

The question for each candidate: does a complete fill of the grid exist with it in the
entry? Asked one by one with a fresh fill search each (:func:`analysis.check_candidate`),
every candidate pays for building the constraint network of the whole grid (variables,
candidate sets, arc consistency at the root) and for a search that re-decides the open
entries the candidate does not touch, guided by score as a fill to keep is. Here the
grid's question and the candidates' share one network (:class:`Network`):

1. **The network, once**: the grid the candidates live in (the entry's own letters freed),
   made arc consistent once; no fill exists when that fails, and the entries that ran dry
   are named.
2. **The grid's verdict** (:func:`grid_verdict`): a fill search of that grid, first with
   the screen's first candidates alone in the entry, then with any of them, so the fill
   it finds usually marks one of them at once.
3. **Each candidate**: an assignment of the entry in a copy of the root and propagation
   (``dead end`` when a crossing runs dry), a fill known to hold it (``fills``), else the
   search from that state: first a short slice of the budget, then, once every candidate
   has had its quick turn, the rest (:class:`Turns`, which processes sharing a screen
   share). Only its exhaustive end proves a ``dead end``; only a budget spent says
   ``unknown``.

The search asks only whether a fill exists, so its value ordering weighs crossing options
alone (the most flexible word first; score is for fills to keep), with Luby restarts; the
failure weights it learns (where the grid runs dry) carry over from one candidate's search
to the next. Measured on the benchmark's half-filled 15x15 (docs/workbench.md), this
needs 45% fewer nodes than the fill's own ordering with the built-in list, the same with
Spread the Wordlist. Repairing a known fill (keeping every entry the candidate does not
break, then rings of crossings) was tried first and dropped: propagation refuted the
kept entries for 30 of 32 candidates, so it cost time and proved nothing. So was keeping,
across candidates, the refutations that do not rest on the entry's word (the word's
assignment tagged with a reason bit of its own, above every decision level): the word's
propagation narrows every open entry of a half-filled 15x15, so under the search's
conflict sets (the decisions that narrowed each entry) every refutation rests on it; none
of 4,822 refutations on four of the benchmark's entries was free of it. Nor did weaker
propagation (letter pruning only in smaller domains, a cap on revisions a node: cheaper
nodes, many more of them), the phase taken from the known fill closest to the candidate
or from every known fill, or failure weights decayed or reset between candidates win on
every set of entries measured (docs/workbench.md, sixth round).

A candidate outside the entry's candidate set (not in the list, under the minimum score,
against a complete crossing) is checked as before, by a fill of the grid with it written
in. The dependence on fill internals (Problem, Search, State) stays here and in
analysis.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, MutableSequence, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict, dataclass, field
from typing import Protocol

from puzzlewright.crossword.analysis import GridVerdict, Verdict, check_entry_grid, freed
from puzzlewright.crossword.fill.problem import (
    Problem,
    SlotId,
    build_problem,
    place_solution,
    slots_of,
)
from puzzlewright.crossword.fill.quality import ValueWeights, default_quality, value_weights
from puzzlewright.crossword.fill.run import FAILED_SLOTS, candidate_scores, run_modes
from puzzlewright.crossword.fill.search import Search
from puzzlewright.crossword.fill.state import Solution, State
from puzzlewright.crossword.grid import Grid, Slot
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.crossword import is_crossword_list
from puzzlewright.stopping import EitherStop, PollBudget, StopSignal, clock

RESTART = 1
"""Dead ends per open entry before the first restart (then Luby's sequence of it, as the
fill's fast mode restarts): measured with the built-in list, 12% fewer nodes than none."""

PHASE = 3.0
"""Value ordering's bonus for a word of the last fill found (the options term counts
about a factor e**3 = 20 of one crossing's options): the fills of one entry's candidates
share most of their words. Measured with the built-in list, 23% fewer nodes; a bonus
that always wins (1000) helped half the entries and hurt the other half."""

JITTER = 1.0
"""Random tie-break of value ordering, in the options term's log units (the fill's own is
0.3): which candidates of an entry need hundreds of nodes depends on what the search
learned before, so more variety between restarts trims the heavy tail. Measured on five
sets of 8 entries x 16 candidates of the benchmark's half-filled 15x15 with the built-in
list: 3-11% fewer nodes on every set (114,342 -> 105,619), entries within 1 s of
critical-path CPU 12 -> 16 of 40; 2.0 helped one set of three; with Spread the Wordlist
8% more nodes on the one set measured (8 of 8 entries within 1 s either way; see
docs/workbench.md). Seeded: the verdicts stay deterministic."""

QUICK_POLLS = 24
"""The effort of a candidate's first search, in polls of its stop signal (the fill polls
every 16 nodes: 24 polls, some 400 nodes, cover the search of most candidates of a
half-filled 15x15, about 50 nodes). Counted, not timed, so a loaded machine does not cut
searches short only to start them again. What it leaves waits until every candidate has
had its quick turn, so one hard candidate does not hold up the others."""


FRESH, QUICK, DONE, LEFT, FULL = range(5)
"""A candidate's turn: not begun, quick search running, verdict given, quick search
inconclusive (waiting for the rest of its budget), full search running."""


class Turns:
    """Which candidate of a screen is checked next, and how: each candidate's quick search
    once, in the screen's order, then each inconclusive one's full search, by the process
    that ran its quick search when that one is free (its search learned where that
    candidate's grid runs dry), else by any. Several processes can share one screen (the
    faces' fan-out: a hard candidate then holds up one process, not the share dealt to
    it): ``states``, ``spent`` (seconds of the quick search) and ``owners`` (the process
    id that ran it) then live in memory the processes share, guarded by ``lock``."""

    def __init__(
        self,
        states: MutableSequence[int],
        spent: MutableSequence[float],
        owners: MutableSequence[int],
        lock: AbstractContextManager[object] | None = None,
    ) -> None:
        self.states = states
        self.spent = spent
        self.owners = owners
        self.lock = lock or nullcontext()

    @classmethod
    def local(cls, count: int) -> Turns:
        """Turns for ``count`` candidates checked in this process alone."""
        return cls([FRESH] * count, [0.0] * count, [0] * count)

    def take(self) -> tuple[int, bool] | None:
        """The next candidate to check and whether its quick search is due (else its
        full one); None when none is left to begin."""
        me = os.getpid()
        with self.lock:
            states = list(self.states)
            if FRESH in states:
                k = states.index(FRESH)
                self.states[k] = QUICK
                return k, True
            left = [k for k, state in enumerate(states) if state == LEFT]
            if not left:
                return None
            k = next((k for k in left if self.owners[k] == me), left[0])
            self.states[k] = FULL
            return k, False

    def leave(self, k: int, seconds: float) -> None:
        """Candidate ``k``'s quick search spent ``seconds`` and gave no verdict."""
        with self.lock:
            self.spent[k] = seconds
            self.owners[k] = os.getpid()
            self.states[k] = LEFT

    def done(self, k: int) -> None:
        """Candidate ``k`` has its verdict."""
        with self.lock:
            self.states[k] = DONE


FIRST_TRIES = 2
FIRST_POLLS = 8
"""The grid's search first tries the screen's first candidates alone, each for this many
polls (128 nodes), before the whole screen in the entry: one candidate fixed propagates
far and usually fills in 25-50 nodes, where the screen in the entry took 300-400 nodes
on three of the benchmark's eight entries with the built-in list. This search runs before
the job's processes fork, so all of it is on the screen's critical path."""


@dataclass(frozen=True)
class CandidateCheck:
    """One candidate's verdict, how it was reached and the seconds spent on it."""

    word: str
    verdict: Verdict
    seconds: float
    # "known" (in a fill found before), "propagation" or "search"
    method: str

    def to_json(self) -> dict[str, object]:
        """The check as JSON: every field."""
        return asdict(self)


@dataclass
class Network:
    """The fill search of the grid an entry's candidates live in, built once for them all:
    its problem and search, the arc-consistent root (None: no fill exists at all), the
    entry's variable and the complete fills found so far (word index per variable)."""

    problem: Problem
    search: Search
    root: State | None
    v: SlotId
    fills: list[Solution] = field(default_factory=list)

    def index(self, word: str) -> int | None:
        """The word's index among the entry's initial candidates (None when it is not one:
        not in the list, under the minimum score, or against a complete crossing)."""
        var = self.problem.vars[self.v]
        i = var.table.find(word, self.problem.words.score(word))
        return i if i is not None and var.domain >> i & 1 else None


def network(base: Grid, words: WordList, slot: Slot, min_score: int | None) -> Network | None:
    """The shared network of ``base`` for the candidates of ``slot`` (None when the slot is
    no variable of it: every letter of it held by a complete crossing)."""
    problem = build_problem(base, words, min_score)
    v = next((k for k, var in enumerate(problem.vars) if var.slot == slot and var.required), None)
    if v is None:
        return None
    weights = ValueWeights(score=0.0, jitter=JITTER)  # a verdict needs any fill: flexible words
    search = Search(problem, value_weights=weights, stop=StopSignal())
    return Network(problem, search, search.network.root(None), v)


def assume(net: Network, assignment: Mapping[SlotId, int]) -> State | None:
    """The root with each variable of ``assignment`` holding its word, propagated (None:
    propagation finds no fill)."""
    if net.root is None:
        return None
    state = _fresh(net)
    for u, i in assignment.items():
        if not state.dom[u] >> i & 1:
            return None
        state.dom[u] = 1 << i
    if net.search.propagate(state, list(assignment)) is not None:
        return None
    return state


def _fresh(net: Network) -> State:
    """A copy of the network's root to assume in, the nogoods of the last search dropped:
    they hold under that search's root (another candidate, or the screen in the entry),
    and one firing in this propagation could cut a fill of this one (a wrong ``dead
    end``: seen on the benchmark's grid, DYSTOPIANFUTURE in 53A after TOUCHDOWNDANCES's
    search had restarted, once the failure weights were reset between candidates)."""
    assert net.root is not None
    net.search.network.nogoods.forget()
    return net.root.copy()


def solve(net: Network, state: State, stop: StopSignal) -> tuple[str, Solution | None]:
    """The search from ``state`` until a fill (``filled``), its tree is done
    (``exhausted``: no fill holds ``state``'s assignments) or ``stop`` (``timeout``)."""
    search = net.search
    search.stop = stop
    search.solutions, search.seen = [], set()
    status = search.run_tier(state, 1, None, RESTART * len(search.order))
    if status == "filled":
        remember(net, search.solutions[0])
        return status, search.solutions[0]
    return status, None


def remember(net: Network, fill: Solution) -> None:
    """Keep ``fill``, and steer the next searches towards its words (phase saving): each
    of them gains :data:`PHASE` in value ordering wherever it is still a candidate."""
    net.fills.append(fill)
    net.search.penalty = [{i: -PHASE} if i >= 0 and u != net.v else {} for u, i in enumerate(fill)]


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
    each as soon as it is known: those in a known fill, the quick ones in the order given,
    then the rest.

    ``fill``: the words (by entry key) of a complete fill of the grid the candidates live
    in, when one is known (:func:`analysis.check_entry_grid`'s): its word in the entry needs no
    search.
    ``budget``: seconds of search per candidate at most; ``stop`` ends the whole run.
    """
    stop = stop or StopSignal()
    slot, base, net = _entry_network(grid, words, key, min_score)
    if net is not None and fill:
        for found in _solutions(net, fill):
            remember(net, found)
    turns = Turns.local(len(candidates))
    yield from _checks(net, base, words, slot, candidates, min_score, budget, stop, turns)


def entry_checks(
    grid: Grid,
    words: WordList,
    key: str,
    candidates: Sequence[str],
    *,
    min_score: int | None = None,
    budget: float = 1.5,
    stop: StopSignal | None = None,
) -> Iterator[GridVerdict | CandidateCheck]:
    """First whether the grid entry ``key``'s candidates live in can be filled at all (its
    :class:`GridVerdict`, from twice the ``budget`` at most; as
    :func:`analysis.check_entry_grid`), then, unless it is a dead end, the candidates'
    verdicts as :func:`check_candidates` gives them: all from one network."""
    stop = stop or StopSignal()
    whole, checker = prepare_checks(grid, words, key, candidates, min_score=min_score,
                                    budget=budget, stop=stop)  # fmt: skip
    yield whole
    if checker is not None:
        yield from checker(candidates, stop)


class Checker(Protocol):
    """Verdicts for candidates of one entry until a stop signal, each candidate when
    ``turns`` gives it (default: all of them, in this process; see :func:`prepare_checks`)."""

    def __call__(
        self, candidates: Sequence[str], stop: StopSignal, turns: Turns | None = None
    ) -> Iterator[CandidateCheck]: ...


def prepare_checks(
    grid: Grid,
    words: WordList,
    key: str,
    candidates: Sequence[str],
    *,
    min_score: int | None = None,
    budget: float = 1.5,
    stop: StopSignal,
) -> tuple[GridVerdict, Checker | None]:
    """:func:`entry_checks` in two steps: the grid's verdict, and (unless it is a dead end)
    a checker that gives candidates their verdicts from the network it built
    (``candidates`` are preferred in the grid's search). A checker called in a forked
    process works on its own copy: the faces share one entry's screen between processes
    that way, each taking the next candidate from one :class:`Turns` in shared memory."""
    slot, base, net = _entry_network(grid, words, key, min_score)
    if net is None:  # every letter held by a complete crossing: the grid is as it stands
        whole = check_entry_grid(
            grid, words, key, min_score=min_score, stop=EitherStop(2 * budget, stop)
        )
    else:
        whole = grid_verdict(net, candidates, EitherStop(2 * budget, stop))

    def shared(
        candidates: Sequence[str], stop: StopSignal, turns: Turns | None = None
    ) -> Iterator[CandidateCheck]:
        turns = turns or Turns.local(len(candidates))
        return _checks(net, base, words, slot, candidates, min_score, budget, stop, turns)

    checker: Checker = shared
    return whole, None if whole.verdict == "dead end" else checker


def _entry_network(
    grid: Grid, words: WordList, key: str, min_score: int | None
) -> tuple[Slot, Grid, Network | None]:
    """Entry ``key``'s slot, the grid its candidates are checked in (the entry freed when
    it is complete) and that grid's network (None when every letter is held already)."""
    slot = _slot(grid, key)
    base = freed(grid, slot) if "?" not in grid.word(slot) else grid
    return slot, base, network(base, words, slot, min_score)


def grid_verdict(net: Network, candidates: Sequence[str], stop: StopSignal) -> GridVerdict:
    """Can the network's grid be filled? Asked first with the entry limited to
    ``candidates`` (a quick search: the fill it finds proves one of them), then with every
    word; for a dead end, the entries that ran dry most often (at the root: those left
    with no word)."""
    if net.root is not None:
        found = None
        indices = [i for i in map(net.index, candidates) if i is not None]
        tries = [(1 << i, FIRST_POLLS) for i in indices[:FIRST_TRIES]]
        for words, polls in [*tries, (sum(1 << i for i in indices), QUICK_POLLS)]:
            state = _narrowed(net, words)
            if state is not None:
                _, found = solve(net, state, PollBudget(polls, stop))
            if found is not None:
                break
        if found is None:
            status, found = solve(net, net.root, stop)
        if found is not None:
            return GridVerdict("fills", fill=_words(net, found))
        if status != "exhausted":
            return GridVerdict("unknown")
    failures = net.search.network.failures
    worst = sorted((v for v, count in enumerate(failures) if count), key=lambda v: -failures[v])
    return GridVerdict("dead end", [net.problem.vars[v].slot.key for v in worst[:FAILED_SLOTS]])


def _narrowed(net: Network, words: int) -> State | None:
    """The root with the entry's candidates narrowed to the bitset ``words``, propagated
    (None: none of them is left, or propagation finds no fill)."""
    state = _fresh(net)
    state.dom[net.v] &= words
    if not state.dom[net.v] or net.search.propagate(state, [net.v]) is not None:
        return None
    return state


def _words(net: Network, solution: Solution) -> dict[str, str]:
    """A solution of the network as the words of every entry of its grid, by key."""
    filled = place_solution(net.problem, solution)
    return {slot.key: filled.word(slot) for slot in slots_of(filled)}


def _checks(
    net: Network | None,
    base: Grid,
    words: WordList,
    slot: Slot,
    candidates: Sequence[str],
    min_score: int | None,
    budget: float,
    stop: StopSignal,
    turns: Turns,
) -> Iterator[CandidateCheck]:
    """:func:`check_candidates` on a built network (None: check each by a fill of its own),
    the candidates as ``turns`` deals them (those in a fill known already come first: every
    process sharing the turns orders them alike, from the same network): each one's quick
    search, then the full search of those it left undecided."""
    order = _known_first(net, candidates)
    while not stop.should_stop():
        turn = turns.take()
        if turn is None:
            return
        k, quick = turn
        word = candidates[order[k]]
        started = clock()
        if quick:
            check = _quick(net, base, words, slot, word, min_score, EitherStop(budget, stop))
            if check is None:
                turns.leave(k, clock() - started)
                continue
            verdict, method = check
        else:
            rest = EitherStop(max(0.0, budget - turns.spent[k]), stop)
            verdict = _full(net, base, words, slot, word, min_score, rest)
            method = "search"
        turns.done(k)
        seconds = round(clock() - started + (0.0 if quick else turns.spent[k]), 3)
        yield CandidateCheck(word, verdict, 0.0 if method == "known" else seconds, method)


def _known_first(net: Network | None, candidates: Sequence[str]) -> list[int]:
    """The candidates' positions, those in a fill known already first."""
    known = {found[net.v] for found in net.fills} if net is not None else set()
    first = [k for k, word in enumerate(candidates) if net is not None and net.index(word) in known]
    return first + [k for k in range(len(candidates)) if k not in first]


def _solutions(net: Network, fill: Mapping[str, str]) -> list[Solution]:
    """``fill`` (words by entry key) as a solution of the network ([] when some word of it
    is no candidate of its entry)."""
    found = []
    for var in net.problem.vars:
        word = fill.get(var.slot.key, "")
        i = var.table.find(word, net.problem.words.score(word))
        if i is None or not var.domain >> i & 1:
            return []
        found.append(i)
    return [tuple(found)]


def _quick(
    net: Network | None,
    base: Grid,
    words: WordList,
    slot: Slot,
    word: str,
    min_score: int | None,
    stop: StopSignal,
) -> tuple[Verdict, str] | None:
    """A verdict within the quick share of the budget (a known fill, propagation, a short
    search), or None."""
    i = net.index(word) if net is not None else None
    if net is None or i is None:
        trial = _with(base, slot, word)
        verdict, _ = _search(trial, words, min_score, PollBudget(QUICK_POLLS, stop))
        return None if verdict == "unknown" else (verdict, "search")
    if any(found[net.v] == i for found in net.fills):
        return "fills", "known"
    state = assume(net, {net.v: i})
    if state is None:
        return "dead end", "propagation"
    status, _ = solve(net, state, PollBudget(QUICK_POLLS, stop))
    if status == "filled":
        return "fills", "search"
    return ("dead end", "search") if status == "exhausted" else None


def _full(
    net: Network | None,
    base: Grid,
    words: WordList,
    slot: Slot,
    word: str,
    min_score: int | None,
    stop: StopSignal,
) -> Verdict:
    """The verdict of the search with the rest of the candidate's budget."""
    i = net.index(word) if net is not None else None
    if net is None or i is None:
        verdict, _ = _search(_with(base, slot, word), words, min_score, stop)
        return verdict
    state = assume(net, {net.v: i})
    if state is None:
        return "dead end"
    status, _ = solve(net, state, stop)
    return "fills" if status == "filled" else "dead end" if status == "exhausted" else "unknown"


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


__all__ = [
    "CandidateCheck",
    "Checker",
    "Network",
    "Turns",
    "check_candidates",
    "entry_checks",
    "grid_verdict",
    "network",
    "prepare_checks",
]
