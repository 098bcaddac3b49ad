"""On-disk cache of compiled word lists, so a large list read once loads in a blink later.

Entries are pickles of (WordList with its indexes, load reports), keyed by the files' paths,
sizes and modification times and the loading options; a changed file gets a new key.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any

from puzzlewright.fileio import write_atomic

FORMAT = 2  # bump when WordList's pickled layout changes
KEEP = 12  # compiled user lists kept; older ones are removed
MIN_ENTRIES = 20_000  # smaller lists load quickly enough without a cache


def cache_dir() -> Path:
    """Where compiled lists live: $PUZZLEWRIGHT_CACHE_DIR or the user cache dir."""
    override = os.environ.get("PUZZLEWRIGHT_CACHE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("puzzlewright"))


def list_key(sources: list[str], options: tuple[Any, ...]) -> str | None:
    """A key for these files as they are now, or None when one cannot be examined."""
    parts = [f"format {FORMAT}", repr(options)]
    for source in sources:
        try:
            stat = os.stat(source)
        except OSError:
            return None  # the loader reports the problem
        parts.append(f"{os.path.abspath(source)}|{stat.st_size}|{stat.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def _path(key: str) -> Path:
    return cache_dir() / "lists" / f"{key}.pickle"


def read_pickle(path: Path) -> Any | None:
    """A cached value, or None: a missing or unreadable cache file is only a miss."""
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except (OSError, EOFError, pickle.UnpicklingError):
        return None
    except (AttributeError, ImportError, KeyError, TypeError, ValueError):
        return None  # a file written by another version of puzzlewright


def write_pickle(path: Path, value: Any) -> bool:
    """Cache ``value`` at ``path``; False when that failed (which only costs speed)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:
        return False
    return True


def load(key: str) -> Any | None:
    """The compiled list cached under ``key``, or None."""
    return read_pickle(_path(key))


def store(key: str, value: Any) -> None:
    """Cache a compiled list under ``key`` and drop the oldest entries."""
    path = _path(key)
    if write_pickle(path, value):
        entries = sorted(path.parent.glob("*.pickle"), key=lambda p: p.stat().st_mtime)
        for old in entries[:-KEEP]:
            old.unlink(missing_ok=True)
