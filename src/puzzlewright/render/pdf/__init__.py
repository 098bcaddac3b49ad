"""PDF output through reportlab (the ``[pdf]`` extra), imported only when PDF is asked for.

- :mod:`.document` lays out the pages (title, grid, clue columns, key page) and draws them;
- :mod:`.text` sets clue lines arithmetically, as reportlab's Paragraph would;
- :mod:`.flow` pours the clue blocks into columns and pages;
- :mod:`.blocks` holds the blocks that are poured (set text, drawings, space);
- :mod:`.paint` paints the shapes of :mod:`puzzlewright.render.draw` on the canvas;
- :mod:`.fontfiles` finds TrueType *files* on the system (no reportlab needed);
- :mod:`.faces` registers those files as reportlab *faces* and checks glyph coverage.
"""

from __future__ import annotations

from puzzlewright.render.pdf.document import render_pdf

__all__ = ["render_pdf"]
