"""``fill_constrained``: a fill that meets global constraints, as an outer loop around ``fill``.

Banned letters (and quotas of zero) filter the word list. A nina is tried placement by
placement (:func:`~puzzlewright.crossword.nina.placements`), each a grid with fixed
letters, filled around. A pangram's letters go into every fill as a constraint inside the
search (``FillRequest.letters``, see :mod:`~puzzlewright.crossword.fill.letters`; with
:data:`SEEDED_RESTARTS`, first within a small counted amount of work, then around words
holding the rarest letters fixed in short middle entries, see
:mod:`~puzzlewright.crossword.fill.experiments.seeding`, then without a limit); a fill
that still misses some (a square grid's search does not take them) is repaired: a slot
(weakest first) is fixed to the best word supplying the rarest missing letter whose
crossings still have words, the fill's rare letters are held in place (see
:mod:`~puzzlewright.crossword.fill.pangram`), and the grid is filled again. A quota is
repaired by keeping the best entries holding the letter up to the quota and filling the
rest without it. Each fill is one step of a budget counted in fills, so the same seed gives
the same answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from puzzlewright.crossword.fill import run as fill_run
from puzzlewright.crossword.fill.constraints import (
    ConstraintReport,
    Constraints,
    Reason,
    alphabet_letters,
    letter_counts,
    shortfall,
    without_letters,
)
from puzzlewright.crossword.fill.pangram import holding, lock_rare, pangram_refusal, rarest_first
from puzzlewright.crossword.fill.quality import average_score, grid_entries, weakest
from puzzlewright.crossword.fill.request import FillRequest
from puzzlewright.crossword.fill.result import Fill, FillProgress, FillResult
from puzzlewright.crossword.grid import Grid, Position, Slot
from puzzlewright.crossword.nina import Placement, letters_of, paths, placements
from puzzlewright.lexicon import WordList
from puzzlewright.stopping import NEVER, StopSignal, clock

Filler = Callable[[FillRequest, WordList, StopSignal], FillResult]
"""One plain fill (no constraints): :func:`fill_run.fill` or a portfolio race."""

REFILL_DEPTHS: tuple[int | None, ...] = (1, 2, None)
"""How far around a changed spot a repair clears the fill: the whole entries through it
(depth 1), also the entries crossing those (depth 2), everything (None)."""

REFILL_WORK: tuple[int, ...] = (200, 300, 400)
"""Work (stop-signal polls, one per 16 search nodes) each repair margin may take before
the next, wider one is tried: a neighbourhood that cannot be refilled is given up on,
not proved, so a repair costs a bounded, repeatable amount of search."""

NINA_WORK = 4000
"""Work (stop-signal polls) a fill around one nina placement may take before the next
placement is tried (that placement then counts as given up, not proved unfillable)."""

SEEDED_RESTARTS = False
"""Whether a pangram search is first tried within :data:`FIRST_WORK`, then around rare-letter seeds
(:mod:`~puzzlewright.crossword.fill.experiments.seeding`), before the search without a work
limit. Off: over ten standard 15x15s and themed1-3 (seeds 0-2, built-in list, 10 s of CPU each)
it met 35 of 39 pangrams against 36 without it (themed1 seed 0 gained, std8 seeds 1-2 lost: their
plain pangram searches needed 7 s, more than the first search's work), and with Spread the
Wordlist it lost two (docs/crossword-fill.md, "Seeded restarts").
``benchmarks/fill_constraints.py --seeded`` turns it on."""

FIRST_WORK = 120
"""Work (stop-signal polls, 16 search nodes each) the first pangram search may take before
the rare-letter seeds (:mod:`~puzzlewright.crossword.fill.experiments.seeding`) are tried: at 40 a
standard 15x15 whose pangram search fills in 1.3 s of CPU lost it (docs/crossword-fill.md,
"Seeded restarts")."""

SEED_WORK = 80
"""Work each search around one seeded grid may take before the next (the themeless's seeded
grids that filled took 956 and 1,308 nodes)."""

ANCHORS_PER_ROUND = 8
"""Words supplying a missing letter tried per pangram round before giving up."""

ANCHOR_TRIALS = 100
"""Words with a missing letter weighed per slot when choosing anchors, best-scored first: a
large list has thousands (the built-in crossword list: 250,000 words from score 50), and
weighing each one's crossings took most of a 15x15 pangram's time."""


def fill_constrained(
    request: FillRequest,
    words: WordList,
    *,
    stop: StopSignal = NEVER,
    on_progress: Callable[[FillProgress], None] | None = None,
    filler: Filler | None = None,
) -> FillResult:
    """Fill ``request``'s grid so that its :class:`Constraints` hold (see the module doc).

    The result is a :class:`FillResult` whose ``constraints`` report says what was met;
    ``status`` is ``filled`` only when every constraint holds, ``unfillable`` when they
    were proved impossible (the report's ``reason`` says how), ``timeout`` with
    ``stop_reason`` ``limit`` when the budget of fills ran out, or the stop signal's reason.
    """
    constraints = request.constraints or Constraints()
    constraints.check()
    request.check()
    letters = alphabet_letters(words) if constraints.pangram else ""
    plain = replace(request, constraints=None, letters=request.letters + letters)

    def one_fill(req: FillRequest, listing: WordList, signal: StopSignal) -> FillResult:
        return fill_run.fill(req, listing, stop=signal, on_progress=on_progress)

    run = _Run(plain, words, constraints, stop, filler or one_fill)
    return run.solve()


class WorkStop(StopSignal):
    """A stop signal that also fires after ``limit`` polls (a search's work, counted as
    the portfolio counts it, so the cut is the same on any machine), or with ``outer``."""

    def __init__(self, outer: StopSignal, limit: int) -> None:
        super().__init__(None)
        self.outer = outer
        self.limit = limit
        self.polls = 0

    def should_stop(self) -> bool:
        """True after ``limit`` polls, or when the outer signal fires (its reason)."""
        if self.outer.should_stop():
            self.reason = self.outer.reason
            return True
        self.polls += 1
        if self.polls > self.limit:
            self.reason = "timeout"
        return self.reason is not None

    def remaining(self) -> float | None:
        """The outer signal's time left."""
        return self.outer.remaining()


@dataclass
class _Run:
    """One constrained fill's state: the request, the lists, the steps spent."""

    request: FillRequest
    words: WordList
    constraints: Constraints
    stop: StopSignal
    filler: Filler
    steps: int = 0
    tried: int = 0
    alphabet: str = field(init=False)
    started: float = field(default_factory=clock)
    last_fill: FillResult = field(init=False)
    given_up: int = 0
    original: WordList = field(init=False)

    def __post_init__(self) -> None:
        self.alphabet = alphabet_letters(self.words)
        self.original = self.words

    def solve(self) -> FillResult:
        """Check what can be refused at once, then fill (around each nina placement)."""
        refused = self._refusal()
        if refused is not None:
            return self._cannot(self.request.grid, *refused)
        self.words = without_letters(self.words, self.constraints.excluded())
        if self.constraints.nina is None:
            return self._meet(self.request.grid)
        return self._nina()

    def _refusal(self) -> tuple[Reason, str] | None:
        """A reason the constraints cannot hold whatever the fill, or None."""
        excluded = self.constraints.excluded()
        if self.constraints.pangram and set(excluded) & set(self.alphabet):
            return "conflict", f"a pangram needs every letter, but {excluded} is banned"
        given = shortfall(self.request.grid, replace(self.constraints, pangram=False), "")
        if not given.met:
            over = ", ".join(f"{x} {n}" for x, n in given.over.items())
            found = given.banned_found + (f" (over quota: {over})" if over else "")
            return "given", f"the grid's own letters break the constraints: {found}"
        if self.constraints.pangram:
            return pangram_refusal(self.request.grid, self.words, self.alphabet)
        nina = self.constraints.nina
        if nina is None:
            return None
        message = letters_of(nina.message)
        foreign = "".join(sorted(self.words.alphabet.foreign(message)))
        if foreign:
            return "alphabet", f"the nina's letters {foreign} are not in the word list's alphabet"
        if set(message) & set(excluded):
            return "conflict", "the nina uses a banned letter"
        longest = max((len(path.cells) for path in paths(self.request.grid, nina)), default=0)
        if len(message) > longest:
            return (
                "too-long",
                f"the nina has {len(message)} letters; the longest {nina.where} path "
                f"has {longest} cells",
            )
        return None

    # -- the nina ------------------------------------------------------------------------
    def _nina(self) -> FillResult:
        """Try the nina's placements in order; the first one filled that meets the rest wins."""
        assert self.constraints.nina is not None
        message = letters_of(self.constraints.nina.message)
        last: FillResult | None = None
        for placement in self._placements(message):
            if self._spent():
                break
            grid = self.request.grid.copy()
            for (r, c), letter in zip(placement.cells, message, strict=True):
                grid.cells[r][c] = letter
            last = self._meet(grid, NINA_WORK)
            assert last.constraints is not None
            last.constraints.nina = placement
            last.constraints.placements_tried = self.tried
            if last.status == "filled" or last.constraints.reason not in ("unfillable", "budget"):
                return last
        grid = last.grid if last else self.request.grid
        if self.stop.should_stop():
            return self._cannot(grid, "stopped", "the time limit or Ctrl-C stopped the search")
        if self.steps >= self.constraints.budget:
            return self._cannot(grid, "budget", f"the budget of {self.steps} fills is spent")
        if self.given_up:
            detail = (
                f"{self.given_up} of {self.tried} nina placements given up after {NINA_WORK} work"
            )
            return self._cannot(grid, "budget", detail)
        return self._cannot(
            grid, "unfillable", f"none of the {self.tried} nina placements can be filled"
        )

    def _placements(self, message: str) -> Iterator[Placement]:
        """The placements whose letters agree with the grid and leave every entry a word."""
        assert self.constraints.nina is not None
        grid = self.request.grid
        for path in paths(grid, self.constraints.nina):
            for placement in placements(path, len(message)):
                self.tried += 1
                if self._fits(grid, placement, message):
                    yield placement

    def _fits(self, grid: Grid, placement: Placement, message: str) -> bool:
        """True when the message's letters agree with the grid's and every entry through
        them still matches a word of the list (a cheap test before a fill)."""
        trial = grid.copy()
        for (r, c), letter in zip(placement.cells, message, strict=True):
            if trial.cells[r][c] not in ("", letter):
                return False
            trial.cells[r][c] = letter
        touched = set(placement.cells)
        return all(
            self._has_word(trial, slot) for slot in grid.slots() if touched & set(slot.cells)
        )

    def _has_word(self, grid: Grid, slot: Slot) -> bool:
        """True when some listed word matches the slot's letters (or a seed fills it)."""
        pattern = grid.word(slot)
        if len(pattern) != slot.length:  # a rebus cell: leave it to the filler
            return True
        return "?" not in pattern or bool(self.words.index(slot.length).mask(pattern))

    # -- letters: pangram and quotas -------------------------------------------------------
    def _meet(self, base: Grid, work: int | None = None) -> FillResult:
        """Fill ``base`` and repair the fill until the letter constraints hold; when they
        cannot, the fill closest to them (the last one) with the reason."""
        listing = self.words
        seeded = SEEDED_RESTARTS and self.request.letters and work is None
        result = self._seeded(base) if seeded else None
        if result is None:
            result = self._fill(base, listing, work)
        if result.status == "timeout" and not self.stop.should_stop():
            self.given_up += 1
            result = replace(result, status="unfillable", stop_reason=None)
        if result.status != "filled":
            return self._unmet(result, ConstraintReport(met=False), *self._why(result, None))
        while True:
            report = shortfall(result.grid, self.constraints, self.alphabet)
            if report.met:
                return self._done(result, report)
            if self.stop.should_stop():
                return self._unmet(result, report, *self._why(result, None))
            if self._spent():
                return self._unmet(result, report, "budget", "the budget of fills is spent")
            if report.over:
                letter = min(report.over)
                base, listing, repaired = self._quota(base, listing, result, letter)
            else:
                base, repaired = self._pangram(base, listing, result, report.missing)
            if repaired.status != "filled":
                return self._unmet(result, report, *self._why(repaired, report))
            result = repaired

    def _seeded(self, base: Grid) -> FillResult | None:
        """The pangram search within :data:`FIRST_WORK`, then around each rare-letter seed
        of :func:`~puzzlewright.crossword.fill.experiments.seeding.seeded_grids` within
        :data:`SEED_WORK`: the first fill (or the first search's proof), or None (the
        caller then searches without a work limit)."""
        from puzzlewright.crossword.fill.experiments.seeding import SEED_STEP, seeded_grids

        first = self._fill(base, self.words, FIRST_WORK)
        if first.status != "timeout" or self.stop.should_stop():
            return first
        quotas = dict(self.constraints.quotas)
        seed = self.request.seed
        best = first  # stopped: the grid with the most letters so far, not the last one
        for grid in seeded_grids(base, self.words, self.alphabet, seed, quotas):
            if self._spent():
                break
            seed += SEED_STEP
            result = self._fill(grid, self.words, SEED_WORK, seed)
            if result.status == "filled":
                return result
            if _letters(result.grid) > _letters(best.grid):
                best = result
            if self.stop.should_stop():
                return replace(best, status=result.status, stop_reason=result.stop_reason)
        return None

    def _why(self, result: FillResult, report: ConstraintReport | None) -> tuple[Reason, str]:
        """The reason a repair ended without a fill."""
        if result.status == "timeout" or self.stop.should_stop():
            return "stopped", "the time limit or Ctrl-C stopped the search"
        if report is None:
            if self.request.letters:
                return "unfillable", f"no fill of the grid holds every letter of {self.alphabet}"
            return "unfillable", "the grid cannot be filled with these letters"
        letters = report.missing or "".join(report.over)
        # a repair tries a few anchors and refills: failing them proves nothing
        given_up = f", {self.given_up} given up at their work limit" if self.given_up else ""
        return "budget", (
            f"no repair supplying or removing {letters} filled within its work "
            f"({self.steps} fills{given_up}); not proved impossible"
        )

    def _fill(
        self, grid: Grid, listing: WordList, work: int | None = None, seed: int | None = None
    ) -> FillResult:
        """One plain fill (one step of the budget), within ``work`` polls if given (with
        ``seed`` instead of the request's, if given)."""
        self.steps += 1
        stop = self.stop if work is None else WorkStop(self.stop, work)
        request = replace(self.request, grid=grid)
        if seed is not None:
            request = replace(request, seed=seed)
        self.last_fill = self.filler(request, listing, stop)
        return self.last_fill

    def _spent(self) -> bool:
        """True when the budget is used up or the stop signal fired."""
        return self.steps >= self.constraints.budget or self.stop.should_stop()

    def _pangram(
        self, base: Grid, listing: WordList, result: FillResult, missing: str
    ) -> tuple[Grid, FillResult]:
        """Fix one slot to a word supplying the rarest missing letter and fill around it
        again, holding one cell of each of the fill's rare letters (so a round seldom
        loses a letter an earlier one supplied); the first anchor (best first) whose grid fills is
        kept in ``base`` from then on (the held cells are chosen again each round)."""
        last = replace(result, status="unfillable")
        missing = rarest_first(base, listing, missing)
        for slot, word in self._anchors(base, result, missing):
            if self._spent():
                break
            anchored = base.copy()
            anchored.place(slot, word)
            kept = lock_rare(anchored, result.grid, set(slot.cells), self.alphabet, listing)
            last = self._refill(kept, result.grid, set(slot.cells), listing)
            if last.status == "filled":
                return anchored, last
            if last.status == "timeout":
                break
        return base, last

    def _refill(
        self, fixed: Grid, current: Grid, focus: set[Position], listing: WordList
    ) -> FillResult:
        """Fill again around ``focus``: the current fill's entries through it (then farther,
        then everywhere) are cleared to ``fixed``'s letters, the rest kept; each try is
        one step. A small neighbourhood refills in a fraction of a whole fill's time."""
        last = replace(self.last_fill, status="unfillable")
        for depth, work in zip(REFILL_DEPTHS, REFILL_WORK, strict=True):
            if self._spent():
                break
            trial = fixed.copy() if depth is None else current.copy()
            if depth is not None:
                for r, c in _around(current, focus, depth):
                    trial.cells[r][c] = fixed.cells[r][c]
            last = self._fill(trial, listing, work)
            if last.status == "filled" or self.stop.should_stop():
                break
        if last.status == "timeout" and not self.stop.should_stop():
            self.given_up += 1  # given up at its work limit: not a proof, not stopped
            last = replace(last, status="unfillable", stop_reason=None)
        return last

    def _anchors(self, base: Grid, result: FillResult, missing: str) -> list[tuple[Slot, str]]:
        """Up to :data:`ANCHORS_PER_ROUND` (slot, word) pairs: a word holding the first
        (rarest) missing letter with the most missing letters, then the best score, in a
        slot not fixed yet (weakest entries first) whose crossings all keep a word; the
        letters' quotas are respected."""
        scores = {entry.key: entry.score or 0 for entry in result.entries}
        open_slots = [slot for slot in base.slots() if "?" in base.word(slot)]
        open_slots.sort(key=lambda slot: (scores.get(slot.key, 0), slot.key))
        found: list[tuple[int, int, int, Slot, str]] = []
        for order, slot in enumerate(open_slots):
            best = self._anchor_word(base, slot, missing)
            if best is not None:
                covered, score, word = best
                found.append((-covered, -score, order, slot, word))
        found.sort(key=lambda item: item[:3])
        return [(slot, word) for *_, slot, word in found[:ANCHORS_PER_ROUND]]

    def _anchor_word(self, base: Grid, slot: Slot, missing: str) -> tuple[int, int, str] | None:
        """The slot's word with the most missing letters that leaves its crossings the
        most words (the tightest crossing's count), respecting the letters' quotas; among
        the first :data:`ANCHOR_TRIALS` words holding ``missing[0]``, best-scored first."""
        index = self.words.index(slot.length)
        mask = index.mask(base.word(slot)) & holding(self.words, slot.length, missing[0])
        trials = ANCHOR_TRIALS
        best: tuple[int, int, str] | None = None
        counts = letter_counts(base)
        quotas = dict(self.constraints.quotas)
        crossing = [
            other for other in base.slots() if other != slot and set(other.cells) & set(slot.cells)
        ]
        while mask and trials:
            low = mask & -mask
            mask ^= low
            word = index.words[low.bit_length() - 1]
            covered = len(set(word) & set(missing))
            if not covered or (best is not None and covered < best[0]):
                continue
            if any(counts[x] + word.count(x) > most for x, most in quotas.items()):
                continue
            trials -= 1
            trial = base.copy()
            trial.place(slot, word)
            room = min((self._options(trial, other) for other in crossing), default=1)
            if room and (best is None or (covered, room) > best[:2]):
                best = (covered, room, word)
        return best

    def _options(self, grid: Grid, slot: Slot) -> int:
        """How many listed words match the slot's letters (a seed or rebus counts as 1)."""
        pattern = grid.word(slot)
        if len(pattern) != slot.length or "?" not in pattern:
            return 1
        return self.words.index(slot.length).mask(pattern).bit_count()

    def _quota(
        self, base: Grid, listing: WordList, result: FillResult, letter: str
    ) -> tuple[Grid, WordList, FillResult]:
        """Keep the best entries holding ``letter`` up to its quota (with the entries
        crossing them there), clear the other cells holding it and fill around them from
        the list less ``letter``."""
        most = dict(self.constraints.quotas)[letter]
        less = without_letters(listing, letter)
        kept = _keep_within(base, result, letter, most)
        grid = result.grid
        focus = {
            (r, c)
            for r, c in grid.positions()
            if grid.cells[r][c] == letter and kept.cells[r][c] != letter
        }
        return kept, less, self._refill(kept, grid, focus, less)

    # -- results ---------------------------------------------------------------------------
    def _done(self, result: FillResult, report: ConstraintReport) -> FillResult:
        """The fill that meets every constraint, with its report."""
        report.steps = self.steps
        return replace(self._rescored(result), constraints=report)

    def _rescored(self, result: FillResult) -> FillResult:
        """The result's entries scored again with only the input grid's complete entries
        as seeds (a repair fills around kept entries, which are not seeds to the user)."""
        grid = self.request.grid
        given = {slot.key for slot in grid.slots() if "?" not in grid.word(slot)}
        entries = grid_entries(result.grid, self.original, given)
        ranked = []  # each shown fill too (a seed word or an anchor is no given entry)
        for shown in result.ranked:
            listed = grid_entries(shown.grid, self.original, given)
            ranked.append(Fill(shown.grid, listed, average_score(listed), weakest(listed)))
        return replace(
            result,
            entries=entries,
            average_score=average_score(entries),
            weakest=weakest(entries),
            ranked=ranked,
            seconds=round(clock() - self.started, 3),
        )

    def _unmet(
        self, result: FillResult, report: ConstraintReport, reason: Reason, detail: str
    ) -> FillResult:
        """The fill (or partial fill) with a report saying why the constraints failed."""
        report.met, report.reason, report.detail, report.steps = False, reason, detail, self.steps
        status = result.status
        stop_reason = result.stop_reason
        if reason == "budget":
            status, stop_reason = "timeout", "limit"
        elif reason == "stopped":
            status, stop_reason = "timeout", self.stop.reason
        elif reason == "unfillable":
            status = "unfillable"
        result = self._rescored(result)
        return replace(result, status=status, stop_reason=stop_reason, constraints=report)

    def _cannot(self, grid: Grid, reason: Reason, detail: str) -> FillResult:
        """A result for constraints refused before or after every attempt."""
        report = ConstraintReport(met=False, placements_tried=self.tried)
        entries = grid_entries(grid, self.words, set())
        base = FillResult(
            status="timeout" if reason == "stopped" else "unfillable",
            grid=grid,
            entries=entries,
            average_score=average_score(entries),
            weakest=weakest(entries),
            seconds=round(clock() - self.started, 3),
            stop_reason=self.stop.reason if reason == "stopped" else None,
        )
        return self._unmet(base, report, reason, detail)


def _letters(grid: Grid) -> int:
    """How many cells of ``grid`` hold a letter."""
    return sum(1 for r, c in grid.positions() if grid.cells[r][c])


def _keep_within(base: Grid, result: FillResult, letter: str, most: int) -> Grid:
    """``base`` plus the best-scored entries of the fill holding ``letter``, each with the
    entries crossing it at that letter (so no open slot meets a kept ``letter``), as long
    as the grid's cells with ``letter`` stay within ``most``."""
    grid = result.grid
    slots = {slot.key: slot for slot in grid.slots()}
    by_cell: dict[tuple[int, int], list[Slot]] = {}
    for slot in slots.values():
        for cell in slot.cells:
            by_cell.setdefault(cell, []).append(slot)
    kept = base.copy()
    used = letter_counts(base)[letter]
    ranked = sorted(result.entries, key=lambda entry: (-(entry.score or 0), entry.key))
    for entry in ranked:
        if letter not in entry.answer or "?" not in base.word(slots[entry.key]):
            continue
        group = _closure(slots[entry.key], grid, letter, by_cell)
        cells = {cell for slot in group for cell in slot.cells}
        new = {cell for cell in cells if grid.cells[cell[0]][cell[1]] == letter}
        new = {cell for cell in new if kept.cells[cell[0]][cell[1]] != letter}
        if used + len(new) > most:
            continue
        used += len(new)
        for slot in group:
            kept.place(slot, grid.word(slot))
    return kept


def _closure(
    start: Slot, grid: Grid, letter: str, by_cell: dict[tuple[int, int], list[Slot]]
) -> list[Slot]:
    """``start`` and, transitively, every entry crossing one of them at a ``letter`` cell."""
    group = [start]
    seen = {start.key}
    for slot in group:
        for cell in slot.cells:
            if grid.cells[cell[0]][cell[1]] != letter:
                continue
            for other in by_cell[cell]:
                if other.key not in seen:
                    seen.add(other.key)
                    group.append(other)
    return group


def _around(grid: Grid, focus: set[Position], depth: int) -> set[Position]:
    """The cells of every entry within ``depth`` crossings of ``focus``: whole entries, so
    no entry inside the cleared area keeps part of its old word (clearing a square around
    a spot left such entries with a fixed tail, and most of those refills were dead)."""
    through: dict[Position, list[Slot]] = {}
    for slot in grid.slots():
        for cell in slot.cells:
            through.setdefault(cell, []).append(slot)
    cells = set(focus)
    for _ in range(depth):
        cells |= {cell for spot in cells for slot in through.get(spot, ()) for cell in slot.cells}
    return cells
