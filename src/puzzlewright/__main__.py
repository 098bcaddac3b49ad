"""Allow ``python -m puzzlewright``."""

from puzzlewright.cli import main

main()
