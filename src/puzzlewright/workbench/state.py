"""The server's shared state: settings, word lists and jobs, reachable from each request."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request

from puzzlewright.workbench.config import Config
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
