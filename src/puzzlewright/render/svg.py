"""SVG output: the shapes of :mod:`puzzlewright.render.draw` as one ``<svg>`` element."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from puzzlewright.render.draw import Circle, Drawing, Line, Outlined, Rect, Shape, grid_drawing
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
    for shape in drawing.shapes:
        parts.append(_shape(shape))
    parts.append("</svg>")
    return "\n".join(parts)


def _role(shape: Shape) -> str:
    return f' class="{shape.role}"' if shape.role else ""


def _pen(shape: Outlined) -> str:
    return f'stroke="{shape.stroke or "none"}" stroke-width="{_num(shape.width)}"'


def _shape(shape: Shape) -> str:
    if isinstance(shape, Rect):
        return (
            f'<rect{_role(shape)} x="{_num(shape.x)}" y="{_num(shape.y)}" '
            f'width="{_num(shape.w)}" height="{_num(shape.h)}" fill="{shape.fill or "none"}" '
            f"{_pen(shape)}/>"
        )
    if isinstance(shape, Circle):
        return (
            f'<circle{_role(shape)} cx="{_num(shape.cx)}" cy="{_num(shape.cy)}" '
            f'r="{_num(shape.r)}" fill="none" {_pen(shape)}/>'
        )
    if isinstance(shape, Line):
        return (
            f'<line{_role(shape)} x1="{_num(shape.x1)}" y1="{_num(shape.y1)}" '
            f'x2="{_num(shape.x2)}" y2="{_num(shape.y2)}" {_pen(shape)}/>'
        )
    weight = ' font-weight="bold"' if shape.bold else ""
    anchor = f' text-anchor="{shape.anchor}"' if shape.anchor != "start" else ""
    return (
        f'<text{_role(shape)} x="{_num(shape.x)}" y="{_num(shape.y)}" '
        f'font-size="{_num(shape.size)}"{anchor}{weight} fill="{shape.fill}">'
        f"{escape(shape.text)}</text>"
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
