"""On-disk cache of compiled word lists, in a data-only format that is validated on every read.

Nothing read from the cache is executed or unpickled: anyone who can write a file into a
cache directory must not be able to run code as its user. An entry is

* a header: the magic ``\\x89PWL\\r\\n\\x1a\\n``, the format version (u32), the payload length
  (u64) and the CRC-32 of the metadata block (checksums catch truncation and damage; they are
  no defence against a forger, and need not be: a forged entry can only hold words, never
  code);
* the payload: the length of the metadata (u32), the metadata (UTF-8 JSON: alphabet, list
  name, the caller's report data and, per word length, the word count, the byte size of the
  words, the letters present at each position and the CRC-32 of the length's section), then
  one section per length: the words joined by newlines (UTF-8), the scores (int64,
  little-endian) and one bitset per (position, letter) in exactly ceil(n / 8) bytes.

Each length is a section of its own so that a process can read only the lengths it needs
(``crossword fill`` on a 5x5 grid decodes the 3-, 4- and 5-letter words, not the whole list):
:func:`decode` with a ``fallback`` checks the header, the metadata and that the sections
tile the payload, and checks and decodes each section when its length is first asked for.

Whatever does not validate (magic, version, lengths that do not add up, checksums, JSON of
the wrong shape, words of the wrong length, bitsets with stray bits) is a cache miss: the list
is rebuilt and the entry rewritten; a section found damaged when it is first read is rebuilt
through the fallback the same way. Never an exception.

User lists are keyed by the blake2b digest of their bytes plus the loading options, so a list
edited in place with its size and modification time restored (``cp -p``, ``tar``,
``touch -d``) is not served stale. The directory is created with mode 0700; one owned by
another user, writable by group or others, or a symbolic link, is not used (a
:class:`CacheWarning` says so and lists load without a cache).

Entries are read and written only as regular files in that folder: a symbolic link, FIFO,
device or directory at an entry's name is a miss, never opened through (``lstat`` first,
then ``O_NOFOLLOW | O_NONBLOCK``, so a FIFO cannot hang the reader), and the rebuilt entry
replaces it: written to a temporary file created exclusively in the folder and renamed over
the name, which replaces a link instead of writing to where it leads.
"""

from __future__ import annotations

import json
import os
import stat
import struct
import sys
import warnings
import zlib
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from puzzlewright.errors import PuzzlewrightWarning
from puzzlewright.fileio import TEMP_SUFFIX, file_kind, remove_stale_temps
from puzzlewright.lexicon.alphabet import Alphabet
from puzzlewright.lexicon.wordlist import LengthIndex, WordList

MAGIC = b"\x89PWL\r\n\x1a\n"  # 8 bytes, PNG-style: catches text-mode damage
VERSION = 4  # bump when the layout below or WordList's indexes change
SUFFIX = ".pwl"
HEADER = struct.Struct("<8sIQI")  # magic, version, payload length, CRC-32 of the metadata
META_LENGTH = struct.Struct("<I")
KEEP = 12  # compiled user lists kept; older ones are removed
MIN_ENTRIES = 20_000  # smaller lists load quickly enough without a cache


def _note(message: str, *args: object) -> None:
    """An info line on this module's logger (logging imported only when there is one)."""
    import logging

    logging.getLogger(__name__).info(message, *args)


class CacheWarning(PuzzlewrightWarning):
    """The cache directory cannot be used safely; lists load without a cache."""


class _Invalid(Exception):
    """An entry that does not validate (internal: becomes a cache miss)."""


# -- the directory ---------------------------------------------------------------------------
def cache_dir() -> Path:
    """Where compiled lists live: $PUZZLEWRIGHT_CACHE_DIR or the user cache dir."""
    override = os.environ.get("PUZZLEWRIGHT_CACHE_DIR")
    if override:
        return Path(override)
    if sys.platform == "linux":  # platformdirs' XDG rule, without its imports on every run
        xdg, home = os.environ.get("XDG_CACHE_HOME", ""), os.environ.get("HOME", "")
        if os.path.isabs(xdg):
            return Path(xdg) / "puzzlewright"
        if os.path.isabs(home):
            return Path(home) / ".cache" / "puzzlewright"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("puzzlewright"))


_refused: set[str] = set()


def _refuse(path: Path, reason: str) -> None:
    if str(path) not in _refused:  # once per directory and process
        _refused.add(str(path))
        warnings.warn(
            f"not using the word-list cache {path}: {reason}; lists load without it",
            CacheWarning,
            stacklevel=4,
        )


def safe_dir(path: Path) -> Path | None:
    """``path`` created (mode 0700) and checked: a folder, not a symbolic link (which could
    be moved to lead elsewhere), ours and not writable by others; else None."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(path)
    except OSError as exc:
        _refuse(path, exc.strerror or str(exc))
        return None
    if stat.S_ISLNK(info.st_mode):
        _refuse(path, "it is a symbolic link (name the folder it leads to instead)")
    elif not stat.S_ISDIR(info.st_mode):
        _refuse(path, "it is not a directory")
    elif hasattr(os, "getuid") and info.st_uid != os.getuid():
        _refuse(path, f"it belongs to another user (uid {info.st_uid})")
    elif info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        _refuse(path, f"it is writable by others (mode {stat.S_IMODE(info.st_mode):o})")
    else:
        return path
    return None


# -- keys --------------------------------------------------------------------------------------
def content_key(contents: Iterable[bytes], options: tuple[Any, ...]) -> str:
    """A key for files with these bytes, loaded with these options (blake2b, 32 hex digits)."""
    import hashlib

    digest = hashlib.blake2b(f"format {VERSION}\n{options!r}\n".encode(), digest_size=16)
    for data in contents:
        digest.update(hashlib.blake2b(data, digest_size=32).digest())
    return digest.hexdigest()


# -- encoding ----------------------------------------------------------------------------------
def _scores_bytes(scores: tuple[int, ...]) -> bytes:
    packed = array("q", scores)
    if sys.byteorder != "little":
        packed.byteswap()
    return packed.tobytes()


def encode(words: WordList, extra: Any = None) -> bytes:
    """A cache entry for ``words`` (all indexes built) and JSON-able ``extra`` data."""
    indexes = words.built_indexes()
    meta: dict[str, Any] = {
        "alphabet": words.alphabet.letters,
        "fold": words.alphabet.fold,
        "name": words.name,
        "extra": extra,
        "lengths": [],
    }
    sections: list[bytes] = []
    for length, index in sorted(indexes.items()):
        count = len(index.words)
        size = (count + 7) // 8
        joined = "\n".join(index.words).encode("utf-8")
        columns = ["".join(column) for column in index.bits]
        blobs = [joined, _scores_bytes(index.scores)]
        for column in index.bits:
            blobs.extend(bits.to_bytes(size, "little") for bits in column.values())
        section = b"".join(blobs)
        meta["lengths"].append([length, count, len(joined), columns, zlib.crc32(section)])
        sections.append(section)
    head = json.dumps(meta, ensure_ascii=False).encode("utf-8")
    block = META_LENGTH.pack(len(head)) + head
    payload = b"".join([block, *sections])
    return HEADER.pack(MAGIC, VERSION, len(payload), zlib.crc32(block)) + payload


# -- decoding ----------------------------------------------------------------------------------
class _Fd:
    """An open file descriptor, closed when the last view of it is gone."""

    def __init__(self, number: int) -> None:
        self.number = number

    def __del__(self, close: Callable[[int], None] = os.close) -> None:
        close(self.number)


class _FileView:
    """A stretch of an open cache file, read only when ``bytes(view)`` asks for it: a fill
    reads the few lengths it needs, not the 15 MB of a compiled STWL. The file stays open
    with its views, so an entry replaced since (writers rename) is still the one opened; a
    file shortened in place reads short, which is invalid."""

    def __init__(self, fd: _Fd, start: int, size: int) -> None:
        self.fd, self.start, self.size = fd, start, size

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, part: slice) -> _FileView:
        start, stop, _ = part.indices(self.size)
        return _FileView(self.fd, self.start + start, max(0, stop - start))

    def __bytes__(self) -> bytes:
        data = os.pread(self.fd.number, self.size, self.start)
        if len(data) != self.size:
            raise _Invalid("the file is shorter than its entry")
        return data


Blob = memoryview | _FileView
"""Part of an entry: in memory, or in the file until it is read."""


class _Cursor:
    """Reads consecutive slices of the payload; running past its end is invalid."""

    def __init__(self, data: Blob) -> None:
        self.data, self.at = data, 0

    def take(self, size: int) -> Blob:
        if size < 0 or self.at + size > len(self.data):
            raise _Invalid("truncated payload")
        part = self.data[self.at : self.at + size]
        self.at += size
        return part


def _payload(data: bytes | _FileView) -> tuple[Blob, int]:
    """(payload, metadata checksum) after checking magic, version and length."""
    if len(data) < HEADER.size:
        raise _Invalid("shorter than a header")
    magic, version, size, checksum = HEADER.unpack_from(bytes(data[: HEADER.size]))
    if magic != MAGIC:
        raise _Invalid("not a puzzlewright cache entry (bad magic)")
    if version != VERSION:
        raise _Invalid(f"format version {version}, expected {VERSION}")
    if size != len(data) - HEADER.size:
        raise _Invalid("payload length does not match")
    if isinstance(data, _FileView):
        return data[HEADER.size :], checksum
    return memoryview(data)[HEADER.size :], checksum


def _meta(cursor: _Cursor, checksum: int) -> dict[str, Any]:
    (size,) = META_LENGTH.unpack(bytes(cursor.take(META_LENGTH.size)))
    cursor.take(size)  # there, or invalid
    block = bytes(cursor.data[: cursor.at])
    if zlib.crc32(block) != checksum:
        raise _Invalid("metadata checksum mismatch")
    meta = json.loads(block[META_LENGTH.size :].decode("utf-8"))
    shape = {"alphabet": str, "fold": bool, "name": str, "lengths": list}
    if not isinstance(meta, dict) or not all(
        isinstance(meta.get(key), kind) for key, kind in shape.items()
    ):
        raise _Invalid("metadata of the wrong shape")
    return meta


def _words(blob: memoryview, length: int, count: int) -> tuple[str, ...]:
    """The joined words, checked to be ``count`` words of exactly ``length`` letters."""
    joined = str(blob, "utf-8")
    if count == 0:
        if joined:
            raise _Invalid("words in an empty index")
        return ()
    separators = joined[length :: length + 1]  # every (length + 1)th character
    if len(joined) != count * (length + 1) - 1 or separators != "\n" * (count - 1):
        raise _Invalid(f"words of length {length} do not line up")
    words = tuple(joined.split("\n"))
    if len(words) != count:  # a newline inside a word
        raise _Invalid(f"words of length {length} do not line up")
    return words


def _scores(blob: memoryview) -> tuple[int, ...]:
    packed = array("q")
    packed.frombytes(blob)
    if sys.byteorder != "little":
        packed.byteswap()
    return tuple(packed)


@dataclass(frozen=True)
class _Section:
    """One length's entry in the metadata, checked for shape, and where its bytes are."""

    length: int
    count: int
    words_size: int
    columns: list[str]
    checksum: int
    blob: Blob

    def index(self) -> LengthIndex:
        """The length index, after checking the section's checksum and contents."""
        data = self.blob if isinstance(self.blob, memoryview) else memoryview(bytes(self.blob))
        if zlib.crc32(data) != self.checksum:
            raise _Invalid(f"checksum mismatch in the words of length {self.length}")
        cursor = _Cursor(data)
        words = _words(_memory(cursor.take(self.words_size)), self.length, self.count)
        scores = _scores(_memory(cursor.take(8 * self.count)))
        size = (self.count + 7) // 8
        bits: list[dict[str, int]] = []
        for letters in self.columns:
            column = {ch: int.from_bytes(_memory(cursor.take(size)), "little") for ch in letters}
            if any(value.bit_length() > self.count for value in column.values()):
                raise _Invalid("bitset with bits beyond the word count")
            bits.append(column)
        return LengthIndex.from_parts(self.length, words, scores, bits)


def _memory(blob: Blob) -> memoryview:
    """A blob of a section already in memory (a section is read whole before it is parsed)."""
    assert isinstance(blob, memoryview)
    return blob


def _section(cursor: _Cursor, spec: Any, alphabet: Alphabet) -> _Section:
    """One length's metadata entry, checked, with its bytes taken from ``cursor``."""
    if not (isinstance(spec, list) and len(spec) == 5):
        raise _Invalid("length entry of the wrong shape")
    length, count, words_size, columns, checksum = spec
    if not (
        all(isinstance(value, int) for value in (length, count, words_size, checksum))
        and 0 < length <= 10_000
        and 0 <= count <= len(cursor.data)
        and 0 <= words_size <= len(cursor.data)
        and isinstance(columns, list)
        and len(columns) == length
        and all(isinstance(letters, str) for letters in columns)
    ):
        raise _Invalid("length entry of the wrong shape")
    for letters in columns:
        present = set(letters)
        if len(present) != len(letters) or not present <= alphabet.index.keys():
            raise _Invalid("bitset letters outside the alphabet")
    size = words_size + 8 * count + sum(map(len, columns)) * ((count + 7) // 8)
    return _Section(length, count, words_size, columns, checksum, cursor.take(size))


DECODE_ERRORS = (ValueError, TypeError, KeyError, struct.error, OverflowError, RecursionError)

Fallback = Callable[[int], LengthIndex]
"""Rebuilds the index of one word length when its cached section turns out damaged."""


def decode(data: bytes | _FileView, fallback: Fallback | None = None) -> tuple[WordList, Any]:
    """(WordList, extra) from a cache entry; raises _Invalid for anything malformed.

    Without ``fallback`` every section is checked and decoded now. With it, only the header,
    the metadata and the layout are checked now; each length is checked and decoded when it
    is first used, and a damaged one comes from ``fallback(length)`` instead.
    """
    try:
        payload, checksum = _payload(data)
        cursor = _Cursor(payload)
        meta = _meta(cursor, checksum)
        letters = meta["alphabet"]
        if not letters or len(set(letters)) != len(letters):
            raise _Invalid("bad alphabet")
        alphabet = Alphabet(letters, fold=meta["fold"])
        sections: dict[int, _Section] = {}
        for spec in meta["lengths"]:
            section = _section(cursor, spec, alphabet)
            if section.length in sections:
                raise _Invalid("a word length given twice")
            sections[section.length] = section
        if cursor.at != len(cursor.data):
            raise _Invalid("trailing bytes after the last index")
        if fallback is None:
            indexes = {length: section.index() for length, section in sections.items()}
            return WordList.from_indexes(indexes, alphabet, meta["name"]), meta.get("extra")
    except DECODE_ERRORS as exc:
        raise _Invalid(f"{type(exc).__name__}: {exc}") from None
    pending = {length: _lazy(section, fallback) for length, section in sections.items()}
    return WordList.from_indexes({}, alphabet, meta["name"], pending), meta.get("extra")


def _lazy(section: _Section, fallback: Fallback) -> Callable[[], LengthIndex]:
    """Read ``section`` when called; a damaged one is a miss served by ``fallback``."""

    def read() -> LengthIndex:
        try:
            return section.index()
        except (_Invalid, OSError, *DECODE_ERRORS) as exc:
            _note("cached words of length %d are a miss (%s)", section.length, exc)
            return fallback(section.length)

    return read


# -- files -------------------------------------------------------------------------------------
MAX_ENTRY_BYTES = 2 << 30  # a compiled list larger than this is not ours


def read_entry(path: Path, fallback: Fallback | None = None) -> tuple[WordList, Any] | None:
    """The (WordList, extra) cached at ``path``, or None for a miss (absent or invalid);
    with ``fallback``, lengths are decoded on first use (see :func:`decode`)."""
    if safe_dir(path.parent) is None:
        return None
    try:
        with os.fdopen(_open_entry(path), "rb") as handle:
            if fallback is not None and hasattr(os, "pread"):  # read sections when used
                size = os.fstat(handle.fileno()).st_size
                return decode(_FileView(_Fd(os.dup(handle.fileno())), 0, size), fallback)
            data = handle.read(MAX_ENTRY_BYTES + 1)
        return decode(data, fallback)
    except FileNotFoundError:
        return None
    except (OSError, _Invalid) as exc:
        _note("word-list cache entry %s is a miss (%s); rebuilding it", path, exc)
        return None


NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
"""Open flags of an entry: never through a link, never waiting on a FIFO."""


def _open_entry(path: Path) -> int:
    """A descriptor of the regular file at ``path``, ours and of a plausible size; anything
    else (a link, FIFO, device, directory) is :class:`_Invalid` before it is opened, and a
    file swapped between the check and the open is caught by comparing the two."""
    before = os.lstat(path)
    if not stat.S_ISREG(before.st_mode):
        raise _Invalid(f"{file_kind(before.st_mode)} in place of an entry")
    fd = os.open(path, os.O_RDONLY | NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if (info.st_dev, info.st_ino) != (before.st_dev, before.st_ino):
            raise _Invalid("the entry was replaced while it was opened")
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES:
            raise _Invalid("not a regular file of a plausible size")
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            raise _Invalid("written by another user")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _write_private(path: Path, data: bytes) -> None:
    """Write an entry as a new regular file in its folder and rename it over ``path``.

    The temporary file is created exclusively (``mkstemp``: ``O_EXCL | O_NOFOLLOW``, mode
    0600) beside ``path``; the rename replaces whatever holds the name (a planted link or
    FIFO included) without following it. A directory planted at the name is removed first,
    without following the links inside it (``shutil.rmtree`` works by descriptors).
    """
    import tempfile

    if stat.S_ISDIR(_lstat_mode(path)):
        import shutil

        shutil.rmtree(path)
    remove_stale_temps(path)
    fd, tmp_name = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=path.parent
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise


def _lstat_mode(path: Path) -> int:
    """The ``st_mode`` of whatever is at ``path`` (not following a link); 0 when nothing."""
    try:
        return os.lstat(path).st_mode
    except OSError:
        return 0


def write_entry(path: Path, words: WordList, extra: Any = None) -> bool:
    """Cache ``words`` at ``path``; False when that failed (which only costs speed)."""
    if safe_dir(path.parent) is None:
        return False
    try:
        data = encode(words, extra)
        _write_private(path, data)
    except Exception as exc:  # a cache that cannot be written only costs speed
        _note("word-list cache entry %s not written (%s)", path, exc)
        return False
    _drop_old_pickles(path.parent)
    return True


def _drop_old_pickles(directory: Path) -> None:
    """Remove compiled lists of earlier versions (pickles, never read again)."""
    for old in directory.glob("*.pickle"):
        old.unlink(missing_ok=True)


def _lists_dir() -> Path | None:
    """The checked folder of compiled user lists (its parent checked first), or None."""
    root = safe_dir(cache_dir())
    return None if root is None else safe_dir(root / "lists")


def load(key: str, fallback: Fallback | None = None) -> tuple[WordList, Any] | None:
    """The compiled list cached under ``key`` with its extra data, or None."""
    folder = _lists_dir()
    return None if folder is None else read_entry(folder / f"{key}{SUFFIX}", fallback)


def store(key: str, words: WordList, extra: Any = None) -> None:
    """Cache a compiled list under ``key`` and drop the oldest entries."""
    folder = _lists_dir()
    path = folder / f"{key}{SUFFIX}" if folder else None
    if path is None or not write_entry(path, words, extra):
        return
    entries = sorted(path.parent.glob(f"*{SUFFIX}"), key=_age)
    for old in entries[:-KEEP]:
        old.unlink(missing_ok=True)


def _age(entry: Path) -> float:
    """An entry's modification time, of the name itself (a link is not followed); 0 when
    another process removed it meanwhile."""
    try:
        return os.lstat(entry).st_mtime
    except OSError:
        return 0.0


def cached_list(path: Path, build: Callable[[], WordList]) -> WordList:
    """The list cached at ``path``, or built by ``build`` and cached there (on a miss, or
    when a cached length is damaged: then the whole list is built once)."""
    cached = read_entry(path, lambda length: _rebuilt(path, build).index(length))
    return cached[0] if cached is not None else _rebuilt(path, build)


@lru_cache(maxsize=3)
def _rebuilt(path: Path, build: Callable[[], WordList]) -> WordList:
    """The list built afresh by ``build`` and cached at ``path`` (once per process)."""
    words = build().build_all()
    write_entry(path, words)
    return words
