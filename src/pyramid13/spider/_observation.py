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
from .._base.fields import check_score
from .._base.location import CardLocation
from .._base.packing import pack as _pack
from .._base.pickling import pickled_without
from .._base.position import code_rules
from .._base.sampling import check_sampling_arguments
from .._base.scaffold import DeferredParent, MoveLine, as_move, move_line, sentence, set_line
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
from ._actions import _ACTION_OF, ACTION_COUNT, SPACE, action_mask, sorted_actions
from ._layout import Layout
from ._moves import PILES, Move
from ._past import Past, find_past
from ._pile import ObservedPile
from ._pile import observed_pile as _observed_pile
from ._position import check_table
from ._rules import RuleSet, as_rules
from ._state import (
    RUNS_TO_WIN,
    GameState,
    _check_index,
    _Game,
    _make,
    _run_length,
    _runs_of,
    first_state,
    generate,
    make_position,
    moves_by_card,
    new_game,
    playable_of,
    render,
    targets_of,
    why_not,
)

__all__ = ["Observation", "determinize"]


_VIEW_FIELDS = ("piles", "stock", "runs removed", "score", "unseen cards", "rules", "history")


def _sort_key(card: Card) -> int:
    return card.index


def _history_key(history: object) -> object:
    return history.moves() if isinstance(history, MoveLine) else history


def _history_repr(history: object) -> str:
    return repr(_history_key(history))


@pickled_without("_past")  # a cache, found again when asked
@attrs.frozen(init=False)
class Observation:
    """What a Spider player sees: face-up cards, counts of hidden cards, and the unseen cards
    as a multiset. Immutable; holds no hidden card. Made by `GameState.observe`.

    Raises:
        InvalidArgumentError: built by hand, a field is not of the type `observe` gives it
            (ten `ObservedPile`, counts as ints, a tuple of Card, ...). Whether some game
            shows the view is not checked here (`determinize` checks it).

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

    def __init__(
        self,
        rules: RuleSet,
        piles: tuple[ObservedPile, ...],
        stock_size: int,
        deals_left: int,
        runs_removed: tuple[Suit, ...],
        score: int,
        history: tuple[Move, ...] | MoveLine,
        status: Status,
        unseen: tuple[Card, ...],
    ) -> None:
        self.__attrs_init__(
            rules, piles, stock_size, deals_left, runs_removed, score, history, status, unseen
        )
        _check_fields(self)

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

    # -- questions a player's interface asks ----------------------------------------------
    # Spider's legal moves depend only on what is seen, so each answer equals the state's.

    def is_legal(self, move: Move | str) -> bool:
        """Whether `move` (a move or its text) is legal here; always
        ``GameState.is_legal(move)``.

        Args:
            move: any move, legal or not, or its text.

        Examples:
            >>> view = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc")).observe()
            >>> view.is_legal("4:1>8"), view.is_legal("1:1>2")
            (True, False)

        Raises:
            InvalidMoveError: `move` is neither a move nor valid move text.
        """
        return _as_move(move) in self.legal_moves()

    def why_illegal(self, move: Move | str) -> str | None:
        """Why `move` (a move or its text) is not legal here, as one sentence to show the
        player (piles numbered 1 to 10); None when `is_legal`. Always
        ``GameState.why_illegal(move)``.

        Args:
            move: any move, legal or not, or its text.

        Examples:
            >>> view = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc")).observe()
            >>> view.why_illegal("1:1>2")
            '8H (pile 1) does not go onto TH (pile 2).'

        Raises:
            InvalidMoveError: `move` is neither a move nor valid move text.
        """
        move = _as_move(move)
        if move in self.legal_moves():
            return None
        ups = tuple(_pack(pile.face_up) for pile in self.piles)
        rules = self.rules
        reason = why_not(
            move, ups, _runs_of(ups), self.deals_left, rules.auto_remove_runs, self.status
        )
        return sentence(reason)

    def liftable(self, pile: int) -> int:
        """How many top cards of `pile` (an index, 0-9) may be lifted together: its run of
        one suit descending; 0 for an empty pile and once the game is over. Always
        ``GameState.liftable(pile)``.

        Args:
            pile: the pile's index, 0 for pile 1.

        Examples:
            >>> rules = RuleSet.preset("pysolfc")
            >>> GameState.new(Layout.from_pysolfc(1), rules).apply("4:1>8").observe().liftable(7)
            2

        Raises:
            InvalidArgumentError: `pile` is not an int in 0..9.
        """
        _check_index("pile", pile, PILES - 1)
        if self.is_over:
            return 0
        return _run_length(_pack(self.piles[pile].face_up))

    def targets(self, pile: int, count: int) -> tuple[int, ...]:
        """The piles (indexes, ascending) where the top `count` cards of `pile` may go
        now; always ``GameState.targets(pile, count)``.

        Args:
            pile: the index (0-9) of the pile the cards leave.
            count: how many of its top cards move, 1 to 13.

        Examples:
            >>> view = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc")).observe()
            >>> view.targets(3, 1)  # JC, from pile 4: onto QS (pile 7) or QC (pile 8)
            (6, 7)

        Raises:
            InvalidArgumentError: `pile` is not an int in 0..9, or `count` not in 1..13.
        """
        return targets_of(self.legal_moves(), pile, count)

    def playable(self) -> tuple[CardLocation, ...]:
        """The cards a player may pick up now to make a legal move, by pile and then
        depth: the bottom card of each legal unit, the King of each run a removal takes;
        always ``GameState.playable()``.

        Examples:
            >>> view = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc")).observe()
            >>> [where.key for where in view.playable()]
            ['pile-1-0', 'pile-3-0', 'pile-5-0', 'pile-8-0', 'pile-9-0']
        """
        return playable_of(self.legal_moves())

    def moves_by_card(self) -> dict[str, list[dict[str, str]]]:
        """Every legal move, by the place of the card it picks up: plain JSON data
        (``json.dumps`` takes it as it is), so a client that draws the table needs no
        rule of the game to know what a click or a drag may do.

        Each key is a place (`pyramid13.CardLocation.key`, the ``id``
        `pyramid13.to_svg` gives the card): ``"pile-P-D"``, the card ``D`` cards below the
        top of pile ``P`` (indexes 0-9), the bottom card of the unit a move lifts (the
        King of a run a removal takes), in the order of `playable`; then ``"stock"``, the
        stock as a whole, for the deal. Each value lists the moves from that place, in
        `legal_moves` order, each ``{"move": str(move), "target": ..., "card": ...}``:
        ``card`` is the card at the key; ``target`` is ``"pile-T"`` for a unit going
        onto pile ``T`` (onto its top card, or onto it empty), ``"removed"`` for a run
        removal, ``"pile"`` (every pile) for the deal, which has no ``card``. The moves
        are `legal_moves`, each once; a key's targets differ, so a click on a key and
        then on a target names one move. Empty once the game is over.

        Examples:
            >>> view = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc")).observe()
            >>> moves = view.moves_by_card()
            >>> list(moves)
            ['pile-1-0', 'pile-3-0', 'pile-5-0', 'pile-8-0', 'pile-9-0', 'stock']
            >>> moves["pile-1-0"], moves["stock"]
            ([{'move': '2:1>4', 'target': 'pile-3', 'card': 'TH'}], \
[{'move': 'deal', 'target': 'pile'}])
        """
        return moves_by_card(self.legal_moves(), [pile.face_up for pile in self.piles])

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


def _as_move(move: object) -> Move:
    """`move` as a spider Move: itself, its text or its action number."""
    return as_move(move, Move, SPACE, "spider Move")  # type: ignore[no-any-return]


def observe(state: GameState) -> Observation:
    """`GameState.observe`: the observation of `state`."""
    piles = state.piles
    stock = state.stock
    unseen = [card for pile in piles for card in pile.face_down]
    unseen.extend(stock)
    unseen.sort(key=_sort_key)
    view: Observation = _new(Observation)  # the engine's own fields: no checks needed
    view.__attrs_init__(
        state.rules,
        tuple(_observed_pile(len(pile.face_down), pile.face_up) for pile in piles),
        len(stock),
        state.deals_left,
        state.runs_removed,
        state.score,
        move_line(state),
        state.status,
        tuple(unseen),
    )
    return view


_new = object.__new__


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


_DECK = 104  # no count of a Spider view is larger


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
        if type(count) is not int or not 0 <= count <= _DECK:
            refuse(f"pile {number} face_down_count", f"an int in 0..{_DECK}", count)
        if not isinstance(pile.face_up, tuple) or not all(
            isinstance(card, Card) for card in pile.face_up
        ):
            refuse(f"pile {number} face_up", "a tuple of Card", pile.face_up)
    for name in ("stock_size", "deals_left"):
        value = getattr(observation, name)
        if type(value) is not int or not 0 <= value <= _DECK:
            refuse(name, f"an int in 0..{_DECK}", value)
    check_score("the observation", observation.score)
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
