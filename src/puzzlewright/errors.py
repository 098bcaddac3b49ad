"""Exceptions shared by every engine.

Engines raise :class:`PuzzleInputError` for anything the user got wrong (bad equation, ragged
grid, unreadable word list). The CLI turns it into one ``error:`` line and exit status 2.
"""


class PuzzlewrightError(Exception):
    """Base class of every error puzzlewright raises on purpose."""


class PuzzleInputError(PuzzlewrightError, ValueError):
    """The user's input is malformed, unreadable or impossible; the message says why in one line."""


class PuzzlewrightWarning(UserWarning):
    """Something the user should know that does not stop the work (the CLI prints it as one
    ``warning:`` line), e.g. a cache directory that is not safe to use."""
