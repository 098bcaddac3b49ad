"""Long division / multiplication layouts on the command line: ``cryptarithm solve
--layout`` (solving) and ``cryptarithm make-layout`` (making puzzles)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import click

from puzzlewright.cli.common import (
    check_output,
    emit_json,
    exit_status,
    json_option,
    seed_option,
    stdout,
    stop_note,
    stopping,
    timeout_option,
    warn,
)
from puzzlewright.cryptarithm.longhand import (
    DivisionLayout,
    Layout,
    LayoutResult,
    LayoutSolution,
    hide_digits,
    layout_text,
    paper_text,
    parse_layout,
    random_layout,
    read_layout_file,
    solve_layout,
    true_division,
    true_multiplication,
)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import read_input, write_atomic
from puzzlewright.stopping import StopSignal, interrupted_by

MAX_LAYOUT_FILE = 64_000


def load_layout(kind: str | None, parts: tuple[str, ...], path: str | None) -> Layout:
    """The layout from ``--layout KIND HEADER LINE...`` or from ``--layout-file``."""
    if path is not None:
        data = read_input(path, "layout file")
        if len(data) > MAX_LAYOUT_FILE:
            raise PuzzleInputError(f"{path}: a layout file is at most {MAX_LAYOUT_FILE} bytes")
        try:
            return read_layout_file(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise PuzzleInputError(f"{path}: not UTF-8 text") from None
    assert kind is not None
    if not parts:
        raise PuzzleInputError("give the layout's header, e.g. 'ABCDE / FG = HIJ'")
    return parse_layout(kind, parts[0], list(parts[1:]))


def _solution_json(layout: Layout, solution: LayoutSolution) -> dict[str, object]:
    numbers = dict(
        zip(
            ("dividend", "divisor", "quotient", "remainder")
            if isinstance(layout, DivisionLayout)
            else ("multiplicand", "multiplier", "product"),
            solution.numbers,
            strict=False,
        )
    )
    return {"numbers": numbers, "letters": solution.letters, "paper": paper_text(layout, solution)}


@dataclass(frozen=True)
class Sheets:
    """Where a layout is also printed as a page (puzzle, then its solution): HTML, PDF."""

    html: str | None = None
    pdf: str | None = None

    def check(self) -> None:
        """Refuse an unwritable path before any search starts."""
        check_output(self.html)
        check_output(self.pdf)

    def write(self, layout: Layout, solution: LayoutSolution | None) -> None:
        """Write the pages that were asked for."""
        title = "Long division" if isinstance(layout, DivisionLayout) else "Long multiplication"
        if self.html is not None:
            from puzzlewright.render.longhand_html import layout_html

            write_atomic(self.html, layout_html(layout, solution, title=title))
        if self.pdf is not None:
            from puzzlewright.render.pdf.longhand import layout_pdf

            write_atomic(self.pdf, layout_pdf(layout, solution, title=title))


def run_layout(
    layout: Layout,
    *,
    limit: int | None,
    count_only: bool,
    unique: bool,
    distinct: bool,
    sheets: Sheets,
    stop: StopSignal,
    as_json: bool,
) -> int:
    """Solve a layout, print it (text or JSON) and return the exit status."""
    result = solve_layout(layout, limit=limit, distinct=distinct, keep=not count_only, stop=stop)
    if as_json:
        emit_json(
            {
                "layout": layout.kind,
                "puzzle": layout_text(layout),
                "count": result.count,
                "complete": result.complete,
                "stop_reason": result.stop_reason,
                "seconds": round(result.seconds, 4),
                "solutions": [_solution_json(layout, s) for s in result.solutions],
            }
        )
    else:
        _print_result(layout, result, count_only=count_only, unique=unique)
    sheets.write(layout, result.solutions[0] if result.solutions else None)
    if stop_note(result.stop_reason):
        warn(f"{stop_note(result.stop_reason)}; {result.count} solution(s) found so far")
    return exit_status(result.count > 0, result.stop_reason)


def _print_result(layout: Layout, result: LayoutResult, *, count_only: bool, unique: bool) -> None:
    if not count_only:
        for number, solution in enumerate(result.solutions, 1):
            stdout.print(f"[bold]Solution {number}[/bold]")
            stdout.print(paper_text(layout, solution), markup=False, end="", soft_wrap=True)
            if solution.letters:
                letters = "  ".join(f"{k}={v}" for k, v in sorted(solution.letters.items()))
                stdout.print(f"  {letters}", markup=False)
    n = result.count
    if interrupted_by(result.stop_reason):
        stdout.print(f"{n} solution(s) found before the search was stopped; there may be more.")
    elif unique:
        stdout.print({0: "No solution.", 1: "The solution is unique."}.get(n, "Not unique."))
    elif result.stop_reason == "limit":
        stdout.print(f"{n} solution(s); stopped at the limit, there may be more.")
    else:
        stdout.print(f"{n} solution{'s' if n != 1 else ''}, search complete.")


@click.command("make-layout")
@click.argument("kind", type=click.Choice(["division", "multiplication"]))
@click.option(
    "--from",
    "given",
    metavar="'47670 / 77'",
    help="A true division or multiplication to hide (default: a random one).",
)
@click.option(
    "--size",
    default="2,3",
    show_default=True,
    metavar="D,Q",
    help="Digits of the divisor (multiplier) and the quotient (multiplicand) when random.",
)
@click.option(
    "--style",
    type=click.Choice(["stars", "letters"]),
    default="stars",
    show_default=True,
    help="Hidden digits as ? with some digits shown, or letters (some hidden as ?).",
)
@click.option("--show-solution", is_flag=True, help="Print the solved layout too.")
@click.option("--html", metavar="PATH", help="Also write the puzzle and solution as HTML.")
@click.option("--pdf", metavar="PATH", help="Also write the puzzle and solution as PDF (2 pages).")
@seed_option
@timeout_option
@json_option
def make_layout(
    kind: str,
    given: str | None,
    size: str,
    style: str,
    show_solution: bool,
    html: str | None,
    pdf: str | None,
    seed: int,
    timeout: float | None,
    as_json: bool,
) -> int:
    """Make a long division or multiplication puzzle with a unique solution.

    Takes a random (or --from) true layout and hides its digits one at a time in an
    order drawn from --seed, keeping each hiding that leaves the solution unique. The
    layout goes to stdout in the file format `cryptarithm solve --layout-file` reads
    (`make-layout division > puzzle.txt`); the drawing on paper (and the solution with
    --show-solution) to stderr.
    """
    sheets = Sheets(html, pdf)
    sheets.check()
    true = _true_layout(kind, given, size, random.Random(seed))
    with stopping(timeout) as stop:
        puzzle = hide_digits(true, seed=seed, style=style, stop=stop)
    solution = solve_layout(puzzle, limit=2).solutions[0]
    if as_json:
        emit_json(
            {
                "layout": kind,
                "puzzle": layout_text(puzzle),
                "paper": paper_text(puzzle),
                "solution": _solution_json(puzzle, solution),
            }
        )
    else:
        # stdout is the layout file `solve --layout-file` reads; the drawings are for the eye
        click.echo(layout_text(puzzle), nl=False)
        click.echo(err=True)
        click.echo(paper_text(puzzle), nl=False, err=True)
        if show_solution:
            click.echo(err=True)
            click.echo(paper_text(puzzle, solution), nl=False, err=True)
    sheets.write(puzzle, solution)
    return 0


def _true_layout(kind: str, given: str | None, size: str, rng: random.Random) -> Layout:
    if given is None:
        try:
            small, large = (int(x) for x in size.split(","))
        except ValueError:
            raise PuzzleInputError(f"bad --size {size!r}: use two numbers, e.g. 2,3") from None
        if not (1 <= small <= 4 and 1 <= large <= 5):
            raise PuzzleInputError("--size: at most 4 digits for the divisor, 5 for the quotient")
        return random_layout(kind, rng, (small, large))
    parts = given.replace("×", "*").replace("÷", "/").split("/" if kind == "division" else "*")
    try:
        left, right = (int(p.split("=")[0]) for p in parts)
    except ValueError:
        example = "'47670 / 77'" if kind == "division" else "'476 * 77'"
        raise PuzzleInputError(f"bad --from {given!r}: write e.g. {example}") from None
    if max(left, right) >= 10**9:
        raise PuzzleInputError("--from: numbers of at most 9 digits")
    return true_division(left, right) if kind == "division" else true_multiplication(left, right)
