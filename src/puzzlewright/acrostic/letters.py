"""Quotation text to letters: normalized per character, and split into words."""

from __future__ import annotations

from dataclasses import dataclass

from puzzlewright.lexicon import Alphabet


@dataclass(frozen=True)
class QuoteChar:
    """One character of the quotation as typed, with the letters it stands for (maybe none)."""

    text: str
    letters: str


def split_text(text: str, alphabet: Alphabet) -> list[QuoteChar]:
    """Each character of ``text`` with its normalized letters (accents folded for Latin)."""
    result = []
    for ch in text:
        if ch.isspace():
            result.append(QuoteChar(ch, ""))
            continue
        folded = alphabet.normalize(ch)
        letters = "".join(c for c in folded if c in alphabet)
        result.append(QuoteChar(ch, letters if ch.isalpha() else ""))
    return result


def letters_of(text: str, alphabet: Alphabet) -> str:
    """The letters of ``text`` in order, normalized to ``alphabet``; everything else dropped."""
    return "".join(item.letters for item in split_text(text, alphabet))


def foreign_letters(text: str, alphabet: Alphabet) -> list[str]:
    """Alphabetic characters of ``text`` that do not map onto ``alphabet`` (Greek in English)."""
    bad = []
    for item in split_text(text, alphabet):
        if item.text.isalpha() and not item.letters and item.text not in bad:
            bad.append(item.text)
    return bad


def words_of(text: str, alphabet: Alphabet) -> list[str]:
    """The quotation's words as letter strings (apostrophes join: DON'T -> DONT)."""
    words: list[str] = []
    current = ""
    for item in split_text(text, alphabet):
        if item.letters:
            current += item.letters
        elif item.text in "'’" and current:
            continue
        elif current:
            words.append(current)
            current = ""
    if current:
        words.append(current)
    return words
