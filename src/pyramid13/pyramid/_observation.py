"""Hidden information in Pyramid: what a player sees (`Observation`) and sampling a full
state consistent with it (`determinize`).

In Pyramid every pyramid card and the waste lie face up; only the stock is hidden: its
order, and its top card too unless the rules let that card play
(`RuleSet.stock_top_pairable`). An `Observation` is built from plain values (cards,
counts, moves, the rules) and holds no reference to the `GameState` it came from, so code
given an observation cannot reach a hidden card.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import random

import attrs

from .._base.actions import action_mask, sorted_actions
from .._base.cards import Card
from .._base.sampling import check_sampling_arguments
from .._base.status import Status
from ._actions import _ACTION_OF, ACTION_COUNT
from ._moves import Move
from ._rules import RuleSet
from ._state import GameState

__all__ = ["Observation", "determinize"]


def _sort_key(card: Card) -> int:
    return card.index


@attrs.frozen
class Observation:
    """What a Pyramid player sees: the pyramid, the waste, the stock's size (and top card
    when the rules let it play), and the unseen cards as a set. Made by
    `GameState.observe`.

    The legal moves come with it: they are the state's. Removals, draw and recycle depend
    only on what is seen; the status does not always, since the engine declares a game
    LOST as soon as no removal can ever become legal, which a player would find out by
    drawing on. The observation carries that verdict (`status`) and nothing else of the
    stock order.

    Examples:
        >>> from pyramid13 import GameState, Layout
        >>> state = GameState.new(Layout.shuffled(1))
        >>> obs = state.observe()
        >>> obs.stock_top is None, obs.legal_moves() == state.legal_moves()
        (True, True)
    """

    rules: RuleSet
    """The rules of the game."""
    pyramid: tuple[Card | None, ...]
    """The 28 pyramid slots, row-major from the apex: a card, or None once removed."""
    waste_piles: tuple[tuple[Card, ...], ...]
    """The waste piles, each bottom to top."""
    stock_size: int
    """Cards left in the stock."""
    stock_top: Card | None
    """The stock's top card when the rules let it play (`RuleSet.stock_top_pairable`),
    else None."""
    pass_number: int
    """The current pass through the stock, starting at 1."""
    score: int
    """The score."""
    history: tuple[Move, ...]
    """The moves played so far, oldest first."""
    status: Status
    """Whether the game is being played, won or lost."""
    unseen: tuple[Card, ...]
    """The stock cards the player cannot see, sorted by `Card.index`."""
    _moves: tuple[Move, ...] = attrs.field(repr=False, eq=False)

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves; equal to the observed state's.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> GameState.new(Layout.shuffled(1)).observe().legal_moves()
            (Move.parse('KC'), Move.parse('KH'), Move.parse('draw'))
        """
        return self._moves

    def legal_actions(self) -> tuple[int, ...]:
        """The legal moves as ascending action numbers (see `pyramid13.action_to_move`).

        Examples:
            >>> from pyramid13 import GameState, Layout, action_to_move
            >>> actions = GameState.new(Layout.shuffled(1)).observe().legal_actions()
            >>> actions, [str(action_to_move(action)) for action in actions]
            ((0, 2, 100), ['KC', 'KH', 'draw'])
        """
        return sorted_actions(self._moves, _ACTION_OF)

    def legal_action_mask(self) -> tuple[bool, ...]:
        """One flag per action of the fixed action space: True where it is legal.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> mask = GameState.new(Layout.shuffled(1)).observe().legal_action_mask()
            >>> len(mask), [action for action, legal in enumerate(mask) if legal]
            (102, [0, 2, 100])
        """
        return action_mask(self._moves, _ACTION_OF, ACTION_COUNT)


def observe(state: GameState) -> Observation:
    """`GameState.observe`: the observation of `state`."""
    stock = list(state.stock)
    top = stock.pop() if stock and state.rules.stock_top_pairable else None
    stock.sort(key=_sort_key)
    return Observation(
        state.rules,
        state.pyramid,
        state.waste_piles,
        len(state.stock),
        top,
        state.pass_number,
        state.score,
        state.history,
        state.status,
        tuple(stock),
        state.legal_moves(),
    )


def determinize(observation: Observation, rng: random.Random) -> GameState:
    """A full Pyramid state consistent with `observation`: the unseen cards shuffled into the
    stock (under the visible top card, if there is one).

    The state shows what the observation shows (its `GameState.observe` has the same
    pyramid, waste, stock size and top, pass, score and history); its past is unknown, so
    it is the first state of its game (`GameState.undo` raises) and its
    `GameState.layout` is a deal consistent with the position. Its status is computed
    from the sampled stock, so it may differ from the observed one.

    Args:
        observation: what the player sees.
        rng: the source of randomness, such as ``random.Random(seed)``; the same seed gives
            the same state.

    Examples:
        >>> from pyramid13 import GameState, Layout, RuleSet
        >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
        >>> sample = determinize(state.observe(), random.Random(7))
        >>> sample.stock[-1] == state.stock[-1], set(sample.stock) == set(state.stock)
        (True, True)

    Raises:
        InvalidArgumentError: `observation` is not an Observation or `rng` has no
            ``shuffle``.
    """
    check_sampling_arguments(observation, Observation, "pyramid13 Observation", rng)
    stock = list(observation.unseen)
    rng.shuffle(stock)
    if observation.stock_top is not None:
        stock.append(observation.stock_top)
    state = GameState._from_position(
        observation.rules,
        observation.pyramid,
        stock,
        observation.waste_piles,
        observation.pass_number,
        observation.score,
    )
    state._game.prefix = observation.history
    return state
