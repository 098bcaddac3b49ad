"""Files in and out: one-line errors for unreadable inputs; outputs written atomically and
never over an input unless the user asks."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from puzzlewright.errors import PuzzleInputError


def read_input(path: str | os.PathLike[str], what: str = "") -> bytes:
    """The bytes of an input file; a missing, directory or unreadable path is a one-line
    PuzzleInputError (``what`` names the kind of file, e.g. "word list")."""
    label = f"{what} {path}" if what else str(path)
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise PuzzleInputError(f"cannot read {label}: no such file") from None
    except IsADirectoryError:
        raise PuzzleInputError(f"cannot read {label}: it is a directory") from None
    except OSError as exc:
        raise PuzzleInputError(f"cannot read {label}: {exc.strerror or exc}") from None


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
