"""``puzzlewright convert IN OUT``: change a crossword's file format, saying what was lost."""

from __future__ import annotations

import click

from puzzlewright.cli.common import check_output, emit_json, json_option, stdout_output, warn
from puzzlewright.messages import counted


@click.command()
@click.argument("source", metavar="IN", type=click.Path(path_type=str))
@click.argument("target", metavar="OUT", type=click.Path(path_type=str), callback=stdout_output)
@click.option("--force", is_flag=True, help="Allow OUT to be the same file as IN.")
@click.option(
    "--to",
    "to_format",
    type=click.Choice(["ipuz", "puz", "jpz", "xd", "text", "across-lite"]),
    default=None,
    help="Output format. Default: from OUT's extension (.txt: a plain grid; "
    "across-lite writes Across Lite text).",
)
@click.option(
    "--xd-dialect",
    type=click.Choice(["auto", "standard", "puzzmo"]),
    default="auto",
    show_default=True,
    help="How to read an .xd grid: standard ('#' blocks, '.' empty), puzzmo ('.' blocks, "
    "as Puzzmo and kotwords write), or auto (the one whose entries match the clue answers).",
)
@json_option
def convert(
    source: str,
    target: str,
    force: bool,
    to_format: str | None,
    xd_dialect: str,
    as_json: bool,
) -> int:
    """Convert a crossword between .ipuz, .puz, .jpz, .xd and .txt (chosen by extension).

    Title, author, copyright, notes, clues, circles, shading, rebus cells and the diagramless
    kind are kept where the target format can hold them; each thing it cannot hold is a
    `warning:` line. A .txt is read as Across Lite text or a plain grid, by its content.
    An acrostic converts between .ipuz and .jpz.
    """
    from puzzlewright.crossword.formats import (
        format_for,
        load_acrostic,
        load_puzzle,
        save_acrostic,
        save_puzzle,
    )

    source_format = format_for(source)
    target_format = format_for(target, to_format)  # fail on a bad OUT before reading IN
    check_output(target, inputs=[source], force=force)
    acrostic = load_acrostic(source)
    if acrostic is not None:  # an acrostic travels between .ipuz and .jpz
        save_acrostic(acrostic, target, force=force, inputs=[source])
        _report_acrostic(source, target, target_format.name, as_json=as_json)
        return 0
    warnings: list[str] = []
    puzzle = load_puzzle(source, warnings=warnings, xd_dialect=xd_dialect)
    warnings.extend(
        save_puzzle(puzzle, target, force=force, inputs=[source], format_name=to_format)
    )
    grid = puzzle.grid
    if as_json:
        emit_json(
            {
                "input": source,
                "output": target,
                "input_format": source_format.name,
                "format": target_format.name,
                "width": grid.width,
                "height": grid.height,
                "entries": len(grid.slots()),
                "clues": sum(1 for text in puzzle.clues.values() if text),
                "warnings": warnings,
            }
        )
        return 0
    for message in warnings:
        warn(message)
    click.echo(
        f"wrote {target} ({target_format.name}, {grid.width}x{grid.height}, "
        f"{counted(len(grid.slots()), 'entry')}) from {source} ({source_format.name})"
    )
    return 0


def _report_acrostic(source: str, target: str, format_name: str, *, as_json: bool) -> None:
    """What ``convert`` says after writing an acrostic."""
    if as_json:
        emit_json({"input": source, "output": target, "kind": "acrostic", "warnings": []})
    else:
        click.echo(f"wrote {target} (acrostic, {format_name}) from {source}")
