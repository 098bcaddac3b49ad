"""Word lists the workbench can use: built-in English, the ``--words`` lists, files in
the folder and uploads, layered in the order a request names them; loaded once, cached.
The folder's personal list (:data:`PERSONAL_FILE`, ``word;score`` edits) is layered over
every one of them, and re-read when the server starts."""

from __future__ import annotations

import codecs
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path

from puzzlewright.crossword.analysis import without_words
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList, load_wordlist
from puzzlewright.lexicon.personal import PersonalList, overlay
from puzzlewright.workbench.security import safe_path

MAX_LAYERS = 8
CACHED_LISTS = 4
MAX_UPLOADS = 16
PERSONAL_FILE = "personal.dict"
Source = str
"""A list's name in requests: ``builtin``, ``cli:N`` (N-th --words list), ``file:PATH``
(relative to the folder) or ``upload:N``."""


class Lexicons:
    """Resolves sources to files and keeps the last few loaded word lists in memory."""

    def __init__(self, root: Path, cli_paths: list[str]) -> None:
        self.root = root
        self.cli_paths = [
            str(Path(p).expanduser().resolve()) if p != "builtin" else p for p in cli_paths
        ]
        self.uploads: list[Path] = []
        self._upload_dir: Path | None = None
        self._cache: OrderedDict[tuple[str, ...], WordList] = OrderedDict()
        self._banned: OrderedDict[tuple[int, frozenset[str]], tuple[WordList, WordList]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()
        self.personal = PersonalList.load(safe_path(root, PERSONAL_FILE))
        self._personal_lock = threading.Lock()  # one edit at a time (each rewrites the file)
        self._overlaid: OrderedDict[tuple[str, ...], tuple[int, WordList, WordList]] = OrderedDict()

    def default(self) -> list[Source]:
        """The sources used when a request names none: the --words lists, else built-in."""
        return [f"cli:{i}" for i in range(len(self.cli_paths))] or ["builtin"]

    def describe(self) -> list[dict[str, str]]:
        """The named sources the page offers (folder files are named by path)."""
        found = [{"source": "builtin", "name": "built-in English"}]
        for i, path in enumerate(self.cli_paths):
            found.append({"source": f"cli:{i}", "name": Path(path).name})
        for i, upload in enumerate(self.uploads):
            found.append({"source": f"upload:{i}", "name": upload.name.split("-", 1)[-1]})
        return found

    def name_of(self, source: Source) -> str:
        """How the page names one source (``built-in English``, a file's name, a path)."""
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
        """The file behind one source (``builtin`` stays a name)."""
        if not isinstance(source, str):
            raise PuzzleInputError("a word-list source must be a string")
        kind, _, rest = source.partition(":")
        if source == "builtin":
            return "builtin"
        if kind == "cli" and rest.isdigit() and int(rest) < len(self.cli_paths):
            return self.cli_paths[int(rest)]
        if kind == "upload" and rest.isdigit() and int(rest) < len(self.uploads):
            return str(self.uploads[int(rest)])
        if kind == "file":
            path = safe_path(self.root, rest)
            if not path.is_file():
                raise PuzzleInputError(f"no word list {rest!r} in the folder")
            return str(path)
        raise PuzzleInputError(f"unknown word-list source {source!r}")

    def get(self, sources: list[Source] | None, encoding: str = "utf-8-sig") -> WordList:
        """The layered list for ``sources`` with the personal list over it (loaded on first
        use; slow only then, and after a personal edit: about 0.3 s for 300,000 words)."""
        base = self.chosen(sources, encoding)
        key = (*(sources or self.default()), encoding)
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

    def chosen(self, sources: list[Source] | None, encoding: str = "utf-8-sig") -> WordList:
        """The layered list for ``sources`` as loaded, without the personal list."""
        names = tuple(sources or self.default())
        if not names or len(names) > MAX_LAYERS:
            raise PuzzleInputError(f"name 1 to {MAX_LAYERS} word lists")
        if encoding != "auto":
            try:
                codecs.lookup(encoding)
            except LookupError:
                raise PuzzleInputError(f"unknown encoding {encoding!r}") from None
        paths = [self.path_of(name) for name in names]
        key = (*names, encoding)
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
            words, _ = load_wordlist(paths, encoding=encoding)
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
        """Keep an uploaded list in a private temporary folder; returns its source name."""
        if len(self.uploads) >= MAX_UPLOADS:
            raise PuzzleInputError(f"at most {MAX_UPLOADS} uploaded lists per session")
        if self._upload_dir is None:
            self._upload_dir = Path(tempfile.mkdtemp(prefix="puzzlewright-lists-"))
        safe = "".join(ch for ch in Path(name).name if ch.isalnum() or ch in "._-")[:80] or "list"
        path = self._upload_dir / f"{len(self.uploads)}-{safe}"
        path.write_bytes(data)
        source = f"upload:{len(self.uploads)}"
        self.uploads.append(path)
        self.get([source])  # load now: a bad file is reported to the uploader
        return source
