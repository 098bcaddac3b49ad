"""Files in and out: one-line errors for unreadable inputs; outputs written atomically and
never over an input unless the user asks."""

from __future__ import annotations

import errno
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
    """The bytes of an input file, at most ``max_bytes``; a missing, unreadable or oversized
    path, or one that is not a regular file (a directory, a FIFO that would wait forever for
    a writer, a device such as ``/dev/zero``) is a one-line PuzzleInputError (``what`` names
    the kind of file, e.g. "word list"). ``-`` reads standard input, bounded the same way."""
    label = f"{what} {path}" if what else str(path)
    if str(path) == STDOUT:  # "-": standard input, bounded the same way
        return read_limited(sys.stdin.buffer, max_bytes, f"{what or 'input'} on standard input")
    try:
        _regular_input(os.stat(path).st_mode, label)  # refused before it is opened
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as handle:
            _regular_input(os.fstat(fd).st_mode, label)  # swapped since the check
            return read_limited(handle, max_bytes, label)
    except FileNotFoundError:
        raise PuzzleInputError(f"cannot read {label}: no such file") from None
    except OSError as exc:
        raise PuzzleInputError(f"cannot read {label}: {exc.strerror or exc}") from None


def _regular_input(mode: int, label: str) -> None:
    """Refuse to read anything but a regular file (standard input is ``-``)."""
    if stat.S_ISDIR(mode):
        raise PuzzleInputError(f"cannot read {label}: it is a directory")
    if not stat.S_ISREG(mode):
        raise PuzzleInputError(
            f"cannot read {label}: it is {file_kind(mode)}, not a regular file "
            "(- reads standard input)"
        )


def file_kind(mode: int) -> str:
    """What a file of this ``st_mode`` is, for messages: ``a FIFO (named pipe)``."""
    kinds = [
        (stat.S_ISREG, "a regular file"),
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    ]
    return next((name for test, name in kinds if test(mode)), "a special file")


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

    ``-`` writes to standard output. Only regular files are written (see
    :func:`output_target`): a symlink to a regular file is written through to its target
    (the temporary file made in the target's folder), not replaced; a device, FIFO, socket
    or directory, or a symlink to one or to nothing, is refused. Leftover temporary files of
    an earlier crashed write to the same target are removed first. Refuses
    (PuzzleInputError) to replace one of ``inputs`` unless ``force``; reports an unwritable
    destination as a one-line PuzzleInputError too.
    """
    shown = Path(path)
    payload = _encoded(data, shown)
    if str(path) == STDOUT:
        write_stdout(payload)
        return Path(STDOUT)
    target = output_target(path)
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
    _replace_with(target, payload, shown)
    return target


def _encoded(data: str | bytes, shown: Path) -> bytes:
    """``data`` as UTF-8; text holding a lone surrogate (``\\udc00``, which JSON escapes
    allow and UTF-8 does not) is a one-line PuzzleInputError."""
    if isinstance(data, bytes):
        return data
    try:
        return data.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end]
        raise PuzzleInputError(
            f"cannot write {shown}: the text holds {bad!r}, a lone surrogate (no character)"
        ) from None


def _replace_with(target: Path, payload: bytes, shown: Path) -> None:
    """Write ``payload`` to a new temporary file beside ``target`` and rename it over the
    target; the target is checked again just before (still a regular file, or absent)."""
    try:
        import tempfile  # here: its imports cost a run that writes nothing ~4 ms

        fd, tmp_name = tempfile.mkstemp(  # O_EXCL: a new file, never one planted there
            prefix=f".{target.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=target.parent
        )
    except OSError as exc:
        raise PuzzleInputError(f"cannot write {shown}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp_name, _mode_for(target))
        output_target(target, shown=shown)
        os.replace(tmp_name, target)
    except BaseException as exc:  # also Ctrl-C: never leave the temporary file behind
        Path(tmp_name).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise PuzzleInputError(f"cannot write {shown}: {exc.strerror or exc}") from None
        raise


def output_target(path: str | os.PathLike[str], *, shown: Path | None = None) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself when it is a regular file or
    does not exist yet, or the regular file a symbolic link at ``path`` leads to.

    Anything else is a one-line PuzzleInputError: a directory, a device (``/dev/full``), a
    FIFO or a socket, a symbolic link to one of those, and a symbolic link to nothing (as
    GNU ``cp`` refuses to write through a dangling link: it may have been planted to make
    us create a file elsewhere). Output goes to regular files or to standard output (``-``).
    """
    shown = shown or Path(path)
    target = Path(path)
    try:
        info = os.lstat(target)
        if stat.S_ISLNK(info.st_mode):
            _refuse_descriptor_links(target, shown)
            target = Path(os.path.realpath(target))
            info = os.lstat(target)
    except FileNotFoundError:
        if target != Path(path):
            raise PuzzleInputError(
                f"cannot write {shown}: it is a symbolic link to {target}, which does not exist"
            ) from None
        return target
    except OSError as exc:
        raise PuzzleInputError(f"cannot write {shown}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise PuzzleInputError(f"cannot write {shown}: it is a directory")
    if not stat.S_ISREG(info.st_mode):
        what = "it is" if target == Path(path) else f"it is a symbolic link to {target},"
        raise PuzzleInputError(
            f"cannot write {shown}: {what} {file_kind(info.st_mode)}; output goes only to "
            "regular files (- writes to standard output)"
        )
    return target


def _refuse_descriptor_links(link: Path, shown: Path) -> None:
    """Refuse a link through ``/proc/PID/fd`` (``/dev/stdout``, ``/dev/fd/1``): it names an
    open file descriptor, and renaming over what it leads to would replace the file behind
    the shell's ``>`` (or ``>>``) instead of writing to the stream; ``-`` is the way."""
    hop = link
    for _ in range(40):  # the kernel's own limit on links in a row
        if os.path.realpath(hop.parent).startswith("/proc/"):
            raise PuzzleInputError(
                f"cannot write {shown}: it names an open file descriptor, not a file "
                "(- writes to standard output)"
            )
        if not hop.is_symlink():
            return
        hop = hop.parent / os.readlink(hop)


def remove_stale_temps(target: Path) -> list[Path]:
    """Remove our leftover temporary files for ``target`` (their process is gone, or they
    are over an hour old); returns what was removed. Other files are never touched."""
    import glob  # here: only a write that clears stale temporaries needs it (start-up)

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
    if stream is None:  # descriptor 1 closed before the start (the shell's ``>&-``)
        raise OSError(errno.EBADF, "it is closed")
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
