"""``puzzlewright cryptarithm encode`` and ``find``: make alphametics rather than solve them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from puzzlewright.cli.common import (
    MAX_COUNT,
    F,
    exit_status,
    jobs_options,
    json_option,
    load_words,
    min_score_help,
    seed_option,
    stopping,
    timeout_option,
    warn,
    whole_option,
    wordlist_options,
)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList

if TYPE_CHECKING:
    from puzzlewright.cli.cryptarithm_encode_find_output import PuzzlePrinter
    from puzzlewright.cryptarithm.find import FindRun, FindSpec, Form
    from puzzlewright.stopping import StopSignal


# ------------------------------------------------------------------------------------------
# encode


def _grade_options(func: F) -> F:
    """Add --difficulty and --grade (encode and find grade puzzles alike)."""
    func = click.option("--grade", "show_grade", is_flag=True, help="Show each puzzle's grade.")(
        func
    )
    return click.option(
        "--difficulty",
        type=click.Choice(["easy", "medium", "hard", "fiendish"]),
        help="Only puzzles of this explanation grade (see cryptarithm solve --grade).",
    )(func)


@click.command()
@click.argument("equation", nargs=-1, required=True)
@whole_option("--limit", help="Show the best N encodings.", default=20, most=MAX_COUNT)
@click.option(
    "--unique", "unique_only", is_flag=True, help="Only word forms with exactly one solution."
)
@min_score_help(
    "The encoder's floor: every number becomes a word scoring N or more (the list loads whole)."
)
@wordlist_options
@_grade_options
@timeout_option
@json_option
def encode(
    equation: tuple[str, ...],
    limit: int,
    unique_only: bool,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    difficulty: str | None,
    show_grade: bool,
    timeout: float | None,
    as_json: bool,
) -> int:
    """Turn a true EQUATION of numbers into words: "49 + 51 = 100" -> TO + BE = EGG.

    Same digit, same letter; different digits, different letters; every number becomes
    a word of the list. Ranked: forms with one solution first, then by the weakest word's
    score, then the mean. Exit status 1 when no encoding exists or the time limit or
    Ctrl-C stopped the search (the best found so far are shown).
    """
    from puzzlewright.cli.cryptarithm_encode_find_output import progress_bar, report_encode
    from puzzlewright.cryptarithm.encode import encode as run_encode

    text = " ".join(equation)
    words, _ = load_words(word_paths, encoding, alphabet, None, quiet=as_json)
    with (
        stopping(timeout) as stop,
        progress_bar("Encoding", None, quiet=as_json) as update,
    ):
        result = run_encode(
            text,
            words,
            limit=limit,
            min_score=min_score,
            unique_only=unique_only,
            stop=stop,
            progress=lambda done, total, found: update(done, total, found),
        )
    grade = _encode_grade(result, difficulty, show_grade)
    report_encode(result, grade, unique_only=unique_only, as_json=as_json)
    return exit_status(bool(result.encodings), result.stop_reason)


def _encode_grade(result: object, difficulty: str | None, show: bool) -> str | None:
    """The grade shared by every encoding (they have one letter shape), when asked for;
    with ``difficulty``, the encodings are dropped unless they have that grade."""
    from puzzlewright.cryptarithm.encode import EncodeResult
    from puzzlewright.cryptarithm.explain import grade_of

    assert isinstance(result, EncodeResult)
    if not (show or difficulty) or not result.encodings:
        return None
    grade = grade_of(result.encodings[0].puzzle)
    if difficulty is not None and grade != difficulty:
        warn(f"its word forms grade {grade or 'ungraded'}, not {difficulty}")
        result.encodings.clear()
    return grade


# ------------------------------------------------------------------------------------------
# find


@click.command()
@click.option(
    "--form",
    "form_text",
    default="A + B = C",
    show_default=True,
    help="Equation form: 'A + B = C', 'A + B + C = D', 'A - B = C' or 'A * B = C'.",
)
@click.option("--result", metavar="WORD", help="Fix the right-hand side, e.g. PLANETS.")
@click.option(
    "--from",
    "from_file",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Take the words from FILE (one per line) instead of the word list.",
)
@click.option(
    "--theme",
    multiple=True,
    metavar="WORDS",
    help="Theme words (repeatable, or comma-separated), or a built-in theme: "
    "planets, colours, countries.",
)
@click.option(
    "--doubly-true",
    is_flag=True,
    help="Number names whose equation is also true as numbers (ONE + ...).",
)
@click.option(
    "--numbers",
    "numbers_file",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Number-name table for --doubly-true (lines 'VALUE NAME'); English built in.",
)
@whole_option("--limit", help="Stop after N puzzles.", default=20, most=MAX_COUNT)
@whole_option(
    "--candidates",
    "max_candidates",
    help="When sampling a large pool: give up after N candidates.",
    default=400_000,
    most=1_000_000_000,
)
@jobs_options(
    "Keep 2N shards in flight on local processes (N: 1-256; at most one process per CPU).",
    "Run shards on a Dask distributed cluster (needs the dask extra).",
)
@seed_option
@min_score_help(
    "The word pool's floor: draw words scoring N or more (the list loads whole). Default: 40 on"
    " the built-in list; every word of another list or a theme."
)
@wordlist_options
@_grade_options
@timeout_option
@json_option
def find(
    form_text: str,
    result: str | None,
    from_file: str | None,
    theme: tuple[str, ...],
    doubly_true: bool,
    numbers_file: str | None,
    limit: int,
    max_candidates: int,
    jobs: int,
    scheduler: str | None,
    seed: int,
    word_paths: tuple[str, ...],
    encoding: str,
    alphabet: str | None,
    min_score: int | None,
    difficulty: str | None,
    show_grade: bool,
    timeout: float | None,
    as_json: bool,
) -> int:
    """Find word equations with exactly one solution (SEND + MORE = MONEY style).

    Candidates come from the word list (best words, sampled with --seed), a theme
    (--theme, --from) or number names (--doubly-true); each passes cheap filters, a fast
    solution counter, and the general solver before it is printed. Output streams as a
    table or JSON Lines (--json: one line per puzzle, then a last line with "summary": true,
    the totals and stop_reason), in the same order for the same --seed on any executor.
    Exit status 1 when nothing was found or the time limit or Ctrl-C stopped the search
    (the puzzles found so far are shown).
    """
    from puzzlewright.cli.cryptarithm_encode_find_output import PuzzlePrinter, report_find
    from puzzlewright.cryptarithm.executors import make_map
    from puzzlewright.cryptarithm.find import parse_form

    form = parse_form(form_text)
    make_map(jobs, scheduler)  # bad --jobs or --scheduler: an error before any work
    sources = _Sources.of(word_paths, theme, from_file, doubly_true, numbers_file)
    words, _ = load_words(word_paths, encoding, alphabet, None, quiet=as_json)
    spec = _find_spec(form, words, sources, result, min_score, seed)
    grading = show_grade or difficulty is not None
    show = PuzzlePrinter(spec, seed, as_json, grading)
    with stopping(timeout) as stop:
        run = _run_find(spec, show, limit, max_candidates, (jobs, scheduler), stop, difficulty)
    report_find(run, form.text(), limit, max_candidates, as_json=as_json)
    return exit_status(bool(run.puzzles), run.stop_reason)


def _run_find(
    spec: FindSpec,
    show: PuzzlePrinter,
    limit: int,
    max_candidates: int,
    executor: tuple[int, str | None],
    stop: StopSignal,
    difficulty: str | None,
) -> FindRun:
    """The search on ``executor`` (``--jobs``, ``--scheduler``), with a progress bar over its
    shards (over ``max_candidates`` when it samples a pool too large to take whole)."""
    from puzzlewright.cli.cryptarithm_encode_find_output import progress_bar
    from puzzlewright.cryptarithm.executors import make_map
    from puzzlewright.cryptarithm.find import find as run_find
    from puzzlewright.cryptarithm.find import shard_count

    total = shard_count(spec)
    bar_total = total if total is not None else -(-max_candidates // spec.shard_size)
    with progress_bar("Searching", bar_total, quiet=show.as_json) as update:
        return run_find(
            spec,
            limit=limit,
            max_candidates=None if total is not None else max_candidates,
            map_shards=make_map(*executor, stop),
            stop=stop,
            on_puzzle=show,
            on_shard=lambda done, _total, so_far: update(done, bar_total, len(so_far.puzzles)),
            difficulty=difficulty,
            grade=show.grading,
        )


@dataclass(frozen=True)
class _Sources:
    """Where ``find`` takes its words: lists, a theme, a theme file, a number-name table
    (``numbers`` is "" for the built-in English names, None when not doubly true)."""

    word_paths: tuple[str, ...]
    theme: tuple[str, ...]
    from_file: str | None
    numbers: str | None

    @classmethod
    def of(
        cls,
        word_paths: tuple[str, ...],
        theme: tuple[str, ...],
        from_file: str | None,
        doubly_true: bool,
        numbers_file: str | None,
    ) -> _Sources:
        """The sources the options name; number names (``--numbers``) imply doubly true and
        exclude a theme."""
        doubly_true = doubly_true or numbers_file is not None
        if doubly_true and (theme or from_file):
            raise PuzzleInputError("--doubly-true uses number names; drop --theme / --from")
        return cls(word_paths, theme, from_file, (numbers_file or "") if doubly_true else None)


def _find_spec(
    form: Form,
    words: WordList,
    sources: _Sources,
    result: str | None,
    min_score: int | None,
    seed: int,
) -> FindSpec:
    """The search: number names (doubly true), a theme, or the word list's words."""
    from puzzlewright.cryptarithm.find import build_spec
    from puzzlewright.cryptarithm.find_themes import find_pool
    from puzzlewright.cryptarithm.numbers import english, load_number_names

    scores = words.scores()
    result_word = words.normalize_query(result) if result else None
    if sources.numbers is not None:
        table = load_number_names(sources.numbers) if sources.numbers else english()
        return build_spec(
            form, pool=(), scores=scores, numbers=table, seed=seed, result=result_word
        )
    builtin = list(sources.word_paths) in ([], ["builtin"])
    pool = find_pool(words, sources.theme, sources.from_file, min_score=min_score, builtin=builtin)
    return build_spec(form, pool=pool, scores=scores, result=result_word, seed=seed)
