"""Pyramid game states: legal moves, apply, undo and status for every rule variant.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor. What every
game's state shares (score, status, history, ``apply`` over ``apply_unchecked``, equality,
frozen-ness) is the floor's scaffold, `pyramid13._base.scaffold`.

Inside, a position is a handful of ints, in the manner of bitboard chess engines:

* ``pyr``: bit ``i`` set while pyramid slot ``i`` holds its card (see `_geometry`);
* ``stock``: the stock as 6-bit card ids (1..52), its top (next drawn) in the lowest bits;
* ``waste``: waste pile ``k`` packed the same way, shifted left by ``144 * k`` bits.

Cards become `Card` objects only at the edge (properties); tables that depend only on the
deal and the set of remaining pyramid cards are built once per game and shared by every
state of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .._base.cards import DECK, Card
from .._base.errors import (
    InvalidArgumentError,
    InvalidLayoutError,
    InvalidPositionError,
)
from .._base.games import kind_of
from .._base.location import CardLocation, Change, Place
from .._base.packing import pack as _pack
from .._base.packing import unpack as _unpack
from .._base.scaffold import StateFields, StateScaffold, builder, set_status
from .._base.status import Status
from ._actions import SPACE
from ._geometry import COVERED_BY, ROW_MASKS, SLOTS, available_in, lone_covers, position_of
from ._layout import PYRAMID_SIZE, Layout
from ._moves import KING_MOVES, PAIR_MOVES, Move, MoveKind
from ._rules import Goal, RuleSet, as_rules
from ._scoring import NoScoring, ScoreEvent, ScoringPolicy

if TYPE_CHECKING:
    from ._observation import Observation

__all__ = ["GameState", "Status", "check_state"]

PILE_BITS = 144  # 24 cards of 6 bits: room for every talon card on one pile
PILE_MASK = (1 << PILE_BITS) - 1
_VALUE = [0] + [card.value for card in DECK]  # card id (1..52) -> value
_CARD = [DECK[0], *DECK]  # card id -> Card (index 0 unused)
_DRAW_KIND = MoveKind.DRAW
_new_event = tuple.__new__  # builds a ScoreEvent without its Python-level __new__
_DRAW_ONLY = (Move.DRAW,)
_RECYCLE_ONLY = (Move.RECYCLE,)
_CLEAR = [~(1 << slot) for slot in range(SLOTS)]
_ROW_OF = [position_of(slot)[0] for slot in range(SLOTS)]
# Rows of the slots that one removal can take (one or two slots), for row-clear scoring.
_ROWS_TOUCHED = {
    (1 << a) | (1 << b): tuple(sorted({_ROW_OF[a], _ROW_OF[b]}))
    for a in range(SLOTS)
    for b in range(SLOTS)
}


def _count(packed: int) -> int:
    """Number of cards in a packed pile (every 6-bit field holds a nonzero card id)."""
    return (packed.bit_length() + 5) // 6


class _Shape:
    """What one set of remaining pyramid cards offers, for one deal."""

    __slots__ = ("by_value", "moves", "then_draw", "value_bits")

    def __init__(
        self, moves: tuple[Move, ...], by_value: list[tuple[int, ...]], value_bits: int
    ) -> None:
        self.moves = moves  # removals among pyramid cards alone
        # Those and the draw: the legal moves where no talon card pairs, one shared tuple
        # (a caller may then tell an unchanged set of moves by identity).
        self.then_draw = moves + _DRAW_ONLY
        self.by_value = by_value  # value -> ids of available pyramid cards, slot order
        self.value_bits = value_bits  # bit v: some available pyramid card has value v


class _Game:
    """Tables of one deal under one rule set, shared by every state of that game."""

    __slots__ = (
        "all_cards",
        "draw_count",
        "last",
        "layout",
        "offsets",
        "overlap",
        "passes",
        "piles",
        "prefix",
        "pyramid",
        "rules",
        "scoring",
        "shapes",
        "simple",
        "slot_of",
        "stock_top",
        "waste_pairing",
    )

    def __init__(self, layout: Layout, rules: RuleSet) -> None:
        self.layout = layout
        self.rules = rules
        self.pyramid = tuple(card.index + 1 for card in layout.cards[:PYRAMID_SIZE])
        self.slot_of = [-1] * 53
        for slot, card_id in enumerate(self.pyramid):
            self.slot_of[card_id] = slot
        self.piles = rules.waste_piles
        self.offsets = tuple(PILE_BITS * pile for pile in range(rules.waste_piles))
        self.draw_count = rules.draw_count
        self.passes = rules.passes or 0  # 0: unlimited
        self.stock_top = rules.stock_top_pairable
        self.waste_pairing = rules.waste_pairing
        self.overlap = rules.overlap_pairing
        self.all_cards = rules.goal is Goal.ALL_CARDS
        self.simple = self.piles == 1 and not self.waste_pairing
        policy: ScoringPolicy = rules.scoring
        self.scoring: ScoringPolicy | None = None if isinstance(policy, NoScoring) else policy
        self.shapes: dict[int, _Shape] = {}
        # One-entry cache of (state, legal moves): `apply` right after `legal_moves` on the
        # same state checks legality without generating the moves again.
        self.last: tuple[GameState | None, tuple[Move, ...]] = (None, ())
        # Moves made before this game's first state: set by `determinize`, whose sampled
        # state continues a game whose start is unknown.
        self.prefix: tuple[Move, ...] = ()

    def shape(self, mask: int) -> _Shape:
        shape = self.shapes.get(mask)
        if shape is None:
            shape = self.shapes[mask] = self._build_shape(mask)
        return shape

    def _build_shape(self, mask: int) -> _Shape:
        pyramid = self.pyramid
        available = available_in(mask)
        moves: list[Move] = []
        by_value: list[tuple[int, ...]] = [()] * 14
        value_bits = 0
        for i, slot in enumerate(available):
            card = pyramid[slot]
            value = _VALUE[card]
            by_value[value] += (card,)
            value_bits |= 1 << value
            if value == 13:
                moves.append(KING_MOVES[card])  # type: ignore[arg-type]
                continue
            for other in available[i + 1 :]:
                if value + _VALUE[pyramid[other]] == 13:
                    moves.append(PAIR_MOVES[card][pyramid[other]])  # type: ignore[arg-type]
            if self.overlap:
                for upper, lower in lone_covers(mask):
                    if upper == slot and value + _VALUE[pyramid[lower]] == 13:
                        moves.append(PAIR_MOVES[card][pyramid[lower]])  # type: ignore[arg-type]
        return _Shape(tuple(moves), by_value, value_bits)


def _draw(game: _Game, stock: int, waste: int) -> tuple[int, int]:
    if game.piles == 1:
        count = game.draw_count
        if count == 1:
            return stock >> 6, (waste << 6) | (stock & 63)
        while count and stock:
            waste = (waste << 6) | (stock & 63)
            stock >>= 6
            count -= 1
        return stock, waste
    for offset in game.offsets:
        if not stock:
            break
        pile = (waste >> offset) & PILE_MASK
        waste += (((pile << 6) | (stock & 63)) - pile) << offset
        stock >>= 6
    return stock, waste


def _recycle(game: _Game, waste: int) -> int:
    # Pick up pile 1, then 2, ..., card by card from each top, onto the new stock: with one
    # pile this turns the waste over, so the cards come back in the order of the last pass.
    stock = 0
    for offset in game.offsets:
        pile = (waste >> offset) & PILE_MASK
        while pile:
            stock = (stock << 6) | (pile & 63)
            pile >>= 6
    return stock


def first_state(game: _Game) -> GameState:
    """The start of `game`: its layout dealt under its rules (`GameState.new`)."""
    stock = _pack(game.layout.cards[: PYRAMID_SIZE - 1 : -1])  # bottom to top: drawn-first last
    waste = 0
    if game.rules.first_card_to_waste:
        waste, stock = stock & 63, stock >> 6
    return _make(game, (1 << SLOTS) - 1, stock, waste, 1, 0, None, None)


def score_event(
    game: _Game, before: int, move: Move, removed: int, pyr: int, left: int, pass_: int
) -> ScoreEvent:
    """What `move` did, for the scoring policy: `before` is the pyramid before it, `pyr`
    the pyramid after it, `left` the cards then in the stock and the waste, `pass_` the
    pass then."""
    gone = before & ~pyr
    rows: tuple[int, ...] = ()
    if gone:
        rows = tuple([row for row in _ROWS_TOUCHED[gone] if not ROW_MASKS[row] & pyr])
    won = not pyr and (not game.all_cards or not left)
    return _new_event(ScoreEvent, (move, removed, rows, won, left, pass_))


def _talon_removal_possible(game: _Game, value_bits: int, stock: int, waste: int) -> bool:
    """Whether some removal is legal now, given the available pyramid values."""
    tops = []
    for offset in game.offsets:
        top = (waste >> offset) & 63
        if top:
            tops.append(top)
            if game.waste_pairing:
                beneath = (waste >> (offset + 6)) & 63
                if beneath and _VALUE[top] + _VALUE[beneath] == 13:
                    return True
    if game.stock_top and stock:
        tops.append(stock & 63)
    for i, top in enumerate(tops):
        value = _VALUE[top]
        if value == 13 or value_bits >> (13 - value) & 1:
            return True
        for other in tops[i + 1 :]:
            if value + _VALUE[other] == 13:
                return True
    return False


def _removal_reachable(game: _Game, value_bits: int, stock: int, waste: int, pass_: int) -> bool:
    """Whether draws and recycles alone can make some removal legal."""
    if game.simple:
        return _removal_reachable_one_pile(game, value_bits, stock, waste, pass_)
    passes = game.passes
    seen: set[int] = set()
    while True:
        if stock:
            stock, waste = _draw(game, stock, waste)
        elif waste and (not passes or pass_ < passes):
            # Without removals every pass repeats the one before: once a recycle meets a
            # waste seen before, no later pass brings anything new (whatever the limit).
            if waste in seen:
                return False
            seen.add(waste)
            stock, waste = _recycle(game, waste), 0
            pass_ += 1
        else:
            return False
        if _talon_removal_possible(game, value_bits, stock, waste):
            return True


def _removal_reachable_one_pile(
    game: _Game, value_bits: int, stock: int, waste: int, pass_: int
) -> bool:
    """`_removal_reachable` for one waste pile without waste pairing, without playing the
    draws one by one: with no removal the cards come round in a fixed order. This pass
    draws the stock; each later pass (when a recycle is allowed) draws the whole talon,
    the waste from its bottom then the stock, in the same order every time. So a removal
    can come exactly when some moment of this pass or of the next shows one."""
    order = []  # this pass's cards, in drawing order
    while stock:
        order.append(stock & 63)
        stock >>= 6
    if _pass_shows_removal(game, value_bits, order, False):
        return True
    passes = game.passes
    if not (order or waste) or (passes and pass_ >= passes):
        return False
    talon = []
    while waste:
        talon.append(waste & 63)
        waste >>= 6
    talon.reverse()  # bottom first: the order the recycled waste is drawn in
    talon.extend(order)
    return _pass_shows_removal(game, value_bits, talon, True)


def _pass_shows_removal(game: _Game, value_bits: int, order: list[int], fresh: bool) -> bool:
    """Whether some moment of a pass that draws the cards `order` (one waste pile) shows a
    removal: after each draw, the waste top and, where it plays, the stock top. `fresh`:
    the pass starts with an empty waste (after a recycle), its first moment showing the
    stock top alone."""
    stock_top = game.stock_top
    size = len(order)
    if fresh and stock_top and size:
        value = _VALUE[order[0]]
        if value == 13 or value_bits >> (13 - value) & 1:
            return True
    count = game.draw_count
    for drawn in range(count, size + count, count):
        if drawn > size:
            drawn = size
        value = _VALUE[order[drawn - 1]]
        if value == 13 or value_bits >> (13 - value) & 1:
            return True
        if stock_top and drawn < size:
            other = _VALUE[order[drawn]]
            if other == 13 or value_bits >> (13 - other) & 1 or other + value == 13:
                return True
    return False


class _StateSlots(StateFields):
    """The fields of a `GameState`, in slots: the scaffold's and Pyramid's (see `_make`)."""

    __slots__ = ("_pass", "_pyr", "_stock", "_waste")
    _POSITION = attrgetter("_pyr", "_stock", "_waste", "_pass", "_score")

    _game: _Game
    _pyr: int
    _stock: int
    _waste: int
    _pass: int


class GameState(_StateSlots, StateScaffold[Move, RuleSet, Layout], actions=SPACE):
    """A position in a game, with the way it was reached. Immutable.

    Create one with `GameState.new`; every move gives a new state (`apply`) that keeps a
    link to its parent, so `undo` is O(1) and returns the previous state exactly.
    Equality and hashing compare positions (rules, cards where they lie, pass number and
    score), not histories.

    Examples:
        >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
        >>> state.status, state.pass_number, state.score
        (<Status.PLAYING: 'playing'>, 1, 0)
        >>> after = state.apply(state.legal_moves()[0])
        >>> after.undo() == state
        True
    """

    __slots__ = ()

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, layout: Layout, rules: RuleSet | str | None = None) -> GameState:
        """The start of a game: `layout` dealt under `rules` (the classic preset by default).

        Args:
            layout: the deal.
            rules: the variant, or the name of a preset (``"microsoft"``); None for
                `RuleSet()`, the classic preset.

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> state.waste_piles, len(state.stock)
            (((Card.parse('4H'),),), 23)

        Raises:
            InvalidLayoutError: `layout` is not a Layout.
            InvalidRulesError: `rules` is neither a RuleSet nor a preset's name.
        """
        if not isinstance(layout, Layout):
            hint = " (read a layout code with Layout.parse)" if isinstance(layout, str) else ""
            raise InvalidLayoutError(f"layout must be a Layout{hint}, not {type(layout).__name__}")
        return first_state(_Game(layout, as_rules(rules)))

    @classmethod
    def from_string(cls, text: str, rules: RuleSet | str | None = None) -> GameState:
        """Read a position code, as written by `to_string`: a position without history.

        The state has no previous state. Its `layout` is a deal consistent with the
        position (see `to_string`), since a position does not say where removed cards lay.

        Args:
            text: the position code.
            rules: the rules (a RuleSet or a preset's name), when the code leaves them out
                (else the classic preset); when the code names its rules too, both must
                agree. Pass them also to read a code written under your own scoring policy.

        A code is refused when it is malformed or breaks a fact that holds in every game:
        each removal takes a King alone or two cards summing to 13, no card is removed
        while another lies on it, the stock and waste sizes follow from the draws of the
        pass, and the score is one that the rules' shipped scoring policy gives for what
        was removed (the reference page on position codes lists every check).

        Raises:
            InvalidPositionError: the text is not a position code, or describes a position
                that cannot occur; the message says what and where.
            InvalidRulesError: `rules` is neither a RuleSet nor a preset's name.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
            >>> again = GameState.from_string(state.apply("KC").to_string())
            >>> again == state.apply("KC"), again.history, again.score
            (True, (), 5)
        """
        from ._position import parse_position

        return parse_position(text, rules)

    def to_string(self) -> str:
        """The position code of this position: one line of text, without the history.

        Six fields separated by spaces: the pyramid's seven rows apex first, separated by
        ``/``, each slot a card or ``..`` once removed; the stock, bottom to top (``-``
        when empty); the waste piles, each bottom to top, separated by ``/`` (``-`` for an
        empty pile); the pass number; the score; the rules (a preset name, or a preset name
        followed by the settings that differ, like ``microsoft,passes=2``). `from_string`
        reads it back to an equal state.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1)).apply("KC")
            >>> code = state.to_string()
            >>> code.split()[0]  # the pyramid, KC gone from the bottom row
            '7D/9C4D/8H8D5S/JD6D9SJC/5DKD3C2DJH/5H7H4H2CAD6S/..KHTHTSJSTD8S'
            >>> code.split()[2:]  # waste, pass, score, rules
            ['-', '1', '0', 'classic']
        """
        from ._position import format_position

        return format_position(self)

    @classmethod
    def _from_position(
        cls,
        rules: RuleSet,
        pyramid: Sequence[Card | None],
        stock: Sequence[Card],
        waste_piles: Sequence[Sequence[Card]],
        pass_number: int,
        score: int,
    ) -> GameState:
        """A state for a mid-game position, without history; the caller has checked it.

        The game's layout is built as the `layout` property describes; equality masks
        removed slots, so which removed cards fill them does not matter.
        """
        present = {card for card in pyramid if card is not None}
        present.update(stock)
        for pile in waste_piles:
            present.update(pile)
        removed = [card for card in DECK if card not in present]
        empty = sum(card is None for card in pyramid)
        if len(removed) < empty:
            # Only a talon of more than 24 cards leaves too few removed cards to fill the
            # pyramid's empty slots; the parser rejects it first, this is the last guard.
            raise InvalidPositionError(
                f"{empty} pyramid slots are empty but only {len(removed)} cards are out of play"
            )
        missing = iter(removed)
        cards = [card if card is not None else next(missing) for card in pyramid]
        for pile in waste_piles:
            cards.extend(pile)
        cards.extend(reversed(stock))
        cards.extend(missing)
        game = _Game(Layout(tuple(cards)), rules)
        pyr = sum(1 << slot for slot, card in enumerate(pyramid) if card is not None)
        waste = 0
        for offset, pile in zip(game.offsets, waste_piles, strict=True):
            waste |= _pack(pile) << offset
        return _make(game, pyr, _pack(stock), waste, pass_number, score, None, None)

    # -- the position -------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """The deal this game started from.

        For a game started from a position code (`from_string`), a deal consistent with
        that position: the pyramid's remaining cards in their slots and removed cards in
        the removed slots, then the waste piles (pile 1 first, each bottom to top) and the
        stock in drawing order, then the other removed cards. When the position is the
        start of a game, that is the game's deal.
        """
        return self._game.layout

    @property
    def pyramid(self) -> tuple[Card | None, ...]:
        """The 28 pyramid slots, row-major from the apex: a card, or None once removed."""
        pyr = self._pyr
        return tuple(
            _CARD[card] if pyr >> slot & 1 else None for slot, card in enumerate(self._game.pyramid)
        )

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom to top: ``stock[-1]`` is drawn next."""
        return _unpack(self._stock)

    @property
    def waste_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The waste piles (one unless the rules say otherwise), each bottom to top."""
        waste = self._waste
        return tuple(_unpack((waste >> offset) & PILE_MASK) for offset in self._game.offsets)

    @property
    def exposed(self) -> tuple[Card, ...]:
        """Cards that may take part in a removal now.

        The available pyramid cards in slot order, the waste pile tops, then the stock top
        when the rules let it play. Not listed: the card beneath a waste top that
        `RuleSet.waste_pairing` lets pair with it, and the covered card that
        `RuleSet.overlap_pairing` lets pair with the card on it; `legal_moves` has those.
        """
        game = self._game
        pyr = self._pyr
        cards = [
            _CARD[game.pyramid[s]] for s in range(SLOTS) if pyr >> s & 1 and not COVERED_BY[s] & pyr
        ]
        for offset in game.offsets:
            top = (self._waste >> offset) & 63
            if top:
                cards.append(_CARD[top])
        if game.stock_top and self._stock:
            cards.append(_CARD[self._stock & 63])
        return tuple(cards)

    def locate(self, card: Card | str) -> CardLocation:
        """Where `card` (a `Card` or its text) lies now: a pyramid slot, the stock, a waste
        pile, or removed.

        Args:
            card: any of the 52 cards.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1))
            >>> state.locate("KC")
            CardLocation(place=<Place.PYRAMID: 'pyramid'>, index=21, depth=None)
            >>> state.apply("KC").locate("KC").place
            <Place.REMOVED: 'removed'>

        Raises:
            InvalidCardError: `card` is not a card.
        """
        if not isinstance(card, Card):
            card = Card.parse(card)
        card_id = card.index + 1
        game = self._game
        slot = game.slot_of[card_id]
        if slot >= 0 and self._pyr >> slot & 1:
            return CardLocation(Place.PYRAMID, index=slot)
        depth = 0
        stock = self._stock
        while stock:
            if stock & 63 == card_id:
                return CardLocation(Place.STOCK, depth=depth)
            stock >>= 6
            depth += 1
        for number, offset in enumerate(game.offsets):
            pile = (self._waste >> offset) & PILE_MASK
            depth = 0
            while pile:
                if pile & 63 == card_id:
                    return CardLocation(Place.WASTE, index=number, depth=depth)
                pile >>= 6
                depth += 1
        return CardLocation(Place.REMOVED)

    def table(self) -> tuple[tuple[CardLocation, Card | None], ...]:
        """The picture of the table: each of the 52 cards with where it lies, as
        (location, card) pairs; the card is None where it lies face down (every stock
        card but the top one under rules that let it play, `RuleSet.stock_top_pairable`).

        The pairs come in a fixed order: the pyramid by slot, the stock from its top
        (depth 0 first), each waste pile from its top, then the removed cards (all at
        ``CardLocation(Place.REMOVED)``) in `Card.index` order. `changes` applies to it.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1))
            >>> pairs = state.table()
            >>> len(pairs), pairs[0], pairs[28]
            (52, (CardLocation(place=<Place.PYRAMID: 'pyramid'>, index=0, depth=None), \
Card.parse('7D')), (CardLocation(place=<Place.STOCK: 'stock'>, index=None, depth=0), None))
        """
        from ._changes import table

        return table(self)

    def changes(self) -> tuple[Change, ...]:
        """What the last move did, one `Change` per card that moved or turned face up, in
        the order a player's interface animates them; empty at the start of the game.

        A removal: its cards, in the move's order, each to ``Place.REMOVED``. A draw: the
        cards drawn, in drawing order (onto waste pile 1, 2, ... when the rules deal the
        draw onto several piles). A recycle: every waste card back into the stock, in the
        order they are picked up (pile 1 first, each pile from its top). Under rules that
        let the stock top play, the card that the move uncovered on the stock comes last,
        turned face up. A card that only lies deeper or shallower (its `depth` changed,
        its pile did not) has no change. `Change` says how the changes turn
        ``previous.table()`` into `table`, and how to read them backwards for an undo.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
            >>> for change in state.apply("draw").changes():
            ...     print(change.card, change.source.place.value, change.target.place.value,
            ...           change.target.depth, change.turned_up)
            QC stock waste 0 False
            4S stock stock 0 True
        """
        from ._changes import changes

        return changes(self)

    def change_steps(self) -> tuple[tuple[Change, ...], ...]:
        """What the last move did, as the steps a player's interface animates one after
        another: each step a tuple of the `Change` records of the cards that move together;
        empty at the start of the game. Worked out when asked: `apply` pays nothing for it.

        A removal: one step, its cards to ``Place.REMOVED``. A draw: one step per card
        drawn, in drawing order, each from the stock's top onto the top of its waste pile
        (pile 1, 2, ... when the rules deal the draw onto several piles). A recycle: one
        step, the whole waste back into the stock (the changes of `changes`). Under rules
        that let the stock top play, a last step turns the stock's new top card face up
        when a removal or draw uncovered it; until then it lies face down.

        Each step applies to the table the steps before it left, as `Change` describes:
        the first to ``previous.table()``, and the last leaves `table` exactly. A change's
        `source` and `target` are measured in the tables before and after its step (a
        drawn card leaves the stock from depth 0 and lands at depth 0, whatever lies on it
        once the draw is over). Read backwards (the last step first, each step's changes
        read backwards as `Change` says) the steps undo the move. A step names no card
        before the step that turns it face up or draws it, so the steps are as safe to
        send to a player's screen as `changes`.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
            >>> for step in state.apply("draw").change_steps():
            ...     print([(str(c.card), c.source.place.value, c.target.place.value,
            ...             c.turned_up) for c in step])
            [('QC', 'stock', 'waste', False)]
            [('4S', 'stock', 'stock', True)]
        """
        from ._changes import change_steps

        return change_steps(self)

    @property
    def pass_number(self) -> int:
        """The current pass through the stock, starting at 1; each recycle adds one."""
        return self._pass

    # -- moves --------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a fixed order; empty once the game is won or lost.

        The order: first removals of pyramid cards alone, by their first card's slot
        (its King removal, its pairs with later available slots, then with cards it alone
        covers under `RuleSet.overlap_pairing`); then removals that use a talon card, for each of
        waste pile 1, 2, ... top and then the stock top (when it may play): the King
        removal, pairs with available pyramid cards in slot order, pairs with the later
        talon cards; then `RuleSet.waste_pairing` pairs pile by pile; then draw; then recycle.

        Examples:
            >>> state = GameState.new(Layout.shuffled(2024), RuleSet.preset("microsoft"))
            >>> state.legal_moves()
            (Move.parse('5H+8S'), Move.parse('KH'), Move.parse('5C+8S'), Move.parse('draw'))
            >>> while not state.is_over:
            ...     state = state.apply(state.legal_moves()[0])
            >>> state.status, state.legal_moves()
            (<Status.WON: 'won'>, ())
        """
        last = self._game.last
        if last[0] is self:
            return last[1]
        moves = self._generate()
        self._game.last = (self, moves)
        return moves

    def _generate(self) -> tuple[Move, ...]:
        game = self._game
        pyr = self._pyr
        stock = self._stock
        waste = self._waste
        if not pyr and (not game.all_cards or not (stock or waste)):
            _set_status(self, Status.WON)
            return ()
        shape = game.shapes.get(pyr)
        if shape is None:
            shape = game.shape(pyr)
        moves = shape.moves
        if game.simple:
            # One waste pile, no waste pairing: the common case, kept short.
            top = waste & 63
            below = stock & 63 if game.stock_top else 0
            if top:
                value = _VALUE[top]
                if value == 13:
                    moves += (KING_MOVES[top],)  # type: ignore[operator]
                else:
                    row = PAIR_MOVES[top]
                    moves += tuple([row[card] for card in shape.by_value[13 - value]])  # type: ignore[misc]
                    if below and _VALUE[below] + value == 13:
                        moves += (row[below],)  # type: ignore[operator]
            if below:
                value = _VALUE[below]
                if value == 13:
                    moves += (KING_MOVES[below],)  # type: ignore[operator]
                else:
                    row = PAIR_MOVES[below]
                    moves += tuple([row[card] for card in shape.by_value[13 - value]])  # type: ignore[misc]
        else:
            moves += self._talon_removals(shape)
        if not moves and not _removal_reachable(game, shape.value_bits, stock, waste, self._pass):
            _set_status(self, Status.LOST)
            return ()
        _set_status(self, Status.PLAYING)
        if stock:
            return shape.then_draw if moves is shape.moves else moves + _DRAW_ONLY
        if waste and (not game.passes or self._pass < game.passes):
            return moves + _RECYCLE_ONLY
        return moves

    def _talon_removals(self, shape: _Shape) -> tuple[Move, ...]:
        """Removals that use a waste or stock card, in `legal_moves` order (general case)."""
        game = self._game
        waste = self._waste
        tops = [top for offset in game.offsets if (top := (waste >> offset) & 63)]
        if game.stock_top and self._stock:
            tops.append(self._stock & 63)
        moves: list[Move] = []
        for i, top in enumerate(tops):
            value = _VALUE[top]
            if value == 13:
                moves.append(KING_MOVES[top])  # type: ignore[arg-type]
                continue
            row = PAIR_MOVES[top]
            moves.extend([row[card] for card in shape.by_value[13 - value]])  # type: ignore[misc]
            for other in tops[i + 1 :]:
                if value + _VALUE[other] == 13:
                    moves.append(row[other])  # type: ignore[arg-type]
        if game.waste_pairing:
            for offset in game.offsets:
                top = (waste >> offset) & 63
                beneath = (waste >> (offset + 6)) & 63
                if top and beneath and _VALUE[top] + _VALUE[beneath] == 13:
                    moves.append(PAIR_MOVES[top][beneath])  # type: ignore[arg-type]
        return tuple(moves)

    def apply_unchecked(self, move: Move) -> GameState:
        """The state after `move`, without checking that it is legal.

        The fast path for search code that applies only moves from `legal_moves`; it skips
        parsing and the legality check. An illegal move gives an undefined (but never
        crashing) result.

        Args:
            move: one of `legal_moves`.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1))
            >>> move = state.legal_moves()[0]
            >>> state.apply_unchecked(move) == state.apply(move)
            True
        """
        game = self._game
        pyr = self._pyr
        stock = self._stock
        waste = self._waste
        pass_ = self._pass
        ids = move._ids
        if not ids:
            removed = 0
            if move.kind is _DRAW_KIND:
                stock, waste = _draw(game, stock, waste)
            else:
                stock, waste = _recycle(game, waste), 0
                pass_ += 1
        else:
            removed = len(ids)
            slot_of = game.slot_of
            pending = []
            for card in ids:
                slot = slot_of[card]
                if slot >= 0:
                    pyr &= _CLEAR[slot]
                elif stock & 63 == card:
                    stock >>= 6
                elif game.piles == 1:
                    if waste & 63 == card:
                        waste >>= 6
                    else:
                        pending.append(card)
                else:
                    for offset in game.offsets:
                        pile = (waste >> offset) & PILE_MASK
                        if pile & 63 == card:
                            waste -= (pile - (pile >> 6)) << offset
                            break
                    else:
                        pending.append(card)
            for card in pending:  # waste pairing: the card beneath, now on top
                for offset in game.offsets:
                    pile = (waste >> offset) & PILE_MASK
                    if pile & 63 == card:
                        waste -= (pile - (pile >> 6)) << offset
                        break
        score = self._score
        scoring = game.scoring
        if scoring is not None:
            score = scoring.score(score, self._event(move, removed, pyr, stock, waste, pass_))
        return _make(game, pyr, stock, waste, pass_, score, self, move)

    def _event(
        self, move: Move, removed: int, pyr: int, stock: int, waste: int, pass_: int
    ) -> ScoreEvent:
        game = self._game
        if game.piles == 1:
            left = (stock.bit_length() + 5) // 6 + (waste.bit_length() + 5) // 6
        else:
            left = _count(stock) + sum(_count((waste >> o) & PILE_MASK) for o in game.offsets)
        return score_event(game, self._pyr, move, removed, pyr, left, pass_)

    def _plays_on(self, move: Move) -> bool:
        # After the early LOST verdict the observation may still offer a draw or recycle.
        return not move._ids and self.status is Status.LOST and move in self.observe().legal_moves()

    def _why_illegal(self, move: Move) -> str:
        return why_not(
            move,
            self.status,
            bool(self._stock),
            bool(self._waste),
            self.rules.passes,
            lambda card: self.locate(card).place is Place.REMOVED,
            lambda: self.exposed,
        )

    # -- queries for a player's interface -----------------------------------------------

    def playable(self) -> tuple[CardLocation, ...]:
        """Where the cards lie that a legal move uses now: every card of every legal
        removal, in the order of `table` (the pyramid by slot, the stock top, the waste
        piles by pile, each from its top). Draw and recycle use the stock as a whole, no
        card: ask ``is_legal("draw")``.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1))
            >>> [(where.place.value, where.index) for where in state.playable()]
            [('pyramid', 21), ('pyramid', 22)]
        """
        cards = {card for move in self.legal_moves() for card in move.cards}
        return tuple(sorted(map(self.locate, cards), key=_table_order))

    def can_pair(self, first: Card | str, second: Card | str) -> bool:
        """Whether two cards (each a `Card` or its text) may be removed together now: two
        different cards whose values sum to 13 and whose removal is legal.

        Args:
            first: a card.
            second: another card.

        Examples:
            >>> state = GameState.new(Layout.shuffled(2024), RuleSet.preset("microsoft"))
            >>> state.can_pair("5H", "8S"), state.can_pair("8S", "5C"), state.can_pair("5H", "QH")
            (True, True, False)

        Raises:
            InvalidCardError: either is not a card.
        """
        if not isinstance(first, Card):
            first = Card.parse(first)
        if not isinstance(second, Card):
            second = Card.parse(second)
        if first == second or first.value + second.value != 13:
            return False
        return PAIR_MOVES[first.index + 1][second.index + 1] in self.legal_moves()

    def moves_by_card(self) -> dict[str, list[dict[str, str]]]:
        """Every move a player may make now, by the place of each card it picks up, as
        plain JSON data: ``observe().moves_by_card()``, from what the player sees (see
        `Observation.moves_by_card` for its shape).

        Examples:
            >>> state = GameState.new(Layout.shuffled(1))
            >>> state.moves_by_card()["pyramid-21"]
            [{'move': 'KC', 'target': 'removed', 'card': 'KC'}]
            >>> state.moves_by_card() == state.observe().moves_by_card()
            True
        """
        return self.observe().moves_by_card()

    # -- hidden information -------------------------------------------------------------

    def observe(self) -> Observation:
        """What a player sees of this position, as an `Observation`: everything but the
        stock cards the player has not seen (the stock order on the first pass, and its
        top card too unless the rules let it play), with the honest status and moves.

        Costs the same at any move of a game: the history it carries is shared with the
        previous state's observation, not rebuilt.

        Examples:
            >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
            >>> obs = state.observe()
            >>> obs.stock_size, obs.stock_top == state.stock[-1], len(obs.unseen)
            (24, True, 23)
        """
        from ._observation import observe

        return observe(self)

    # -- equality, text -----------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        pyr = self._pyr
        cards = tuple(c if pyr >> s & 1 else 0 for s, c in enumerate(self._game.pyramid))
        return (self._game.rules, cards, self._stock, self._waste, self._pass, self._score)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle as the start position plus the moves (small, and no deep recursion over a
        # long chain of parents); unpickling replays them.
        start = self.start
        return (
            _restore,
            (
                self._game.layout,
                self._game.rules,
                (start._pyr, start._stock, start._waste, start._pass, start._score),
                tuple(str(move) for move in self.history[len(self._game.prefix) :]),
                tuple(str(move) for move in self._game.prefix),
            ),
        )

    def _repr_svg_(self) -> str:
        """The position as an SVG picture, for Jupyter and IPython."""
        from ._svg import pyramid_svg

        return pyramid_svg(self)

    def _repr_body(self) -> str:
        return (
            f"{bin(self._pyr).count('1')} pyramid cards, stock {_count(self._stock)}, "
            f"pass {self._pass}"
        )

    def __str__(self) -> str:
        pyramid = self.pyramid
        lines = []
        for row in range(7):
            first = row * (row + 1) // 2
            cells = [str(card) if card else ".." for card in pyramid[first : first + row + 1]]
            lines.append(" " * (2 * (6 - row)) + "  ".join(cells).rstrip())
        stock = self.stock
        stock_text = f"stock: {len(stock)} card{'s' * (len(stock) != 1)}"
        if stock and self._game.stock_top:
            stock_text += f" (top {stock[-1]})"
        lines.append(stock_text)
        piles = self.waste_piles
        for number, pile in enumerate(piles, 1):
            label = "waste" if len(piles) == 1 else f"waste {number}"
            lines.append(f"{label}: {' '.join(map(str, pile)) or '(empty)'}")
        passes = self.rules.passes
        lines.append(
            f"pass {self._pass}/{passes if passes else 'unlimited'}, "
            f"score {self._score}, {self.status.value}"
        )
        return "\n".join(lines)


def why_not(
    move: Move,
    status: Status,
    has_stock: bool,
    has_waste: bool,
    passes: int | None,
    is_removed: Callable[[Card], bool],
    exposed: Callable[[], Sequence[Card]],
) -> str:
    """Why `move`, not legal, is refused, from what a player sees (`status` is the one the
    answer goes with: the engine's for a state, the honest one for an observation;
    `exposed` gives the exposed cards, asked only for a removal that could be legal)."""
    cards = move.cards
    if len(cards) == 1 and cards[0].value != 13:
        return f"only a King is removed alone, not {cards[0]}"
    if len(cards) == 2 and cards[0].value + cards[1].value != 13:
        total = cards[0].value + cards[1].value
        return f"{cards[0]}+{cards[1]} sums to {total}, not 13"
    if status is not Status.PLAYING:
        return f"the game is over ({status.value})"
    if move.kind is MoveKind.DRAW:
        return "the stock is empty"
    if move.kind is MoveKind.RECYCLE:
        if has_stock:
            return "the stock is not empty yet"
        if not has_waste:
            return "the waste is empty"
        return f"the rules allow {passes} pass{'es' * (passes != 1)} through the stock"
    gone = [str(card) for card in cards if is_removed(card)]
    if gone:
        return f"{' and '.join(gone)} {'is' if len(gone) == 1 else 'are'} already removed"
    shown = exposed()
    hidden = [str(card) for card in cards if card not in shown]
    if hidden:
        return f"{' and '.join(hidden)} {'is' if len(hidden) == 1 else 'are'} not exposed"
    return "those cards cannot be removed together here"


_PLACE_ORDER = {Place.PYRAMID: 0, Place.STOCK: 1, Place.WASTE: 2, Place.REMOVED: 3}


def _table_order(location: CardLocation) -> tuple[int, int, int]:
    """Sorts locations in the order of `GameState.table`."""
    return (_PLACE_ORDER[location.place], location.index or 0, location.depth or 0)


def check_state(state: object, name: str = "state") -> GameState:
    """`state` itself when it is a GameState.

    Raises:
        InvalidArgumentError: it is not.
    """
    if not isinstance(state, GameState):
        raise InvalidArgumentError(f"{name} must be a Pyramid GameState, not {kind_of(state)}")
    return state


def _restore(
    layout: Layout,
    rules: RuleSet,
    start: tuple[int, int, int, int, int],
    moves: tuple[str, ...],
    prefix: tuple[str, ...] = (),
) -> GameState:
    """Rebuild a pickled state: its start position, then its moves replayed."""
    game = _Game(layout, rules)
    game.prefix = tuple(Move.parse(text) for text in prefix)
    state = _make(game, *start, None, None)
    for text in moves:
        state = state.apply_unchecked(Move.parse(text))
    return state


# The lazily computed status is the one field set after construction (by `_generate`).
_set_status = set_status
# _make(game, pyr, stock, waste, pass_, score, parent, move): a new state, built as the
# scaffold builds every game's state (`pyramid13._base.scaffold.builder`); `apply` runs it
# for every move.
_make: Callable[..., GameState] = builder(
    GameState,
    _StateSlots,
    ("_game", "_pyr", "_stock", "_waste", "_pass", "_score", "_parent", "_move"),
)
