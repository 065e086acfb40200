"""Pictures of Pyramid positions: the pyramid, the stock and the waste piles as SVG.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
`pyramid13.to_svg` draws a Pyramid state with `pyramid_svg`, which marks the exposed
cards and can highlight a move; `GameState` uses it to show itself in Jupyter.
"""

from __future__ import annotations

from .._base.canvas import (
    CARD_HEIGHT,
    CARD_WIDTH,
    Canvas,
    attr,
    check_picture,
    length,
)
from ._geometry import COVERED_BY, position_of
from ._moves import Move, MoveKind
from ._state import GameState, check_state

__all__ = ["pyramid_svg"]

_STEP = 62  # horizontal distance between neighbouring pyramid cards
_ROW_STEP = 40  # vertical distance between pyramid rows (cards overlap)
_FAN = 23  # horizontal offset between the fanned top cards of a waste pile
_FANNED = 3  # top cards shown per waste pile
_MARGIN = 16
_PILE_GAP = 18


def pyramid_svg(
    state: GameState,
    *,
    highlight: Move | str | None = None,
    title: str | None = None,
    scale: float = 1,
) -> str:
    """Draw a Pyramid `state` as a self-contained SVG document: `pyramid13.to_svg` for a
    Pyramid state, which documents the arguments and the picture."""
    check_state(state)
    marking: Move | None = check_picture(highlight, title, scale, Move)
    marked = set(marking.cards) if marking is not None else set()
    kind = marking.kind if marking is not None else None
    exposed = set(state.exposed)
    rules = state.rules
    canvas = Canvas()

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
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{length(width * scale)}" '
        f'height="{length(height * scale)}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{attr(label)}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'
        f"<title>{attr(label)}</title>"
        f'<rect width="{width}" height="{height}" fill="#e9f2ea"/>'
        + "".join(canvas.parts)
        + "</svg>"
    )
