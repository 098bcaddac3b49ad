"""The server's shared state: settings, word lists and jobs, reachable from each request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from puzzlewright.lexicon import WordList
from puzzlewright.workbench.config import Config
from puzzlewright.workbench.http import field_str, field_strings
from puzzlewright.workbench.jobs import Jobs
from puzzlewright.workbench.lexicons import Lexicons


@dataclass
class Workbench:
    """Everything a request handler may need besides the request."""

    config: Config
    lexicons: Lexicons
    jobs: Jobs

    @classmethod
    def of(cls, config: Config) -> Workbench:
        return cls(config, Lexicons(config.root, config.word_paths), Jobs(config.max_jobs))


def workbench(request: Request) -> Workbench:
    """The Workbench of the app serving ``request``."""
    bench: Workbench = request.app.state.workbench
    return bench


async def words_of(bench: Workbench, doc: dict[str, Any], purpose: str = "crossword") -> WordList:
    """The word list a request names (``words``: sources, ``encoding``), loaded off the loop;
    with none named, the built-in list of ``purpose`` (the crossword room's, by default)."""
    sources = field_strings(doc, "words", limit=8) or None
    encoding = field_str(doc, "encoding", "utf-8-sig", limit=40) or "utf-8-sig"
    floor = doc.get("min_score", bench.config.min_score)
    min_score = floor if isinstance(floor, int) and not isinstance(floor, bool) else None
    return await run_in_threadpool(bench.lexicons.get, sources, encoding, purpose, min_score)
