"""``puzzlewright serve``: the workbench, a local web crossword constructor."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import click

from puzzlewright.cli.common import fail, warn


@click.command()
@click.argument(
    "folder",
    required=False,
    default=".",
    type=click.Path(file_okay=False, dir_okay=True, exists=True, path_type=Path),
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to bind. Anything but loopback exposes your folder: a warning.",
)
@click.option("--no-browser", is_flag=True, help="Do not open the web browser.")
@click.option(
    "--words",
    "word_paths",
    multiple=True,
    metavar="PATH",
    help="Word list(s) layered in order, for every room (default: the built-in crossword "
    "list in the crossword room, the built-in English list in the others; 'crossword' and "
    "'english' name them).",
)
@click.option(
    "--min-score",
    type=int,
    default=None,
    help="The rooms' default minimum word score, which a request's own min_score "
    "overrides (default: 50 with the crossword list).",
)
def serve(
    folder: Path,
    port: int,
    host: str,
    no_browser: bool,
    word_paths: tuple[str, ...],
    min_score: int | None,
) -> int | None:
    """Open the workbench on FOLDER (default: here); files are read and written only there.

    Stop it with Ctrl-C. No --json: the server prints only its address; its HTTP API
    answers in JSON (docs/workbench.md), and each job it runs has a command with --json.
    """
    try:
        import uvicorn  # noqa: F401 (the web extra's server)

        from puzzlewright.workbench import Config, create_app
        from puzzlewright.workbench.serving import bind, make_server
    except ModuleNotFoundError as exc:
        raise fail(f"the workbench needs {exc.name}: pip install 'puzzlewright[web]'") from None
    if host not in ("127.0.0.1", "localhost", "::1"):
        warn(f"binding {host}: anyone who can reach it can read and write {folder.resolve()}")
    from puzzlewright.lexicon.loading import BUILTIN_NAMES, CROSSWORD_NAMES, PHRASE_NAMES

    for path in word_paths:
        builtin = path.lower() in BUILTIN_NAMES | CROSSWORD_NAMES | PHRASE_NAMES
        if not builtin and not Path(path).is_file():
            raise fail(f"cannot read word list {path}: no such file")
    sock = bind(host, port)  # here, so a busy port is one error line
    port = sock.getsockname()[1]
    config = Config(
        root=folder, host=host, port=port, word_paths=list(word_paths), min_score=min_score
    )
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    click.echo(f"puzzlewright workbench on {url} (folder {config.root}); Ctrl-C stops it")
    if not no_browser:
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    make_server(create_app(config), sock).run(sockets=[sock])
    return None
