"""Pictures of positions as SVG, built as plain text with no dependency, for every game.

Layer: generic (it reaches each game through the registry, `pyramid13._base.games`).
`to_svg` draws a Pyramid state (the pyramid, the stock and the waste piles, the exposed
cards marked) or a Spider state (ten fanned columns, the stock and the removed runs), and
can highlight a move. Each game's ``GameState`` uses it to show itself in Jupyter
(``_repr_svg_``).

Examples:
    >>> import pyramid13 as p13
    >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    >>> picture = p13.to_svg(state, highlight=state.legal_moves()[0])
    >>> picture.startswith("<svg")
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._base.games import state_game

if TYPE_CHECKING:
    from ._base.protocol import State

__all__ = ["to_svg"]


def to_svg(
    state: State[Any],
    *,
    highlight: object = None,
    title: str | None = None,
    scale: float = 1,
) -> str:
    """Draw `state` (of any game) as a self-contained SVG document (a string).

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
        InvalidArgumentError: `state` is not a GameState of a game, `title` is not text, or `scale`
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
    return state_game(state).draw(state, highlight=highlight, title=title, scale=scale)
