"""Wording shared by every message: counts with the right noun form ("1 entry", "2 entries")."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, pluralized unless the count is one: ``1 entry``, ``1,204 words``.

    The plural is ``noun + "s"`` (``noun[:-1] + "ies"`` after a consonant and ``y``) unless
    given.
    """
    if count == 1:
        return f"1 {noun}"
    if plural is None:
        consonant_y = noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u")
        plural = noun[:-1] + "ies" if consonant_y else noun + "s"
    return f"{count:,} {plural}"
