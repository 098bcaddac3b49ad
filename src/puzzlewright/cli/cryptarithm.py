"""``puzzlewright cryptarithm``: solve alphametics such as ``SEND + MORE = MONEY``."""

from __future__ import annotations

from typing import Any

import click
from rich import box
from rich.table import Table

from puzzlewright.cli.common import (
    MAX_SHOWN,
    emit_json,
    exit_status,
    json_option,
    stdout,
    stop_note,
    stopping,
    timeout_option,
    warn,
    whole_option,
)
from puzzlewright.cryptarithm import Cryptarithm, SolveResult, parse_assignments, parse_forbidden
from puzzlewright.cryptarithm.explain import Explanation, explain
from puzzlewright.cryptarithm.explain.text import explanation_lines, grade_line
from puzzlewright.cryptarithm.solver import digit_char
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import read_text_input
from puzzlewright.stopping import interrupted_by

TABLE_COLUMNS = 16
TEXT_SHOWN = 20
"""Solutions listed as text by default (``--show``): a person reads the first few."""
JSON_SHOWN = 10_000
"""Solutions in the ``--json`` document by default: bounded, as a timeout bounds the search
(``(A+B)^(C*D*E*F)=G`` has 26,880)."""
PLAIN_AFTER = 20
"""More solutions than this are listed one per line in plain text (a rich table for each
costs over a millisecond: 21,312 of them printed for minutes)."""
PLAIN_CHUNK = 5_000


@click.group()
def cryptarithm() -> None:
    """Solve, encode and find cryptarithms (alphametics)."""


@cryptarithm.command(context_settings={"ignore_unknown_options": True})
@click.argument("puzzle", nargs=-1)
@click.option("--base", type=int, default=10, show_default=True, help="Number base, 2 to 36.")
@click.option(
    "--leading-zeros", is_flag=True, help="Let numbers of two or more letters start with 0."
)
@click.option(
    "--assign",
    multiple=True,
    metavar="S=9",
    help="Fix a letter's digit (repeatable; S=9,M=1 also works).",
)
@click.option(
    "--forbid", multiple=True, metavar="S=0,1", help="Digits a letter may not take (repeatable)."
)
@click.option("--digits", metavar="1-9", help="Only these digits, e.g. 1-9 or 0,2,4-8.")
@click.option("--first", is_flag=True, help="Stop at the first solution.")
@whole_option("--limit", help="Stop after N solutions.", default=None, most=MAX_SHOWN)
@whole_option(
    "--show",
    help="List at most N solutions, the first found; the others are counted "
    f"(0: all). [default: {TEXT_SHOWN}; with --json {JSON_SHOWN:,}]",
    default=None,
    least=0,
    most=MAX_SHOWN,
    metavar="N",
)
@click.option("--count", "count_only", is_flag=True, help="Count the solutions, don't list them.")
@click.option(
    "--unique", is_flag=True, help="Stop at the second solution; say whether it is unique."
)
@click.option(
    "--explain",
    "explain_steps",
    is_flag=True,
    help="Explain the solution step by step, as a person solves it (sums, differences, A * B).",
)
@click.option("--grade", "show_grade", is_flag=True, help="Grade the puzzle: easy to fiendish.")
@click.option(
    "--layout",
    type=click.Choice(["division", "multiplication"]),
    help="A long division / multiplication: the header, then one argument per step line.",
)
@click.option("--layout-file", metavar="PATH", help="Read a long division / multiplication.")
@click.option("--repeat-digits", is_flag=True, help="Layouts: different letters may share a digit.")
@click.option("--html", metavar="PATH", help="Layouts: also write the solved layout as HTML.")
@click.option("--pdf", metavar="PATH", help="Layouts: also write the solved layout as PDF.")
@timeout_option
@json_option
def solve(
    puzzle: tuple[str, ...],
    base: int,
    leading_zeros: bool,
    assign: tuple[str, ...],
    forbid: tuple[str, ...],
    digits: str | None,
    first: bool,
    limit: int | None,
    show: int | None,
    count_only: bool,
    unique: bool,
    explain_steps: bool,
    show_grade: bool,
    layout: str | None,
    layout_file: str | None,
    repeat_digits: bool,
    html: str | None,
    pdf: str | None,
    timeout: float | None,
    as_json: bool,
) -> int:
    """Solve a cryptarithm such as "SEND + MORE = MONEY" ('-' reads it from stdin).

    Letters are digits (distinct letters, distinct digits; no leading zero on numbers of
    two or more letters), digits are constants. Operators: + - * / ^ (also ** × ÷),
    parentheses, = or ==; several equations separated by , ; or newlines. / is exact
    division, ^ a power with a non-negative integer exponent.

    Exit status 0 when a solution is found, 1 when there is none or the time limit or
    Ctrl-C stopped the search (the solutions found so far are shown), 2 on bad input.
    """
    limit = _check_arguments(puzzle, layout_file, first=first, limit=limit, unique=unique)
    if layout is not None or layout_file is not None:
        flags = (count_only, unique, repeat_digits, as_json)
        return _solve_layout(puzzle, layout, layout_file, limit, html, pdf, timeout, *flags)
    text = read_text_input("-", "puzzle") if puzzle == ("-",) else " ".join(puzzle)
    problem = _parse_puzzle(
        text, base=base, leading_zeros=leading_zeros, assign=assign, forbid=forbid, digits=digits
    )
    with stopping(timeout) as stop:
        kept = _kept(show, as_json=as_json)
        result = problem.search(limit=limit, stop=stop, keep=not count_only, kept=kept)
        explained = explain(problem, stop=stop) if explain_steps or show_grade else None
    if as_json:
        emit_json(_json_document(result, explained, explain_steps=explain_steps))
    else:
        _print_result(
            problem,
            result,
            explained,
            explain_steps=explain_steps,
            show_grade=show_grade,
            unique=unique,
            count_only=count_only,
        )
    if stop_note(result.stop_reason):
        warn(f"{stop_note(result.stop_reason)}; {result.count} solution(s) found so far")
    return exit_status(result.count > 0, result.stop_reason)


def _kept(show: int | None, *, as_json: bool) -> int | None:
    """How many solutions to hold and list: ``--show N`` (0: all, None) or the default."""
    if show is None:
        return JSON_SHOWN if as_json else TEXT_SHOWN
    return show or None


def _parse_puzzle(
    text: str,
    *,
    base: int,
    leading_zeros: bool,
    assign: tuple[str, ...],
    forbid: tuple[str, ...],
    digits: str | None,
) -> Cryptarithm:
    """The puzzle with the digit options of the command line parsed."""
    return Cryptarithm.parse(
        text,
        base=base,
        leading_zeros=leading_zeros,
        assign=parse_assignments(assign, base),
        forbid=parse_forbidden(forbid, base),
        digits=digits,
    )


def _solve_layout(
    puzzle: tuple[str, ...],
    layout: str | None,
    layout_file: str | None,
    limit: int | None,
    html: str | None,
    pdf: str | None,
    timeout: float | None,
    count_only: bool,
    unique: bool,
    repeat_digits: bool,
    as_json: bool,
) -> int:
    """A long division or multiplication (--layout, --layout-file) instead of an equation,
    also written as HTML and PDF sheets when asked."""
    from puzzlewright.cli.cryptarithm_longhand import Sheets, load_layout, run_layout

    sheets = Sheets(html, pdf)
    sheets.check()
    shape = load_layout(layout, puzzle, layout_file)
    with stopping(timeout) as stop:
        return run_layout(
            shape,
            limit=limit,
            count_only=count_only,
            unique=unique,
            distinct=not repeat_digits,
            sheets=sheets,
            stop=stop,
            as_json=as_json,
        )


def _check_arguments(
    puzzle: tuple[str, ...],
    layout_file: str | None,
    *,
    first: bool,
    limit: int | None,
    unique: bool,
) -> int | None:
    """Refuse a stray option word, a missing puzzle and clashing stop options; the limit
    ``--first`` (1) or ``--unique`` (2) means."""
    for part in puzzle:
        if part.startswith("--"):
            raise click.UsageError(f"no such option: {part.split('=')[0]}")
    if not puzzle and layout_file is None:
        raise click.UsageError('missing the puzzle, e.g. "SEND + MORE = MONEY"')
    if sum([first, limit is not None, unique]) > 1:
        raise PuzzleInputError("give at most one of --first, --limit and --unique")
    if first:
        return 1
    if unique:
        return 2
    return limit


def _json_document(
    result: SolveResult, explained: Explanation | None, *, explain_steps: bool
) -> dict[str, Any]:
    """The result's JSON, with the grade (and with --explain the steps) when explained."""
    document = result.to_json()
    if explained is not None:
        data = explained.to_json()
        document["grade"] = data["grade"]
        if explain_steps:
            document["steps"] = data["steps"]
            document["explanation"] = {k: v for k, v in data.items() if k != "steps"}
    return document


def _print_result(
    problem: Cryptarithm,
    result: SolveResult,
    explained: Explanation | None,
    *,
    explain_steps: bool,
    show_grade: bool,
    unique: bool,
    count_only: bool,
) -> None:
    """The explanation, the solutions, the summary line and the grade, as text."""
    if explained is not None and explain_steps:
        for line in explanation_lines(explained):
            stdout.print(line, markup=False, soft_wrap=True)
    if len(result.solutions) > PLAIN_AFTER:
        _print_plain(problem, result.solutions)
    else:
        for number, solution in enumerate(result.solutions, 1):
            _print_solution(problem, solution, number)
    stdout.print(_summary(result, unique=unique, count_only=count_only))
    if result.omitted:
        stdout.print(
            f"The first {len(result.solutions):,} are shown, {result.omitted:,} more are not "
            "(--show N lists N, --show 0 all, --count only counts).",
            markup=False,
            soft_wrap=True,
        )
    if explained is not None and show_grade:
        stdout.print(grade_line(explained), markup=False, soft_wrap=True)


def _print_solution(problem: Cryptarithm, solution: dict[str, int], number: int) -> None:
    """The substituted equation and a table of letters and digits."""
    note = f"  (base {problem.base})" if problem.base != 10 else ""
    stdout.print(f"[bold]Solution {number}[/bold]{note}")
    for line in problem.substitute(solution).splitlines():
        stdout.print(f"  {line}", markup=False)
    symbols = list(solution)
    for start in range(0, len(symbols), TABLE_COLUMNS):
        chunk = symbols[start : start + TABLE_COLUMNS]
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1))
        for symbol in chunk:
            table.add_column(symbol, justify="center")
        table.add_row(*(_digit(problem.base, solution[s]) for s in chunk))
        stdout.print(table)


def _print_plain(problem: Cryptarithm, solutions: list[dict[str, int]]) -> None:
    """Solutions one per line, plain text written in chunks: ``12: 9567 + 1085 = 10652
    D=7 E=5 ...`` (thousands of lines in a fraction of a second)."""
    note = f" (base {problem.base})" if problem.base != 10 else ""
    click.echo(f"Solutions{note}: number, equation, letters")
    for start in range(0, len(solutions), PLAIN_CHUNK):
        lines = []
        for number, solution in enumerate(solutions[start : start + PLAIN_CHUNK], start + 1):
            letters = " ".join(f"{s}={digit_char(v)}" for s, v in solution.items())
            equation = " ".join(problem.substitute(solution).split())
            lines.append(f"{number}: {equation}  {letters}")
        click.echo("\n".join(lines))


def _digit(base: int, value: int) -> str:
    return str(value) if base <= 10 or value < 10 else f"{digit_char(value)}={value}"


def _summary(result: SolveResult, *, unique: bool, count_only: bool) -> str:
    """One line saying how many solutions there are and whether the search finished."""
    n = result.count
    noun = "solution" if n == 1 else "solutions"
    if interrupted_by(result.stop_reason):
        return f"{n} {noun} found before the search was stopped; there may be more."
    if unique:
        if n == 1:
            return "The solution is unique."
        if n == 0:
            return "No solution."
        return "Not unique: at least 2 solutions."
    if n == 0:
        return "No solution."
    if result.stop_reason == "limit":
        return f"{n} {noun}; stopped at the limit, there may be more."
    return f"{n} {noun}." if count_only else f"{n} {noun}, search complete."


# --- subcommands from other modules ---------------------------------------------------------
# The generator commands (encode, find) live in cli.cryptarithm_encode_find and make-layout
# in cli.cryptarithm_longhand; register them here:
# cryptarithm.add_command(...)
from puzzlewright.cli.cryptarithm_encode_find import encode, find  # noqa: E402
from puzzlewright.cli.cryptarithm_longhand import make_layout  # noqa: E402

cryptarithm.add_command(encode)
cryptarithm.add_command(find)
cryptarithm.add_command(make_layout)
