"""Pictures of Pyramid positions: the pyramid, the stock, the waste piles and the removed
cards as SVG.

`pyramid13.to_svg` draws a Pyramid state or observation with `pyramid_svg`; `GameState`
uses it to show itself in Jupyter. The table is laid out here as a scene of the floor's
canvas kit, which draws it as both games' pictures are drawn; the layout reads only what
the player sees (the observation), so a picture never shows the unseen stock.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from .._base.canvas import CARD_HEIGHT, CARD_WIDTH, Item, Options, Scene, check_options, draw
from .._base.cards import Card, Rank, Suit
from .._base.location import CardLocation, Place
from ._geometry import COVERED_BY, position_of
from ._moves import Move, MoveKind
from ._observation import Observation
from ._state import GameState, check_state

__all__ = ["pyramid_svg"]

_STEP = 62  # horizontal distance between neighbouring pyramid cards
_ROW_STEP = 40  # vertical distance between pyramid rows (cards overlap)
_FAN = 23  # horizontal offset between the fanned top cards of a waste pile
_FANNED = 3  # top cards shown per waste pile
_REMOVED_SHOWN = 2  # cards shown on the removed pile (a pair, the last removal)
_MARGIN = 16
_PILE_GAP = 18
_DECK = tuple(Card(rank, suit) for suit in Suit for rank in Rank)


def _removed(view: Observation) -> list[Card]:
    """The cards taken off the table, in the order they went (those removed before the
    game's recorded moves first, by `Card.index`)."""
    seen = {card for card in view.pyramid if card is not None}
    seen.update(card for pile in view.waste_piles for card in pile)
    seen.update(card for card in view.stock if card is not None)  # the stock cards known
    seen.update(view.unseen)
    gone = {card for card in _DECK if card not in seen}
    played = [card for move in view.history if move.is_removal for card in move.cards]
    order = sorted(gone.difference(played), key=lambda card: card.index)
    return order + [card for card in played if card in gone]


def _layout(view: Observation, title: str | None) -> Scene:
    top = _MARGIN + (24 if title else 0)
    piles = view.waste_piles
    pile_width = CARD_WIDTH + _FAN * (_FANNED - 1)
    talon_width = _STEP + sum(pile_width + _PILE_GAP for _ in piles) - _PILE_GAP
    pyramid_width = 6 * _STEP + CARD_WIDTH
    width = 2 * _MARGIN + max(pyramid_width, talon_width)
    left = _MARGIN + (width - 2 * _MARGIN - pyramid_width) // 2
    scene = Scene(width, 0, title or f"Pyramid position: {view.status.value}", "pyramid")
    if title:
        scene.text(title, width / 2, _MARGIN + 12, size=15, anchor="middle", kind="title")

    pyramid = view.pyramid
    present = sum(1 << slot for slot, card in enumerate(pyramid) if card is not None)
    # Removed slots first: their outlines lie under the cards of the row above, as the
    # cards themselves did.
    for empty in (True, False):
        for slot, card in enumerate(pyramid):
            if (card is None) is not empty:
                continue
            row, col = position_of(slot)
            covered = bool(COVERED_BY[slot] & present)
            scene.tops[Place.PYRAMID, slot] = scene.add(
                Item(
                    f"pyramid-{slot}",
                    left + (6 - row) * _STEP // 2 + col * _STEP,
                    top + row * _ROW_STEP,
                    CardLocation(Place.PYRAMID, slot),
                    card=card,
                    empty="slot" if card is None else None,
                    classes=("covered",) if covered else ("exposed",) if card else (),
                    covered=covered,
                )
            ).key

    # The removed cards, top right: the last ones to go, fanned.
    gone = _removed(view)
    x = width - _MARGIN - CARD_WIDTH - _FAN * (_REMOVED_SHOWN - 1)
    removed = CardLocation(Place.REMOVED)
    if not gone:
        scene.tops[Place.REMOVED, None] = scene.add(
            Item("removed", x, top, removed, empty="removed")
        ).key
    first = max(0, len(gone) - _REMOVED_SHOWN)
    for order in range(first, len(gone)):
        scene.tops[Place.REMOVED, None] = scene.add(
            Item(
                f"removed-{order}",
                x + (order - first) * _FAN,
                top,
                removed,
                card=gone[order],
                data=(("order", str(order)),),
            )
        ).key
    scene.text(
        f"removed ({len(gone)})",
        x + (CARD_WIDTH + _FAN * (_REMOVED_SHOWN - 1)) / 2,
        top + CARD_HEIGHT + 16,
        anchor="middle",
    )

    y = top + 6 * _ROW_STEP + CARD_HEIGHT + 24
    x = _MARGIN
    size = view.stock_size
    rules = view.rules
    if not size:
        again = rules.passes is None or view.pass_number < rules.passes
        scene.tops[Place.STOCK, None] = scene.add(
            Item(
                "stock",
                x,
                y,
                CardLocation(Place.STOCK),
                empty="stock",
                mark="↻" if again and any(piles) else "✕",
            )
        ).key
    else:
        if view.stock_top is not None and size > 1:
            scene.add(Item("stock-1", x + 4, y - 4, CardLocation(Place.STOCK, depth=1)))
        scene.tops[Place.STOCK, None] = scene.add(
            Item(
                "stock-0",
                x,
                y,
                CardLocation(Place.STOCK, depth=0),
                card=view.stock_top,
                classes=("exposed",) if view.stock_top is not None else (),
            )
        ).key
    scene.text(f"stock ({size})", x + CARD_WIDTH / 2, y + CARD_HEIGHT + 16, anchor="middle")

    x += _STEP + _PILE_GAP
    for number, pile in enumerate(piles):
        if not pile:
            scene.tops[Place.WASTE, number] = scene.add(
                Item(f"waste-{number}", x, y, CardLocation(Place.WASTE, number), empty="waste")
            ).key
        shown = pile[-_FANNED:]
        for i, card in enumerate(shown):
            depth = len(shown) - 1 - i
            scene.add(
                Item(
                    f"waste-{number}-{depth}",
                    x + i * _FAN,
                    y,
                    CardLocation(Place.WASTE, number, depth),
                    card=card,
                    classes=("exposed",) if not depth else ("covered",),
                )
            )
        if pile:
            scene.tops[Place.WASTE, number] = f"waste-{number}-0"
        label = "waste" if len(piles) == 1 else f"waste {number + 1}"
        scene.text(
            f"{label} ({len(pile)})", x + pile_width / 2, y + CARD_HEIGHT + 16, anchor="middle"
        )
        x += pile_width + _PILE_GAP

    passes = rules.passes if rules.passes is not None else "∞"
    status = f"pass {view.pass_number}/{passes} · score {view.score} · {view.status.value}"
    status_y = y + CARD_HEIGHT + 40
    scene.text(status, width / 2, status_y, size=14, anchor="middle", kind="status")
    scene.height = status_y + _MARGIN
    return scene


def _on_table(scene: Scene, cards: tuple[Card, ...]) -> list[str]:
    """The keys of the cards of `cards` drawn face up on the table (not among the removed)."""
    return [
        item.key
        for item in scene.items
        if item.card in cards and item.location.place is not Place.REMOVED
    ]


def _stock(scene: Scene) -> list[str]:
    return [key for key in ("stock", "stock-0", "stock-1") if scene.item(key)]


def _waste_tops(scene: Scene, view: Observation) -> list[str]:
    return [scene.tops[Place.WASTE, number] for number in range(len(view.waste_piles))]


def _highlight(scene: Scene, view: Observation, move: Move) -> list[str]:
    """What a move to be played uses: the cards of a removal, the stock for a draw, the
    waste tops for a recycle."""
    if move.kind is MoveKind.DRAW:
        return _stock(scene)
    if move.kind is MoveKind.RECYCLE:
        return _waste_tops(scene, view)
    return _on_table(scene, move.cards)


def _arrows(scene: Scene, view: Observation, move: Move) -> list[tuple[str, str]]:
    """A move as arrows: from one card of a pair to the other (a ring on a King), from the
    stock to each waste pile for a draw, from the waste to the stock for a recycle."""
    stock = scene.tops[Place.STOCK, None]
    if move.kind is MoveKind.DRAW:
        return [(stock, top) for top in _waste_tops(scene, view)]
    if move.kind is MoveKind.RECYCLE:
        return [(_waste_tops(scene, view)[0], stock)]
    keys = _on_table(scene, move.cards)
    if len(keys) != len(move.cards):
        return []
    return [(keys[0], keys[-1])]


def _played(scene: Scene, view: Observation, move: Move) -> list[str]:
    """What a move just played touched, as the table is now: the removed cards where
    they lie on the removed pile, the stock and the drawn cards, the stock and the waste
    it took back."""
    if move.kind is MoveKind.DRAW:
        drawn = view.rules.draw_count if len(view.waste_piles) == 1 else 1
        waste = [
            key
            for number in range(len(view.waste_piles))
            for depth in range(drawn)
            if scene.item(key := f"waste-{number}-{depth}")
        ]
        return [*_stock(scene), *waste]
    if move.kind is MoveKind.RECYCLE:
        return [*_stock(scene), *_waste_tops(scene, view)]
    return [
        item.key
        for item in scene.items
        if item.card in move.cards and item.location.place is Place.REMOVED
    ]


def pyramid_svg(state: GameState | Observation, **options: object) -> str:
    """Draw a Pyramid `state` (or what a player sees of one, its `Observation`) as a
    self-contained SVG document: `pyramid13.to_svg` for Pyramid, which documents the
    arguments and the picture."""
    if isinstance(state, GameState):
        check_state(state)
    checked: Options = check_options(Move, "Move", **options)
    view = state.observe() if isinstance(state, GameState) else state
    return draw(view, checked, _layout, _highlight, _arrows, _played)
