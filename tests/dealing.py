"""Hand-made deals for readable rule tests."""

from __future__ import annotations

import pyramid13 as p13

__all__ = ["MAX_MICROSOFT", "NEUTRAL", "SELF_CLEARING", "SELF_CLEARING_MOVES", "deal", "play"]


#: A pyramid with the bottom row A A A 2 2 2 3 and no King: at the start nothing pairs,
#: and of the stock cards only Queens (with the Aces) and Kings can ever be removed.
NEUTRAL = """
            7C
          7D  7H
        7S  8C  8D
      8H  8S  9C  9D
    9H  9S  TC  TD  TH
  TS  JC  JD  JH  JS  QC
AC  AD  AH  2C  2D  2H  3C
"""


def deal(pyramid: str, stock: str = "") -> p13.Layout:
    """A layout from a drawing of the pyramid (28 cards, apex first) and the first cards
    drawn from the stock; the cards not named follow in the stock in canonical order
    (clubs, diamonds, hearts, spades; Ace to King)."""
    named = (pyramid + " " + stock).split()
    used = {p13.Card.parse(token) for token in named}
    rest = [str(card) for card in p13.DECK if card not in used]
    return p13.Layout.parse(" ".join(named + rest))


def play(state: p13.GameState, *moves: str) -> p13.GameState:
    """Apply moves given in notation, each checked for legality."""
    for move in moves:
        state = state.apply(p13.Move.parse(move))
    return state


#: Every row clears itself: one King and pairs within the row, so the pyramid can be
#: emptied without touching the stock. The stock (hearts and spades A..Q) comes in
#: pairs: under the pysolfc rules the waste top and the stock top clear it too.
SELF_CLEARING = deal(
    """
                KC
              QC  AC
            KD  JC  2C
          TC  3C  9C  4C
        KH  8C  5C  7C  6C
      QD  AD  JD  2D  TD  3D
    KS  9D  4D  8D  5D  7D  6D
    """,
    "AH QH 2H JH 3H TH 4H 9H 5H 8H 6H 7H  AS QS 2S JS 3S TS 4S 9S 5S 8S 6S 7S",
)
#: The moves that clear `SELF_CLEARING`'s pyramid, bottom row first.
SELF_CLEARING_MOVES = (
    *("KS", "4D+9D", "5D+8D", "6D+7D"),
    *("AD+QD", "2D+JD", "3D+TD"),
    *("KH", "5C+8C", "6C+7C"),
    *("3C+TC", "4C+9C"),
    *("KD", "2C+JC"),
    "AC+QC",
    "KC",
)

#: The pyramid holds the Kings and every card of value 1..6; the stock holds their
#: complements in the order the pyramid is cleared (bottom row first, left to right), so
#: under the microsoft rules each pyramid card leaves in a removal of its own: 28 removals.
MAX_MICROSOFT = deal(
    """
                KC
              AC  AD
            KD  AH  AS
          2C  2D  2H  2S
        3C  3D  KH  3H  3S
      4C  4D  4H  4S  5C  5D
    KS  5H  5S  6C  6D  6H  6S
    """,
    """
    8S 8H 7S 7H 7D 7C
    9S 9H 9D 9C 8D 8C
    TS TH TC TD JS JH
    JD JC QS QD QH QC
    """,
)
