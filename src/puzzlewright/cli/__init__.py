"""The ``puzzlewright`` command: a thin shell over the library API.

Subcommands live in their own modules and are imported only when used, so that
``puzzlewright --help`` and every command start quickly.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys
from typing import Any

import click

from puzzlewright import __version__
from puzzlewright.errors import PuzzleInputError

# command name -> (module, attribute, one-line help shown by --help without importing it)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "words": ("puzzlewright.cli.words", "words", "Find words by pattern, anagram or letters."),
    "lexicon": ("puzzlewright.cli.words", "lexicon", "Inspect word lists."),
    "cryptarithm": (
        "puzzlewright.cli.cryptarithm",
        "cryptarithm",
        "Solve, encode and find cryptarithms.",
    ),
    "crossword": (
        "puzzlewright.cli.crossword",
        "crossword",
        "Fill, design and lay out crosswords.",
    ),
    "acrostic": ("puzzlewright.cli.acrostic", "acrostic", "Build acrostic puzzles."),
    "render": ("puzzlewright.cli.render", "render", "Print a puzzle as PDF, SVG or HTML."),
    "convert": ("puzzlewright.cli.convert", "convert", "Convert between .ipuz, .puz, .xd, text."),
    "demo": ("puzzlewright.cli.demo", "demo", "Show the main jobs on the built-in word list."),
    "serve": ("puzzlewright.cli.serve", "serve", "Open the workbench: a local web constructor."),
}


class LazySubcommands(click.Group):
    """A command group whose subcommands may live in other modules, imported when used:
    ``crossword fill`` does not import the pattern, layout and clue commands."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, tuple[str, str]] = {}

    def add_lazy(self, name: str, module: str, attribute: str) -> None:
        """Register the command ``attribute`` of ``module`` as ``name`` (imported on use)."""
        self.lazy[name] = (module, attribute)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            module, attribute = self.lazy[cmd_name]
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return self.commands.get(cmd_name)


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module_name, attribute, _ = COMMANDS[cmd_name]
        command: click.Command = getattr(importlib.import_module(module_name), attribute)
        return command

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run a command; bad input becomes one ``error:`` line and exit status 2.

        A command returns its exit status (None means 0). Standard output that cannot be
        written (``> /dev/full``) is one ``error:`` line and exit status 2 too; a reader that
        went away (``| head -1``, EPIPE) ends the command quietly with exit status 2.
        """
        pin_blas_threads()
        from puzzlewright.cli.common import library_warnings

        try:
            with library_warnings():
                result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
                flush_stdout()  # a write error still buffered surfaces here, not at exit
            code = result if isinstance(result, int) else 0
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "puzzlewright"
            click.echo(f"error: {exc.format_message()} (see '{where} --help')", err=True)
            code = 2
        except click.ClickException as exc:
            click.echo(f"error: {exc.format_message()}", err=True)
            code = exc.exit_code
        except PuzzleInputError as exc:
            from puzzlewright.cli.common import error_text

            click.echo(f"error: {error_text(exc)}", err=True)
            code = 2
        except click.Abort:
            click.echo("interrupted", err=True)
            code = 130
        except OutputFailed as failed:
            report_output_failure(failed.error)
            code = 2
        if standalone_mode:
            sys.exit(code)
        return code

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a failed write to standard output becomes :class:`OutputFailed`
        (click would turn a closed pipe into a silent exit status 1 of its own). Notes when
        the command started: its ``--timeout`` counts from here."""
        from puzzlewright.cli.common import STARTED
        from puzzlewright.stopping import clock

        ctx.meta.setdefault(STARTED, clock())
        try:
            return super().invoke(ctx)
        except OSError as exc:
            if is_stream_error(exc):
                raise OutputFailed(exc) from exc
            raise

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, short) for name, (_, _, short) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="puzzlewright")
def cli() -> None:
    """puzzlewright: construct and solve word puzzles.

    Cryptarithms (solve, encode, find), crosswords (fill, patterns, layout, print,
    convert) and acrostics, all fed by one lexicon layer. Every command takes --json.
    """


STREAM_ERRORS = {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF}
"""Errors of a write to a stream (standard output): files have their own one-line errors."""


class OutputFailed(Exception):
    """Standard output could not be written (a full disk, a closed pipe)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def is_stream_error(exc: OSError) -> bool:
    """True for the error of a failed write to a stream (no file name: files are named)."""
    return exc.errno in STREAM_ERRORS and exc.filename is None


def flush_stdout() -> None:
    """Flush standard output, a failed write raising :class:`OutputFailed`; a standard
    output closed before the start (``>&-``: Python's ``sys.stdout`` is None, where every
    ``click.echo`` went nowhere) fails too."""
    if sys.stdout is None:
        raise OutputFailed(OSError(errno.EBADF, "it is closed"))
    try:
        sys.stdout.flush()
    except OSError as exc:
        if is_stream_error(exc):
            raise OutputFailed(exc) from exc
        raise


def report_output_failure(exc: OSError) -> None:
    """One ``error:`` line for a failed write to standard output (none for a closed pipe,
    as is customary), and the stream pointed at /dev/null so that the interpreter's last
    flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # a test runner's stream, closed, None
        pass
    if exc.errno != errno.EPIPE:
        click.echo(f"error: cannot write to standard output: {exc.strerror or exc}", err=True)


def pin_blas_threads() -> None:
    """One BLAS thread unless the user chose otherwise, set before any command imports numpy.

    At the engines' sizes (thousands of words by 26 letters) BLAS threads only add overhead:
    an acrostic build took 6.4-8.6 s of CPU with two threads instead of 1.9 s. The answers do
    not depend on it (the acrostic's sums are exact, docs/acrostic.md "Determinism"). The
    test suite pins the same (tests/conftest.py).
    """
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def main(argv: list[str] | None = None) -> Any:
    """Console-script entry point."""
    return cli.main(args=argv, prog_name="puzzlewright")
