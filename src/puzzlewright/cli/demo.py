"""``puzzlewright demo``: a short tour of the main jobs on the built-in English list.

Each section calls the same library API the real commands use and prints what it found,
with the command that does the same job at full strength.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import click
from rich.panel import Panel
from rich.table import Table

from puzzlewright.cli.common import stdout
from puzzlewright.lexicon import WordList, builtin_english
from puzzlewright.stopping import StopSignal

MINI = """\
#....
.....
.....
.....
....#
"""


def section(title: str, command: str) -> None:
    stdout.print()
    stdout.rule(f"[bold]{title}[/bold]")
    stdout.print(f"[dim]$ {command}[/dim]")


def timed(label: str, func: Callable[[], object]) -> object:
    start = time.perf_counter()
    result = func()
    stdout.print(f"[dim]{label}: {1000 * (time.perf_counter() - start):.0f} ms[/dim]")
    return result


def show_words(words: WordList) -> None:
    section(  # --words english: a pattern query's default list is the crossword list
        "Lexicon: pattern and anagram queries",
        "puzzlewright words 'C?O?S' --limit 8 --words english",
    )
    from puzzlewright.lexicon.evidence import match_by_evidence

    found = match_by_evidence(words, "C?O?S", 8)  # what `words PATTERN` shows, ties and all
    stdout.print("  " + "  ".join(f"{e.word} ({e.score})" for e in found))
    stdout.print("[dim]$ puzzlewright words --anagram parsed[/dim]")
    stdout.print("  " + "  ".join(e.word for e in words.anagrams("parsed")))


def show_solver() -> None:
    from puzzlewright.cryptarithm import Cryptarithm

    puzzles = [
        "SEND + MORE = MONEY",
        "AND + A + STRONG + OFFENSE + AS + A + GOOD = DEFENSE",
        "ABC * DE = FGHIJ",
    ]
    section("Cryptarithms, solved", f'puzzlewright cryptarithm solve "{puzzles[0]}"')
    for text in puzzles:
        problem = Cryptarithm.parse(text)
        start = time.perf_counter()
        result = problem.search()
        ms = 1000 * (time.perf_counter() - start)
        first = problem.substitute(result.solutions[0]) if result.solutions else "no solution"
        many = f"{result.count} solutions, e.g." if result.count > 1 else "unique:"
        stdout.print(f"  {text}\n    {many} {first}  [dim]({ms:.1f} ms, all solutions)[/dim]")


def show_generators(words: WordList) -> None:
    from puzzlewright.cryptarithm.encode import encode
    from puzzlewright.cryptarithm.find import build_spec, find, parse_form
    from puzzlewright.cryptarithm.find_themes import theme_words

    section("Cryptarithms, generated", 'puzzlewright cryptarithm encode "49 + 51 = 100"')
    encoded = encode("49 + 51 = 100", words, limit=4, stop=StopSignal(10))
    stdout.print(f"  {encoded.total:,} encodings; the most common words:")
    stdout.print("  " + "   ".join(e.puzzle for e in encoded.encodings))
    stdout.print("[dim]$ puzzlewright cryptarithm find --theme planets --limit 3[/dim]")
    planets = theme_words("planets") or ()
    spec = build_spec(parse_form("A + B = C"), pool=planets, scores=words.scores())
    run = find(spec, limit=3, stop=StopSignal(10))
    for puzzle in run.puzzles:
        stdout.print(f"  {puzzle.puzzle:<28} unique: {puzzle.digits}")


def show_fill(words: WordList) -> None:
    from puzzlewright.crossword import Grid
    from puzzlewright.crossword.fill import fill_grid

    section(  # the command that gives this fill (the crossword list is fill's default)
        "Crossword autofill",
        "puzzlewright crossword fill mini.txt --words english --min-score 30 --seed 1",
    )
    grid = Grid.parse(MINI)
    result = fill_grid(grid, words, min_score=30, seed=1, stop=StopSignal(20))
    table = Table.grid(padding=(0, 1))
    for row in result.grid.rows_text():
        table.add_row(*[("█" if ch == "#" else ch) for ch in row])
    across = [f"{e.number}. {e.answer}" for e in result.entries if e.direction == "across"]
    down = [f"{e.number}. {e.answer}" for e in result.entries if e.direction == "down"]
    stdout.print(Panel.fit(table, title=result.status))
    stdout.print(f"  Across: {', '.join(across)}\n  Down:   {', '.join(down)}")
    stdout.print(
        f"  [dim]average score {result.average_score or 0:.1f}, {result.seconds:.2f} s[/dim]"
    )


@click.command()
def demo() -> None:
    """Show the main jobs on the built-in English word list (takes a few seconds).

    No --json: the tour is for reading, and each section names the command that does the
    same job (every one of those takes --json)."""
    from puzzlewright.lexicon.builtin import cache_path

    stdout.print("[bold]puzzlewright[/bold]: word puzzles are searches over a dictionary.")
    if not cache_path().exists():
        stdout.print("Building the built-in English list from wordfreq (first run only)…")
    words = timed("built-in English list ready", builtin_english)
    assert isinstance(words, WordList)
    stdout.print(f"[dim]{len(words):,} words[/dim]")
    show_words(words)
    show_solver()
    show_generators(words)
    show_fill(words)
    stdout.print()
    stdout.print("More: puzzlewright --help, and README.md for every command.")
