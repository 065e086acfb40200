"""Pictures of Spider positions as SVG: ten fanned piles, the stock and the removed runs.

`pyramid13.to_svg` calls `spider_svg` for a Spider state or observation. The table is
laid out here as a scene of the floor's canvas kit, which draws it as both games' pictures
are drawn; the layout reads only what the player sees (the observation), so a picture
never depends on a face-down card or on the order of the stock.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from .._base.canvas import CARD_HEIGHT, CARD_WIDTH, Item, Options, Scene, check_options, draw
from .._base.cards import Card, Rank
from .._base.location import CardLocation, Place
from .._base.packing import pack as _pack
from ._moves import PILES, Move, MoveKind
from ._observation import Observation
from ._state import RUNS_TO_WIN, GameState, _run_length

__all__ = ["MAX_HEIGHT", "spider_svg"]

_MARGIN = 16
_GAP = 10  # between piles
_DOWN_STEP = 9  # vertical offset between face-down cards of a pile
_UP_STEP = 24  # vertical offset between face-up cards of a pile
_MIN_DOWN_STEP = 3  # face-down cards close up to this before face-up cards do
_DEAL_STEP = 6  # horizontal offset between the stacked deals of the stock
_RUN_GAP = 4  # between the places for removed runs
_TITLE = 24  # the height a title adds

#: The height of a picture without a title, at most (a title adds 24 pixels): longer
#: piles fan closer.
MAX_HEIGHT = 600
_PILES_TOP = _MARGIN + CARD_HEIGHT + 36
_FAN = MAX_HEIGHT - _PILES_TOP - CARD_HEIGHT - 40  # the longest fan, top card excluded


def _steps(downs: int, ups: int) -> tuple[float, float]:
    """The offsets between face-down and between face-up cards of a pile, closed up so
    the pile fits the picture's height."""
    spans = max(ups - 1, 0)
    if downs * _DOWN_STEP + spans * _UP_STEP <= _FAN:
        return _DOWN_STEP, _UP_STEP
    down: float = _DOWN_STEP
    if downs:
        down = max(_MIN_DOWN_STEP, min(_DOWN_STEP, (_FAN - spans * _UP_STEP) / downs))
    up = min(_UP_STEP, (_FAN - downs * down) / spans) if spans else _UP_STEP
    return down, up


def _layout(view: Observation, title: str | None) -> Scene:
    width = 2 * _MARGIN + PILES * CARD_WIDTH + (PILES - 1) * _GAP
    top = _MARGIN + (_TITLE if title else 0)
    scene = Scene(width, 0, title or f"Spider position: {view.status.value}", "spider")
    if title:
        scene.text(title, width / 2, _MARGIN + 12, size=15, anchor="middle", kind="title")

    # The stock: a back per deal left, the next deal on top, each at the depth of its first
    # card; then eight places for the runs, a King for each run removed.
    deals = view.deals_left
    sizes = view.rules.shape.deal_sizes[len(view.rules.shape.deal_sizes) - deals :]
    depth = 0
    for k, size in enumerate(sizes):
        item = scene.add(
            Item(
                f"stock-{depth}",
                _MARGIN + (deals - 1 - k) * _DEAL_STEP,
                top,
                CardLocation(Place.STOCK, depth=depth),
                data=(("deal", str(k)), ("cards", str(size))),
            )
        )
        if k == 0:
            scene.tops[Place.STOCK, None] = item.key
        depth += size
    scene.items.reverse()  # the next deal is drawn last, on top of the others
    if not deals:
        scene.tops[Place.STOCK, None] = scene.add(
            Item("stock", _MARGIN, top, CardLocation(Place.STOCK), empty="stock", mark="✕")
        ).key
    scene.text(
        f"stock: {deals} deal{'s' * (deals != 1)} ({view.stock_size} cards)",
        _MARGIN,
        top + CARD_HEIGHT + 16,
    )
    runs = view.runs_removed
    first = width - _MARGIN - RUNS_TO_WIN * CARD_WIDTH - (RUNS_TO_WIN - 1) * _RUN_GAP
    for i in range(RUNS_TO_WIN):
        item = scene.add(
            Item(
                f"removed-{i}",
                first + i * (CARD_WIDTH + _RUN_GAP),
                top,
                CardLocation(Place.REMOVED),
                card=Card(Rank.KING, runs[i]) if i < len(runs) else None,
                empty=None if i < len(runs) else "removed",
                data=(("run", str(i)),),
            )
        )
        if i == len(runs) or i == RUNS_TO_WIN - 1 == len(runs) - 1:
            scene.tops[Place.REMOVED, None] = item.key
    scene.text(
        f"runs removed: {len(runs)} of {RUNS_TO_WIN}",
        width - _MARGIN,
        top + CARD_HEIGHT + 16,
        anchor="end",
    )

    y0 = top + CARD_HEIGHT + 36
    bottom = y0 + CARD_HEIGHT
    for number, pile in enumerate(view.piles):
        x = _MARGIN + number * (CARD_WIDTH + _GAP)
        place = CardLocation(Place.PILE, number)
        scene.text(str(number + 1), x + 4, y0 - 6, size=12, kind="pile-number")
        downs, ups = pile.face_down_count, len(pile.face_up)
        if downs:
            scene.badge(
                downs,
                x + CARD_WIDTH - 12,
                y0 - 5,
                f' data-pile="{number}"',
                f"{downs} card{'s' * (downs != 1)} face down",
            )
        if not downs + ups:
            scene.tops[Place.PILE, number] = scene.add(
                Item(f"pile-{number}", x, y0, place, empty="pile")
            ).key
            continue
        down_step, up_step = _steps(downs, ups)
        size = downs + ups
        y: float = y0
        for i in range(downs):
            depth = size - 1 - i
            scene.add(
                Item(
                    f"pile-{number}-{depth}",
                    x,
                    y,
                    CardLocation(Place.PILE, number, depth),
                    classes=("covered",),
                    strip=down_step if depth else None,
                )
            )
            y += down_step
        unit = _run_length(_pack(pile.face_up))
        for i, card in enumerate(pile.face_up):
            depth = ups - 1 - i
            scene.add(
                Item(
                    f"pile-{number}-{depth}",
                    x,
                    y,
                    CardLocation(Place.PILE, number, depth),
                    card=card,
                    classes=(("exposed",) if depth < unit else ())
                    + (("covered",) if depth else ()),
                    strip=up_step if depth else None,
                    covered=depth > 0,
                )
            )
            if depth:
                y += up_step
        scene.tops[Place.PILE, number] = f"pile-{number}-0"
        bottom = max(bottom, round(y + CARD_HEIGHT))

    status_y = bottom + 24
    scene.text(
        f"score {view.score} · {view.status.value}",
        width / 2,
        status_y,
        size=14,
        anchor="middle",
        kind="status",
    )
    scene.height = status_y + _MARGIN
    return scene


def _pile_top(scene: Scene, pile: int, count: int) -> list[str]:
    """The keys of the top `count` cards of `pile` that are drawn."""
    return [key for depth in range(count) if scene.item(key := f"pile-{pile}-{depth}")]


def _unit(move: Move) -> tuple[int, int, int]:
    """The source pile, card count and target pile of a unit move."""
    source, count, target = move.source, move.count, move.target
    assert source is not None
    assert count is not None
    assert target is not None
    return source, count, target


def _dealt(view: Observation, move_made: bool) -> int:
    """How many cards the next deal (or, `move_made`, the last one) puts out."""
    sizes = view.rules.shape.deal_sizes
    made = len(sizes) - view.deals_left
    index = made - 1 if move_made else made
    return sizes[index] if 0 <= index < len(sizes) else 0


def _highlight(scene: Scene, view: Observation, move: Move) -> list[str]:
    """What a move to be played takes and where it goes: the cards it moves and the top
    of the target pile, the stock for a deal, the run for a removal."""
    if move.kind is MoveKind.DEAL:
        return [scene.tops[Place.STOCK, None]]
    if move.kind is MoveKind.REMOVE:
        assert move.pile is not None
        return _pile_top(scene, move.pile, 13)
    source, count, target = _unit(move)
    return [*_pile_top(scene, source, count), scene.tops[Place.PILE, target]]


def _arrows(scene: Scene, view: Observation, move: Move) -> list[tuple[str, str]]:
    """A move as arrows: from the lowest card it moves to the top of the pile it goes to;
    from the run to the next place for runs; a ring on the stock for a deal."""
    if move.kind is MoveKind.DEAL:
        stock = scene.tops[Place.STOCK, None]
        return [(stock, stock)]
    if move.kind is MoveKind.REMOVE:
        assert move.pile is not None
        cards = _pile_top(scene, move.pile, 13)
        return [(cards[-1], scene.tops[Place.REMOVED, None])] if cards else []
    source, count, target = _unit(move)
    cards = _pile_top(scene, source, count) or [scene.tops[Place.PILE, source]]
    return [(cards[-1], scene.tops[Place.PILE, target])]


def _played(scene: Scene, view: Observation, move: Move) -> list[str]:
    """What a move just played touched, as the table is now: the tops of its source and
    target piles; the stock and the top of each pile dealt onto; the removed run."""
    if move.kind is MoveKind.DEAL:
        dealt = _dealt(view, True)
        return [scene.tops[Place.STOCK, None]] + [
            scene.tops[Place.PILE, pile] for pile in range(min(dealt, PILES))
        ]
    if move.kind is MoveKind.REMOVE:
        assert move.pile is not None
        runs = len(view.runs_removed)
        return [scene.tops[Place.PILE, move.pile]] + ([f"removed-{runs - 1}"] if runs else [])
    source, _count, target = _unit(move)
    return [scene.tops[Place.PILE, source], scene.tops[Place.PILE, target]]


def spider_svg(state: GameState | Observation, **options: object) -> str:
    """Draw a Spider `state` (or what a player sees of one, its `Observation`) as a
    self-contained SVG document: `pyramid13.to_svg` for Spider, which documents the
    arguments and the picture."""
    checked: Options = check_options(Move, "spider Move", **options)
    view = state.observe() if isinstance(state, GameState) else state
    return draw(view, checked, _layout, _highlight, _arrows, _played)
