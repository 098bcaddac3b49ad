"""What the acrostic studio asks of the engine: live checks of a half-built puzzle,
completion of the open rows around locked answers, and the finished puzzle as ipuz.

A studio puzzle is a quotation, a source and one row per source letter, each row empty or
holding an answer. :func:`studio_state` checks it as the constructor types (letters left,
letters used too often, rows whose answer cannot be right, reasons it cannot be finished);
:func:`complete_rows` runs the builder on the open rows with the filled ones included;
:func:`finished_ipuz` numbers a full answer set into the grid and adds the clues.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Unpack

from puzzlewright.acrostic import checks
from puzzlewright.acrostic.build import (
    DEFAULT_WIDTH,
    SearchOptions,
    assemble,
    build_acrostic,
    labels,
)
from puzzlewright.acrostic.ipuz import to_ipuz
from puzzlewright.acrostic.letters import foreign_letters, letters_of, split_text, words_of
from puzzlewright.acrostic.model import BuildResult, Progress
from puzzlewright.acrostic.quality import QuoteFilter, first_clash
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList
from puzzlewright.lexicon.familiar import familiar_scores
from puzzlewright.messages import counted
from puzzlewright.stopping import StopReason

RowIndex = int  # 0-based row, one per source letter
MAX_QUOTE = 2000  # characters: a long quotation is ~250 letters


@dataclass
class RowCheck:
    """One row as typed: its label and initial, the answer, its score and what is wrong."""

    label: str
    initial: str
    word: str = ""
    score: int | None = None
    problem: str | None = None

    def to_json(self) -> dict[str, object]:
        """The row as JSON: every field, in order."""
        return asdict(self)


@dataclass
class StudioState:
    """The live checks of a studio puzzle."""

    letters: int  # letters in the quotation
    rows: list[RowCheck]
    pool: dict[str, int]  # letter -> how many are left (negative: used too often)
    problems: list[str]  # why the puzzle cannot be finished as it stands
    mean_zipf: float | None  # mean score / 10 of the filled rows
    filled: int
    complete: bool  # every row filled, every letter used exactly, no row problem

    def to_json(self) -> dict[str, object]:
        return {
            "letters": self.letters,
            "rows": [row.to_json() for row in self.rows],
            "pool": self.pool,
            "left": sum(n for n in self.pool.values() if n > 0),
            "overused": {k: -n for k, n in self.pool.items() if n < 0},
            "problems": self.problems,
            "mean_zipf": self.mean_zipf,
            "filled": self.filled,
            "complete": self.complete,
        }


def _check_text(quote: str, source: str, words: WordList) -> tuple[str, str, list[str]]:
    """The quotation's and the source's letters, and the reasons they cannot work at all."""
    if len(quote) > MAX_QUOTE or len(source) > MAX_QUOTE:
        raise PuzzleInputError(f"the quotation and the source take at most {MAX_QUOTE} characters")
    alphabet = words.alphabet
    letters = letters_of(quote, alphabet)
    initials = letters_of(source, alphabet)
    problems = []
    for where, text in (("quotation", quote), ("source", source)):
        problem = checks.foreign_problem(where, foreign_letters(text, alphabet), alphabet.letters)
        if problem:
            problems.append(problem)
    if initials:
        problem = checks.missing_source_letters(letters, initials)
        if problem:
            problems.append(problem)
    return letters, initials, problems


def _row_problem(
    word: str, initial: str, words: WordList, quote_filter: QuoteFilter, min_length: int
) -> str | None:
    if not word.startswith(initial):
        return f"must start with {initial}"
    if len(word) < min_length:
        return f"shorter than {counted(min_length, 'letter')}"
    if word not in words:
        return "not in the word list"
    if quote_filter.clashes(word):
        return "appears in the quotation"
    return None


def studio_state(
    quote: str,
    source: str,
    answers: Sequence[str],
    words: WordList,
    *,
    min_length: int = 4,
    max_length: int | None = None,
) -> StudioState:
    """Check a half-built acrostic: ``answers`` has one entry per source letter ('' = open).

    The quotation and source first, then each typed row on its own, then the rows against
    each other (shared stems), then the letters they leave for the open rows.
    """
    words = familiar_scores(words)
    letters, initials, problems = _check_text(quote, source, words)
    rows = _check_rows(quote, initials, answers, words, min_length)
    typed = [row.word for row in rows if row.word]
    _mark_stem_clash(rows, typed)
    pool = _letter_pool(letters, typed)
    open_rows = sum(1 for row in rows if not row.word)
    top = max_length or max(words.lengths, default=min_length)
    if initials:
        problems += _pool_problems(pool, open_rows, min_length, top)
    scores = [row.score for row in rows if row.score is not None]
    return StudioState(
        letters=len(letters),
        rows=rows,
        pool=pool,
        problems=problems,
        mean_zipf=round(sum(scores) / len(scores) / 10, 2) if scores else None,
        filled=len(typed),
        complete=bool(initials)
        and len(typed) == len(initials)
        and not problems
        and all(row.problem is None for row in rows),
    )


def _check_rows(
    quote: str, initials: str, answers: Sequence[str], words: WordList, min_length: int
) -> list[RowCheck]:
    """One row per source letter: its label, initial and typed answer (normalised), with the
    answer's score and what is wrong with it on its own."""
    names = labels(len(initials))
    quote_filter = QuoteFilter(words_of(quote, words.alphabet))
    rows: list[RowCheck] = []
    for i, initial in enumerate(initials):
        raw = answers[i].strip() if i < len(answers) else ""
        row = RowCheck(names[i], initial, words.alphabet.normalize(raw) if raw else "")
        if row.word:
            row.score = words.score(row.word)
            row.problem = _row_problem(row.word, initial, words, quote_filter, min_length)
        rows.append(row)
    return rows


def _mark_stem_clash(rows: list[RowCheck], typed: list[str]) -> None:
    """Blame the first two typed answers that share a stem on each other's rows (a row that
    already has a problem keeps it)."""
    clash = first_clash(typed)
    if not clash:
        return
    for row in rows:
        if row.word in clash and row.problem is None:
            other = clash[1] if row.word == clash[0] else clash[0]
            row.problem = f"shares a stem with {other}"


def _letter_pool(letters: str, typed: list[str]) -> dict[str, int]:
    """Letter -> how many the quotation has left after the typed answers (negative: used
    too often), over every letter of either, in alphabetical order."""
    used = "".join(typed)
    left = Counter(letters)
    left.subtract(Counter(used))
    return {letter: left[letter] for letter in sorted(set(letters) | set(used))}


def _pool_problems(
    pool: Mapping[str, int], open_rows: int, min_length: int, max_length: int
) -> list[str]:
    """Why the letters left cannot fill the open rows: letters used too often; else too few
    or too many letters for the open rows' lengths; or letters left over with no open row."""
    problems = []
    overused = {k: -n for k, n in pool.items() if n < 0}
    if overused:
        shown = ", ".join(f"{k} ({n} too many)" for k, n in overused.items())
        problems.append(f"the answers use letters the quotation does not have: {shown}")
    free_letters = sum(n for n in pool.values() if n > 0)
    if open_rows and not overused:
        problem = checks.length_problem(free_letters, open_rows, min_length, max_length)
        if problem:
            problems.append(problem)
    elif not open_rows and free_letters:
        left = counted(free_letters, "letter") + (" is" if free_letters == 1 else " are")
        problems.append(f"every row is filled but {left} left over")
    return problems


@dataclass
class Completion:
    """Outcome of :func:`complete_rows`: one answer per row, or the reason there is none."""

    status: str  # built, impossible, timeout
    words: list[str] = field(default_factory=list)  # one per row (built)
    scores: list[int | None] = field(default_factory=list)
    reason: str | None = None  # a sentence: why impossible, or how close it came
    stop_reason: StopReason | None = None
    leftover: str = ""
    overused: str = ""
    mean_zipf: float | None = None
    mean_zipf_bound: float | None = None
    seconds: float = 0.0

    def to_json(self) -> dict[str, object]:
        """The outcome as JSON: every field, in order (seconds rounded to ms)."""
        document = asdict(self)
        document["seconds"] = round(self.seconds, 3)
        return document


def _in_row_order(built: list[str], locked: Mapping[RowIndex, str]) -> list[str]:
    """The builder's answers with each locked word moved to its own row.

    The builder places an included word at the first free row with its initial; rows with
    the same initial are interchangeable, so swapping puts every locked word back.
    """
    out = list(built)
    for row, word in sorted(locked.items()):
        at = out.index(word)
        out[row], out[at] = out[at], out[row]
    return out


def complete_rows(
    quote: str,
    source: str,
    locked: Mapping[RowIndex, str],
    words: WordList,
    *,
    banned: Sequence[str] = (),
    avoid: Sequence[str] = (),
    **options: Unpack[SearchOptions],
) -> Completion:
    """Fill the rows not in ``locked`` (row -> answer); ``avoid``: a set to differ from.

    ``options`` are those of :func:`~puzzlewright.acrostic.build.build_acrostic`, with its
    defaults (the same answers as the command line for the same arguments and seed); its
    ``progress`` gets the best set so far in row order, never one that repeats ``avoid``.
    """
    words = familiar_scores(words)
    initials = letters_of(source, words.alphabet)
    for row in locked:
        if not 0 <= row < len(initials):
            raise PuzzleInputError(f"row {row + 1} is not a row of the source")
    include = [words.alphabet.normalize(word) for word in locked.values()]
    count = 3 if avoid else 1
    watch = options.pop("progress", None)
    if watch is not None:
        options["progress"] = lambda found: _row_progress(found, locked, avoid, words, watch)
    result = build_acrostic(
        quote, source, words, include=include, exclude=list(banned), count=count, **options
    )
    done = Completion(
        result.status,
        reason=result.reason,
        stop_reason=result.stop_reason,
        seconds=result.seconds,
        mean_zipf_bound=result.mean_zipf_bound,
    )
    if result.status == "timeout":
        done.leftover, done.overused = result.leftover, result.overused
        return done
    if result.status != "built":
        return done
    chosen = _first_new_set(result, locked, avoid, words)
    if chosen is None:
        return Completion(
            "impossible",
            reason="no other answer set was found for the open rows",
            seconds=result.seconds,
            mean_zipf_bound=result.mean_zipf_bound,
        )
    done.words = chosen
    done.scores = [words.score(word) for word in chosen]
    known = [s for s in done.scores if s is not None]
    done.mean_zipf = round(sum(known) / len(known) / 10, 2) if known else None
    return done


def _row_progress(
    found: Progress,
    locked: Mapping[RowIndex, str],
    avoid: Sequence[str],
    words: WordList,
    watch: Callable[[Progress], None],
) -> None:
    """Pass ``found`` on to ``watch`` in row order, unless its open rows repeat ``avoid``."""
    normalized = {row: words.alphabet.normalize(word) for row, word in locked.items()}
    rows = _in_row_order(found.words, normalized)
    kept = set(normalized.values())
    avoid_set = {words.alphabet.normalize(w) for w in avoid if w} - kept
    if avoid_set and set(rows) - kept == avoid_set:
        return
    watch(replace(found, words=rows, scores=[words.score(word) for word in rows]))


def _first_new_set(
    result: BuildResult, locked: Mapping[RowIndex, str], avoid: Sequence[str], words: WordList
) -> list[str] | None:
    """The first built set (in row order, locked answers in their rows) whose open rows
    differ from ``avoid``'s; None when every set repeats it."""
    normalized = {row: words.alphabet.normalize(word) for row, word in locked.items()}
    sets = [_in_row_order([a.word for a in p.answers], normalized) for p in result.puzzles]
    kept = set(normalized.values())
    avoid_set = {words.alphabet.normalize(w) for w in avoid if w} - kept
    return next((s for s in sets if not avoid_set or set(s) - kept != avoid_set), None)


def finished_ipuz(
    quote: str,
    source: str,
    answers: Sequence[str],
    words: WordList,
    *,
    clues: Mapping[str, str] | None = None,
    title: str = "",
    author: str = "",
    width: int = DEFAULT_WIDTH,
    seed: int = 0,
) -> dict[str, Any]:
    """The ipuz document of a finished studio puzzle (answers in row order, clues by label)."""
    words = familiar_scores(words)
    state = studio_state(quote, source, answers, words)
    if not state.complete:
        reasons = state.problems + [
            f"{row.label} {row.word or '(empty)'}: {row.problem or 'no answer'}"
            for row in state.rows
            if row.problem or not row.word
        ]
        raise PuzzleInputError("the puzzle is not finished: " + "; ".join(reasons[:3]))
    alphabet = words.alphabet
    letters = letters_of(quote, alphabet)
    names = labels(len(state.rows))
    puzzle = assemble(
        quote,
        source,
        split_text(quote, alphabet),
        letters,
        names,
        [row.word for row in state.rows],
        words,
        random.Random(seed).randrange(2**31),
        width,
    )
    document = to_ipuz(puzzle, title=title or None, author=author or None)
    for item in document["clues"]["Clues"]:
        text = (clues or {}).get(str(item["label"]))
        if text:
            item["clue"] = text
    return document
