"""Pictures of positions as SVG, built as plain text with no dependency, for every game.

Layer: generic (it reaches each game through the registry, `pyramid13._base.games`).
`to_svg` draws a Pyramid position (the pyramid, the stock, the waste piles and the removed
cards) or a Spider position (ten fanned piles, the stock and the removed runs), from a
`GameState` or from what a player sees of it (its `Observation`). Its arguments follow
python-chess's ``chess.svg.board``: ``lastmove``, ``arrows`` (`Arrow`), ``fill``,
``colors`` and ``style``. Every card is an element a web page can address by its ``id``
or by the ``data-place``, ``data-index`` and ``data-depth`` of its `CardLocation`; the
conventions are in the reference (Records, position codes and pictures). Each game's
``GameState`` uses it to show itself in Jupyter (``_repr_svg_``).

Examples:
    >>> import pyramid13 as p13
    >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    >>> picture = p13.to_svg(state, highlight=state.legal_moves()[0])
    >>> picture.startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ._base.canvas import Arrow
from ._base.errors import InvalidArgumentError
from ._base.games import describe_value, game_of

if TYPE_CHECKING:
    from ._base.location import CardLocation
    from ._base.protocol import State

__all__ = ["Arrow", "to_svg"]


def to_svg(
    state: State[Any] | Any,
    *,
    lastmove: object = None,
    arrows: Iterable[object] = (),
    fill: Mapping[CardLocation, str] | None = None,
    highlight: object = None,
    four_color: bool = False,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
    title: str | None = None,
    scale: float = 1,
    id_prefix: str = "",
) -> str:
    """Draw `state` (a `GameState` of any game, or its `Observation`) as a self-contained
    SVG document (a string).

    The picture shows only what the player sees: a face-down Spider card is a back with
    its place and no card, Pyramid's stock a back (its top card face up when the rules let
    it play), so two states that differ only in hidden cards give the same picture, and a
    state gives the picture of its observation. Every card is a ``<g class="card ...">``
    with a unique ``id`` and the ``data-place``, ``data-index`` and ``data-depth`` of its
    `CardLocation` (``data-card`` too, face up); empty piles, slots, stock, waste and
    places for removed cards are ``<g class="empty ...">`` elements with their place. The
    reference page lists every id, class and attribute.

    Args:
        state: the position to draw: a Pyramid or Spider ``GameState`` or ``Observation``.
        lastmove: a move (or its text) just played, marked as python-chess marks a last
            move: class ``lastmove`` on what it touched, as the table is now (Spider: the
            tops of its source and target piles; the stock and the top of each pile dealt
            onto; the pile and the run removed. Pyramid: the removed cards on the removed
            pile; the stock and the drawn cards; the stock and the waste). None (the
            default) marks nothing; pass ``state.last_move`` to mark the last move.
        arrows: arrows to draw, for a hint or a plan: moves (or their text) of the game,
            each from what it moves to where it goes (a ring on a King removed alone or on
            the stock for a Spider deal), `Arrow` values or ``(tail, head)`` pairs of
            `CardLocation` values.
        fill: a colour for the card or place at each `CardLocation` (any SVG colour,
            ``#rrggbbaa`` for a transparent one), for a selection and its targets; such
            elements have the class ``filled``. A location without a depth names the
            top of its place (its top card, or the empty place), as does depth 0 of an
            empty pile.
        highlight: a move (or its text) to be played: its cards (and, in Spider, the top
            of the pile they go to; the stock for a deal or draw, the waste for a recycle)
            get the class ``highlight``. It does not have to be legal.
        four_color: draw diamonds blue and clubs green (a four-colour deck).
        colors: colours by name, replacing the defaults (``DEFAULT_COLORS`` of the
            reference: ``table``, ``card``, ``back``, ``lastmove``, ``arrow green``, ...).
        style: a CSS stylesheet to include in the picture (the classes it can use are in
            the reference).
        title: a caption drawn above the picture and its accessible name (escaped; any
            text is safe: characters XML cannot hold are drawn as U+FFFD).
        scale: the size of the picture as a factor of its natural size (Pyramid: 460 by
            492 pixels with one waste pile and no title; Spider: 682 pixels wide and at
            most 600 high, long piles fanning closer, plus 24 with a title): the
            document's ``width`` and ``height`` are multiplied by it; the drawing (its
            ``viewBox``) is the same.
        id_prefix: text put before every ``id``, so that two pictures can share a page.

    Raises:
        InvalidArgumentError: `state` is not a GameState or Observation of a game, a
            location of `fill` or of an arrow names nothing the picture draws, or another
            argument is not of its kind (the message names it).
        InvalidMoveError: `highlight`, `lastmove` or a move of `arrows` is neither a move
            of the game nor the text of one.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
        >>> svg = p13.to_svg(state, highlight="KC", title="Your move")
        >>> svg.startswith("<svg"), "<title>Your move</title>" in svg
        (True, True)
        >>> '<g id="pyramid-21" class="card face-up clubs exposed highlight"' in svg
        True
        >>> 'data-place="pyramid" data-index="21" data-card="KC"' in svg
        True
        >>> p13.to_svg(state, scale=2).split('" viewBox')[0].split("width=")[1]
        '"920" height="984'
        >>> played = state.apply("KC")
        >>> 'class="card face-up clubs lastmove"' in p13.to_svg(played, lastmove=played.last_move)
        True
    """
    game = game_of(state, "state", "GameState or Observation")
    if not isinstance(state, (game.state_type, game.observation_type)):
        raise InvalidArgumentError(
            f"state must be a GameState or Observation of a game, not {describe_value(state)}"
        )
    return game.draw(
        state,
        lastmove=lastmove,
        arrows=arrows,
        fill=fill,
        highlight=highlight,
        four_color=four_color,
        colors=colors,
        style=style,
        title=title,
        scale=scale,
        id_prefix=id_prefix,
    )
