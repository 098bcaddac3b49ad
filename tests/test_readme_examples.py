"""Every ``$ puzzlewright ...`` example of README.md, run and compared with what the README
shows (the rules are in tools/readme_examples.py: ``$ cat FILE`` makes the file, ``...``
elides lines, durations match any duration). A failure prints the actual output; ``python
tools/readme_examples.py --update`` rewrites the README with it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("readme_examples", ROOT / "tools/readme_examples.py")
assert _spec is not None and _spec.loader is not None
readme = importlib.util.module_from_spec(_spec)
sys.modules["readme_examples"] = readme
_spec.loader.exec_module(readme)


def test_the_matching_rules() -> None:
    assert readme.matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert readme.matches(["a", "...", "z"], ["a", "z"])
    assert not readme.matches(["a", "...", "z"], ["a", "b"])
    assert readme.matches(["filled (0.12 s)"], ["filled (3.4 s)  "])
    assert not readme.matches(["wrote langs.ipuz"], ["wrote puzzle.ipuz"])
    assert readme.elided(["a", "...", "z"], ["a", "b", "c", "y"]) == ["a", "...", "y"]
    found = readme.examples("```\n$ cat f.txt\nx\n$ puzzlewright words \\\n  AB  # c\nout\n```\n")
    assert [(e.command, e.expected) for e in found] == [
        ("cat f.txt", ["x"]),
        ("puzzlewright words   AB", ["out"]),
    ]


@pytest.mark.slow
def test_readme_examples_print_what_the_readme_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    examples = readme.examples((ROOT / "README.md").read_text("utf-8"))
    assert sum(not e.is_file for e in examples) >= 15
    wrong = []
    for example in examples:
        code, actual = readme.run(example, tmp_path)
        shown = not example.expected or readme.matches(example.expected, actual)
        if code not in (0, 1) or not shown:
            wrong.append(
                f"README.md line {example.line}: $ {example.command}\n(exit {code}) it printed:\n"
                + "\n".join(actual)
            )
    assert not wrong, (
        "\n\n".join(wrong)
        + "\n\nIf the new output is right: python tools/readme_examples.py --update"
    )
