"""Blocks poured into column frames, page after page, as plain arithmetic (no drawing).

This follows the rules reportlab's platypus applied to the clue columns before, so pages come
out the same: the space after a block and the space before the next overlap (the larger
counts), nothing is added above a block at the top of a frame, a heading goes with the clue
after it, a :class:`Group` (an acrostic clue and its blanks) moves to the next frame whole
when it does not fit (unless it starts a frame no smaller than the next), and a block that
does not fit moves on unless it may be split here. A layout pass costs microseconds per
block, so the clue size is chosen by pouring at each size and only the chosen layout is drawn.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

FUZZ = 1e-6  # reportlab's layout tolerance


@dataclass(frozen=True)
class Frame:
    """A column on a page: left edge, bottom, width and height in points."""

    x: float
    bottom: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.bottom + self.height


class Block(Protocol):
    """Something of fixed height that can be placed in a frame."""

    @property
    def height(self) -> float: ...

    @property
    def space_before(self) -> float: ...

    @property
    def space_after(self) -> float: ...

    @property
    def keep_with_next(self) -> bool: ...

    def split(self, avail: float) -> tuple[Block, Block] | None:
        """Two parts, the first at most ``avail`` high, or None to move on whole."""

    def draw(self, canvas: object, x: float, top: float, width: float) -> None:
        """Print the block with its top left corner at (``x``, ``top``), ``width`` the frame's."""


@dataclass(frozen=True)
class Group:
    """Blocks kept in one frame when they fit there (platypus' KeepTogether)."""

    items: tuple[Block, ...]

    def height(self) -> float:
        """The height of the whole: inner spaces merged, none above the first or below the last."""
        total = previous_after = 0.0
        started = False
        for block in self.items:
            height = block.height
            if height <= FUZZ:
                continue
            if started:
                total += max(block.space_before - previous_after, 0.0)
            started = True
            total += height + block.space_after
            previous_after = block.space_after
        return total - previous_after


Item = Block | Group


@dataclass(frozen=True)
class Placement:
    """Where a block landed: page (from 1), frame, and the top of the block."""

    page: int
    frame: Frame
    top: float
    block: Block


def keep_headings(items: Iterable[Item]) -> Iterator[Item]:
    """Blocks marked keep-with-next grouped with the block after them (unless it is a Group)."""
    pending: list[Block] = []
    for item in items:
        if isinstance(item, Group):
            yield from (Group((block,)) for block in pending)
            pending = []
            yield item
        elif item.keep_with_next:
            pending.append(item)
        elif pending:
            yield Group((*pending, item))
            pending = []
        else:
            yield item
    if pending:
        yield Group(tuple(pending))


class _Pour:
    """The state of one pour: current page, frame and position in it."""

    def __init__(self, frames_for: Callable[[int], Sequence[Frame]], page: int) -> None:
        self.frames_for = frames_for
        self.page = page
        self.index = 0
        self.placements: list[Placement] = []
        while not self.frames_for(self.page):
            self.page += 1
        self._reset()

    @property
    def frame(self) -> Frame:
        return self.frames_for(self.page)[self.index]

    def _reset(self) -> None:
        self.y = self.frame.top
        self.at_top = True
        self.after = 0.0  # space after the last block placed in this frame

    def next_frame(self) -> None:
        self.index += 1
        while self.index >= len(self.frames_for(self.page)):
            self.page += 1
            self.index = 0
        self._reset()

    def peek(self) -> Frame:
        frames = self.frames_for(self.page)
        if self.index + 1 < len(frames):
            return frames[self.index + 1]
        page = self.page + 1
        while not self.frames_for(page):
            page += 1
        return self.frames_for(page)[0]

    def gap(self, block: Block) -> float:
        """The space put above ``block`` here."""
        return 0.0 if self.at_top else max(block.space_before - self.after, 0.0)

    def place(self, block: Block, *, force: bool = False) -> bool:
        """Put ``block`` in the current frame if it fits (or ``force``); False if it does not."""
        gap = self.gap(block)
        bottom = self.frame.bottom
        if self.y - bottom - gap <= 0 and not force:
            return False
        y = self.y - gap - block.height
        if y < bottom - FUZZ and not force:
            return False
        self.placements.append(Placement(self.page, self.frame, self.y - gap, block))
        y -= block.space_after
        self.after = block.space_after
        if y != self.y:
            self.at_top = False
        self.y = y
        return True


def pour(
    items: Iterable[Item],
    frames_for: Callable[[int], Sequence[Frame]],
    page: int = 1,
    *,
    last_page: int | None = None,
) -> list[Placement] | None:
    """Place ``items`` in order into the frames of page ``page`` and those after it.

    ``frames_for(n)`` gives the frames of page ``n`` (a page without frames is skipped).
    A block that fits no frame at all is placed at the top of one and runs over its bottom.
    With ``last_page``, gives up (None) as soon as a block lands after that page; ``items``
    are taken one at a time, so the blocks after that are never made.
    """
    state = _Pour(frames_for, page)
    source = keep_headings(items)
    queue: deque[Item] = deque()
    misses = 0  # frames a block has been carried past, to stop on one that fits nowhere
    most = max(len(frames_for(page)), len(frames_for(page + 1)), 1) + 1
    while True:
        if last_page is not None and state.page > last_page:
            return None
        if not queue:
            item = next(source, None)
            if item is None:
                break
            queue.append(item)
        item = queue.popleft()
        if isinstance(item, Group):
            first = item.items[0]
            avail = state.y - state.frame.bottom - state.gap(first)
            if avail <= 0:
                queue.appendleft(item)
                state.next_frame()
                continue
            if item.height() > avail:
                here, after = state.frame, state.peek()
                if not (state.at_top and here.width >= after.width and here.height >= after.height):
                    state.next_frame()
            queue.extendleft(reversed(item.items))
            continue
        if state.place(item):
            misses = 0
            continue
        avail = state.y - state.frame.bottom - state.gap(item)
        parts = item.split(avail) if avail > 0 else None
        if parts is not None and state.place(parts[0]):
            queue.appendleft(parts[1])
            misses = 0
            continue
        if state.at_top and misses >= most:
            state.place(item, force=True)
            misses = 0
            continue
        misses += 1 if state.at_top else 0
        queue.appendleft(item)
        state.next_frame()
    return state.placements
