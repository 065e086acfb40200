"""How ``play`` draws cards: suit symbols and colours on a terminal, plain text elsewhere.

Plain text (letters for the suits, no escape sequences) is what a pipe or a script gets,
so that a program reading the board sees the same text as ``str(state)``. On a terminal
the board gets the symbols ``♣ ♦ ♥ ♠`` (when the output's encoding has them), red for
hearts and diamonds (unless ``NO_COLOR`` is set or ``TERM`` is ``dumb``), and a ``*`` after
each card that a legal move uses (in bold when colours are on).

Layer: generic (the command line), which reaches each game through the registry.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

import attrs

from .._base.cards import Card, Suit
from ._terminal import is_terminal

__all__ = [
    "COLOR_CHOICES",
    "PLAIN",
    "Style",
    "add_color_argument",
    "choose_style",
]

COLOR_CHOICES = ("auto", "always", "never")
_SYMBOLS = "".join(suit.symbol for suit in Suit)
_RED = "\033[31m"
_BOLD = "\033[1m"
_DIM = "\033[2m"
_RESET = "\033[0m"


@attrs.frozen
class Style:
    """How cards are drawn."""

    fancy: bool = False
    """Drawn for a person at a terminal (marks on Pyramid's board), not for a program."""
    symbols: bool = False
    """Suits as ``♣ ♦ ♥ ♠`` rather than ``C D H S``."""
    colour: bool = False
    """ANSI colours: red hearts and diamonds, bold marked cards, dim backs."""

    def card(self, card: Card, *, marked: bool = False, mark: str = "") -> str:
        """`card` as text, followed by `mark` when `marked` (coloured as a whole)."""
        suit = card.suit.symbol if self.symbols else card.suit.value
        text = card.rank.letter + suit + (mark if marked else "")
        red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
        return self.paint(text, red=red, bold=marked)

    def paint(self, text: str, *, red: bool = False, bold: bool = False, dim: bool = False) -> str:
        """`text` in colour when colours are on (else unchanged)."""
        codes = (_RED if red else "") + (_BOLD if bold else "") + (_DIM if dim else "")
        if not self.colour or not codes or not text:
            return text
        return f"{codes}{text}{_RESET}"

    def suit(self, suit: Suit) -> str:
        """A suit as its symbol or letter."""
        return suit.symbol if self.symbols else suit.value


PLAIN = Style()
"""Letters, no colours, no marks: what scripts and pipes get."""


def _can_encode(stream: object, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def choose_style(
    stream: object, when: str = "auto", environ: Mapping[str, str] | None = None
) -> Style:
    """The style for a board printed on `stream`.

    Args:
        stream: where the board goes (standard output).
        when: ``"auto"``: symbols and colours only when `stream` is a terminal, colours
            only when ``NO_COLOR`` is unset (or empty) and ``TERM`` is not ``dumb``;
            ``"always"``: symbols and colours even on a pipe, whatever ``NO_COLOR`` says
            (an option given on the command line wins, as https://no-color.org asks);
            ``"never"``: `PLAIN`.
        environ: the environment (default: ``os.environ``).
    """
    if when == "never" or (when == "auto" and not is_terminal(stream)):
        return PLAIN
    env = os.environ if environ is None else environ
    colour = when == "always" or not (env.get("NO_COLOR") or env.get("TERM") == "dumb")
    return Style(fancy=True, symbols=_can_encode(stream, _SYMBOLS), colour=colour)


def add_color_argument(parser: argparse.ArgumentParser) -> None:
    """``--color WHEN`` (also spelled ``--colour``), for the ``play`` commands."""
    parser.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=COLOR_CHOICES,
        default="auto",
        metavar="WHEN",
        help="draw the board with suit symbols, red hearts and diamonds and the playable "
        "cards marked: auto (the default: on a terminal, without colours when NO_COLOR is "
        "set or TERM=dumb), always (also on a pipe), never (plain text, as scripts get)",
    )
