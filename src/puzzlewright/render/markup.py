"""Clue text markup: the small inline HTML subset ipuz allows (italic titles, sub/superscripts).

ipuz text may carry ``<i>``, ``<b>``, ``<em>``, ``<strong>``, ``<u>``, ``<s>``, ``<sub>``,
``<sup>``, ``<br>`` and HTML entities. :func:`inline_markup` keeps exactly those tags
(normalised, balanced) and escapes everything else, giving text that is valid both in an HTML
page and in a reportlab Paragraph; :func:`plain_text` drops the tags for places that print
plain strings (titles in PDF headers, SVG).
"""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"<\s*(/?)\s*([a-zA-Z]+)\s*(/?)\s*>")
_KEEP = {
    "i": "i",
    "em": "i",
    "b": "b",
    "strong": "b",
    "u": "u",
    "s": "strike",
    "strike": "strike",
    "sub": "sub",
    "sup": "sup",
}


def plain_text(text: str) -> str:
    """The text without tags, entities decoded (``<br>`` becomes a space)."""
    if "<" not in text and "&" not in text:
        return text
    spaced = re.sub(r"<\s*br\s*/?\s*>", " ", text, flags=re.I)
    return html.unescape(_TAG.sub("", spaced))


def inline_markup(text: str) -> str:
    """Escaped text with the ipuz inline tags kept, balanced, as ``<i>``, ``<b>``, ``<br/>``."""
    if "<" not in text and "&" not in text:
        return html.escape(text, quote=False)
    out: list[str] = []
    open_tags: list[str] = []
    position = 0
    for match in _TAG.finditer(text):
        out.append(html.escape(html.unescape(text[position : match.start()]), quote=False))
        position = match.end()
        closing, name, self_closing = match.group(1), match.group(2).lower(), match.group(3)
        if name == "br":
            out.append("<br/>")
        elif name in _KEEP and not self_closing:
            tag = _KEEP[name]
            if not closing:
                open_tags.append(tag)
                out.append(f"<{tag}>")
            elif tag in open_tags:
                while open_tags:  # close anything left open inside it
                    inner = open_tags.pop()
                    out.append(f"</{inner}>")
                    if inner == tag:
                        break
        # any other tag is dropped
    out.append(html.escape(html.unescape(text[position:]), quote=False))
    out.extend(f"</{tag}>" for tag in reversed(open_tags))
    return "".join(out)
