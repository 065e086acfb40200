"""The SVG drawing kit every game's pictures are made with, as plain SVG text with no
dependency.

A game lays its table out as a `Scene`: one `Item` per card face, card back and empty
place, each with its `CardLocation`, plus labels. `render` turns a scene into the SVG
document: it resolves the locations a caller names (`fill`, `arrows`), marks the items
the game chose (``highlight``, ``lastmove``), and writes every card as a ``<g>`` with an
``id`` and ``data-place`` / ``data-index`` / ``data-depth`` attributes, so a web page can
address it. Both games' pictures share it, so they look and read alike.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any

import attrs

from .cards import Card, Rank, Suit
from .errors import InvalidArgumentError, InvalidMoveError
from .location import CardLocation, Place
from .text import describe

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "DEFAULT_COLORS",
    "Arrow",
    "Item",
    "Options",
    "Scene",
    "attr",
    "check_options",
    "draw",
    "length",
    "render",
]

CARD_WIDTH = 56
CARD_HEIGHT = 78

#: The colours `render` paints with, by the names ``colors=`` overrides. A value is any
#: SVG colour; ``#rrggbbaa`` is drawn as ``#rrggbb`` with an opacity, as python-chess does.
DEFAULT_COLORS: Mapping[str, str] = {
    "table": "#e9f2ea",
    "text": "#1f1f1f",
    "card": "#ffffff",
    "card border": "#555555",
    "back": "#2f5f8f",
    "exposed": "#1e7b45",
    "highlight": "#e07000",
    "highlight fill": "#fff1b8",
    "lastmove": "#2a64c8",
    "lastmove fill": "#dde8fb",
    "empty": "#9a9a9a",
    "stock empty": "#7a4e2d",
    "count": "#1f1f1f",
    "spades": "#1f1f1f",
    "hearts": "#b3261e",
    "diamonds": "#b3261e",
    "clubs": "#1f1f1f",
    "arrow green": "#15781b80",
    "arrow red": "#88202080",
    "arrow yellow": "#e68f00b3",
    "arrow blue": "#00308880",
}

#: The suit colours of a four-colour deck (``four_color=True``): blue diamonds, green clubs.
FOUR_COLORS: Mapping[str, str] = {"diamonds": "#1a5fb4", "clubs": "#1b7a2f"}

_SUIT_NAME = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}
RANK_TEXT = {rank: rank.letter for rank in Rank}
RANK_TEXT[Rank.TEN] = "10"

# Characters XML 1.0 forbids (most control characters, lone surrogates, U+FFFE/U+FFFF):
# an SVG holding one is no document at all, so they are drawn as U+FFFD.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_ALPHA = re.compile("#([0-9a-fA-F]{6})([0-9a-fA-F]{2})")
_PREFIX = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]*|")


def attr(value: object) -> str:
    """`value` as text safe in an XML attribute or element."""
    return escape(_NOT_XML.sub("\ufffd", str(value)), quote=True)


def length(pixels: float) -> str:
    """A number for an attribute: at most 2 decimals, no trailing 0."""
    text = f"{pixels:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _paint(kind: str, colour: str) -> str:
    """``fill="..."`` (or stroke), splitting ``#rrggbbaa`` into a colour and an opacity."""
    match = _ALPHA.fullmatch(colour)
    if match is None:
        return f'{kind}="{attr(colour)}"'
    opacity = int(match[2], 16) / 255
    return f'{kind}="#{match[1]}" {kind}-opacity="{length(opacity)}"'


@attrs.frozen
class Arrow:
    """An arrow to draw on a picture, from the card or place at `tail` to the one at `head`
    (python-chess's ``chess.svg.Arrow`` for cards). An arrow whose tail is its head is drawn
    as a ring.

    Examples:
        >>> from pyramid13 import CardLocation, Place
        >>> arrow = Arrow(CardLocation(Place.PILE, 0, 2), CardLocation(Place.PILE, 5), color="blue")
        >>> arrow.head, arrow.color
        (CardLocation(place=<Place.PILE: 'pile'>, index=5, depth=None), 'blue')
    """

    tail: CardLocation
    """Where the arrow starts."""
    head: CardLocation
    """Where it points."""
    color: str = "green"
    """``green``, ``red``, ``yellow`` or ``blue`` (the colours ``arrow green`` ... of
    ``colors=``), or any SVG colour such as ``#15781b80``."""

    def __attrs_post_init__(self) -> None:
        for name in ("tail", "head"):
            value = getattr(self, name)
            if not isinstance(value, CardLocation):
                raise InvalidArgumentError(
                    f"Arrow {name} must be a CardLocation, not {describe(value)}"
                )
        if not isinstance(self.color, str):
            raise InvalidArgumentError(f"Arrow color must be text, not {describe(self.color)}")


@attrs.define
class Item:
    """One card face, card back or empty place of a scene, at its top-left corner."""

    key: str
    """The element's ``id`` (without the caller's prefix); unique in its scene."""
    x: float
    y: float
    location: CardLocation
    """Where the card lies; for an empty place, the place (``depth`` None)."""
    card: Card | None = None
    """The card of a face-up card; None for a back or an empty place."""
    empty: str | None = None
    """For an empty place: what it is (``pile``, ``slot``, ``stock``, ``waste``, ``removed``)."""
    classes: tuple[str, ...] = ()
    """Classes the game adds (``exposed``, ``covered`` ...)."""
    strip: float | None = None
    """The height of the part left in view under the next card of a fan (None: all or
    enough of it to show the rank and the suit at the left)."""
    covered: bool = False
    """Whether the card's middle is hidden (no large suit symbol is drawn)."""
    mark: str = ""
    """A symbol drawn in an empty place (the empty stock's)."""
    data: tuple[tuple[str, str], ...] = ()
    """More ``data-`` attributes, as (name, value) pairs."""

    @property
    def anchor(self) -> tuple[float, float]:
        """Where an arrow meets the item: the middle of its part in view."""
        height = CARD_HEIGHT if self.strip is None else self.strip
        return self.x + CARD_WIDTH / 2, self.y + min(height, CARD_HEIGHT) / 2


@attrs.define
class Scene:
    """A table laid out for drawing: its size, items, labels and the tops of its places."""

    width: int
    height: int
    label: str
    """The picture's accessible name (its ``<title>``)."""
    game: str
    """The game's name, a class of the root element."""
    items: list[Item] = attrs.Factory(list)
    texts: list[Callable[[Mapping[str, str]], str]] = attrs.Factory(list)
    """Labels, each drawn with the palette."""
    tops: dict[tuple[Place, int | None], str] = attrs.Factory(dict)
    """The key of the top item of each place (a pile's top card, or its empty place)."""

    by_key: dict[str, Item] = attrs.Factory(dict)

    def add(self, item: Item) -> Item:
        self.items.append(item)
        self.by_key[item.key] = item
        return item

    def text(
        self,
        text: str,
        x: float,
        y: float,
        *,
        size: int = 13,
        anchor: str = "start",
        kind: str = "label",
        data: str = "",
    ) -> None:
        """A line of text; `kind` is its class, `data` more attributes (already escaped)."""
        start = (
            f'<text class="{kind}" x="{length(x)}" y="{length(y)}" font-size="{size}" '
            f'text-anchor="{anchor}"{data} '
        )
        end = f">{attr(text)}</text>"
        self.texts.append(lambda colors: start + _paint("fill", colors["text"]) + end)

    def badge(self, count: int, x: float, y: float, data: str, what: str) -> None:
        """A count in a pill, such as the number of face-down cards of a pile; `data` is
        more attributes (already escaped), `what` its title."""
        text = str(count)
        width = 8 + 7 * len(text)
        start = (
            f'<g class="count"{data}><title>{attr(what)}</title>'
            f'<rect x="{length(x - width / 2)}" y="{length(y - 11)}" width="{width}" '
            f'height="14" rx="7" '
        )
        end = (
            f'/><text x="{length(x)}" y="{length(y)}" font-size="11" font-weight="bold" '
            f'text-anchor="middle" fill="#ffffff">{text}</text></g>'
        )
        self.texts.append(lambda colors: start + _paint("fill", colors["count"]) + end)

    def find(self, location: CardLocation) -> str:
        """The key of the item at `location`: for a location without a depth (or at depth
        0 of an empty place) the top of its place (`tops`), else the card drawn there.

        Raises:
            InvalidArgumentError: nothing is drawn there.
        """
        if not isinstance(location, CardLocation):
            raise InvalidArgumentError(
                f"a place in the picture must be a CardLocation, not {describe(location)}"
            )
        key = self.tops.get((location.place, location.index))
        if key is not None and (
            location.depth is None or (location.depth == 0 and self.by_key[key].empty)
        ):
            return key
        for item in self.items:
            if item.location == location and item.empty is None:
                return item.key
        raise InvalidArgumentError(f"nothing is drawn at {_where(location)} in this picture")

    def item(self, key: str) -> Item | None:
        return self.by_key.get(key)

    def top(self, place: Place, index: int | None = None) -> str | None:
        return self.tops.get((place, index))


def _where(location: CardLocation) -> str:
    place = location.place
    parts = [place.value if isinstance(place, Place) else describe(place)]
    if location.index is not None:
        parts.append(f"index {describe(location.index)}")
    if location.depth is not None:
        parts.append(f"depth {describe(location.depth)}")
    return " ".join(parts)


def _data(location: CardLocation) -> str:
    text = f' data-place="{location.place.value}"'
    if location.index is not None:
        text += f' data-index="{location.index}"'
    if location.depth is not None:
        text += f' data-depth="{location.depth}"'
    return text


@attrs.frozen
class Options:
    """The checked drawing options of `check_options`, shared by every game."""

    highlight: Any
    lastmove: Any
    arrows: tuple[Any, ...]
    """Each an `Arrow` or a move of the game."""
    fill: tuple[tuple[CardLocation, str], ...]
    colors: Mapping[str, str]
    style: str | None
    title: str | None
    scale: float
    id_prefix: str


def _move(value: object, name: str, move_type: Any, move_name: str) -> Any:
    if isinstance(value, str):
        return move_type.parse(value)
    if value is not None and not isinstance(value, move_type):
        raise InvalidMoveError(
            f"{name} must be a {move_name}, its text or None, not {type(value).__name__}"
        )
    return value


def check_options(
    move_type: Any,
    move_name: str = "Move",
    *,
    highlight: object = None,
    lastmove: object = None,
    arrows: object = (),
    fill: object = None,
    four_color: object = False,
    colors: object = None,
    style: object = None,
    title: object = None,
    scale: object = 1,
    id_prefix: object = "",
) -> Options:
    """Every game's drawing arguments, checked (see `pyramid13.to_svg`).

    Raises:
        InvalidMoveError: `highlight`, `lastmove` or a move of `arrows` is neither a move of
            the game nor the text of one.
        InvalidArgumentError: any other argument is not of its kind (the message names it).
    """
    highlight = _move(highlight, "highlight", move_type, move_name)
    lastmove = _move(lastmove, "lastmove", move_type, move_name)
    if isinstance(arrows, (str, bytes)) or not isinstance(arrows, Iterable):
        raise InvalidArgumentError(
            f"arrows must be a list of moves, Arrows or (tail, head) pairs, not {describe(arrows)}"
        )
    checked: list[Any] = []
    for arrow in arrows:
        if isinstance(arrow, Arrow):
            checked.append(arrow)
        elif isinstance(arrow, tuple) and len(arrow) == 2:
            checked.append(Arrow(*arrow))
        elif isinstance(arrow, (str, move_type)):
            checked.append(_move(arrow, "an arrow", move_type, move_name))
        else:
            raise InvalidArgumentError(
                "each arrow must be a move, an Arrow or a (tail, head) pair of CardLocations, "
                f"not {describe(arrow)}"
            )
    if fill is None:
        fill = {}
    if not isinstance(fill, Mapping):
        raise InvalidArgumentError(
            f"fill must be a mapping of CardLocation to colour, not {describe(fill)}"
        )
    for where, colour in fill.items():
        if not isinstance(where, CardLocation) or not isinstance(colour, str):
            raise InvalidArgumentError(
                "fill must map CardLocations to colours (text), not "
                f"{describe(where)} to {describe(colour)}"
            )
    if not isinstance(four_color, bool):
        raise InvalidArgumentError(f"four_color must be True or False, not {describe(four_color)}")
    palette = dict(DEFAULT_COLORS)
    if four_color:
        palette.update(FOUR_COLORS)
    if colors is None:
        colors = {}
    if not isinstance(colors, Mapping):
        raise InvalidArgumentError(
            f"colors must be a mapping of name to colour, not {describe(colors)}"
        )
    for name, colour in colors.items():
        if name not in DEFAULT_COLORS:
            raise InvalidArgumentError(
                f"colors has no colour named {describe(name)}; the names are "
                + ", ".join(DEFAULT_COLORS)
            )
        if not isinstance(colour, str):
            raise InvalidArgumentError(f"colors[{name!r}] must be text, not {describe(colour)}")
        palette[name] = colour
    if style is not None and not isinstance(style, str):
        raise InvalidArgumentError(f"style must be CSS text or None, not {describe(style)}")
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
    if not isinstance(id_prefix, str) or not _PREFIX.fullmatch(id_prefix):
        raise InvalidArgumentError(
            "id_prefix must be text that starts an XML name (a letter or _, then letters, "
            f"digits, _ . : -), not {describe(id_prefix)}"
        )
    return Options(
        highlight,
        lastmove,
        tuple(checked),
        tuple(fill.items()),
        palette,
        style,
        title,
        float(scale) if not isinstance(scale, int) else scale,
        id_prefix,
    )


def draw(
    view: Any,
    options: Options,
    layout: Callable[[Any, str | None], Scene],
    highlight: Callable[[Scene, Any, Any], list[str]],
    arrows: Callable[[Scene, Any, Any], list[tuple[str, str]]],
    played: Callable[[Scene, Any, Any], list[str]],
) -> str:
    """A game's picture of `view` (what the player sees): the game's `layout` of the
    table, then what its moves mark: `highlight` (a move to be played), `arrows` (each
    move of ``options.arrows``) and `played` (the last move), each given the scene, the view
    and the move, answering keys of items."""
    scene = layout(view, options.title)
    lines = [
        (tail, head, "green")
        for move in options.arrows
        if not isinstance(move, Arrow)
        for tail, head in arrows(scene, view, move)
    ]
    return render(
        scene,
        options,
        highlighted=highlight(scene, view, options.highlight)
        if options.highlight is not None
        else (),
        played=played(scene, view, options.lastmove) if options.lastmove is not None else (),
        arrows=lines,
    )


def render(
    scene: Scene,
    options: Options,
    *,
    highlighted: Iterable[str] = (),
    played: Iterable[str] = (),
    arrows: Iterable[tuple[str, str, str]] = (),
) -> str:
    """The SVG document of `scene`: `highlighted` and `played` are the keys of the items
    the highlight move and the last move mark, `arrows` (tail key, head key, colour) the
    arrows of moves; `options.fill` and `options.arrows` (Arrow values) are resolved here.

    Raises:
        InvalidArgumentError: a location of `fill` or of an `Arrow` names nothing drawn.
    """
    colors = options.colors
    prefix = options.id_prefix
    fills = {scene.find(where): colour for where, colour in options.fill}
    lines = list(arrows)
    for arrow in options.arrows:
        if isinstance(arrow, Arrow):
            lines.append((scene.find(arrow.tail), scene.find(arrow.head), arrow.color))
    highlight = set(highlighted)
    lastmove = set(played)
    parts: list[str] = []
    for item in scene.items:
        parts.append(
            _item(
                item,
                colors,
                prefix,
                item.key in highlight,
                item.key in lastmove,
                fills.get(item.key),
            )
        )
    parts.extend(text(colors) for text in scene.texts)
    for tail, head, colour in lines:
        parts.append(_arrow(scene, tail, head, colour, colors))
    width, height, scale = scene.width, scene.height, options.scale
    label = attr(options.title or scene.label)
    style = f"<style>{attr(options.style)}</style>" if options.style else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pyramid13 {scene.game}" '
        f'width="{length(width * scale)}" height="{length(height * scale)}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">'
        f"<title>{label}</title>{style}"
        f'<rect class="table" width="{width}" height="{height}" {_paint("fill", colors["table"])}/>'
        + "".join(parts)
        + "</svg>"
    )


def _item(
    item: Item,
    colors: Mapping[str, str],
    prefix: str,
    highlighted: bool,
    played: bool,
    fill: str | None,
) -> str:
    x, y = item.x, item.y
    classes = ["empty", item.empty] if item.empty else ["card"]
    card = item.card
    if card is not None:
        classes += ["face-up", _SUIT_NAME[card.suit]]
    elif not item.empty:
        classes += ["back", "face-down"]
    classes += item.classes
    if played:
        classes.append("lastmove")
    if highlighted:
        classes.append("highlight")
    if fill is not None:
        classes.append("filled")
    data = _data(item.location) + "".join(f' data-{name}="{attr(v)}"' for name, v in item.data)
    head = f'<g id="{attr(prefix + item.key)}" class="{" ".join(classes)}"{data}'
    box = f'x="{length(x)}" y="{length(y)}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5"'
    if item.empty:
        stroke, width, dash = colors["empty"], 1, ' stroke-dasharray="4 3"'
        if item.empty == "stock":
            stroke, width, dash = colors["stock empty"], 2, ""
        elif item.empty == "removed":
            dash = ' stroke-dasharray="1 3"'
        background = "#ffffff00" if fill is None else fill
        if highlighted:
            stroke, width = colors["highlight"], 4
        elif played:
            stroke, width = colors["lastmove"], 3
        mark = ""
        if item.mark:
            mark = (
                f'<text class="mark" x="{length(x + CARD_WIDTH / 2)}" '
                f'y="{length(y + CARD_HEIGHT / 2 + 10)}" font-size="28" text-anchor="middle" '
                f"{_paint('fill', colors['stock empty'])}>{attr(item.mark)}</text>"
            )
        return (
            f"{head}><rect {box} {_paint('fill', background)} {_paint('stroke', stroke)} "
            f'stroke-width="{width}"{dash}/>{mark}</g>'
        )
    stroke, width = colors["card border"], 1
    if "exposed" in item.classes:
        stroke, width = colors["exposed"], 3
    face = colors["card"] if card is not None else colors["back"]
    if played:
        stroke, width = colors["lastmove"], 3
        face = colors["lastmove fill"] if card is not None else face
    if highlighted:
        stroke, width = colors["highlight"], 4
        face = colors["highlight fill"] if card is not None else face
    if fill is not None:
        face = fill
    body = f'<rect {box} {_paint("fill", face)} {_paint("stroke", stroke)} stroke-width="{width}"/>'
    if card is None:
        inner = (
            f'<rect x="{length(x + 5)}" y="{length(y + 5)}" width="{CARD_WIDTH - 10}" '
            f'height="{CARD_HEIGHT - 10}" rx="3" fill="none" stroke="#ffffff" '
            'stroke-opacity="0.5"/>'
        )
        return f"{head}>{body}{inner}</g>"
    rank = attr(RANK_TEXT[card.rank])
    suit = attr(card.suit.symbol)
    paint = _paint("fill", colors[_SUIT_NAME[card.suit]])
    strip = item.strip
    if strip is None or strip >= 36:
        index = (
            f'<text x="{length(x + 4)}" y="{length(y + 17)}" font-size="15" '
            f'font-weight="bold">{rank}</text>'
            f'<text x="{length(x + 4)}" y="{length(y + 34)}" font-size="15">{suit}</text>'
        )
    else:  # a fanned card shows its rank and suit side by side in the strip in view
        size = max(7, min(15, math.floor(strip) - 3))
        base = length(y + size + (2 if size >= 12 else 1))
        index = (
            f'<text x="{length(x + 4)}" y="{base}" font-size="{size}" font-weight="bold">'
            f'{rank}</text><text x="{length(x + CARD_WIDTH - 5)}" y="{base}" '
            f'font-size="{size}" text-anchor="end">{suit}</text>'
        )
    middle = (
        ""
        if item.covered
        else f'<text x="{length(x + CARD_WIDTH // 2 + 6)}" y="{length(y + 66)}" '
        f'font-size="28" text-anchor="middle">{suit}</text>'
    )
    return (
        f'{head} data-card="{card}"><title>{card}</title>{body}<g {paint}>{index}{middle}</g></g>'
    )


def _arrow(scene: Scene, tail: str, head: str, colour: str, colors: Mapping[str, str]) -> str:
    start, end = scene.item(tail), scene.item(head)
    if start is None or end is None:
        return ""
    name = colour if f"arrow {colour}" in colors else "custom"
    paint = colors.get(f"arrow {colour}", colour)
    x1, y1 = start.anchor
    x2, y2 = end.anchor
    classes = f'class="arrow {attr(name)}" data-from="{attr(tail)}" data-to="{attr(head)}"'
    if tail == head:
        return (
            f'<circle {classes} cx="{length(x1)}" cy="{length(y1)}" r="26" fill="none" '
            f'{_paint("stroke", paint)} stroke-width="6"/>'
        )
    dx, dy = x2 - x1, y2 - y1
    span = math.hypot(dx, dy)
    size = min(20.0, span / 2)
    ux, uy = dx / span, dy / span
    bx, by = x2 - ux * size, y2 - uy * size
    points = [
        (x2, y2),
        (bx + uy * size / 2, by - ux * size / 2),
        (bx - uy * size / 2, by + ux * size / 2),
    ]
    return (
        f"<g {classes}>"
        f'<line x1="{length(x1)}" y1="{length(y1)}" x2="{length(bx)}" y2="{length(by)}" '
        f'{_paint("stroke", paint)} stroke-width="8" stroke-linecap="round"/>'
        f'<polygon points="{" ".join(f"{length(px)},{length(py)}" for px, py in points)}" '
        f"{_paint('fill', paint)}/></g>"
    )
