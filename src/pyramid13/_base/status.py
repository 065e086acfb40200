"""`Status`: where a game stands, the same three values in every game.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

import enum

__all__ = ["Status"]


class Status(enum.Enum):
    """Where a game stands, in either game (Pyramid and ``pyramid13.spider``).

    Examples:
        >>> from pyramid13 import GameState, Layout, RuleSet
        >>> state = GameState.new(Layout.shuffled(2024), RuleSet.preset("microsoft"))
        >>> state.status
        <Status.PLAYING: 'playing'>
        >>> while state.status is Status.PLAYING:
        ...     state = state.apply(state.legal_moves()[0])
        >>> state.status, state.is_over
        (<Status.WON: 'won'>, True)
    """

    PLAYING = "playing"
    """Not over: some move is legal (in Pyramid, a removal is legal now or can become legal
    by drawing and recycling)."""
    WON = "won"
    """The goal is reached (Spider: eight runs removed). No moves are legal."""
    LOST = "lost"
    """Not won, and the game cannot go on. In Pyramid: no removal can ever become legal
    again through draws and recycles alone (this also ends unlimited-pass games that could
    only cycle). In Spider: no legal move at all. No moves are legal."""
