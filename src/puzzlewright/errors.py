"""Exceptions shared by every engine.

Engines raise :class:`PuzzleInputError` for anything the user got wrong (bad equation, ragged
grid, unreadable word list). The CLI turns it into one ``error:`` line and exit status 2.
Engines name their own parameters in messages, not command-line flags; an error that blames
a parameter lists it in ``parameters`` and the CLI shows the flag in its place:

>>> error = PuzzleInputError("min_length must be at least 1", parameters=("min_length",))
>>> error.naming({"min_length": "--min-length"})
'--min-length must be at least 1'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence


class PuzzlewrightError(Exception):
    """Base class of every error puzzlewright raises on purpose."""


class PuzzleInputError(PuzzlewrightError, ValueError):
    """The user's input is malformed, unreadable or impossible; the message says why in one line."""

    def __init__(self, message: str, *, parameters: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.parameters = tuple(parameters)

    def naming(self, names: Mapping[str, str]) -> str:
        """The message with each parameter it blames written as ``names`` spells it."""
        return rename_parameters(str(self), self.parameters, names)


def rename_parameters(text: str, parameters: Sequence[str], names: Mapping[str, str]) -> str:
    """``text`` with every whole-word mention of one of ``parameters`` replaced by its name
    in ``names`` (parameters missing from ``names`` stay as they are)."""
    for parameter in parameters:
        if parameter in names:
            text = re.sub(rf"(?<![\w-]){re.escape(parameter)}(?![\w-])", names[parameter], text)
    return text


class PuzzlewrightWarning(UserWarning):
    """Something the user should know that does not stop the work (the CLI prints it as one
    ``warning:`` line), e.g. a cache directory that is not safe to use."""
