"""Hidden information in Pyramid: what a player sees (`Observation`) and sampling a full
state consistent with it (`determinize`).

In Pyramid every pyramid card and the waste lie face up; only the stock is hidden: its
order, and its top card too unless the rules let that card play
(`RuleSet.stock_top_pairable`). A player remembers what went by: after a recycle every
stock card has been on the waste, so from the second pass on the whole stock order is known.
An `Observation` is built from plain values (cards, counts, moves, the rules) and holds no
reference to the `GameState` it came from, so code given an observation cannot reach a
hidden card.

**Honest status.** The engine's `GameState.status` is the thoughtful verdict: LOST as soon
as no removal can ever become legal through draws and recycles, which it works out from the
stock order it knows. The observation's `Observation.status` is LOST only when what the
player has seen proves it: no arrangement of the unseen cards lets a removal become legal.
Until then the observation offers the draws and recycles the rules allow (and
`GameState.apply` accepts them), so an honest player plays on through the forced draws.
The check is exact: draws and recycles move cards by position whatever they are, so the
places the stock cards pass through are the same for every arrangement; a removal can come
exactly when some exposed place could hold an unseen King or an unseen card pairing with an
available pyramid card, or two places exposed together could hold two cards summing to 13
(one of them unseen, or both).

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import attrs

from .._base.actions import action_mask, sorted_actions
from .._base.cards import Card
from .._base.errors import InvalidPositionError
from .._base.packing import pack as _pack
from .._base.position import code_rules
from .._base.sampling import check_sampling_arguments
from .._base.scaffold import DeferredParent, MoveLine, move_line, set_line
from .._base.status import Status
from .._base.text import describe
from .._base.views import (
    check_view_length,
    format_cards,
    format_history,
    parse_cards,
    parse_history,
    view_fields,
)
from ._actions import _ACTION_OF, ACTION_COUNT
from ._moves import Move
from ._past import Past, find_past
from ._rules import RuleSet, as_rules
from ._state import PILE_BITS, GameState, _draw, _Game, _make, _recycle, first_state

__all__ = ["Observation", "determinize"]


_VIEW_FIELDS = (
    "pyramid",
    "stock",
    "waste",
    "pass number",
    "score",
    "unseen cards",
    "rules",
    "history",
)


def _sort_key(card: Card) -> int:
    return card.index


def _history_key(history: object) -> object:
    return history.moves() if isinstance(history, MoveLine) else history


def _history_repr(history: object) -> str:
    return repr(_history_key(history))


@attrs.frozen
class Observation:
    """What a Pyramid player sees and remembers: the pyramid, the waste, the stock as far as
    the player has seen it, and the unseen cards as a set. Made by `GameState.observe`.

    Its `status`, `legal_moves`, `legal_actions` and `legal_action_mask` are the honest
    ones, worked out from what is seen alone: two states that look the same to a player
    give equal observations, statuses and moves. They equal the state's except where the
    engine declares a game LOST early from the stock order it knows (`GameState.status`,
    the thoughtful verdict): there the observation still offers the forced draws and
    recycles, until what the player has seen proves that no removal can come. The proof
    is exact: draws and recycles move cards by position whatever they are, so the places
    the stock cards pass through are the same for every arrangement, and a removal can come
    exactly when some place that will be exposed could hold an unseen King or an unseen
    card pairing with an available pyramid card, or two places exposed together could hold
    two cards summing to 13 (one unseen and one seen, or two unseen).

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
    """The waste piles, each bottom to top: every card on them has been seen."""
    stock: tuple[Card | None, ...]
    """The stock bottom to top (``stock[-1]`` is drawn next) as far as the player has seen
    it: a card where it is known, None where it is not. Known are the top card when the
    rules let it play (`RuleSet.stock_top_pairable`), and from the second pass on every
    card (each went by on the waste in the pass before, and a recycle keeps their order)."""
    stock_size: int
    """Cards left in the stock."""
    stock_top: Card | None
    """The stock's top card when the rules let it play (`RuleSet.stock_top_pairable`),
    else None."""
    pass_number: int
    """The current pass through the stock, starting at 1."""
    score: int
    """The score."""
    _history: tuple[Move, ...] | MoveLine = attrs.field(eq=_history_key, repr=_history_repr)
    status: Status
    """The honest status: WON once the goal is reached; LOST only when no arrangement of
    the unseen cards lets a removal become legal through draws and recycles; else
    PLAYING. `GameState.status` may say LOST earlier: it knows the stock order."""
    unseen: tuple[Card, ...]
    """The stock cards the player has not seen, sorted by `Card.index` (the cards behind
    the None entries of `stock`)."""
    _moves: tuple[Move, ...] = attrs.field(repr=False, eq=False)
    # The observation's past (`_past.find_past`), found by the first `determinize`; False
    # when it has none.
    _past: Any = attrs.field(default=None, init=False, repr=False, eq=False, hash=False)

    def __getstate__(self) -> dict[str, Any]:
        # Pickled without the past it may have found: a cache, found again when asked.
        return {name: getattr(self, name) for name in _PICKLED}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_past", None)

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played so far, oldest first."""
        history = self._history
        return history.moves() if isinstance(history, MoveLine) else history

    @property
    def is_over(self) -> bool:
        """True when the honest `status` is WON or LOST (no move is offered)."""
        return self.status is not Status.PLAYING

    def to_string(self) -> str:
        """The view code: what the player sees, as one line of text that holds no card the
        player has not seen, safe to send to a browser.

        Eight fields separated by spaces, the first five as in a position code
        (`GameState.to_string`) but for the hidden cards: the pyramid's seven rows apex
        first, separated by ``/`` (``..`` for a removed card); the stock bottom to top,
        ``##`` for each card the player has not seen (``-`` when empty); the waste piles,
        each bottom to top, separated by ``/`` (``-`` for an empty pile); the pass number;
        the score; then the unseen cards, sorted (``-`` for none); the rules (as in a
        position code); the history, moves joined by ``,`` (``-`` for none).
        `from_string` reads it back to an equal observation; two states that look the same
        to a player give the same code.

        Raises:
            InvalidPositionError: the code would be longer than the million characters
                `from_string` reads (a history of some 150,000 moves).

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> obs = GameState.new(Layout.shuffled(1), "microsoft").apply("KC").observe()
            >>> code = obs.to_string()
            >>> code.split()[1]  # the stock: 23 cards not seen, then the top, face up
            '##############################################QC'
            >>> code.split()[2:5], code.split()[6:]
            (['-', '1', '5'], ['microsoft', 'KC'])
            >>> Observation.from_string(code) == obs
            True
        """
        from ._position import format_pyramid, format_rules

        code = " ".join(
            [
                format_pyramid(self.pyramid),
                format_cards(self.stock),
                "/".join(format_cards(pile) for pile in self.waste_piles),
                str(self.pass_number),
                str(self.score),
                format_cards(self.unseen),
                format_rules(self.rules),
                format_history(self.history),
            ]
        )
        return check_view_length(code)

    @classmethod
    def from_string(cls, text: str, rules: RuleSet | str | None = None) -> Observation:
        """Read a view code, as written by `to_string`.

        Besides the syntax, the reader refuses a view no player can have: a card twice, a
        position the position code reader refuses (`GameState.from_string`, with the
        unseen cards in the stock's hidden places), hidden places that the unseen cards do
        not fill, or a stock that shows cards a player has not seen (on the first pass only
        the top card shows, and only when the rules let it play; from the second pass on
        every card shows). The history is read move by move but not replayed: a view does
        not say where the game started.

        Args:
            text: the view code.
            rules: the rules (a RuleSet or a preset's name); when given, the code's rules
                must equal them. Pass them to read a code written under your own scoring
                policy.

        Raises:
            InvalidPositionError: the text is not a view code, or shows a view no game
                gives; the message says what and where.
            InvalidRulesError: `rules` is neither a RuleSet nor a preset's name.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> obs = GameState.new(Layout.shuffled(1)).apply("KC").observe()
            >>> Observation.from_string(obs.to_string()).history
            (Move.parse('KC'),)
            >>> Observation.from_string("KS")
            Traceback (most recent call last):
            ...
            pyramid13.InvalidPositionError: a view code has 8 fields separated by spaces ...
        """
        from ._position import _pyramid, _Reader, format_rules, parse_position, parse_rules

        fields = view_fields(text, _VIEW_FIELDS)
        given = None if rules is None else as_rules(rules)
        rules = code_rules(fields, 7, given, parse_rules, format_rules, RuleSet)
        reader = _Reader()
        _pyramid(reader, fields[0])
        stock = parse_cards(fields[1], "the stock", unseen=True)
        for depth, card in enumerate(stock):
            if card is not None:
                reader.note(card, f"the stock, card {depth + 1}")
        piles = fields[2].split("/")
        for number, pile in enumerate(piles, 1):
            where = "the waste" if len(piles) == 1 else f"waste pile {number}"
            for depth, card in enumerate(parse_cards(pile, where)):
                assert card is not None
                reader.note(card, f"{where}, card {depth + 1}")
        unseen: list[Card] = []
        for number, card in enumerate(parse_cards(fields[5], "the unseen cards"), 1):
            assert card is not None
            reader.note(card, f"the unseen cards, card {number}")
            unseen.append(card)
        hidden = stock.count(None)
        if hidden != len(unseen):
            raise InvalidPositionError(
                f"the stock has {hidden} unseen card(s) ('##'), the unseen cards field lists "
                f"{len(unseen)}"
            )
        unseen.sort(key=_sort_key)
        fill = iter(unseen)
        position = [fields[0], format_cards([card or next(fill) for card in stock])]
        state = parse_position(" ".join([*position, *fields[2:5], fields[6]]), rules)
        for depth, (card, known) in enumerate(zip(stock, _known_stock(state), strict=True)):
            if (card is None) != (known is None):
                what = "the top card" if depth == len(stock) - 1 else f"card {depth + 1}"
                seen = "shows" if card is not None else "hides"
                raise InvalidPositionError(
                    f"the stock {seen} {what}, {describe(fields[1][2 * depth : 2 * depth + 2])}"
                    f", which a player {'has not seen' if known is None else 'sees'} on pass "
                    f"{state.pass_number}"
                )
        history = parse_history(fields[7], Move.parse)
        return attrs.evolve(observe(state), history=history)

    def matches(self, state: object) -> bool:
        """Whether `state` (a full `GameState`) shows exactly this view: True when
        ``state.observe() == self``, history included.

        A server that keeps the full state and hands a browser only view codes checks with
        it that the view a browser sends back (to resume a game, say) is the game's.

        Args:
            state: the full state to check; anything else (another game's state, text)
                gives False.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> state = GameState.new(Layout.shuffled(1)).apply("KC")
            >>> view = Observation.from_string(state.observe().to_string())
            >>> view.matches(state), view.matches(state.undo()), view.matches("KC")
            (True, False, False)
        """
        return isinstance(state, GameState) and state.observe() == self

    def legal_moves(self) -> tuple[Move, ...]:
        """The honest legal moves: the state's, and after the engine's early LOST verdict
        the draw or recycle that a player who cannot see the stock would still try, until
        `status` is LOST too. `GameState.apply` accepts every one of them.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> GameState.new(Layout.shuffled(1)).observe().legal_moves()
            (Move.parse('KC'), Move.parse('KH'), Move.parse('draw'))
        """
        return self._moves

    def legal_actions(self) -> tuple[int, ...]:
        """The honest legal moves as ascending action numbers (see
        `pyramid13.action_to_move`).

        Examples:
            >>> from pyramid13 import GameState, Layout, action_to_move
            >>> actions = GameState.new(Layout.shuffled(1)).observe().legal_actions()
            >>> actions, [str(action_to_move(action)) for action in actions]
            ((0, 2, 100), ['KC', 'KH', 'draw'])
        """
        return sorted_actions(self._moves, _ACTION_OF)

    def legal_action_mask(self) -> tuple[bool, ...]:
        """One flag per action of the fixed action space: True where the honest
        `legal_moves` has it.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> mask = GameState.new(Layout.shuffled(1)).observe().legal_action_mask()
            >>> len(mask), [action for action, legal in enumerate(mask) if legal]
            (102, [0, 2, 100])
        """
        return action_mask(self._moves, _ACTION_OF, ACTION_COUNT)


def _known_stock(state: GameState) -> tuple[Card | None, ...]:
    """The stock as the player knows it (see `Observation.stock`)."""
    stock = state.stock
    if state.pass_number > 1 or not stock:
        return stock
    hidden: tuple[None, ...] = (None,) * (len(stock) - 1)
    return (*hidden, stock[-1] if state.rules.stock_top_pairable else None)


_PICKLED = tuple(field.name for field in attrs.fields(Observation) if field.name != "_past")


def observe(state: GameState) -> Observation:
    """`GameState.observe`: the observation of `state`."""
    known = _known_stock(state)
    if None in known:
        unseen = [card for card, seen in zip(state.stock, known, strict=True) if seen is None]
        unseen.sort(key=_sort_key)
    else:
        unseen = []
    moves = state.legal_moves()
    status = state.status
    if status is Status.LOST:
        moves = _honest_moves(state, known, unseen)
        if moves:
            status = Status.PLAYING
    return Observation(
        state.rules,
        state.pyramid,
        state.waste_piles,
        known,
        len(known),
        known[-1] if known and state.rules.stock_top_pairable else None,
        state.pass_number,
        state.score,
        move_line(state),
        status,
        tuple(unseen),
        moves,
    )


def _honest_moves(
    state: GameState, known: tuple[Card | None, ...], unseen: list[Card]
) -> tuple[Move, ...]:
    """The moves an honest player still has in `state`, which the engine declares LOST:
    the draw or recycle the rules allow, while some arrangement of the unseen cards lets
    a removal come; else none."""
    game = state._game
    if state._stock:
        stock_move = Move.DRAW
    elif state._waste and (not game.passes or state._pass < game.passes):
        stock_move = Move.RECYCLE
    else:
        return ()
    if not unseen:
        return ()  # the player knows the stock: the engine's verdict is the player's too
    value_bits = game.shape(state._pyr).value_bits
    if _removal_can_come(game, value_bits, known, state.waste_piles, state._pass, unseen):
        return (stock_move,)
    return ()


def _removal_can_come(
    game: Any,
    value_bits: int,
    stock: tuple[Card | None, ...],
    waste_piles: tuple[tuple[Card, ...], ...],
    pass_: int,
    unseen: list[Card],
) -> bool:
    """Whether some arrangement of `unseen` into the None places of `stock` lets draws and
    recycles make a removal legal (`value_bits`: bit v set when an available pyramid card
    has value v). See the module for why the answer is exact.

    Every talon place gets a label (1..); the draws and recycles are played on the labels,
    and each moment's exposed places are checked against the cards that could lie there.
    """
    values = [0]  # label -> the value of the card known there, 0 where unseen
    packed_stock = 0
    for card in stock:
        values.append(card.value if card is not None else 0)
        packed_stock = (packed_stock << 6) | (len(values) - 1)
    waste = 0
    for offset, pile in zip(game.offsets, waste_piles, strict=True):
        packed = 0
        for card in pile:
            values.append(card.value)
            packed = (packed << 6) | (len(values) - 1)
        waste |= packed << offset
    unseen_values = {card.value for card in unseen}
    # An unseen card that makes a removal alone (a King, or one pairing with the pyramid).
    lone = any(value == 13 or value_bits >> (13 - value) & 1 for value in unseen_values)
    # Two unseen cards summing to 13 (always two cards: 13 is odd).
    pair = any(13 - value in unseen_values for value in unseen_values)

    def removal(a: int, b: int) -> bool:
        if a and b:
            return a + b == 13
        known = a or b
        return pair if not known else 13 - known in unseen_values

    def exposed_removal(stock: int, waste: int) -> bool:
        tops = []
        for offset in game.offsets:
            pile = (waste >> offset) & ((1 << PILE_BITS) - 1)
            if pile:
                tops.append(values[pile & 63])
                beneath = pile >> 6 & 63
                if game.waste_pairing and beneath and removal(values[pile & 63], values[beneath]):
                    return True
        if game.stock_top and stock:
            tops.append(values[stock & 63])
        for i, value in enumerate(tops):
            if not value:
                if lone:
                    return True
            elif value == 13 or value_bits >> (13 - value) & 1:
                return True
            for other in tops[i + 1 :]:
                if removal(value, other):
                    return True
        return False

    passes = game.passes
    seen: set[int] = set()
    stock_now = packed_stock
    while True:
        if exposed_removal(stock_now, waste):
            return True
        if stock_now:
            stock_now, waste = _draw(game, stock_now, waste)
        elif waste and (not passes or pass_ < passes):
            if waste in seen:  # the passes repeat from here on
                return False
            seen.add(waste)
            stock_now, waste = _recycle(game, waste), 0
            pass_ += 1
        else:
            return False


def determinize(observation: Observation, rng: random.Random) -> GameState:
    """A full Pyramid state consistent with `observation`: the unseen cards shuffled into
    the places of the stock the player has not seen; the known ones (the visible top, the
    whole stock from the second pass on) stay where they are.

    The state's `GameState.observe` equals the observation, history and honest status
    included (its own `GameState.status`, worked out from the sampled stock, may be LOST
    where the observation's is PLAYING). It is a whole game: its `GameState.layout` is a
    deal of the rules from which the observation's history plays to it, so
    `GameState.undo`, `GameState.previous`, `GameState.changes` and
    `GameState.change_steps` work as in any game, back to `GameState.start`, the deal.
    That deal puts each card the history removed where it could lie when it went (the
    observation keeps the moves, not where a removed card lay: where several places fit,
    the deal picks one) and the unseen cards where the sample has them: they lie at the
    bottom of the stock, where no move of the history reached. The search for the deal
    reads the observation alone and runs once per observation; the states of the past
    are replayed only when first asked for.

    When no deal leads to the observation through its history (a game begun from a
    position code, or an observation built by hand), the state starts a game of its
    own: its history is the observation's, but `GameState.undo` raises
    `UndoError` and its `layout` is a deal consistent with the position. When the
    player has seen the whole stock there is one state for the observation.

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
        >>> sample.observe() == state.observe()
        True
        >>> later = determinize(state.apply("draw").observe(), random.Random(7))
        >>> later.last_move, later.undo().stock[-1] == state.stock[-1]
        (Move.parse('draw'), True)

    Raises:
        InvalidArgumentError: `observation` is not an Observation or `rng` has no
            ``shuffle``.
    """
    check_sampling_arguments(observation, Observation, "pyramid13 Observation", rng)
    unseen = list(observation.unseen)
    rng.shuffle(unseen)
    fill = iter(unseen)
    stock = [card if card is not None else next(fill) for card in observation.stock]
    past = _past_of(observation)
    if past is not None:
        game = _Game(past.layout(stock), observation.rules)
        moves = observation.history
        pyr = sum(1 << slot for slot, card in enumerate(observation.pyramid) if card is not None)
        waste = 0
        for offset, pile in zip(game.offsets, observation.waste_piles, strict=True):
            waste |= _pack(pile) << offset
        state = _make(
            game,
            pyr,
            _pack(stock),
            waste,
            observation.pass_number,
            observation.score,
            DeferredParent(partial(_replay, game, moves[:-1])),
            moves[-1],
        )
        set_line(state, past.chain)
        return state
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


def _past_of(observation: Observation) -> Past | None:
    """The observation's past, found once and kept on it; None when it has none."""
    past = observation._past
    if past is None:
        past = (observation.history and find_past(observation)) or False
        object.__setattr__(observation, "_past", past)
    return past or None


def _replay(game: _Game, moves: tuple[Move, ...]) -> GameState:
    """The state `moves` lead to from the start of `game`."""
    state = first_state(game)
    for move in moves:
        state = state.apply_unchecked(move)
    return state
