"""The server's shared state: settings, rooms, word lists and jobs, reachable from each
request; and the one way a handler reads the word list a request names."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from puzzlewright.lexicon import WordList
from puzzlewright.workbench.compute import Compute
from puzzlewright.workbench.config import Config
from puzzlewright.workbench.http import field_str, field_strings
from puzzlewright.workbench.jobs import Jobs
from puzzlewright.workbench.lexicons import Lexicons
from puzzlewright.workbench.shell import Room


@dataclass
class Workbench:
    """Everything a request handler may need besides the request."""

    config: Config
    lexicons: Lexicons
    jobs: Jobs
    rooms: tuple[Room, ...] = field(default=())  # the pages, in the order the header lists them
    compute: Compute = field(default_factory=Compute)  # quick CPU work, bounded

    @classmethod
    def of(cls, config: Config, rooms: tuple[Room, ...] = ()) -> Workbench:
        """The state of a server run with ``config``, showing ``rooms``."""
        lexicons = Lexicons(
            config.root,
            config.word_paths,
            max_uploads=config.max_upload_count,
            max_upload_total=config.max_upload_total,
        )
        return cls(config, lexicons, Jobs(config.max_jobs), rooms)


def workbench(request: Request) -> Workbench:
    """The Workbench of the app serving ``request``."""
    bench: Workbench = request.app.state.workbench
    return bench


async def words_of(
    bench: Workbench, doc: dict[str, Any], purpose: str = "english", *, less_banned: bool = False
) -> WordList:
    """The word list a request names (``words``: sources, ``encoding``), loaded off the loop;
    with none named, the built-in list of ``purpose`` (``crossword`` in the crossword room,
    ``english`` elsewhere); with ``less_banned`` without the request's ``banned`` words (the
    one place a job's list loses them: the task gets the list as it is to be searched)."""
    sources = field_strings(doc, "words", limit=8) or None
    encoding = field_str(doc, "encoding", "utf-8-sig", limit=40) or "utf-8-sig"
    floor = doc.get("min_score", bench.config.min_score)
    min_score = floor if isinstance(floor, int) and not isinstance(floor, bool) else None
    words = bench.lexicons.ready(sources, encoding, purpose, min_score)
    if words is None:  # to be loaded or overlaid: off the event loop
        words = await run_in_threadpool(bench.lexicons.get, sources, encoding, purpose, min_score)
    if less_banned:
        words = await run_in_threadpool(bench.lexicons.without, words, field_strings(doc, "banned"))
    return words


def on_builtin_list(bench: Workbench, doc: dict[str, Any]) -> bool:
    """Whether the request's word list is the built-in English list alone."""
    from puzzlewright.lexicon.loading import BUILTIN_NAMES

    sources = field_strings(doc, "words", limit=8) or bench.lexicons.default()
    paths = [bench.lexicons.path_of(source) for source in sources]
    return len(paths) == 1 and paths[0].lower() in BUILTIN_NAMES
