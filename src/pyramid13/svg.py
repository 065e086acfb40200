"""Pictures of positions as SVG, built as plain text with no dependency.

`to_svg` draws the pyramid, the stock and the waste piles, marks the exposed cards and can
highlight a move. `GameState` uses it to show itself in Jupyter (``_repr_svg_``).

Examples:
    >>> import pyramid13 as p13
    >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    >>> picture = p13.to_svg(state, highlight=state.legal_moves()[0])
    >>> picture.startswith("<svg")
    True
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

from ._cards import Card, Rank, Suit
from ._errors import InvalidArgumentError, InvalidMoveError
from ._geometry import COVERED_BY, position_of
from ._moves import Move, MoveKind
from ._state import GameState, check_state
from ._text import describe

if TYPE_CHECKING:
    from .spider import GameState as SpiderGameState
    from .spider import Move as SpiderMove

__all__ = ["to_svg"]

CARD_WIDTH = 56
CARD_HEIGHT = 78
_STEP = 62  # horizontal distance between neighbouring pyramid cards
_ROW_STEP = 40  # vertical distance between pyramid rows (cards overlap)
_FAN = 23  # horizontal offset between the fanned top cards of a waste pile
_FANNED = 3  # top cards shown per waste pile
_MARGIN = 16
_PILE_GAP = 18

_RED = "#b3261e"
_BLACK = "#1f1f1f"
_EXPOSED = "#1e7b45"
_HIGHLIGHT_STROKE = "#e07000"
_HIGHLIGHT_FILL = "#fff1b8"
_BACK = "#2f5f8f"
_EMPTY = "#9a9a9a"
_RANK_TEXT = {rank: rank.letter for rank in Rank}
_RANK_TEXT[Rank.TEN] = "10"


# Characters XML 1.0 forbids (most control characters, lone surrogates, U+FFFE/U+FFFF):
# an SVG holding one is no document at all, so they are drawn as U+FFFD.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _attr(value: object) -> str:
    return escape(_NOT_XML.sub("\ufffd", str(value)), quote=True)


class _Canvas:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def card(
        self, card: Card, x: int, y: int, *, exposed: bool, highlighted: bool, covered: bool = False
    ) -> None:
        classes = ["card"]
        stroke, width, fill = "#555555", 1, "#ffffff"
        if exposed:
            classes.append("exposed")
            stroke, width = _EXPOSED, 3
        if highlighted:
            classes.append("highlight")
            stroke, width, fill = _HIGHLIGHT_STROKE, 4, _HIGHLIGHT_FILL
        colour = _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
        rank = _RANK_TEXT[card.rank]
        self.parts.append(
            f'<g class="{" ".join(classes)}" data-card="{_attr(card)}">'
            f"<title>{_attr(card)}</title>"
            f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
            f'<g fill="{colour}"><text x="{x + 4}" y="{y + 17}" font-size="15" '
            f'font-weight="bold">{_attr(rank)}</text>'
            f'<text x="{x + 4}" y="{y + 34}" font-size="15">{_attr(card.suit.symbol)}</text>'
            + (
                ""
                if covered
                else f'<text x="{x + CARD_WIDTH // 2 + 6}" y="{y + 66}" font-size="28" '
                f'text-anchor="middle">{_attr(card.suit.symbol)}</text>'
            )
            + "</g></g>"
        )

    def back(self, x: int, y: int, *, highlighted: bool) -> None:
        stroke, width = (_HIGHLIGHT_STROKE, 4) if highlighted else ("#555555", 1)
        self.parts.append(
            f'<g class="card back"><rect x="{x}" y="{y}" width="{CARD_WIDTH}" '
            f'height="{CARD_HEIGHT}" rx="5" fill="{_BACK}" stroke="{stroke}" '
            f'stroke-width="{width}"/><rect x="{x + 5}" y="{y + 5}" width="{CARD_WIDTH - 10}" '
            f'height="{CARD_HEIGHT - 10}" rx="3" fill="none" stroke="#ffffff" '
            'stroke-opacity="0.5"/></g>'
        )

    def empty(self, x: int, y: int, *, highlighted: bool = False) -> None:
        stroke, width = (_HIGHLIGHT_STROKE, 4) if highlighted else (_EMPTY, 1)
        self.parts.append(
            f'<rect class="empty" x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
            f'rx="5" fill="none" stroke="{stroke}" stroke-width="{width}" '
            f'stroke-dasharray="4 3" stroke-opacity="{1 if highlighted else 0.45}"/>'
        )

    def text(self, text: str, x: int, y: int, *, size: int = 13, anchor: str = "start") -> None:
        self.parts.append(
            f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{_BLACK}">{_attr(text)}</text>'
        )


def _size(pixels: float) -> str:
    """A length for the width and height attributes: at most 2 decimals, no trailing 0."""
    return f"{pixels:.2f}".rstrip("0").rstrip(".")


def to_svg(
    state: GameState | SpiderGameState,
    *,
    highlight: Move | SpiderMove | str | None = None,
    title: str | None = None,
    scale: float = 1,
) -> str:
    """Draw `state` (of either game) as a self-contained SVG document (a string).

    A Spider state is drawn as ten fanned columns with the stock and the removed runs
    (see ``pyramid13.spider.GameState``); the rest of this description is Pyramid's.

    The pyramid sits on top, removed slots dashed (under the cards that overlap them);
    below it the stock (face down, its top card face up when the rules let it play) and
    each waste pile with its top cards fanned; then a status line with pass, score and
    status. Exposed cards have a green border. Every card is a
    ``<g class="card ..." data-card="4C">`` group, so a web page can find and style them.

    Args:
        state: the position to draw.
        highlight: a move (or its text) to highlight: its cards, or the stock for a draw,
            or the waste for a recycle. It does not have to be legal.
        title: a caption drawn above the picture (escaped; any text is safe: characters
            that XML cannot hold, such as control characters, are drawn as U+FFFD).
        scale: the size of the picture as a factor of its natural size (460 by 492
            pixels with one waste pile and no title): the document's ``width`` and
            ``height`` are multiplied by it; the drawing (its ``viewBox``) is the same.

    Raises:
        InvalidArgumentError: `state` is not a GameState, `title` is not text, or `scale`
            is not a positive, finite number of at most 100.
        InvalidMoveError: `highlight` is neither a Move nor the text of one.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
        >>> svg = p13.to_svg(state, highlight="KC", title="Your move")
        >>> svg.startswith("<svg"), "<title>Your move</title>" in svg
        (True, True)
        >>> '<g class="card exposed highlight" data-card="KC"' in svg
        True
        >>> p13.to_svg(state, scale=2).split('" viewBox')[0]  # twice the natural size
        '<svg xmlns="http://www.w3.org/2000/svg" width="920" height="984'
    """
    from .spider import GameState as SpiderState  # here: the spider package imports this one

    if isinstance(state, SpiderState):
        from .spider._svg import spider_svg

        return spider_svg(state, highlight=highlight, title=title, scale=scale)  # type: ignore[arg-type]
    check_state(state)
    if isinstance(highlight, str):
        highlight = Move.parse(highlight)
    elif highlight is not None and not isinstance(highlight, Move):
        raise InvalidMoveError(
            f"highlight must be a Move, its text or None, not {type(highlight).__name__}"
        )
    if title is not None and not isinstance(title, str):
        raise InvalidArgumentError(f"title must be text or None, not {type(title).__name__}")
    if (
        isinstance(scale, bool)
        or not isinstance(scale, (int, float))
        or not 0 < scale <= 100  # also refuses NaN
    ):
        raise InvalidArgumentError(
            f"scale must be a positive number of at most 100, not {describe(scale)}"
        )
    marked = set(highlight.cards) if highlight is not None else set()
    kind = highlight.kind if highlight is not None else None
    exposed = set(state.exposed)
    rules = state.rules
    canvas = _Canvas()

    top = _MARGIN + (24 if title else 0)
    piles = state.waste_piles
    pile_width = CARD_WIDTH + _FAN * (_FANNED - 1)
    talon_width = _STEP + sum(pile_width + _PILE_GAP for _ in piles) - _PILE_GAP
    pyramid_width = 6 * _STEP + CARD_WIDTH
    width = 2 * _MARGIN + max(pyramid_width, talon_width)
    left = _MARGIN + (width - 2 * _MARGIN - pyramid_width) // 2

    if title:
        canvas.text(title, width // 2, _MARGIN + 12, size=15, anchor="middle")
    pyramid = state.pyramid
    present = sum(1 << slot for slot, card in enumerate(pyramid) if card is not None)
    # Removed slots first: their outlines lie under the cards of the row above, as the
    # cards themselves did.
    for slot, card in enumerate(pyramid):
        if card is None:
            row, col = position_of(slot)
            canvas.empty(left + (6 - row) * _STEP // 2 + col * _STEP, top + row * _ROW_STEP)
    for slot, card in enumerate(pyramid):
        row, col = position_of(slot)
        x = left + (6 - row) * _STEP // 2 + col * _STEP
        y = top + row * _ROW_STEP
        if card is not None:
            canvas.card(
                card,
                x,
                y,
                exposed=card in exposed,
                highlighted=card in marked,
                covered=bool(COVERED_BY[slot] & present),
            )

    y = top + 6 * _ROW_STEP + CARD_HEIGHT + 24
    x = _MARGIN
    stock = state.stock
    drawing = kind is MoveKind.DRAW
    if not stock:
        canvas.empty(x, y, highlighted=drawing)
    elif rules.stock_top_pairable:
        if len(stock) > 1:
            canvas.back(x + 4, y - 4, highlighted=drawing)
        card = stock[-1]
        canvas.card(card, x, y, exposed=card in exposed, highlighted=card in marked or drawing)
    else:
        canvas.back(x, y, highlighted=drawing)
    canvas.text(f"stock ({len(stock)})", x + CARD_WIDTH // 2, y + CARD_HEIGHT + 16, anchor="middle")

    x += _STEP + _PILE_GAP
    recycling = kind is MoveKind.RECYCLE
    for number, pile in enumerate(piles, 1):
        if not pile:
            canvas.empty(x, y, highlighted=recycling)
        shown = pile[-_FANNED:]
        for i, card in enumerate(shown):
            is_top = i == len(shown) - 1
            canvas.card(
                card,
                x + i * _FAN,
                y,
                exposed=is_top and card in exposed,
                highlighted=card in marked or (recycling and is_top),
            )
        label = "waste" if len(piles) == 1 else f"waste {number}"
        canvas.text(
            f"{label} ({len(pile)})", x + pile_width // 2, y + CARD_HEIGHT + 16, anchor="middle"
        )
        x += pile_width + _PILE_GAP

    passes = rules.passes if rules.passes is not None else "∞"
    status = f"pass {state.pass_number}/{passes} · score {state.score} · {state.status.value}"
    status_y = y + CARD_HEIGHT + 40
    canvas.text(status, width // 2, status_y, size=14, anchor="middle")
    height = status_y + _MARGIN

    label = title or f"Pyramid position: {state.status.value}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_size(width * scale)}" '
        f'height="{_size(height * scale)}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{_attr(label)}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'
        f"<title>{_attr(label)}</title>"
        f'<rect width="{width}" height="{height}" fill="#e9f2ea"/>'
        + "".join(canvas.parts)
        + "</svg>"
    )
