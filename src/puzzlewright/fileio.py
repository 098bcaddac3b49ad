"""Files in and out: one-line errors for unreadable inputs; outputs written atomically and
never over an input unless the user asks."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from puzzlewright.errors import PuzzleInputError

MAX_INPUT_BYTES = 64 << 20
"""Default bound on an input file (puzzle files are kilobytes; word lists set their own)."""
CHUNK = 1 << 20


def read_input(
    path: str | os.PathLike[str], what: str = "", *, max_bytes: int = MAX_INPUT_BYTES
) -> bytes:
    """The bytes of an input file, at most ``max_bytes``; a missing, directory, unreadable or
    oversized path (``/dev/zero``) is a one-line PuzzleInputError (``what`` names the kind of
    file, e.g. "word list"). Read in chunks, so an endless stream stops at the limit."""
    label = f"{what} {path}" if what else str(path)
    try:
        with Path(path).open("rb") as handle:
            return read_limited(handle, max_bytes, label)
    except FileNotFoundError:
        raise PuzzleInputError(f"cannot read {label}: no such file") from None
    except IsADirectoryError:
        raise PuzzleInputError(f"cannot read {label}: it is a directory") from None
    except OSError as exc:
        raise PuzzleInputError(f"cannot read {label}: {exc.strerror or exc}") from None


class InputTooLarge(PuzzleInputError):
    """An input larger than its bound (the message names the file and the limit)."""


def read_limited(handle: BinaryIO, max_bytes: int, label: str) -> bytes:
    """All of ``handle`` up to ``max_bytes``; PuzzleInputError as soon as there is more."""
    parts: list[bytes] = []
    total = 0
    while chunk := handle.read(min(CHUNK, max_bytes + 1 - total)):
        parts.append(chunk)
        total += len(chunk)
        if total > max_bytes:
            raise InputTooLarge(f"{label} is larger than the limit of {byte_size(max_bytes)}")
    return b"".join(parts)


def byte_size(count: int) -> str:
    """A byte count for messages: ``200 MB``, ``64 kB``, ``12 bytes``."""
    for unit, scale in (("MB", 1 << 20), ("kB", 1 << 10)):
        if count >= scale and count % scale == 0:
            return f"{count // scale} {unit}"
    return f"{count} bytes"


def _mode_for(target: Path) -> int:
    """An existing file's permissions, or the usual ones for a new file (0666 less umask);
    the temporary file would otherwise keep mkstemp's private 0600."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(
    path: str | os.PathLike[str],
    data: str | bytes,
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
    force: bool = False,
) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    Refuses (PuzzleInputError) to replace one of ``inputs`` unless ``force``; reports an
    unwritable destination as a one-line PuzzleInputError too.
    """
    target = Path(path)
    if not force:
        for source in inputs:
            try:
                if target.exists() and os.path.samefile(target, source):
                    raise PuzzleInputError(
                        f"refusing to overwrite the input file {target} (use --force)"
                    )
            except FileNotFoundError:
                continue
    payload = data.encode("utf-8") if isinstance(data, str) else data
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise PuzzleInputError(f"cannot write {target}: directory {directory} does not exist")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", dir=directory)
    except OSError as exc:
        raise PuzzleInputError(f"cannot write {target}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp_name, _mode_for(target))
        os.replace(tmp_name, target)
    except OSError as exc:
        Path(tmp_name).unlink(missing_ok=True)
        raise PuzzleInputError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target
