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
from .._base.fields import check_card_tuple, check_count, check_score, check_type, refuse
from .._base.location import CardLocation, Place
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
from ._actions import _ACTION_OF, ACTION_COUNT, SPACE
from ._geometry import COVERED_BY
from ._layout import PYRAMID_SIZE, STOCK_SIZE
from ._moves import Move, MoveKind
from ._past import Past, find_past
from ._rules import RuleSet, as_rules
from ._state import (
    _DRAW_ONLY,
    _VALUE,
    PILE_BITS,
    GameState,
    _draw,
    _Game,
    _make,
    _recycle,
    _table_order,
    first_state,
    why_not,
)

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


@pickled_without("_past")  # a cache, found again when asked
@attrs.frozen(init=False)
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

    Raises:
        InvalidArgumentError: built by hand, a field is not of the type `observe` gives it
            (28 pyramid slots, the rules' waste piles, a stock of Card or None as long as
            `stock_size`, ...). Whether some game shows the view is not checked here.

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

    def __init__(
        self,
        rules: RuleSet,
        pyramid: tuple[Card | None, ...],
        waste_piles: tuple[tuple[Card, ...], ...],
        stock: tuple[Card | None, ...],
        stock_size: int,
        stock_top: Card | None,
        pass_number: int,
        score: int,
        history: tuple[Move, ...] | MoveLine,
        status: Status,
        unseen: tuple[Card, ...],
        moves: tuple[Move, ...],
    ) -> None:
        self.__attrs_init__(
            rules,
            pyramid,
            waste_piles,
            stock,
            stock_size,
            stock_top,
            pass_number,
            score,
            history,
            status,
            unseen,
            moves,
        )
        _check_fields(self)

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

    # -- questions a player's interface asks ----------------------------------------------

    @property
    def exposed(self) -> tuple[Card, ...]:
        """Cards that may take part in a removal now, as `GameState.exposed` lists them:
        the available pyramid cards in slot order, the waste pile tops, then the stock top
        when the rules let it play.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> state = GameState.new(Layout.shuffled(1))
            >>> state.observe().exposed == state.exposed
            True
        """
        pyramid = self.pyramid
        present = sum(1 << slot for slot, card in enumerate(pyramid) if card is not None)
        cards = [
            card
            for slot, card in enumerate(pyramid)
            if card is not None and not COVERED_BY[slot] & present
        ]
        cards.extend(pile[-1] for pile in self.waste_piles if pile)
        if self.stock_top is not None:
            cards.append(self.stock_top)
        return tuple(cards)

    def is_legal(self, move: Move | str) -> bool:
        """Whether `move` (a move or its text) is one of the honest `legal_moves`; always
        ``GameState.is_legal(move)`` of a state showing this view.

        Args:
            move: any move, legal or not, or its text.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> view = GameState.new(Layout.shuffled(1)).observe()
            >>> view.is_legal("KC"), view.is_legal("draw"), view.is_legal("KS")
            (True, True, False)

        Raises:
            InvalidMoveError: `move` is neither a move nor valid move text.
        """
        return _as_move(move) in self._moves

    def why_illegal(self, move: Move | str) -> str | None:
        """Why `move` (a move or its text) is not legal here, as one sentence to show the
        player; None when `is_legal`.

        The sentence is `GameState.why_illegal`'s, worked out from what the player sees,
        with one difference: where the engine has declared the game LOST from the stock
        order it knows while the honest `status` is still PLAYING, the state answers "The
        game is over (lost)." and the view says what a player would be told of that move
        (that its cards are not exposed, say), which tells nothing of the unseen cards.

        Args:
            move: any move, legal or not, or its text.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> view = GameState.new(Layout.shuffled(1)).observe()
            >>> view.why_illegal("KC") is None, view.why_illegal("KS"), view.why_illegal("QS")
            (True, 'KS is not exposed.', 'Only a King is removed alone, not QS.')

        Raises:
            InvalidMoveError: `move` is neither a move nor valid move text.
        """
        move = _as_move(move)
        if move in self._moves:
            return None
        reason = why_not(
            move,
            self.status,
            self.stock_size > 0,
            any(self.waste_piles),
            self.rules.passes,
            self._is_removed,
            lambda: self.exposed,
        )
        return sentence(reason)

    def playable(self) -> tuple[CardLocation, ...]:
        """Where the cards lie that a legal move uses now, in the order of
        `GameState.table`; always ``GameState.playable()`` of a state showing this view.
        Draw and recycle use the stock as a whole, no card.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> view = GameState.new(Layout.shuffled(1)).observe()
            >>> [where.key for where in view.playable()]
            ['pyramid-21', 'pyramid-22']
        """
        where = self._places()
        cards = {card for move in self._moves for card in move.cards}
        return tuple(sorted((where[card] for card in cards), key=_table_order))

    def can_pair(self, first: Card | str, second: Card | str) -> bool:
        """Whether two cards (each a `Card` or its text) may be removed together now;
        always ``GameState.can_pair(first, second)`` of a state showing this view.

        Args:
            first: a card.
            second: another card.

        Examples:
            >>> from pyramid13 import GameState, Layout, RuleSet
            >>> view = GameState.new(Layout.shuffled(2024), RuleSet.preset("microsoft")).observe()
            >>> view.can_pair("5H", "8S"), view.can_pair("5H", "QH")
            (True, False)

        Raises:
            InvalidCardError: either is not a card.
        """
        if not isinstance(first, Card):
            first = Card.parse(first)
        if not isinstance(second, Card):
            second = Card.parse(second)
        if first == second or first.value + second.value != 13:
            return False
        return Move.remove(first, second) in self._moves

    def moves_by_card(self) -> dict[str, list[dict[str, str]]]:
        """Every honest legal move, by the place of each card it picks up: plain JSON data
        (``json.dumps`` takes it as it is), so a client that draws the table needs no rule
        of the game to know what a click or a drag may do.

        Each key is a place (`CardLocation.key`, the ``id`` `pyramid13.to_svg` gives the
        card): ``"pyramid-S"`` (slot ``S``), ``"waste-P-D"`` (waste pile ``P`` from 0,
        ``D`` cards below its top: 0, or 1 for the card beneath the top under
        `RuleSet.waste_pairing`), ``"stock-0"`` (the stock top, where the rules let it
        play), in the order of `playable`; then ``"stock"``, the stock as a whole, for a
        draw or recycle. Each value lists the moves from that place, in `legal_moves`
        order, each ``{"move": str(move), "target": ..., "card": ...}``: ``card`` is the
        card at the key; ``target`` the place of the partner of a pair, ``"removed"`` for
        a King removed alone, ``"waste"`` for a draw, ``"stock"`` for a recycle (which have
        no ``card``). A pair is listed under each of its two cards. The moves, each taken
        once, are `legal_moves`; a key's targets differ, so a click on a key and then on a
        target names one move. Empty once the game is over.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> view = GameState.new(Layout.shuffled(1)).observe()
            >>> view.moves_by_card()
            {'pyramid-21': [{'move': 'KC', 'target': 'removed', 'card': 'KC'}], \
'pyramid-22': [{'move': 'KH', 'target': 'removed', 'card': 'KH'}], \
'stock': [{'move': 'draw', 'target': 'waste'}]}
        """
        where = self._places()
        found: dict[CardLocation, list[dict[str, str]]] = {}
        stock: list[dict[str, str]] = []
        for move in self._moves:
            text = str(move)
            cards = move.cards
            if not cards:
                target = "waste" if move.kind is MoveKind.DRAW else "stock"
                stock.append({"move": text, "target": target})
                continue
            for card in cards:
                partner = [where[other].key for other in cards if other != card]
                target = partner[0] if partner else "removed"
                found.setdefault(where[card], []).append(
                    {"move": text, "target": target, "card": str(card)}
                )
        result = {place.key: found[place] for place in sorted(found, key=_table_order)}
        if stock:
            result["stock"] = stock
        return result

    def _is_removed(self, card: Card) -> bool:
        """Whether `card` has left the table: it is nowhere a player sees, nor unseen."""
        return (
            card not in self.pyramid
            and card not in self.stock
            and card not in self.unseen
            and not any(card in pile for pile in self.waste_piles)
        )

    def _places(self) -> dict[Card, CardLocation]:
        """Where each face-up card that a move may use lies: the pyramid, the waste piles
        and the stock top (the locations `GameState.locate` gives)."""
        where = {
            card: CardLocation(Place.PYRAMID, index=slot)
            for slot, card in enumerate(self.pyramid)
            if card is not None
        }
        for number, pile in enumerate(self.waste_piles):
            for depth, card in enumerate(reversed(pile)):
                where[card] = CardLocation(Place.WASTE, index=number, depth=depth)
        if self.stock_top is not None:
            where[self.stock_top] = CardLocation(Place.STOCK, depth=0)
        return where


def _as_move(move: object) -> Move:
    """`move` as a Move: itself, its text or its action number."""
    return as_move(move, Move, SPACE, "Move")  # type: ignore[no-any-return]


def _known_stock(state: GameState) -> tuple[Card | None, ...]:
    """The stock as the player knows it (see `Observation.stock`)."""
    stock = state.stock
    if state.pass_number > 1 or not stock:
        return stock
    hidden: tuple[None, ...] = (None,) * (len(stock) - 1)
    return (*hidden, stock[-1] if state.rules.stock_top_pairable else None)


def observe(state: GameState) -> Observation:
    """`GameState.observe`: the observation of `state`."""
    known = _known_stock(state)
    if None in known:
        unseen = [card for card, seen in zip(state.stock, known, strict=True) if seen is None]
        unseen.sort(key=_sort_key)
    else:
        unseen = []
    status, moves = honest_play(state)
    view: Observation = _new(Observation)  # the engine's own fields: no checks needed
    view.__attrs_init__(
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
    return view


_new = object.__new__


def _check_fields(view: Observation) -> None:
    """Refuse an observation whose fields are not of the types `observe` gives them."""
    owner = "a Pyramid Observation"
    check_type(owner, "rules", view.rules, RuleSet)
    check_card_tuple(owner, "pyramid", view.pyramid, none=True, size=PYRAMID_SIZE)
    piles = view.waste_piles
    if not isinstance(piles, tuple) or len(piles) != view.rules.waste_piles:
        refuse(owner, "waste_piles", f"a tuple of {view.rules.waste_piles} tuples", piles)
    for pile in piles:
        check_card_tuple(owner, "waste_piles", pile)
    check_card_tuple(owner, "stock", view.stock, none=True)
    if len(view.stock) > STOCK_SIZE:
        refuse(owner, "stock", f"a tuple of at most {STOCK_SIZE} Card or None", view.stock)
    if type(view.stock_size) is not int or view.stock_size != len(view.stock):
        refuse(owner, "stock_size", f"the stock's length, {len(view.stock)}", view.stock_size)
    check_type(owner, "stock_top", view.stock_top, (Card, type(None)))
    check_count(owner, "pass_number", view.pass_number, 1)
    check_score(owner, view.score)
    history = view.history
    if not isinstance(history, tuple) or not all(isinstance(move, Move) for move in history):
        refuse(owner, "history", "a tuple of Move", history)
    check_type(owner, "status", view.status, Status)
    check_card_tuple(owner, "unseen", view.unseen)
    moves = view._moves
    if not isinstance(moves, tuple) or not all(isinstance(move, Move) for move in moves):
        refuse(owner, "moves", "a tuple of Move", moves)


def honest_play(state: GameState) -> tuple[Status, tuple[Move, ...]]:
    """The status and legal moves of ``state.observe()``, without building it: the
    state's own, but where the engine declares the game LOST early (the learning
    environments' fast path, where such a step then costs about what any other does)."""
    status = state.status
    if status is not Status.LOST:
        return status, state.legal_moves()
    moves = _honest_moves(state)
    return (Status.PLAYING, moves) if moves else (status, ())


def _honest_moves(state: GameState) -> tuple[Move, ...]:
    """The moves an honest player still has in `state`, which the engine declares LOST:
    the draw the rules allow, while some arrangement of the unseen cards lets a removal
    come; else none (from the second pass on, or with the stock empty, the player knows
    every talon card: the engine's verdict is the player's too)."""
    stock = state._stock
    if state._pass > 1 or not stock:
        return ()
    game = state._game
    hidden = stock >> 6 if game.stock_top else stock  # the cards not seen (`_known_stock`)
    if not hidden:
        return ()
    value_bits = game.shape(state._pyr).value_bits
    if _removal_can_come(game, value_bits, stock, state._waste, state._pass, hidden):
        return _DRAW_ONLY
    return ()


def _removal_can_come(
    game: Any, value_bits: int, stock: int, waste: int, pass_: int, hidden: int
) -> bool:
    """Whether some arrangement of the `hidden` cards (packed card ids, the stock cards the
    player has not seen) into their places lets draws and recycles from `stock` and
    `waste` (packed as in the state) make a removal legal (`value_bits`: bit v set when an
    available pyramid card has value v). See the module for why the answer is exact.

    The draws and recycles are played on the cards where they lie, and each moment's
    exposed places are checked against the cards that could lie there: the card itself
    where the player has seen it, any hidden card where not.
    """
    values = _VALUE.copy()  # card id -> the value the player knows there, 0 where unseen
    unseen_bits = 0  # bit v set when an unseen card has value v
    while hidden:
        card = hidden & 63
        unseen_bits |= 1 << values[card]
        values[card] = 0
        hidden >>= 6
    # What pairs with an unseen card: bit v set when some unseen card has value 13 - v
    # (the 14 bits 0..13 of `unseen_bits` in reverse order).
    partners = int(f"{unseen_bits:014b}"[::-1], 2)
    # An unseen card that makes a removal alone (a King, or one pairing with the pyramid).
    lone = bool(unseen_bits >> 13 & 1 or partners & value_bits)
    # Two unseen cards summing to 13 (always two cards: 13 is odd).
    pair = bool(partners & unseen_bits)

    def removal(a: int, b: int) -> bool:
        if a and b:
            return a + b == 13
        known = a or b
        return pair if not known else bool(partners >> known & 1)

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
    stock_now = stock
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
    position code, or an observation built by hand), or the search for one gives up (it
    visits at most 100,000 positions plus 2,000 per move), the state starts a game of its
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
