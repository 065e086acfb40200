"""Hidden information: what a Spider player sees (`Observation`) and sampling a full state
consistent with it (`determinize`).

An `Observation` is built from plain values only (cards, counts, moves, the rules); it holds
no reference to the `GameState` it came from or to its deal, so code given an observation
cannot reach a face-down card or the stock order. Spider's legal moves depend only on the
face-up cards, the empty piles and whether the stock has a deal left, so the observation
computes them itself, from what it holds, with the engine's move generator.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, NoReturn

import attrs

from .._base.cards import Card, Rank, Suit
from .._base.errors import InvalidArgumentError, InvalidPositionError
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
from ._actions import _ACTION_OF, ACTION_COUNT, action_mask, sorted_actions
from ._layout import Layout
from ._moves import PILES, Move
from ._past import Past, find_past
from ._pile import ObservedPile
from ._position import check_table
from ._rules import RuleSet, as_rules
from ._state import (
    RUNS_TO_WIN,
    GameState,
    _Game,
    _make,
    _runs_of,
    first_state,
    generate,
    make_position,
    new_game,
    render,
)

__all__ = ["Observation", "determinize"]


_VIEW_FIELDS = ("piles", "stock", "runs removed", "score", "unseen cards", "rules", "history")


def _sort_key(card: Card) -> int:
    return card.index


def _history_key(history: object) -> object:
    return history.moves() if isinstance(history, MoveLine) else history


def _history_repr(history: object) -> str:
    return repr(_history_key(history))


@attrs.frozen
class Observation:
    """What a Spider player sees: face-up cards, counts of hidden cards, and the unseen cards
    as a multiset. Immutable; holds no hidden card. Made by `GameState.observe`.

    Examples:
        >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
        >>> obs = state.observe()
        >>> obs.piles[0], obs.stock_size, len(obs.unseen)
        (ObservedPile(face_down_count=5, face_up=(Card.parse('8H'),)), 50, 94)
        >>> obs.legal_moves() == state.legal_moves()
        True
    """

    rules: RuleSet
    """The rules of the game."""
    piles: tuple[ObservedPile, ...]
    """The ten piles: each one's face-down count and face-up cards."""
    stock_size: int
    """Cards left in the stock."""
    deals_left: int
    """Deals left in the stock."""
    runs_removed: tuple[Suit, ...]
    """The suits of the runs removed so far, in removal order."""
    score: int
    """The score."""
    _history: tuple[Move, ...] | MoveLine = attrs.field(eq=_history_key, repr=_history_repr)
    status: Status
    """Whether the game is being played, won or lost: honest, since Spider's legal moves
    depend only on what is seen (WON once eight runs are removed, LOST when no move is
    legal); `GameState.status` is the same."""
    unseen: tuple[Card, ...]
    """Every card the player cannot see (face-down and stock cards), sorted by
    `pyramid13.Card.index`: a multiset, with repeats."""
    _moves: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )
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
        """True when `status` is WON or LOST (no move is legal)."""
        return self.status is not Status.PLAYING

    def to_string(self) -> str:
        """The view code: what the player sees, as one line of text that holds no face-down
        card and nothing of the stock's order, safe to send to a browser.

        Seven fields separated by spaces: the ten piles separated by ``/``, each written as
        its number of face-down cards, ``|``, then its face-up cards bottom to top (``-``
        for an empty pile); the number of cards in the stock; the suits of the runs removed
        (``-`` for none); the score; the unseen cards (face-down and stock cards) sorted,
        with repeats (``-`` for none); the rules (as in a position code,
        `GameState.to_string`); the history, moves joined by ``,`` and written without
        spaces (``remove3``; ``-`` for none). `from_string` reads it back to an equal
        observation; two states that look the same to a player give the same code.

        Raises:
            InvalidPositionError: the code would be longer than the million characters
                `from_string` reads (a history of some 150,000 moves).

        Examples:
            >>> rules = RuleSet.preset("pysolfc")
            >>> obs = GameState.new(Layout.from_pysolfc(1), rules).apply("4:1>8").observe()
            >>> piles, stock, runs, score, unseen, rules_text, history = obs.to_string().split()
            >>> piles.split("/")[:4], stock, rules_text, history
            (['5|8H', '4|TH', '4|AH', '4|9C'], '50', 'pysolfc', '4:1>8')
            >>> Observation.from_string(obs.to_string()) == obs
            True
        """
        from ._position import format_rules

        piles = [
            f"{pile.face_down_count}|{format_cards(pile.face_up).strip('-')}"
            if pile.face_down_count or pile.face_up
            else "-"
            for pile in self.piles
        ]
        code = " ".join(
            [
                "/".join(piles),
                str(self.stock_size),
                "".join(suit.value for suit in self.runs_removed) or "-",
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

        Besides the syntax, the reader refuses a view no player can have: unseen cards that
        do not fill the face-down places and the stock, or a table the position code reader
        refuses (`GameState.from_string`) once the unseen cards fill those places. The
        history is read move by move but not replayed: a view does not say where the game
        started.

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
            >>> obs = GameState.new(Layout.shuffled(4)).observe()
            >>> Observation.from_string(obs.to_string()) == obs
            True
            >>> Observation.from_string(obs.to_string().replace("4|", "x|", 1))
            Traceback (most recent call last):
            ...
            pyramid13.InvalidPositionError: pile 1: the number of face-down cards ...
        """
        from ._position import format_rules, parse_position, parse_rules

        fields = view_fields(text, _VIEW_FIELDS, "Spider ")
        given = None if rules is None else as_rules(rules)
        rules = code_rules(fields, 6, given, parse_rules, format_rules, RuleSet)
        pile_texts = fields[0].split("/")
        if len(pile_texts) != PILES:
            raise InvalidPositionError(
                f"a Spider view has {PILES} piles separated by '/', this code has {len(pile_texts)}"
            )
        piles: list[tuple[int, str]] = []
        for number, pile in enumerate(pile_texts, 1):
            if pile == "-":
                piles.append((0, ""))
                continue
            count, bar, up = pile.partition("|")
            if not bar:
                raise InvalidPositionError(
                    f"pile {number}: {describe(pile)} has no '|'; write a pile as its number "
                    "of face-down cards, '|', then its face-up cards (or '-' for an empty pile)"
                )
            if not count.isdigit() or not count.isascii() or len(count) > 2:
                raise InvalidPositionError(
                    f"pile {number}: the number of face-down cards must be a whole number, "
                    f"not {describe(count)}"
                )
            parse_cards(up or "-", f"pile {number}, face-up")
            piles.append((int(count), up))
        if not fields[1].isdigit() or not fields[1].isascii() or len(fields[1]) > 3:
            raise InvalidPositionError(
                f"the stock must be a number of cards, not {describe(fields[1])}"
            )
        unseen = parse_cards(fields[4], "the unseen cards")
        hidden = sum(downs for downs, _up in piles) + int(fields[1])
        if hidden != len(unseen):
            raise InvalidPositionError(
                f"the piles' face-down cards and the stock hold {hidden} card(s), the unseen "
                f"cards field lists {len(unseen)}"
            )
        unseen.sort(key=_sort_key)  # type: ignore[arg-type]
        fill = iter(unseen)
        table = []
        for downs, up in piles:
            down = format_cards([next(fill) for _ in range(downs)]).strip("-")
            table.append(f"{down}|{up}" if down or up else "-")
        stock = format_cards(list(fill))
        position = " ".join(["/".join(table), stock, fields[2], fields[3], fields[5]])
        state = parse_position(position, rules)
        history = parse_history(fields[6], Move.parse)
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
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> view = Observation.from_string(state.apply("4:1>8").observe().to_string())
            >>> view.matches(state.apply("4:1>8")), view.matches(state)
            (True, False)
        """
        return isinstance(state, GameState) and state.observe() == self

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves, computed from what is seen; equal to the state's.

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> [str(move) for move in state.observe().legal_moves()][:3]
            ['2:1>4', '4:1>7', '4:1>8']
        """
        moves = self._moves
        if moves is None:
            if len(self.runs_removed) == RUNS_TO_WIN:
                moves = ()
            else:
                ups = tuple(_pack(pile.face_up) for pile in self.piles)
                moves = generate(
                    ups,
                    _runs_of(ups),
                    self.deals_left,
                    self.rules.deal_onto_empty,
                    self.rules.auto_remove_runs,
                )
            object.__setattr__(self, "_moves", moves)
        return moves

    def legal_actions(self) -> tuple[int, ...]:
        """The legal moves as ascending action numbers (see `spider.action_to_move`).

        Examples:
            >>> from pyramid13.spider import action_to_move
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> actions = state.observe().legal_actions()
            >>> sorted(str(action_to_move(a)) for a in actions) == sorted(
            ...     str(m) for m in state.legal_moves()
            ... )
            True
        """
        return sorted_actions(self.legal_moves(), _ACTION_OF)

    def legal_action_mask(self) -> tuple[bool, ...]:
        """One flag per action of the fixed action space: True where it is legal.

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> mask = state.observe().legal_action_mask()
            >>> len(mask), sum(mask)
            (1181, 7)
        """
        return action_mask(self.legal_moves(), _ACTION_OF, ACTION_COUNT)

    def __str__(self) -> str:
        return render(
            [pile.face_down_count for pile in self.piles],
            [pile.face_up for pile in self.piles],
            self.deals_left,
            self.stock_size,
            self.runs_removed,
            self.score,
            self.status,
        )


_PICKLED = tuple(field.name for field in attrs.fields(Observation) if field.name != "_past")


def observe(state: GameState) -> Observation:
    """`GameState.observe`: the observation of `state`."""
    piles = state.piles
    stock = state.stock
    unseen = [card for pile in piles for card in pile.face_down]
    unseen.extend(stock)
    unseen.sort(key=_sort_key)
    return Observation(
        state.rules,
        tuple(ObservedPile(len(pile.face_down), pile.face_up) for pile in piles),
        len(stock),
        state.deals_left,
        state.runs_removed,
        state.score,
        move_line(state),
        state.status,
        tuple(unseen),
    )


def determinize(observation: Observation, rng: random.Random) -> GameState:
    """A full state consistent with `observation`: the unseen cards dealt at random into the
    face-down places and the stock.

    The state shows exactly what the observation shows (its `GameState.observe` equals the
    observation, history included), and plays on like any state. It is a whole game: its
    `GameState.layout` is a deal of the rules from which the observation's history plays to
    it, so `GameState.undo`, `GameState.previous`, `GameState.changes` and
    `GameState.change_steps` work as in any game, back to `GameState.start`, the deal.
    That deal puts each card the player has seen where the history can have moved it from
    (the observation keeps the moves, not the cards a unit carried nor whether a move
    lifted a run off: where several fit, the deal picks one) and the unseen cards where the
    sample has them: face down, or in the stock, where no move of the history reached.
    The observation's score is the moves' less the undo penalties paid
    (``undo(penalty=True)``): the deal starts with those paid. The search for the deal
    reads the observation alone and runs once per observation; the states of the past are
    replayed only when first asked for.

    When no deal leads to the observation through its history (a game begun from a
    position code, say), the state starts a game of its own: its history is the
    observation's, but `GameState.undo` raises `UndoError` and its `GameState.layout` is
    a stand-in.

    Args:
        observation: what the player sees.
        rng: the source of randomness, such as ``random.Random(seed)``; the same seed gives
            the same state.

    Examples:
        >>> state = GameState.new(Layout.shuffled(2))
        >>> sample = determinize(state.observe(), random.Random(1))
        >>> sample.observe() == state.observe(), sample.legal_moves() == state.legal_moves()
        (True, True)
        >>> later = determinize(state.apply("deal").observe(), random.Random(1))
        >>> later.last_move, later.undo().observe() == state.observe()
        (Move.parse('deal'), True)

    Raises:
        InvalidArgumentError: `observation` is not an Observation or `rng` has no
            ``shuffle``; or the observation (built by hand, say) shows no position a game
            reaches: a field of the wrong type, unseen cards that do not fill the hidden
            places, or a table the position reader would refuse (`GameState.from_string`),
            such as more face-down cards in a pile than its deal gives it.
    """
    check_sampling_arguments(observation, Observation, "spider Observation", rng)
    _check_fields(observation)
    rules = observation.rules
    cards = list(observation.unseen)
    rng.shuffle(cards)
    position = 0
    downs = []
    for pile in observation.piles:
        downs.append(tuple(cards[position : position + pile.face_down_count]))
        position += pile.face_down_count
    sizes = rules.shape.deal_sizes
    if observation.deals_left > len(sizes):
        raise InvalidArgumentError(
            f"the observation has {observation.deals_left} deals left; the "
            f"{rules.shape.value} deal makes {len(sizes)}"
        )
    deals = []
    for size in sizes[len(sizes) - observation.deals_left :]:
        deals.append(tuple(cards[position : position + size]))
        position += size
    if position != len(cards) or position - sum(map(len, downs)) != observation.stock_size:
        raise InvalidArgumentError("the observation's unseen cards do not fill its hidden places")
    stock = [card for deal in deals for card in deal]
    try:
        check_table(
            rules,
            [(down, pile.face_up) for down, pile in zip(downs, observation.piles, strict=True)],
            stock,
            observation.runs_removed,
            observation.score,
        )
    except InvalidPositionError as error:
        raise InvalidArgumentError(
            f"the observation shows no position a game reaches: {error}"
        ) from None
    past = _past_of(observation)
    if past is not None:
        game = new_game(past.layout(downs, deals), rules)
        ups = tuple(_pack(pile.face_up) for pile in observation.piles)
        down_counts = 0
        for number, down in enumerate(downs):
            down_counts |= len(down) << (3 * number)
        moves = observation.history
        state = _make(
            game,
            ups,
            down_counts,
            _runs_of(ups),
            len(sizes) - observation.deals_left,
            observation.runs_removed,
            observation.score,
            past.debt,
            DeferredParent(partial(_replay, game, moves[:-1], past.debt)),
            moves[-1],
        )
        set_line(state, past.chain)
        _check_status(state, observation)
        return state
    order: list[Card] = []
    for down, pile in zip(downs, observation.piles, strict=True):
        order.extend(down)
        order.extend(pile.face_up)
    for deal in deals:
        order.extend(deal)
    for suit in observation.runs_removed:
        order.extend(Card(rank, suit) for rank in reversed(Rank))
    layout = Layout.from_cards(order, rules.shape)
    game = _Game(
        layout,
        rules,
        tuple(tuple(card.index + 1 for card in down) for down in downs),
        tuple(tuple(card.index + 1 for card in deal) for deal in deals),
        observation.history,
    )
    state = make_position(
        game,
        [pile.face_up for pile in observation.piles],
        [pile.face_down_count for pile in observation.piles],
        observation.runs_removed,
        observation.score,
    )
    _check_status(state, observation)
    return state


def _check_status(state: GameState, observation: Observation) -> None:
    """Refuse an observation whose status is not its table's."""
    if state.status is not observation.status:
        raise InvalidArgumentError(
            f"the observation's status is {observation.status.value}, but its table is "
            f"{state.status.value}"
        )


def _past_of(observation: Observation) -> Past | None:
    """The observation's past, found once and kept on it; None when it has none."""
    past = observation._past
    if past is None:
        past = (observation.history and find_past(observation)) or False
        object.__setattr__(observation, "_past", past)
    return past or None


def _replay(game: _Game, moves: tuple[Move, ...], debt: int) -> GameState:
    """The state `moves` lead to from the start of `game`, `debt` undo penalties paid."""
    state = first_state(game, debt)
    for move in moves:
        state = state.apply_unchecked(move)
    return state


def _check_fields(observation: Observation) -> None:
    """Refuse an observation whose fields are not of the types `observe` gives them."""

    def refuse(name: str, what: str, value: object) -> NoReturn:
        raise InvalidArgumentError(
            f"the observation's {name} must be {what}, not {describe(value)}"
        )

    if not isinstance(observation.rules, RuleSet):
        refuse("rules", "a Spider RuleSet", observation.rules)
    piles = observation.piles
    if (
        not isinstance(piles, tuple)
        or len(piles) != PILES
        or not all(isinstance(pile, ObservedPile) for pile in piles)
    ):
        refuse("piles", f"a tuple of {PILES} ObservedPile", piles)
    for number, pile in enumerate(piles, 1):
        count = pile.face_down_count
        if type(count) is not int or count < 0:
            refuse(f"pile {number} face_down_count", "an int >= 0", count)
        if not isinstance(pile.face_up, tuple) or not all(
            isinstance(card, Card) for card in pile.face_up
        ):
            refuse(f"pile {number} face_up", "a tuple of Card", pile.face_up)
    for name in ("stock_size", "deals_left", "score"):
        value = getattr(observation, name)
        if type(value) is not int or (name != "score" and value < 0):
            refuse(name, "an int" if name == "score" else "an int >= 0", value)
    if not isinstance(observation.runs_removed, tuple) or not all(
        isinstance(suit, Suit) for suit in observation.runs_removed
    ):
        refuse("runs_removed", "a tuple of Suit", observation.runs_removed)
    if not isinstance(observation.history, tuple) or not all(
        isinstance(move, Move) for move in observation.history
    ):
        refuse("history", "a tuple of spider Move", observation.history)
    if not isinstance(observation.status, Status):
        refuse("status", "a Status", observation.status)
    if not isinstance(observation.unseen, tuple) or not all(
        isinstance(card, Card) for card in observation.unseen
    ):
        refuse("unseen", "a tuple of Card", observation.unseen)
