"""The SVG drawing kit every game's pictures are made with: card faces, backs, empty
places and text, as plain SVG text with no dependency.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from .cards import Card, Rank, Suit
from .errors import InvalidArgumentError, InvalidMoveError
from .text import describe

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "Canvas", "attr", "check_picture", "length"]

CARD_WIDTH = 56
CARD_HEIGHT = 78

RED = "#b3261e"
BLACK = "#1f1f1f"
EXPOSED = "#1e7b45"
HIGHLIGHT_STROKE = "#e07000"
HIGHLIGHT_FILL = "#fff1b8"
BACK = "#2f5f8f"
EMPTY = "#9a9a9a"
RANK_TEXT = {rank: rank.letter for rank in Rank}
RANK_TEXT[Rank.TEN] = "10"


# Characters XML 1.0 forbids (most control characters, lone surrogates, U+FFFE/U+FFFF):
# an SVG holding one is no document at all, so they are drawn as U+FFFD.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def attr(value: object) -> str:
    return escape(_NOT_XML.sub("\ufffd", str(value)), quote=True)


class Canvas:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def card(
        self, card: Card, x: int, y: int, *, exposed: bool, highlighted: bool, covered: bool = False
    ) -> None:
        classes = ["card"]
        stroke, width, fill = "#555555", 1, "#ffffff"
        if exposed:
            classes.append("exposed")
            stroke, width = EXPOSED, 3
        if highlighted:
            classes.append("highlight")
            stroke, width, fill = HIGHLIGHT_STROKE, 4, HIGHLIGHT_FILL
        colour = RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK
        rank = RANK_TEXT[card.rank]
        self.parts.append(
            f'<g class="{" ".join(classes)}" data-card="{attr(card)}">'
            f"<title>{attr(card)}</title>"
            f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
            f'<g fill="{colour}"><text x="{x + 4}" y="{y + 17}" font-size="15" '
            f'font-weight="bold">{attr(rank)}</text>'
            f'<text x="{x + 4}" y="{y + 34}" font-size="15">{attr(card.suit.symbol)}</text>'
            + (
                ""
                if covered
                else f'<text x="{x + CARD_WIDTH // 2 + 6}" y="{y + 66}" font-size="28" '
                f'text-anchor="middle">{attr(card.suit.symbol)}</text>'
            )
            + "</g></g>"
        )

    def back(self, x: int, y: int, *, highlighted: bool) -> None:
        stroke, width = (HIGHLIGHT_STROKE, 4) if highlighted else ("#555555", 1)
        self.parts.append(
            f'<g class="card back"><rect x="{x}" y="{y}" width="{CARD_WIDTH}" '
            f'height="{CARD_HEIGHT}" rx="5" fill="{BACK}" stroke="{stroke}" '
            f'stroke-width="{width}"/><rect x="{x + 5}" y="{y + 5}" width="{CARD_WIDTH - 10}" '
            f'height="{CARD_HEIGHT - 10}" rx="3" fill="none" stroke="#ffffff" '
            'stroke-opacity="0.5"/></g>'
        )

    def empty(self, x: int, y: int, *, highlighted: bool = False) -> None:
        stroke, width = (HIGHLIGHT_STROKE, 4) if highlighted else (EMPTY, 1)
        self.parts.append(
            f'<rect class="empty" x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
            f'rx="5" fill="none" stroke="{stroke}" stroke-width="{width}" '
            f'stroke-dasharray="4 3" stroke-opacity="{1 if highlighted else 0.45}"/>'
        )

    def text(self, text: str, x: int, y: int, *, size: int = 13, anchor: str = "start") -> None:
        self.parts.append(
            f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{BLACK}">{attr(text)}</text>'
        )


def length(pixels: float) -> str:
    """A length for the width and height attributes: at most 2 decimals, no trailing 0."""
    return f"{pixels:.2f}".rstrip("0").rstrip(".")


def check_picture(
    highlight: object, title: object, scale: object, move_type: Any, move_name: str = "Move"
) -> Any:
    """The arguments of every game's picture, checked: the move to highlight (a move of
    the game, its text, or None) as a move or None.

    Raises:
        InvalidMoveError: `highlight` is neither a move of the game nor the text of one.
        InvalidArgumentError: `title` is not text or None, or `scale` is not a positive
            number of at most 100.
    """
    if isinstance(highlight, str):
        highlight = move_type.parse(highlight)
    elif highlight is not None and not isinstance(highlight, move_type):
        raise InvalidMoveError(
            f"highlight must be a {move_name}, its text or None, not {type(highlight).__name__}"
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
    return highlight
