"""``crossword wordsearch``: a word search with its key from a teacher's word list.

A thin shell over :mod:`puzzlewright.crossword.wordsearch` (the square) and
:mod:`puzzlewright.render.wordsearch` (PDF or HTML); registered into the ``crossword``
group. The crossword of the same list is ``crossword layout WORDS --clues draft``.
"""

from __future__ import annotations

import click

from puzzlewright.cli.common import (
    check_output,
    emit_json,
    exit_status,
    extension_warning,
    json_option,
    output_option,
    page_format,
    seed_option,
    stop_note,
    stopping,
    warn,
)


@click.command()
@click.argument("words_file", metavar="WORDS_FILE", type=click.Path(path_type=str))
@click.option("--size", type=int, default=None, help="Side of the square (default: fitted).")
@click.option(
    "--level",
    type=click.Choice(["easy", "medium", "hard"]),
    default="medium",
    show_default=True,
    help="easy: across and down; medium: and diagonals; hard: every direction, backwards too.",
)
@seed_option
@click.option("--title", default="Word search", show_default=True, help="Heading of the sheet.")
@click.option("--no-key", is_flag=True, help="Leave out the answer page.")
@click.option(
    "--page",
    type=click.Choice(["letter", "a4"]),
    default="letter",
    show_default=True,
    help="Paper size.",
)
@output_option("Write the sheet and its key here: .pdf or .html (default: print the square).")
@click.option("--force", is_flag=True, help="Allow the output to replace WORDS_FILE.")
@json_option
def wordsearch(
    words_file: str,
    size: int | None,
    level: str,
    seed: int,
    title: str,
    no_key: bool,
    page: str,
    output: str | None,
    force: bool,
    as_json: bool,
) -> int:
    """Hide the words of WORDS_FILE in a square of letters, with a key.

    WORDS_FILE is a word list (one word or phrase a line; clues after a tab or colon are
    ignored), the same file `crossword layout --clues draft` reads. Words that find no
    place are listed. Exit status 0, 1 when a word was left out.
    """
    from puzzlewright.crossword.classroom import read_word_list
    from puzzlewright.crossword.wordsearch import make_wordsearch
    from puzzlewright.fileio import write_atomic
    from puzzlewright.render.wordsearch import render_wordsearch

    check_output(output, inputs=[words_file], force=force)
    words = read_word_list(words_file)
    with stopping(None) as stop:
        ws = make_wordsearch(words, size=size, level=level, seed=seed, stop=stop)  # type: ignore[arg-type]
    if output is not None and output != "-":
        fmt = "html" if page_format(output) == "html" else "pdf"
        data = render_wordsearch(ws, fmt, title=title, key=not no_key, page=page)  # type: ignore[arg-type]
        mismatch = extension_warning(output, fmt, offered=("pdf", "html"))
        if mismatch:  # on stderr, JSON or not (as fill's warnings)
            warn(mismatch)
        write_atomic(output, data, inputs=[words_file], force=force)
    if as_json:
        emit_json({**ws.to_json(), "output": output})
    else:
        for word in ws.left_out:
            warn(f"no place for {word} in a {ws.size}x{ws.size} square")
        click.echo("\n".join(" ".join(row) for row in ws.rows))
        click.echo(
            f"hid {len(ws.hidden)} of {len(ws.hidden) + len(ws.left_out)} words in "
            f"{ws.size}x{ws.size} ({level})" + (f"; wrote {output}" if output else "")
        )
    if stop_note(ws.stop_reason):
        warn(stop_note(ws.stop_reason))
    return exit_status(not ws.left_out, ws.stop_reason)
