"""How many examples the property tests and fuzzers try.

The default budgets keep ``make test`` fast and still find the bugs each fuzzer was written
for. ``PUZZLEWRIGHT_HYPOTHESIS=thorough`` multiplies every budget by :data:`THOROUGH_FACTOR`
(and the hypothesis profile of the same name in tests/conftest.py) for a longer hunt::

    PUZZLEWRIGHT_HYPOTHESIS=thorough .venv/bin/pytest tests/test_formats_properties.py
"""

from __future__ import annotations

import os

PROFILE = os.environ.get("PUZZLEWRIGHT_HYPOTHESIS", "default")
THOROUGH_FACTOR = 20


def examples(default: int) -> int:
    """``default`` examples, or :data:`THOROUGH_FACTOR` times as many in the thorough profile."""
    return default * THOROUGH_FACTOR if PROFILE == "thorough" else default
