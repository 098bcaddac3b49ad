"""Fonts for PDF output: a TrueType face that covers non-Latin alphabets, found on the system.

PDF's built-in Helvetica only encodes Western European text (cp1252), so a Russian or Greek
puzzle needs an embedded TrueType font. DejaVu Sans is looked up in the usual system places
(Debian's ``fonts-dejavu-core``, Fedora, Arch, macOS, Windows) and in matplotlib's data, if
matplotlib happens to be installed; ``--font PATH`` names any other .ttf file.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from puzzlewright.errors import PuzzleInputError

_DIRS = (
    "/usr/share/fonts/truetype/dejavu",  # Debian, Ubuntu: fonts-dejavu-core
    "/usr/share/fonts/dejavu",  # Fedora
    "/usr/share/fonts/TTF",  # Arch
    "/usr/share/fonts/dejavu-sans-fonts",  # Fedora (newer)
    "/usr/local/share/fonts",
    "/usr/local/share/fonts/dejavu",  # FreeBSD
    "/opt/homebrew/share/fonts",
    "/Library/Fonts",
    "~/Library/Fonts",
    "~/.local/share/fonts",
    "C:/Windows/Fonts",
)
_FACES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
}
INSTALL_HINT = "install a font that has them (e.g. Noto: apt-get install fonts-noto) or pass --font"


@dataclass(frozen=True)
class FontFiles:
    """The TrueType files of one family (bold and italic fall back to the regular face)."""

    regular: Path
    bold: Path
    italic: Path


def _search_dirs() -> list[Path]:
    dirs = [Path(os.path.expanduser(d)) for d in _DIRS]
    spec = importlib.util.find_spec("matplotlib")
    if spec is not None and spec.origin:
        dirs.append(Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf")
    return dirs


def find_font(explicit: str | os.PathLike[str] | None = None) -> FontFiles | None:
    """The font to embed: ``explicit`` if given (must exist), else DejaVu Sans, else None."""
    if explicit is not None:
        path = Path(explicit)
        if not path.is_file():
            raise PuzzleInputError(f"font file {path} not found")
        if path.suffix.lower() not in (".ttf", ".otf"):
            raise PuzzleInputError(f"font file {path} is not a TrueType (.ttf) font")
        return FontFiles(path, path, path)
    for directory in _search_dirs():
        regular = directory / _FACES["regular"]
        if regular.is_file():
            bold = directory / _FACES["bold"]
            italic = directory / _FACES["italic"]
            return FontFiles(
                regular,
                bold if bold.is_file() else regular,
                italic if italic.is_file() else regular,
            )
    return None


def other_fonts(current: FontFiles | None, limit: int = 16) -> list[FontFiles]:
    """Other TrueType fonts installed in the usual places, to fall back on (sans first)."""
    found: list[Path] = []
    for directory in _search_dirs():
        if directory.is_dir():
            found.extend(sorted(directory.glob("*.ttf")))
    regular = [
        path
        for path in found
        if not any(word in path.stem.lower() for word in ("bold", "oblique", "italic", "light"))
        and (current is None or path != current.regular)
    ]
    regular.sort(key=lambda path: ("sans" not in path.stem.lower(), "mono" in path.stem.lower()))
    return [FontFiles(path, path, path) for path in dict.fromkeys(regular)][:limit]


def uncovered(texts: list[str], covered: set[int] | None) -> list[str]:
    """Characters of ``texts`` the font cannot print (``covered`` None means cp1252 only)."""
    missing: dict[str, None] = {}
    for text in texts:
        for char in text:
            if char.isspace() or ord(char) < 32:
                continue
            if covered is None:
                try:
                    char.encode("cp1252")
                except UnicodeEncodeError:
                    missing[char] = None
            elif ord(char) not in covered:
                missing[char] = None
    return list(missing)


def glyph_list(missing: list[str]) -> str:
    """The missing characters for a message: a sample, their code points, how many more."""
    shown = ", ".join(f"{char!r} (U+{ord(char):04X})" for char in missing[:6])
    return shown + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
