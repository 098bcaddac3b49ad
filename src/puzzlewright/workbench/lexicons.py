"""Word lists the workbench can use: the built-in crossword and English lists, the
``--words`` lists, files in the folder and uploads, layered in the order a request names
them; loaded once, cached. A request that names none gets the ``--words`` lists, else the
built-in list of its purpose: ``crossword`` for the crossword room, ``english`` for the
acrostic and cryptarithm rooms and the wordplay helpers. The folder's
personal list (:data:`PERSONAL_FILE`, ``word;score`` edits) is layered over every one of
them, and re-read when the server starts."""

from __future__ import annotations

import atexit
import codecs
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path

from puzzlewright.crossword.analysis import without_words
from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import byte_size
from puzzlewright.lexicon import WordList, load_wordlist
from puzzlewright.lexicon.crossword import DEFAULT_MIN_SCORE
from puzzlewright.lexicon.loading import BUILTIN_NAMES, CROSSWORD_NAMES
from puzzlewright.lexicon.personal import PersonalList, overlay
from puzzlewright.workbench.config import MAX_UPLOAD_TOTAL, MAX_UPLOADS
from puzzlewright.workbench.http import ApiError
from puzzlewright.workbench.security import safe_path

MAX_LAYERS = 8
CACHED_LISTS = 4
UPLOAD_PREFIX = "puzzlewright-lists-"
PERSONAL_FILE = "personal.dict"
Source = str
"""A list's name in requests: ``crossword``, ``english`` (``builtin``: its old name),
``cli:N`` (N-th --words list), ``file:PATH`` (relative to the folder) or ``upload:N`` (N
counts the uploads of this server, never reused)."""
BUILTIN_SOURCES = {"crossword": "built-in crossword", "english": "built-in English"}
Purpose = str
"""``crossword`` or ``english``: which built-in list a request that names none gets."""


class Lexicons:
    """Resolves sources to files and keeps the last few loaded word lists in memory."""

    def __init__(
        self,
        root: Path,
        cli_paths: list[str],
        *,
        max_uploads: int = MAX_UPLOADS,
        max_upload_total: int = MAX_UPLOAD_TOTAL,
    ) -> None:
        self.root = root
        self.cli_paths = [
            p if _builtin(p) else str(Path(p).expanduser().resolve()) for p in cli_paths
        ]
        self.uploads: dict[int, Path] = {}  # upload number -> its file, oldest first
        self.uploaded = 0  # uploads so far (the next one's number)
        self.max_uploads = max_uploads
        self.max_upload_total = max_upload_total
        self._upload_dir: Path | None = None
        self._cache: OrderedDict[tuple[str, ...], WordList] = OrderedDict()
        self._banned: OrderedDict[tuple[int, frozenset[str]], tuple[WordList, WordList]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()
        self.personal = PersonalList.load(safe_path(root, PERSONAL_FILE))
        self._personal_lock = threading.Lock()  # one edit at a time (each rewrites the file)
        self._overlaid: OrderedDict[tuple[str, ...], tuple[int, WordList, WordList]] = OrderedDict()

    def default(self, purpose: Purpose = "english") -> list[Source]:
        """The sources used when a request names none: the --words lists, else the
        built-in list of ``purpose``."""
        return [f"cli:{i}" for i in range(len(self.cli_paths))] or [purpose]

    def describe(self) -> list[dict[str, str]]:
        """The named sources the page offers (folder files are named by path)."""
        found = [{"source": key, "name": name} for key, name in BUILTIN_SOURCES.items()]
        for i, path in enumerate(self.cli_paths):
            name = Path(path).name.encode("utf-8", "replace").decode("utf-8")  # any file name
            found.append({"source": f"cli:{i}", "name": name})
        for number, upload in list(self.uploads.items()):
            found.append({"source": f"upload:{number}", "name": upload.name.split("-", 1)[-1]})
        return found

    def name_of(self, source: Source) -> str:
        """How the page names one source (``built-in English``, a file's name, a path)."""
        built_in = BUILTIN_SOURCES.get("english" if source == "builtin" else source)
        if built_in is not None:
            return built_in
        for item in self.describe():
            if item["source"] == source:
                return item["name"]
        return source.partition(":")[2] if source.startswith("file:") else source

    def edit_personal(self, word: str, score: int | None) -> None:
        """Set a personal word's score (0: removed for good), or forget its edit (None)."""
        with self._personal_lock:
            if score is None:
                self.personal.forget(word)
            else:
                self.personal.set(word, score)

    def path_of(self, source: object) -> str:
        """The file behind one source (a built-in list stays a name)."""
        if not isinstance(source, str):
            raise PuzzleInputError("a word-list source must be a string")
        kind, _, rest = source.partition(":")
        if _builtin(source):
            return source
        if kind == "cli" and rest.isdigit() and int(rest) < len(self.cli_paths):
            return self.cli_paths[int(rest)]
        if kind == "upload" and rest.isdigit() and int(rest) < self.uploaded:
            found = self.uploads.get(int(rest))
            if found is None:
                raise PuzzleInputError(
                    f"the uploaded list {source} was removed to make room for newer uploads "
                    f"(at most {self.max_uploads} lists, {byte_size(self.max_upload_total)}): "
                    "upload it again"
                )
            return str(found)
        if kind == "file":
            path = safe_path(self.root, rest)
            if not path.is_file():
                raise PuzzleInputError(f"no word list {rest!r} in the folder")
            return str(path)
        raise PuzzleInputError(f"unknown word-list source {source!r}")

    def get(
        self,
        sources: list[Source] | None,
        encoding: str = "utf-8-sig",
        purpose: Purpose = "english",
        min_score: int | None = None,
    ) -> WordList:
        """The layered list for ``sources`` with the personal list over it (loaded on first
        use; slow only then, and after a personal edit: about 0.3 s for 300,000 words)."""
        base = self.chosen(sources, encoding, purpose, min_score)
        key = (*(sources or self.default(purpose)), encoding, str(load_floor(min_score)))
        version = self.personal.version
        with self._lock:
            found = self._overlaid.get(key)
            if found is not None and found[0] == version and found[1] is base:
                return found[2]
        words = overlay(base, self.personal.entries)
        with self._lock:
            self._overlaid[key] = (version, base, words)
            while len(self._overlaid) > CACHED_LISTS:
                self._overlaid.popitem(last=False)
        return words

    def ready(
        self,
        sources: list[Source] | None,
        encoding: str = "utf-8-sig",
        purpose: Purpose = "english",
        min_score: int | None = None,
    ) -> WordList | None:
        """What :meth:`get` would return when it needs no work (the list is loaded and
        overlaid already, the personal list unchanged since), else None: a request's usual
        case, answered without a trip to a worker thread."""
        key = (*(sources or self.default(purpose)), encoding, str(load_floor(min_score)))
        if not self._lock.acquire(blocking=False):  # a list is loading: never wait on the loop
            return None
        try:
            base = self._cache.get(key)
            found = self._overlaid.get(key)
        finally:
            self._lock.release()
        if base is None or found is None:
            return None
        version, overlaid_base, words = found
        return words if version == self.personal.version and overlaid_base is base else None

    def chosen(
        self,
        sources: list[Source] | None,
        encoding: str = "utf-8-sig",
        purpose: Purpose = "english",
        min_score: int | None = None,
    ) -> WordList:
        """The layered list for ``sources`` as loaded, without the personal list. The
        crossword list comes at its default floor, or all of it when ``min_score`` is lower
        (the filler and the analysis cut by ``min_score`` themselves)."""
        names = tuple(sources or self.default(purpose))
        if not names or len(names) > MAX_LAYERS:
            raise PuzzleInputError(f"name 1 to {MAX_LAYERS} word lists")
        if encoding != "auto":
            try:
                codecs.lookup(encoding)
            except LookupError:
                raise PuzzleInputError(f"unknown encoding {encoding!r}") from None
        paths = [self.path_of(name) for name in names]
        floor = load_floor(min_score)
        key = (*names, encoding, str(floor))
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
            words, _ = load_wordlist(paths, encoding=encoding, min_score=floor)
            if not len(words):
                raise PuzzleInputError("the word list has no usable words")
            self._cache[key] = words
            while len(self._cache) > CACHED_LISTS:
                self._cache.popitem(last=False)
            return words

    def without(self, words: WordList, banned: list[str]) -> WordList:
        """``words`` less the banned ones, kept for the next job with the same ban list
        (worker processes are forked from this process, so they inherit it ready-made)."""
        if not banned:
            return words
        key = (id(words), frozenset(banned))
        with self._lock:
            found = self._banned.get(key)
            if found is not None and found[0] is words:
                return found[1]
        smaller = without_words(words, banned)
        with self._lock:
            self._banned[key] = (words, smaller)
            while len(self._banned) > CACHED_LISTS:
                self._banned.popitem(last=False)
        return smaller

    def add_upload(self, name: str, data: bytes) -> Source:
        """Keep an uploaded list in a private temporary folder, the oldest uploads removed
        to stay within the count and byte bounds; returns its source name. A list that does
        not load is reported and not kept."""
        if len(data) > self.max_upload_total:
            raise ApiError(
                413, f"the word list is over the limit of {byte_size(self.max_upload_total)}"
            )
        safe = "".join(ch for ch in Path(name).name if ch.isalnum() or ch in "._-")[:80] or "list"
        with self._lock:
            number = self.uploaded
            self.uploaded += 1
            self._make_room(len(data))
            path = self.upload_dir() / f"{number}-{safe}"
            try:
                path.write_bytes(data)
            except OSError as exc:
                path.unlink(missing_ok=True)
                raise PuzzleInputError(f"cannot keep the list: {exc.strerror or exc}") from None
            self.uploads[number] = path
        source = f"upload:{number}"
        try:
            self.get([source])  # load now: a bad file is reported to the uploader
        except BaseException:
            with self._lock:
                self._forget(number)
            raise
        return source

    def _make_room(self, size: int) -> None:
        """Remove the oldest uploads until one more of ``size`` bytes fits (lock held)."""
        total = sum(file_size(path) for path in self.uploads.values())
        while self.uploads and (
            len(self.uploads) >= self.max_uploads or total + size > self.max_upload_total
        ):
            oldest = next(iter(self.uploads))
            total -= file_size(self.uploads[oldest])
            self._forget(oldest)

    def _forget(self, number: int) -> None:
        """Drop upload ``number``: its file and every cached list built on it (lock held)."""
        path = self.uploads.pop(number, None)
        if path is not None:
            path.unlink(missing_ok=True)
        source = f"upload:{number}"
        for key in [key for key in self._cache if source in key]:
            del self._cache[key]

    def upload_dir(self) -> Path:
        """This server's private folder of uploads (made on first use, mode 0700); folders
        left by servers that were killed before they could remove theirs go first."""
        if self._upload_dir is None:
            remove_orphaned_uploads()
            prefix = f"{UPLOAD_PREFIX}{os.getpid()}-"
            self._upload_dir = Path(tempfile.mkdtemp(prefix=prefix))
            remove_at_exit(self._upload_dir)
        return self._upload_dir

    def close(self) -> None:
        """Remove the uploaded lists and their folder (the server is stopping)."""
        with self._lock:
            for number in list(self.uploads):
                self._forget(number)
            if self._upload_dir is not None:
                shutil.rmtree(self._upload_dir, ignore_errors=True)
                LEFT_AT_EXIT.discard((os.getpid(), self._upload_dir))
                self._upload_dir = None


def file_size(path: Path) -> int:
    """The size of ``path`` (0 when something else removed it)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


LEFT_AT_EXIT: set[tuple[int, Path]] = set()
"""Upload folders to remove when the process exits, should the server's shutdown not run
(a second Ctrl-C skips it), with the process that made each (a forked worker leaves them)."""


def remove_at_exit(folder: Path) -> None:
    """Remove ``folder`` at the latest when this process exits."""
    atexit.unregister(remove_left_folders)  # registered once, however many servers
    atexit.register(remove_left_folders)
    LEFT_AT_EXIT.add((os.getpid(), folder))


def remove_left_folders() -> None:
    """The exit hook: remove this process's upload folders that are still there."""
    for pid, folder in list(LEFT_AT_EXIT):
        if pid == os.getpid():
            shutil.rmtree(folder, ignore_errors=True)
            LEFT_AT_EXIT.discard((pid, folder))


def remove_orphaned_uploads() -> None:
    """Remove upload folders of our user's workbench servers that are no longer running
    (``puzzlewright-lists-PID-...`` whose process is gone): a server killed outright
    (SIGKILL, power loss) never reached its shutdown."""
    for folder in Path(tempfile.gettempdir()).glob(f"{UPLOAD_PREFIX}*-*"):
        pid = folder.name[len(UPLOAD_PREFIX) :].partition("-")[0]
        try:
            info = folder.lstat()
        except OSError:
            continue
        ours = not hasattr(os, "getuid") or info.st_uid == os.getuid()
        mine = ours and folder.is_dir() and not folder.is_symlink() and pid.isdigit()
        if mine and not process_alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def process_alive(pid: int) -> bool:
    """Does a process ``pid`` run on this machine (one of another user counts)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def load_floor(min_score: int | None) -> int | None:
    """The floor a list is loaded at for a request's ``min_score``: the crossword list whole
    (0) when the request goes below its default floor, else as it comes (None)."""
    return 0 if min_score is not None and min_score < DEFAULT_MIN_SCORE else None


def _builtin(source: str) -> bool:
    """True for the name of a built-in list (``crossword``, ``english``, ``builtin``)."""
    return source.lower() in BUILTIN_NAMES | CROSSWORD_NAMES
