"""Pictures of Spider positions as SVG: ten fanned columns, the stock and the removed runs.

`pyramid13.to_svg` calls `spider_svg` for a Spider state; the cards are drawn by the same
canvas as Pyramid's pictures, so both games look alike.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from .._base.canvas import BLACK, CARD_HEIGHT, CARD_WIDTH, RED, Canvas, attr, check_picture
from .._base.cards import Card, Rank, Suit
from ._moves import Move, MoveKind
from ._state import GameState

__all__ = ["spider_svg"]

_MARGIN = 16
_GAP = 10  # between columns
_DOWN_STEP = 9  # vertical offset between face-down cards of a column
_UP_STEP = 24  # vertical offset between face-up cards of a column
_DEAL_STEP = 6  # horizontal offset between the stacked deals of the stock
_RUNS = 8  # places for removed runs
_RUN_GAP = 4  # between them


def _marked(state: GameState, move: Move | None) -> tuple[set[tuple[int, int]], int | None, bool]:
    """(pile, position) of the highlighted cards, the highlighted target pile, the stock."""
    if move is None:
        return set(), None, False
    if move.kind is MoveKind.DEAL:
        return set(), None, True
    piles = state.piles
    if move.kind is MoveKind.REMOVE:
        assert move.pile is not None
        size = len(piles[move.pile])
        return {(move.pile, size - 1 - i) for i in range(min(13, size))}, None, False
    assert move.source is not None
    assert move.count is not None
    size = len(piles[move.source])
    cards = {(move.source, size - 1 - i) for i in range(min(move.count, size))}
    return cards, move.target, False


def spider_svg(
    state: GameState,
    *,
    highlight: Move | str | None = None,
    title: str | None = None,
    scale: float = 1,
) -> str:
    """Draw a Spider `state` as a self-contained SVG document (a string).

    Across the top: the stock, one card back per deal left, and eight places for the
    runs, each removed run shown by its King, the others dashed; below them the ten
    columns, face-down cards as backs and face-up
    cards fanned so every rank and suit shows; then a status line. The cards of a unit
    that can move from the top of a column have a green border. Every card is a
    ``<g class="card ..." data-card="9S">`` group.

    Args:
        state: the position to draw.
        highlight: a move (or its text) to highlight: the cards it moves and the pile
            they go to, the stock for a deal, the run for a removal. It does not have to
            be legal.
        title: a caption drawn above the picture (escaped; any text is safe).
        scale: the size of the picture as a factor of its natural size.

    Raises:
        InvalidMoveError: `highlight` is neither a Move nor the text of one.
        InvalidArgumentError: `title` is not text, or `scale` is not a positive, finite
            number of at most 100.
    """
    marking: Move | None = check_picture(highlight, title, scale, Move, "spider Move")
    marked, target, dealing = _marked(state, marking)
    canvas = Canvas()
    width = 2 * _MARGIN + 10 * CARD_WIDTH + 9 * _GAP
    top = _MARGIN + (24 if title else 0)
    if title:
        canvas.text(title, width // 2, _MARGIN + 12, size=15, anchor="middle")

    # The stock: a back per deal left, stacked; then the removed runs by their Kings.
    deals = state.deals_left
    if deals:
        for i in range(deals):
            canvas.back(_MARGIN + i * _DEAL_STEP, top, highlighted=dealing)
    else:
        canvas.empty(_MARGIN, top, highlighted=dealing)
    canvas.text(
        f"stock: {deals} deal{'s' * (deals != 1)} ({len(state.stock)} cards)",
        _MARGIN,
        top + CARD_HEIGHT + 16,
    )
    # Eight places for the runs, as Spider programs show them: a King for each run
    # removed, in removal order, and a dashed outline for each run still to make.
    runs = state.runs_removed
    first = width - _MARGIN - _RUNS * CARD_WIDTH - (_RUNS - 1) * _RUN_GAP
    for i in range(_RUNS):
        x = first + i * (CARD_WIDTH + _RUN_GAP)
        if i < len(runs):
            canvas.card(Card(Rank.KING, runs[i]), x, top, exposed=False, highlighted=False)
        else:
            canvas.empty(x, top)
    canvas.text(
        f"runs removed: {len(runs)} of {_RUNS}",
        width - _MARGIN,
        top + CARD_HEIGHT + 16,
        anchor="end",
    )

    y0 = top + CARD_HEIGHT + 36
    bottom = y0 + CARD_HEIGHT
    for number, pile in enumerate(state.piles):
        x = _MARGIN + number * (CARD_WIDTH + _GAP)
        canvas.text(str(number + 1), x + CARD_WIDTH // 2, y0 - 6, size=12, anchor="middle")
        if not len(pile):
            canvas.empty(x, y0, highlighted=target == number)
            continue
        y = y0
        for _ in pile.face_down:
            canvas.back(x, y, highlighted=False)
            y += _DOWN_STEP
        unit = _unit_size(pile.face_up)
        ups = len(pile.face_up)
        for i, card in enumerate(pile.face_up):
            position = len(pile.face_down) + i
            canvas.card(
                card,
                x,
                y,
                exposed=i >= ups - unit,
                highlighted=(number, position) in marked or (target == number and i == ups - 1),
                covered=i < ups - 1,
            )
            if i < ups - 1:  # a fanned card shows its rank; add its suit beside it
                colour = RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK
                canvas.parts.append(
                    f'<text x="{x + CARD_WIDTH - 5}" y="{y + 17}" font-size="15" '
                    f'text-anchor="end" fill="{colour}">{card.suit.symbol}</text>'
                )
            y += _UP_STEP
        bottom = max(bottom, y - _UP_STEP + CARD_HEIGHT)

    status = f"score {state.score} · {state.status.value}"
    status_y = bottom + 24
    canvas.text(status, width // 2, status_y, size=14, anchor="middle")
    height = status_y + _MARGIN
    label = attr(title or f"Spider position: {state.status.value}")
    shown_w = f"{width * scale:.2f}".rstrip("0").rstrip(".")
    shown_h = f"{height * scale:.2f}".rstrip("0").rstrip(".")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{shown_w}" height="{shown_h}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'
        f"<title>{label}</title>"
        f'<rect width="{width}" height="{height}" fill="#e9f2ea"/>'
        + "".join(canvas.parts)
        + "</svg>"
    )


def _unit_size(face_up: tuple[Card, ...]) -> int:
    """How many cards on top of a column form one unit (one suit, descending by one)."""
    size = 1 if face_up else 0
    for i in range(len(face_up) - 1, 0, -1):
        lower, upper = face_up[i - 1], face_up[i]
        if lower.suit is not upper.suit or lower.value != upper.value + 1:
            break
        size += 1
    return size
