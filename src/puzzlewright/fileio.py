"""Files in and out: one-line errors for unreadable inputs; outputs written atomically and
never over an input unless the user asks."""

from __future__ import annotations

import glob
import os
import stat
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import BinaryIO, TextIO

from puzzlewright.errors import PuzzleInputError

STDOUT = "-"
"""The file name that means standard output (``-o -``), or standard input when read."""
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
    if str(path) == STDOUT:  # "-": standard input, bounded the same way
        return read_limited(sys.stdin.buffer, max_bytes, f"{what or 'input'} on standard input")
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


def read_text_input(
    path: str | os.PathLike[str], what: str = "", *, max_bytes: int = MAX_INPUT_BYTES
) -> str:
    """An input file (``-``: standard input) as UTF-8 text, bounded like :func:`read_input`;
    text that is not UTF-8 is a one-line PuzzleInputError."""
    data = read_input(path, what, max_bytes=max_bytes)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        label = f"{what} {path}" if what else str(path)
        raise PuzzleInputError(f"{label} is not UTF-8 text (byte {exc.start})") from None


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


TEMP_SUFFIX = ".pwtmp"
"""Our temporary files are ``.NAME.PID.RANDOM.pwtmp`` beside the target."""
STALE_SECONDS = 3600
"""A temporary file whose process is gone, or older than this, is a crash's leftover."""


def write_atomic(
    path: str | os.PathLike[str],
    data: str | bytes,
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
    force: bool = False,
) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    ``-`` writes to standard output. A symlink is written through to its target (as ``cp``
    does), not replaced. Leftover temporary files of an earlier crashed write to the same
    target are removed first. Refuses (PuzzleInputError) to replace one of ``inputs`` unless
    ``force``; reports an unwritable destination as a one-line PuzzleInputError too.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if str(path) == STDOUT:
        write_stdout(payload)
        return Path(STDOUT)
    shown = Path(path)
    target = Path(os.path.realpath(path)) if shown.is_symlink() else shown
    if not force:
        for source in inputs:
            try:
                if target.exists() and os.path.samefile(target, source):
                    raise PuzzleInputError(
                        f"refusing to overwrite the input file {shown} (use --force)"
                    )
            except FileNotFoundError:
                continue
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise PuzzleInputError(f"cannot write {shown}: directory {directory} does not exist")
    remove_stale_temps(target)
    try:
        import tempfile  # here: its imports cost a run that writes nothing ~4 ms

        fd, tmp_name = tempfile.mkstemp(
            prefix=f".{target.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=directory
        )
    except OSError as exc:
        raise PuzzleInputError(f"cannot write {shown}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp_name, _mode_for(target))
        os.replace(tmp_name, target)
    except BaseException as exc:  # also Ctrl-C: never leave the temporary file behind
        Path(tmp_name).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise PuzzleInputError(f"cannot write {shown}: {exc.strerror or exc}") from None
        raise
    return target


def remove_stale_temps(target: Path) -> list[Path]:
    """Remove our leftover temporary files for ``target`` (their process is gone, or they
    are over an hour old); returns what was removed. Other files are never touched."""
    prefix = f".{target.name}."
    removed = []
    directory = target.parent if str(target.parent) else Path(".")
    for candidate in directory.glob(f"{glob.escape(prefix)}*{TEMP_SUFFIX}"):
        middle = candidate.name[len(prefix) : -len(TEMP_SUFFIX)]
        pid, _, rest = middle.partition(".")
        try:
            info = candidate.lstat()
        except OSError:
            continue
        ours = stat.S_ISREG(info.st_mode) and (
            not hasattr(os, "getuid") or info.st_uid == os.getuid()
        )
        if not (ours and pid.isdigit() and rest):
            continue
        if _process_gone(int(pid)) or time.time() - info.st_mtime > STALE_SECONDS:
            candidate.unlink(missing_ok=True)
            removed.append(candidate)
    return removed


def _process_gone(pid: int) -> bool:
    """True when no process ``pid`` runs on this machine (its temporary files are stale)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, OSError):
        return False
    return False


_stdout_streams: list[TextIO] = []


def write_stdout(payload: bytes) -> None:
    """Write an output file's bytes to standard output (the one reserved by
    :func:`stdout_reserved` when a command moved its report to stderr)."""
    stream = _stdout_streams[-1] if _stdout_streams else sys.stdout
    stream.flush()
    binary = getattr(stream, "buffer", None)
    if binary is not None:
        binary.write(payload)
        binary.flush()
    else:
        stream.write(payload.decode("utf-8", errors="replace"))
        stream.flush()


@contextmanager
def stdout_reserved() -> Iterator[None]:
    """While active, stdout belongs to the output file (``-o -``): everything else a command
    prints to stdout goes to stderr, and :func:`write_stdout` writes to the real stdout."""
    _stdout_streams.append(sys.stdout)
    try:
        with redirect_stdout(sys.stderr):
            yield
    finally:
        _stdout_streams.pop()
