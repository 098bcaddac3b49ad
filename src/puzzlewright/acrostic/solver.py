"""The acrostic search: weighted local search over whole answer sets, closed by exact lookups.

Every clue always holds a word. ``D`` is the quotation's letter counts minus the letters of
all answers; the search changes one answer at a time to shrink ``sum(weight[l] * |D[l]|)``.
When no single change helps, the weights of the letters still off grow (a "breakout" step),
so letters that are persistently hard to place (the H and W of THE, WITH, WHICH) get placed
first. Once only a few letters are off, an exact repair frees two or three answers and
re-partitions their letters plus the leftovers through anagram tables keyed by packed
letter multisets. Found sets are polished pair by pair (the best-scoring exact re-split of
two answers) before they are reported.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from operator import itemgetter

from puzzlewright.acrostic.letters import Codec
from puzzlewright.acrostic.quality import first_clash
from puzzlewright.stopping import NEVER, StopSignal

INFINITY = float("inf")
KMAX = 8  # letter counts per word kept in the move table (larger counts are clipped)


class Candidate:
    """One possible answer, with the precomputed keys the search needs."""

    __slots__ = ("gather", "length", "packed", "pairs", "quality", "score", "stem", "word")

    def __init__(self, word: str, score: int, codec: Codec, stem: str, quality: float) -> None:
        self.word = word
        self.score = score
        self.length = len(word)
        self.packed = codec.pack(word)
        counts: dict[int, int] = {}
        for ch in word:
            index = codec.index[ch]
            counts[index] = counts.get(index, 0) + 1
        self.pairs = tuple(sorted(counts.items()))
        keys = [letter * KMAX + min(count, KMAX - 1) for letter, count in self.pairs]
        # index 0 (letter 0, count 0) always reads 0.0: padding keeps itemgetter's result a tuple
        self.gather = itemgetter(*keys, 0)
        self.stem = stem
        self.quality = quality

    def __repr__(self) -> str:
        return f"Candidate({self.word!r}, {self.score})"


@dataclass
class Tuning:
    """Knobs of the local search (defaults tuned on the benchmark quotations)."""

    sample: int = 3  # clues examined per move
    weight_step: float = 1.0  # breakout: weight added to every letter still off
    walk: float = 0.2  # probability of taking a worsening move at a local minimum
    tabu: int = 6  # recent words a clue may not take back
    repair_below: int = 4  # try exact repairs once at most this many letters are off
    repair_every: int = 150  # ... and again after this many moves without a new best
    repair_triples: int = 30  # random three-answer re-splits per repair round
    restart_after: int = 3000  # moves without a new best before a partial restart
    polish_passes: int = 2


@dataclass
class SearchStats:
    """Counters reported by the benchmark."""

    moves: int = 0
    repairs: int = 0
    restarts: int = 0
    best_off: int = 0


@dataclass
class SearchResult:
    """Answer sets found (best first) or, when none, the closest partial set."""

    solutions: list[list[str]]
    partial: list[str]
    off: list[int]  # per letter: quotation count minus answer count, for the partial set
    stopped: str | None
    stats: SearchStats = field(default_factory=SearchStats)


def quality_of(words: Sequence[Candidate]) -> tuple[float, int]:
    """Ranking key of an answer set: (mean score, minimum score)."""
    scores = [c.score for c in words]
    return (sum(scores) / len(scores), min(scores))


class Search:
    """One run of the local search over fixed candidate lists."""

    def __init__(
        self,
        codec: Codec,
        quote_counts: list[int],
        initials: Sequence[str],
        fixed: dict[int, Candidate],
        candidates: dict[str, list[Candidate]],
        window: tuple[int, int],
        rng: random.Random,
        stop: StopSignal = NEVER,
        tuning: Tuning | None = None,
    ) -> None:
        self.codec = codec
        self.nletters = len(codec.letters)
        self.initials = list(initials)
        self.fixed = fixed
        self.free = [i for i in range(len(initials)) if i not in fixed]
        self.rng = rng
        self.stop = stop
        self.tuning = tuning or Tuning()
        self.stats = SearchStats()
        self.quote_counts = quote_counts
        self.free_set = set(self.free)
        self.best_off = 0
        self.best_state: dict[int, Candidate] = {}
        self.best_offs: list[int] = []
        self.window = window
        self.set_candidates(candidates, window)

    # -- candidate lists ---------------------------------------------------------------------
    def set_candidates(
        self, candidates: dict[str, list[Candidate]], window: tuple[int, int]
    ) -> None:
        """Install candidate lists (all lengths for repairs, a length window for moves)."""
        low, high = window
        self.full = candidates
        self.moves_for = {
            initial: [c for c in words if low <= c.length <= high] or words
            for initial, words in candidates.items()
        }
        self.table: dict[str, dict[int, list[Candidate]]] = {}
        for initial, words in candidates.items():
            table: dict[int, list[Candidate]] = {}
            for cand in words:
                table.setdefault(cand.packed, []).append(cand)
            self.table[initial] = table

    # -- state -----------------------------------------------------------------------------
    def _start(self) -> None:
        self.cur: dict[int, Candidate] = dict(self.fixed)
        self.off = list(self.quote_counts)
        for cand in self.fixed.values():
            self._take(cand)
        for clue in self.free:
            self._put(clue, self._random_word(clue))
        self.weights = [1.0] * self.nletters
        self.tabu: dict[int, list[str]] = {clue: [] for clue in self.free}

    def _take(self, cand: Candidate) -> None:
        off = self.off
        for letter, count in cand.pairs:
            off[letter] -= count

    def _give(self, cand: Candidate) -> None:
        off = self.off
        for letter, count in cand.pairs:
            off[letter] += count

    def _put(self, clue: int, cand: Candidate) -> None:
        old = self.cur.get(clue)
        if old is not None:
            self._give(old)
        self.cur[clue] = cand
        self._take(cand)

    def _stems_except(self, clue: int) -> set[str]:
        return {c.stem for i, c in self.cur.items() if i != clue}

    def _random_word(self, clue: int) -> Candidate:
        words = self.moves_for[self.initials[clue]]
        taken = self._stems_except(clue)
        for _ in range(50):
            cand = words[self.rng.randrange(min(len(words), 60))]
            if cand.stem not in taken:
                return cand
        return words[self.rng.randrange(len(words))]

    def off_count(self) -> int:
        """How many letters the current answers miss or overuse."""
        return sum(abs(x) for x in self.off)

    # -- moves -----------------------------------------------------------------------------
    def _best_move(self, clue: int) -> tuple[float, Candidate] | None:
        """The best replacement for ``clue`` and its gain (weighted letters put right)."""
        old = self.cur[clue]
        target = list(self.off)
        for letter, count in old.pairs:
            target[letter] += count
        weights = self.weights
        table = [0.0] * (self.nletters * KMAX)
        for letter in range(self.nletters):
            t = target[letter]
            base = abs(t)
            w = weights[letter]
            row = letter * KMAX
            for k in range(1, KMAX):
                table[row + k] = w * (abs(t - k) - base)
        words = self.moves_for[self.initials[clue]]
        values = [sum(c.gather(table)) - c.quality for c in words]
        old_value = sum(old.gather(table)) - old.quality
        taken = self._stems_except(clue)
        tabu = self.tabu[clue]
        for _ in range(12):
            best = min(values)
            if best == INFINITY:
                return None
            i = values.index(best)  # ties go to the better-scoring word (lists are best first)
            cand = words[i]
            if cand.stem not in taken and cand.word not in tabu and cand is not old:
                return old_value - best, cand
            values[i] = INFINITY
        return None

    def _step(self) -> None:
        rng = self.rng
        free = self.free
        over = [letter for letter, x in enumerate(self.off) if x < 0]
        picks = set()
        if over:
            carriers = [c for c in free if any(self.off[x] < 0 for x, _ in self.cur[c].pairs)]
            if carriers:
                picks.add(rng.choice(carriers))
        while len(picks) < min(self.tuning.sample, len(free)):
            picks.add(rng.choice(free))
        best: tuple[float, int, Candidate] | None = None
        for clue in sorted(picks):
            move = self._best_move(clue)
            if move is not None and (best is None or move[0] > best[0]):
                best = (move[0], clue, move[1])
        if best is None:
            return
        gain, clue, cand = best
        if gain <= 1e-9:
            step = self.tuning.weight_step
            for letter, x in enumerate(self.off):
                if x:
                    self.weights[letter] += step
            if gain < -1e-9 and rng.random() > self.tuning.walk:
                return
        tabu = self.tabu[clue]
        tabu.append(self.cur[clue].word)
        del tabu[: -self.tuning.tabu]
        self._put(clue, cand)
        self.stats.moves += 1

    # -- exact repairs -----------------------------------------------------------------------
    def _fitting(self, clue: int, pool: int, taken: set[str]) -> list[Candidate]:
        fits = self.codec.fits
        return [
            c
            for c in self.full[self.initials[clue]]
            if fits(pool, c.packed) and c.stem not in taken
        ]

    def close(self, clues: list[int], pool: int, taken: set[str]) -> list[Candidate] | None:
        """An exact split of ``pool`` into one word per clue (1 to 3 clues), best first tried."""
        if len(clues) == 1:
            for cand in self.table[self.initials[clues[0]]].get(pool, ()):
                if cand.stem not in taken:
                    return [cand]
            return None
        if len(clues) == 2:
            options = self.pairs(clues, pool, taken, limit=1)
            return list(options[0]) if options else None
        # three or more: branch on the letter with the fewest words covering it
        lists = [self._fitting(clue, pool, taken) for clue in clues]
        covering: list[list[tuple[int, Candidate]]] = [[] for _ in range(self.nletters)]
        for i, words in enumerate(lists):
            for cand in words:
                for letter, _ in cand.pairs:
                    covering[letter].append((i, cand))
        needed = [covering[letter] for letter, count in enumerate(self.codec.counts(pool)) if count]
        best = min(needed, key=len)
        for i, cand in best:
            rest = clues[:i] + clues[i + 1 :]
            sub = self.close(rest, pool - cand.packed, taken | {cand.stem})
            if sub is not None:
                return [*sub[:i], cand, *sub[i:]]
        return None

    def pairs(
        self, clues: list[int], pool: int, taken: set[str], limit: int | None = None
    ) -> list[tuple[Candidate, Candidate]]:
        """Exact splits of ``pool`` into two words for two clues."""
        a, b = clues
        swap = len(self.full[self.initials[a]]) > len(self.full[self.initials[b]])
        if swap:
            a, b = b, a
        first = self._fitting(a, pool, taken)
        table = self.table[self.initials[b]]
        found = []
        for cand in first:
            for other in table.get(pool - cand.packed, ()):
                if other.stem not in taken and other.stem != cand.stem:
                    found.append((other, cand) if swap else (cand, other))
                    if limit is not None and len(found) >= limit:
                        return found
        return found

    def _repair(self) -> bool:
        """Try to make the answers exact by re-splitting one, two or three of them."""
        rng = self.rng
        free = self.free
        off = self.off
        carriers = [c for c in free if any(off[x] < 0 for x, _ in self.cur[c].pairs)] or free
        groups: list[tuple[int, ...]] = [(c,) for c in carriers]
        pairs = [(a, b) for a in carriers for b in free if b != a and (b not in carriers or a < b)]
        rng.shuffle(pairs)
        groups.extend(pairs)
        if len(free) >= 3:
            for _ in range(self.tuning.repair_triples):
                a = rng.choice(carriers)
                others = rng.sample([c for c in free if c != a], 2)
                groups.append((a, *others))
        for group in groups:
            if self.stats.repairs % 32 == 0 and self.stop.should_stop():
                return False
            self.stats.repairs += 1
            counts = list(off)
            for clue in group:
                for letter, count in self.cur[clue].pairs:
                    counts[letter] += count
            if min(counts) < 0:
                continue
            pool = self.codec.from_counts(counts)
            taken = {c.stem for i, c in self.cur.items() if i not in group}
            found = self.close(list(group), pool, taken)
            if found is not None:
                for clue, cand in zip(group, found, strict=True):
                    self._put(clue, cand)
                return True
        return False

    # -- polishing -------------------------------------------------------------------------
    def polish(self) -> None:
        """Raise answer quality: replace pairs of answers by their best exact re-split."""
        free = self.free
        for _ in range(self.tuning.polish_passes):
            improved = False
            for a, b in combinations(free, 2):
                if self.stop.should_stop():
                    return
                pool = self.cur[a].packed + self.cur[b].packed
                taken = {c.stem for i, c in self.cur.items() if i not in (a, b)}
                options = self.pairs([a, b], pool, taken)
                if not options:
                    continue
                current = _pair_value(self.cur[a], self.cur[b])
                best = max(options, key=lambda pair: _pair_value(*pair))
                if _pair_value(*best) > current + 1e-9:
                    self._put(a, best[0])
                    self._put(b, best[1])
                    improved = True
            if not improved:
                return

    # -- driver ----------------------------------------------------------------------------
    def _descend(self, deadline: float | None) -> bool:
        """Move and repair until the answers are exact (True) or time runs out (False)."""
        tuning = self.tuning
        best_off = self.off_count()
        since_best = 0
        last_repair_off: int | None = None
        while True:
            if self.stats.moves % 32 == 0 and (
                self.stop.should_stop() or (deadline is not None and self.stop.elapsed() > deadline)
            ):
                return False
            off = self.off_count()
            if off == 0:
                words = [self.cur[i].word for i in range(len(self.initials))]
                clash = first_clash(words)
                if clash is None:
                    return True
                clue = next((i for i in self.free if self.cur[i].word in clash), None)
                if clue is None:
                    return False
                self._put(clue, self._random_word(clue))
                continue
            if off < best_off:
                best_off, since_best = off, 0
                if off < self.best_off:
                    self.best_off = off
                    self.best_state, self.best_offs = dict(self.cur), list(self.off)
            else:
                since_best += 1
            if off <= tuning.repair_below and (
                last_repair_off is None
                or off < last_repair_off
                or since_best % tuning.repair_every == 0
            ):
                last_repair_off = off
                if self._repair():
                    continue
            if since_best > tuning.restart_after:
                self._perturb(0.5)
                self.stats.restarts += 1
                since_best = 0
                best_off = self.off_count()
                last_repair_off = None
                continue
            self._step()

    def run(
        self,
        tiers: Sequence[tuple[dict[str, list[Candidate]], float | None]],
        count: int = 1,
        improve: float = 0.0,
    ) -> SearchResult:
        """Find ``count`` distinct exact answer sets, best first.

        ``tiers`` are candidate lists from strictest to widest (the quality floor is lowered
        only if nothing else works), each with the seconds to try before moving on (None:
        until stopped). Each set found is then improved for up to ``improve`` seconds by
        demanding ever more common words.
        """
        self._start()
        self.best_off = self.off_count()
        self.best_state = dict(self.cur)
        self.best_offs = list(self.off)
        solutions: dict[frozenset[str], list[Candidate]] = {}
        widest = tiers[-1][0]
        tier = 0
        self.set_candidates(tiers[0][0], self.window)
        tier_end = _deadline(self.stop.elapsed(), tiers[0][1])
        stopped: str | None = None
        while len(solutions) < count:
            if self._descend(tier_end):
                self.polish()
                found = [self.cur[i] for i in range(len(self.initials))]
                if improve > 0 and not self.stop.should_stop():
                    found = self._improve(found, widest, self.stop.elapsed() + improve)
                key = frozenset(c.word for c in found)
                solutions.setdefault(key, found)
                self._perturb(0.4)
                continue
            if self.stop.should_stop():
                stopped = self.stop.reason
                break
            if tier + 1 < len(tiers):
                tier += 1
                self.set_candidates(tiers[tier][0], self.window)
                tier_end = _deadline(self.stop.elapsed(), tiers[tier][1])
        ranked = sorted(solutions.values(), key=quality_of, reverse=True)
        self.stats.best_off = 0 if ranked else self.best_off
        return SearchResult(
            solutions=[[c.word for c in sol] for sol in ranked],
            partial=[self.best_state[i].word for i in range(len(self.initials))],
            off=self.best_offs,
            stopped=stopped,
            stats=self.stats,
        )

    def _improve(
        self, found: list[Candidate], widest: dict[str, list[Candidate]], deadline: float
    ) -> list[Candidate]:
        """Raise the lowest answer score step by step while exact sets keep turning up."""
        best = found
        saved = (self.full, self.moves_for, self.table)
        while self.stop.elapsed() < deadline and not self.stop.should_stop():
            floor = min(c.score for i, c in enumerate(best) if i in self.free_set) + 1
            lists = {
                initial: [c for c in words if c.score >= floor] for initial, words in widest.items()
            }
            if any(not lists[self.initials[i]] for i in self.free):
                break
            self.set_candidates(lists, self.window)
            for i in self.free:
                if best[i].score < floor:
                    self._put(i, self._random_word(i))
                else:
                    self._put(i, best[i])
            self.weights = [1.0] * self.nletters
            if not self._descend(deadline):
                break
            self.polish()
            best = [self.cur[i] for i in range(len(self.initials))]
        self.full, self.moves_for, self.table = saved
        for i in self.free:
            self._put(i, best[i])
        return best

    def _perturb(self, share: float) -> None:
        """Give a random share of the free clues new random words; reset the weights."""
        if not self.free:
            return
        k = max(1, round(share * len(self.free)))
        for clue in self.rng.sample(self.free, k):
            self._put(clue, self._random_word(clue))
        self.weights = [1.0] * self.nletters


def _deadline(now: float, seconds: float | None) -> float | None:
    return None if seconds is None else now + seconds


def _pair_value(a: Candidate, b: Candidate) -> float:
    """Quality of two answers: their scores, with scores under 35 (zipf 3.5) counted twice."""
    return sum(c.score + min(0, c.score - 35) for c in (a, b))
