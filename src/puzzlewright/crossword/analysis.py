"""Grid analysis for interactive construction: what each cell and entry can still take.

Built on the filler's constraint network (:mod:`puzzlewright.crossword.fill`): the grid
becomes the fill problem, the propagator makes it arc consistent, and what is left is
read off. That gives, after every edit,

* the letters each empty cell can still take (every crossing entry keeps a word),
* per entry, the candidates that survive propagation (best first, filterable),
* the entries with no word left, when the grid cannot be completed any more,
* a fill check of one candidate: a complete fill exists with it, it is proved impossible,
  or the time budget ran out first.

The dependence on fill internals (Problem, Propagator, State) stays in this module.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Collection, Iterator
from dataclasses import asdict, dataclass, field
from math import log
from typing import Literal

from puzzlewright.bits import LetterSet, WordSet, iter_bits
from puzzlewright.crossword.fill import fill_grid
from puzzlewright.crossword.fill.problem import Problem, build_problem
from puzzlewright.crossword.fill.propagate import Propagator
from puzzlewright.crossword.fill.state import State
from puzzlewright.crossword.grid import Grid, Position, Slot
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import StopSignal

GridStatus = Literal["open", "dead", "complete"]
"""``open``: every entry still has a word; ``dead``: some entry has none left;
``complete``: no empty cell is left."""

Verdict = Literal["fills", "dead end", "unknown"]
"""A fill check's answer: a complete fill exists with the candidate, none can, or time ran out."""

MAX_FILTER = 100
"""Longest substring or regular expression accepted as a candidate filter."""

_NESTED_REPEAT = re.compile(r"\([^()]*[*+}][^()]*\)\s*[*+{]")


@dataclass(frozen=True)
class EntryState:
    """One entry of an analysed grid: where it is, its letters and its candidate count."""

    key: str
    number: int
    direction: str
    row: int
    col: int
    length: int
    pattern: str  # "?" for empty cells
    candidates: int  # words left after propagation (1 for a complete entry)
    dead: bool  # no word fits any more
    score: int | None = None  # a complete entry's list score (None: not in the list)

    def to_json(self) -> dict[str, object]:
        """The entry as JSON: every field, in order."""
        return asdict(self)


@dataclass(frozen=True)
class GridAnalysis:
    """What propagation says about a grid: viable letters per cell and entries' candidates."""

    status: GridStatus
    letters: list[list[str | None]]  # per cell: viable letters of an empty cell, else None
    entries: list[EntryState]
    dead: list[str]  # keys of the entries with no word left
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {
            "status": self.status,
            "letters": self.letters,
            "entries": [entry.to_json() for entry in self.entries],
            "dead": self.dead,
            "warnings": self.warnings,
        }


@dataclass(frozen=True)
class Candidate:
    """A word that fits an entry, with its list score."""

    word: str
    score: int


@dataclass(frozen=True)
class CandidateList:
    """The candidates of one entry, best first, after propagation and the filter."""

    key: str
    pattern: str
    words: list[Candidate]
    total: int  # candidates passing the filter (``words`` may be cut to a limit)
    matching: int  # words fitting the pattern alone, before crossings are considered
    current: str | None = None  # the entry's word when it is complete (these are alternatives)

    def to_json(self) -> dict[str, object]:
        return {
            "key": self.key,
            "pattern": self.pattern,
            "words": [{"word": c.word, "score": c.score} for c in self.words],
            "total": self.total,
            "matching": self.matching,
            "current": self.current,
        }


@dataclass
class _Network:
    """A grid's fill problem after propagation."""

    problem: Problem
    initial: list[WordSet]  # per variable: pattern, score floor and bans only
    state: State
    dead: list[int]  # variables with no word left
    by_key: dict[str, int]  # slot key -> variable
    at_cell: dict[int, list[tuple[int, int]]]  # empty cell -> (variable, position) through it


def _banned_bits(problem: Problem, banned: Collection[str]) -> None:
    """Remove the banned words from every variable's candidates."""
    if not banned:
        return
    masks: dict[int, WordSet] = {}  # per length table: the banned words' bits
    for var in problem.vars:
        table = var.table
        mask = masks.get(id(table))
        if mask is None:
            mask = 0
            for word in banned:
                i = table.find(word) if table.words and len(word) == len(table.words[0]) else None
                if i is not None:
                    mask |= 1 << i
            masks[id(table)] = mask
        var.domain &= ~mask


_RECENT: OrderedDict[tuple[object, ...], tuple[WordList, _Network]] = OrderedDict()
RECENT_NETWORKS = 4
"""Propagated grids kept for reuse: an edit is followed by an analysis and a candidate list
of the same grid, and propagation is the costly part of both (read-only once built)."""


def _network(
    grid: Grid, words: WordList, min_score: int | None, banned: Collection[str]
) -> _Network:
    """The grid's fill problem propagated to arc consistency (reused for a recent grid)."""
    key = (
        tuple(tuple(row) for row in grid.cells),
        tuple(sorted(grid.bars.items())),
        id(words),
        min_score,
        frozenset(banned),
    )
    found = _RECENT.get(key)
    if found is not None and found[0] is words:
        return found[1]
    net = _build_network(grid, words, min_score, banned)
    _RECENT[key] = (words, net)
    while len(_RECENT) > RECENT_NETWORKS:
        _RECENT.popitem(last=False)
    return net


def _build_network(
    grid: Grid, words: WordList, min_score: int | None, banned: Collection[str]
) -> _Network:
    """Build the grid's fill problem and propagate it to arc consistency."""
    problem = build_problem(grid, words, min_score)
    _banned_bits(problem, {words.alphabet.normalize(word) for word in banned})
    initial = [var.domain for var in problem.vars]
    alphabet = (1 << len(words.alphabet)) - 1
    n = len(problem.vars)
    state = State(initial[:], [alphabet] * len(problem.cells), [False] * n, [0] * n)
    by_key = {var.slot.key: v for v, var in enumerate(problem.vars)}
    at_cell: dict[int, list[tuple[int, int]]] = {}
    for v, var in enumerate(problem.vars):
        for cell, offset in var.cells:
            at_cell.setdefault(cell, []).append((v, offset))
    dead = [v for v in range(n) if not initial[v]]
    if not dead:
        propagator = Propagator(problem)
        if propagator.propagate(state, list(range(n)), big=1 << 62) is not None:
            dead = [v for v, count in enumerate(propagator.failures) if count]
    return _Network(problem, initial, state, dead, by_key, at_cell)


def _position_letters(net: _Network, v: int, offset: int, dom: WordSet) -> LetterSet:
    """The letters that some candidate in ``dom`` has at ``offset`` of variable ``v``."""
    col = net.problem.vars[v].table.cols[offset]
    mask = 0
    for letter, words_there in enumerate(col):
        if dom & words_there:
            mask |= 1 << letter
    return mask


def _cell_letters(net: _Network) -> dict[Position, LetterSet]:
    """The letters each empty cell can take: from propagation, or (dead grid) from each
    entry's own pattern, intersected over the entries through the cell."""
    problem = net.problem
    doms = net.initial if net.dead else net.state.dom
    result: dict[Position, LetterSet] = {}
    for v, var in enumerate(problem.vars):
        for cell, offset in var.cells:
            pos = problem.cells[cell]
            if not net.dead and len(net.at_cell[cell]) > 1:
                result[pos] = net.state.cells[cell]
                continue
            mask = _position_letters(net, v, offset, doms[v])
            result[pos] = result.get(pos, mask) & mask
    return result


def analyse_grid(
    grid: Grid,
    words: WordList,
    *,
    min_score: int | None = None,
    banned: Collection[str] = (),
) -> GridAnalysis:
    """Viable letters per empty cell, candidate counts per entry and the dead entries.

    Raises PuzzleInputError for a grid without entries or with letters outside the
    list's alphabet.
    """
    net = _network(grid, words, min_score, banned)
    letters_of = words.alphabet.letters
    viable = _cell_letters(net)
    letters: list[list[str | None]] = [[None] * grid.width for _ in range(grid.height)]
    for (r, c), mask in viable.items():
        letters[r][c] = "".join(letters_of[i] for i in iter_bits(mask))
    doms = net.initial if net.dead else net.state.dom
    dead_keys = {net.problem.vars[v].slot.key for v in net.dead}
    entries = []
    for slot in grid.slots():
        v = net.by_key.get(slot.key)
        pattern = net.problem.grid.word(slot)
        if v is None:
            score = words.score(pattern)
            entries.append(_entry(slot, pattern, 1, False, score))
        else:
            count = doms[v].bit_count()
            entries.append(_entry(slot, pattern, count, slot.key in dead_keys or not count))
    dead = [entry.key for entry in entries if entry.dead]
    status: GridStatus = "dead" if dead else "open"
    if not net.problem.cells:
        status = "complete"
    return GridAnalysis(status, letters, entries, dead, list(net.problem.warnings))


def _entry(
    slot: Slot, pattern: str, count: int, dead: bool, score: int | None = None
) -> EntryState:
    return EntryState(
        slot.key,
        slot.number,
        slot.direction,
        slot.row,
        slot.col,
        slot.length,
        pattern,
        count,
        dead,
        score,
    )


def compile_filter(text: str | None, regex: bool) -> re.Pattern[str] | None:
    """A candidate filter: a substring (case-insensitive) or a regular expression.

    Raises PuzzleInputError for an invalid, over-long or catastrophically slow expression.
    """
    if not text:
        return None
    if len(text) > MAX_FILTER:
        raise PuzzleInputError(f"the filter is longer than {MAX_FILTER} characters")
    if not regex:
        return re.compile(re.escape(text.strip().upper()))
    if _NESTED_REPEAT.search(text):
        raise PuzzleInputError("nested repeats such as (a+)* are not allowed in a filter")
    try:
        return re.compile(text, re.IGNORECASE)
    except re.error as exc:
        raise PuzzleInputError(f"bad regular expression {text!r}: {exc}") from None


def _crossings_keep_words(net: _Network, v: int, i: int) -> bool:
    """Does every crossing of variable ``v`` keep a word when ``v`` takes word ``i``?"""
    variables = net.problem.vars
    word = variables[v].table.letters(i)
    for cell, p in variables[v].cells:
        for t, q in net.at_cell.get(cell, ()):
            if t != v and not net.initial[t] & variables[t].table.cols[q][word[p]]:
                return False
    return True


def _candidate_bits(net: _Network, v: int) -> Iterator[int]:
    """Word indexes of variable ``v``'s candidates, best first."""
    if not net.dead:
        yield from iter_bits(net.state.dom[v])
        return
    for i in iter_bits(net.initial[v]):
        if _crossings_keep_words(net, v, i):
            yield i


def entry_candidates(
    grid: Grid,
    words: WordList,
    key: str,
    *,
    min_score: int | None = None,
    banned: Collection[str] = (),
    pattern: re.Pattern[str] | None = None,
    limit: int = 200,
) -> CandidateList:
    """The words entry ``key`` can take with every crossing entry keeping a word, best first.

    While the grid is still fillable by propagation these are the entry's arc-consistent
    candidates; in a dead grid, the pattern's words that leave each crossing some word.
    ``pattern`` keeps only the words it matches (``search``). For a complete entry, the
    alternatives: its letters are freed except where a complete crossing entry holds them.
    """
    name = key.strip().upper()
    slot = next((s for s in grid.slots() if s.key == name), None)
    if slot is None:
        raise PuzzleInputError(f"the grid has no entry {key!r} (entries are named like 1A, 3D)")
    current = None if "?" in grid.word(slot) else grid.word(slot)
    if current is not None:
        grid = freed(grid, slot)
    net = _network(grid, words, min_score, banned)
    shown = net.problem.grid.word(slot)
    v = net.by_key.get(name)
    if v is None:  # every letter is held by a complete crossing: only its own word
        score = words.score(shown)
        found = [Candidate(shown, score)] if score is not None else []
        return CandidateList(name, shown, found, len(found), len(found), current)
    table = net.problem.vars[v].table
    kept: list[int] = []  # the first ``limit`` and the rest of the last one's score
    total = 0
    for i in _candidate_bits(net, v):
        word = table.words[i]
        if pattern is not None and not pattern.search(word):
            continue
        total += 1
        if len(kept) < limit or table.scores[i] == table.scores[kept[-1]]:
            kept.append(i)
    ranked = by_crossing_options(net, v, kept)[:limit]
    found = [Candidate(table.words[i], table.scores[i]) for i in ranked]
    return CandidateList(name, shown, found, total, net.initial[v].bit_count(), current)


def by_crossing_options(net: _Network, v: int, candidates: list[int]) -> list[int]:
    """Word indexes of variable ``v`` best score first and, inside one score, those that
    leave the crossing entries the most options first (the sum of the logs of how many
    words each open crossing keeps with the candidate's letter, as ingrid_core orders its
    candidates), then in the list's order."""
    variables = net.problem.vars
    doms = net.initial if net.dead else net.state.dom
    table = variables[v].table
    counts: dict[tuple[int, int, int], int] = {}

    def options(i: int) -> float:
        word = table.letters(i)
        total = 0.0
        for cell, p in variables[v].cells:
            for t, q in net.at_cell.get(cell, ()):
                if t == v:
                    continue
                key = (t, q, word[p])
                count = counts.get(key)
                if count is None:
                    count = counts[key] = (
                        doms[t] & variables[t].table.cols[q][word[p]]
                    ).bit_count()
                total += log(count) if count else -1e9
        return total

    order = {i: rank for rank, i in enumerate(candidates)}
    return sorted(candidates, key=lambda i: (-table.scores[i], -options(i), order[i]))


def freed(grid: Grid, slot: Slot) -> Grid:
    """A copy of ``grid`` with ``slot``'s letters cleared, except the letters a complete
    crossing entry holds (what may change when the entry is replaced)."""
    result = grid.copy()
    crossing = {
        pos: other
        for other in grid.slots()
        if other.direction != slot.direction
        for pos in other.cells
    }
    for r, c in slot.cells:
        other = crossing.get((r, c))
        if other is None or "?" in grid.word(other):
            result.cells[r][c] = ""
    return result


def place_word(grid: Grid, key: str, word: str) -> Grid:
    """A copy of ``grid`` with ``word`` written into entry ``key``."""
    name = key.strip().upper()
    slot = next((s for s in grid.slots() if s.key == name), None)
    if slot is None:
        raise PuzzleInputError(f"the grid has no entry {key!r}")
    if len(word) != slot.length:
        raise PuzzleInputError(f"{word!r} does not fit {name} ({slot.length} letters)")
    result = grid.copy()
    result.place(slot, word.upper())
    return result


def check_candidate(
    grid: Grid,
    words: WordList,
    key: str,
    word: str,
    *,
    min_score: int | None = None,
    stop: StopSignal | None = None,
) -> Verdict:
    """Is there a complete fill of ``grid`` with ``word`` in entry ``key``?

    ``fills`` when the filler finds one, ``dead end`` when its search is exhaustive and
    finds none, ``unknown`` when ``stop`` fires first.
    """
    trial = place_word(grid, key, word)
    if trial.is_filled():
        return "fills"
    result = fill_grid(trial, words, min_score=min_score, stop=stop)
    return _verdict(str(result.status))


@dataclass(frozen=True)
class GridVerdict:
    """Can the grid as it stands be filled? With the entries the proof blames when not.

    ``responsible``: for a ``dead end``, the entries with no word left after propagation,
    else those the filler's exhaustive search failed on most (its proof), worst first;
    ``fill``: for ``fills``, the words of the fill found, by entry key (a candidate of an
    entry that is in it needs no check of its own).
    """

    verdict: Verdict
    responsible: list[str] = field(default_factory=list)
    fill: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """The verdict as JSON: every field."""
        return asdict(self)


def check_grid(
    grid: Grid,
    words: WordList,
    *,
    min_score: int | None = None,
    banned: Collection[str] = (),
    stop: StopSignal | None = None,
) -> GridVerdict:
    """Whether ``grid`` can still be completed, asked once before its candidates are checked:
    a dead grid is reported with the entries responsible instead of every candidate of the
    current entry coming back ``dead end`` one by one."""
    net = _network(grid, words, min_score, banned)
    if net.dead:
        keys = [net.problem.vars[v].slot.key for v in net.dead]
        return GridVerdict("dead end", keys)
    if grid.is_filled():
        return GridVerdict("fills", fill={s.key: grid.word(s) for s in grid.slots()})
    result = fill_grid(grid, without_words(words, banned), min_score=min_score, stop=stop)
    verdict = _verdict(str(result.status))
    if verdict == "fills":
        filled = result.grid
        return GridVerdict(verdict, fill={s.key: filled.word(s) for s in filled.slots()})
    if verdict == "dead end":
        return GridVerdict(verdict, [failure.key for failure in result.failed_slots])
    return GridVerdict(verdict)


def check_entry_grid(
    grid: Grid,
    words: WordList,
    key: str,
    *,
    min_score: int | None = None,
    banned: Collection[str] = (),
    stop: StopSignal | None = None,
) -> GridVerdict:
    """:func:`check_grid` of the grid entry ``key``'s candidates live in: a complete entry's
    letters freed as for its alternatives (:func:`freed`), so ``dead end`` means every
    candidate of the entry is one, whatever its word."""
    name = key.strip().upper()
    slot = next((s for s in grid.slots() if s.key == name), None)
    if slot is None:
        raise PuzzleInputError(f"the grid has no entry {key!r}")
    base = freed(grid, slot) if "?" not in grid.word(slot) else grid
    return check_grid(base, words, min_score=min_score, banned=banned, stop=stop)


def _verdict(status: str) -> Verdict:
    """A fill status as a candidate's verdict."""
    if status == "filled":
        return "fills"
    if status == "unfillable":
        return "dead end"
    return "unknown"


def without_words(words: WordList, banned: Collection[str]) -> WordList:
    """``words`` less the ``banned`` ones (``words`` itself when none of them is in it)."""
    drop = {words.alphabet.normalize(word) for word in banned}
    drop = {word for word in drop if word in words}
    if not drop:
        return words
    kept = ((word, score) for word, score in words.scores().items() if word not in drop)
    return WordList(kept, words.alphabet, words.name)


# -- statistics ------------------------------------------------------------------------------


@dataclass(frozen=True)
class GridStats:
    """The figures and checks a constructor looks at before submitting a grid."""

    words: int
    blocks: int
    block_share: float
    average_length: float
    lengths: dict[int, int]  # entry length -> how many
    two_letter: list[str]  # keys of 2-letter entries
    repeated: list[str]  # answers used more than once
    unchecked: list[Position]  # open cells in a single entry (or none)
    regions: int  # connected groups of open cells (1 for a proper grid)
    below_min: list[str]  # complete entries scoring under the minimum
    not_in_list: list[str]  # complete entries the word list lacks

    def to_json(self) -> dict[str, object]:
        """The figures as JSON: every field, in order (lengths keyed by strings, cells as
        lists)."""
        document = asdict(self)
        document["lengths"] = {str(k): v for k, v in sorted(self.lengths.items())}
        document["unchecked"] = [list(pos) for pos in self.unchecked]
        return document


def open_regions(grid: Grid) -> int:
    """How many connected groups of open cells the grid has."""
    seen: set[Position] = set()
    regions = 0
    for start in grid.positions():
        if start in seen:
            continue
        regions += 1
        stack = [start]
        seen.add(start)
        while stack:
            r, c = stack.pop()
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if grid.is_open(nr, nc) and (nr, nc) not in seen:
                    seen.add((nr, nc))
                    stack.append((nr, nc))
    return regions


def grid_stats(
    grid: Grid, words: WordList, *, min_score: int | None = None, theme: Collection[str] = ()
) -> GridStats:
    """Word count, blocks, lengths and the usual checks of ``grid`` against ``words``; the
    ``theme`` entries (keys) are the constructor's choice, exempt from the list checks."""
    slots = grid.slots()
    lengths: dict[int, int] = {}
    answers: dict[str, int] = {}
    below: list[str] = []
    missing: list[str] = []
    for slot in slots:
        lengths[slot.length] = lengths.get(slot.length, 0) + 1
        answer = grid.word(slot)
        if "?" in answer:
            continue
        answers[answer] = answers.get(answer, 0) + 1
        if slot.key in theme:
            continue
        score = words.score(words.alphabet.normalize(answer))
        if score is None:
            missing.append(slot.key)
        elif min_score is not None and score < min_score:
            below.append(slot.key)
    blocks = grid.block_count()
    cells = grid.width * grid.height
    return GridStats(
        words=len(slots),
        blocks=blocks,
        block_share=round(blocks / cells, 4),
        average_length=round(sum(s.length for s in slots) / len(slots), 2) if slots else 0.0,
        lengths=lengths,
        two_letter=[slot.key for slot in slots if slot.length == 2],
        repeated=sorted(answer for answer, n in answers.items() if n > 1),
        unchecked=sorted(grid.unchecked()),
        regions=open_regions(grid),
        below_min=below,
        not_in_list=missing,
    )


__all__ = [
    "Candidate",
    "CandidateList",
    "EntryState",
    "GridAnalysis",
    "GridStats",
    "GridVerdict",
    "analyse_grid",
    "check_candidate",
    "check_entry_grid",
    "check_grid",
    "compile_filter",
    "entry_candidates",
    "freed",
    "grid_stats",
    "open_regions",
    "place_word",
    "without_words",
]
