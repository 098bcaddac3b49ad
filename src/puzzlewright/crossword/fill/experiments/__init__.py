"""Fill strategies that were built, tested and measured but are not part of the fill.

Each was tried on the frontier grids (docs/crossword-fill.md, rounds 5 and 6) and did not
fill more grids or fill them sooner, so no fill imports this package by default; the benchmarks
(``benchmarks/fill_stacks.py``, ``benchmarks/fill_staircase.py``) run them, and the tests
keep them exact (each is checked against brute force), ready for the next round:

- ``stackproof``: a stack of long rows alone as a word rectangle, searched column by column
  (exact; in shares, the unit of a cluster proof of quad16's stack);
- ``stackfirst``: the rest of the grid filled under each of a stack's rectangles in turn;
- ``corners``: a staircase's blocked corners keyed on the letters of the long entries
  through them, a sound cut after arc consistency;
- ``seeding``: a pangram's restarts around rare-letter words fixed in short middle entries
  (the one reached from the library: ``constrained.SEEDED_RESTARTS``, off by default,
  imports it when turned on).
"""
