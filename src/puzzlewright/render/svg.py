"""SVG output: the shapes of :mod:`puzzlewright.render.draw` as one ``<svg>`` element."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from puzzlewright.render.draw import Circle, Drawing, Pen, Rect, Shape, Text, grid_drawing
from puzzlewright.render.model import Document, require_key

FONT_FAMILY = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def svg_element(drawing: Drawing, *, title: str = "", standalone: bool = False) -> str:
    """An ``<svg>`` element drawing ``drawing`` (with the XML namespace when ``standalone``)."""
    margin = 2.0
    w, h = drawing.width + 2 * margin, drawing.height + 2 * margin
    attrs = [
        f'viewBox="{_num(-margin)} {_num(-margin)} {_num(w)} {_num(h)}"',
        f'width="{_num(w)}pt" height="{_num(h)}pt"',
        f"font-family={quoteattr(FONT_FAMILY)}",
    ]
    if standalone:
        attrs.insert(0, 'xmlns="http://www.w3.org/2000/svg"')
    parts = [f"<svg {' '.join(attrs)}>"]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    pens: dict[int, tuple[str, str]] = {}  # id(pen) -> its attributes (a grid has a few pens)
    for shape in drawing.shapes:
        parts.append(_shape(shape, pens))
    parts.append("</svg>")
    return "\n".join(parts)


def _pen(pen: Pen) -> tuple[str, str]:
    """A pen as SVG: the class attribute its role names, and the stroke attributes."""
    role = f' class="{pen.role}"' if pen.role else ""
    return role, f'stroke="{pen.stroke or "none"}" stroke-width="{_num(pen.width)}"'


def _shape(shape: Shape, pens: dict[int, tuple[str, str]]) -> str:
    """One shape as an SVG element; ``pens`` keeps each pen's attributes once formatted."""
    if isinstance(shape, Text):
        weight = ' font-weight="bold"' if shape.bold else ""
        anchor = f' text-anchor="{shape.anchor}"' if shape.anchor != "start" else ""
        role = f' class="{shape.role}"' if shape.role else ""
        return (
            f'<text{role} x="{_num(shape.x)}" y="{_num(shape.y)}" '
            f'font-size="{_num(shape.size)}"{anchor}{weight} fill="{shape.fill}">'
            f"{escape(shape.text)}</text>"
        )
    formatted = pens.get(id(shape.pen))
    if formatted is None:
        formatted = pens[id(shape.pen)] = _pen(shape.pen)
    role, stroke = formatted
    if isinstance(shape, Rect):
        return (
            f'<rect{role} x="{_num(shape.x)}" y="{_num(shape.y)}" width="{_num(shape.w)}" '
            f'height="{_num(shape.h)}" fill="{shape.fill or "none"}" {stroke}/>'
        )
    if isinstance(shape, Circle):
        return (
            f'<circle{role} cx="{_num(shape.cx)}" cy="{_num(shape.cy)}" r="{_num(shape.r)}" '
            f'fill="none" {stroke}/>'
        )
    return (
        f'<line{role} x1="{_num(shape.x1)}" y1="{_num(shape.y1)}" x2="{_num(shape.x2)}" '
        f'y2="{_num(shape.y2)}" {stroke}/>'
    )


def render_svg(document: Document, *, key: bool = False, cell: float = 24.0) -> str:
    """A standalone SVG file of the grid alone (the solution grid with ``key``)."""
    if key:
        require_key(document)
    title = document.title or "Puzzle"
    if key:
        title += " (solution)"
    drawing = grid_drawing(document.grid, cell, key=key, diagramless=document.diagramless)
    body = svg_element(drawing, title=title, standalone=True)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'
