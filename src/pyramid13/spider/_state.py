"""Spider game states: legal moves, apply, undo, status and score for every rule variant.

Inside, a position is a handful of ints and one tuple, in the manner of Pyramid's engine:

* ``ups``: a tuple of ten ints, pile ``i``'s face-up cards packed 6 bits a card (card id
  ``Card.index + 1``, so 0 means "no card"), the top card in the lowest bits;
* ``downs``: how many face-down cards each pile still has, 3 bits a pile. Face-down cards
  never move, only turn over, so they are always the first ``downs[i]`` cards the pile was
  dealt; the per-game table (`_Game`) holds them;
* ``runs``: the length of each pile's movable run (its top cards that form one suit
  descending), 4 bits a pile, kept up to date move by move;
* ``dealt``: how many deals the stock has made; the stock is the layout's later deals.

Cards become `Card` objects only at the edge (properties). The legal moves come from the
face-up cards, the run lengths and the number of deals left alone: what a player sees.

**The order of** `GameState.legal_moves`: first the run removals (rules without automatic
removal), by pile; then the unit moves, by source pile, then number of cards (fewest
first), then target pile; then the deal. Piles in that order are indexes 0..9. A unit may
go onto every empty pile, each a move of its own, and a whole pile may move (even onto an
empty pile: the rules allow it, though it changes nothing).

**The text drawing** (`str(state)`): a header with the pile numbers 1..10, then one row per
card depth, each pile drawn downwards from its bottom card, ``##`` for a face-down card and
``--`` for an empty pile; then the stock (deals and cards left), the runs removed with their
suits, the score and the status.

**The scaffold.** What every game's state shares (score, status, history, ``apply`` over
``apply_unchecked``, equality, frozen-ness, how a new state is built) is the floor's
`pyramid13._base.scaffold`.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .._base.cards import DECK, Card, Rank, Suit
from .._base.errors import InvalidArgumentError, InvalidLayoutError, UndoError
from .._base.location import CardLocation, Change, Place
from .._base.packing import pack as _pack
from .._base.packing import unpack as _unpack
from .._base.scaffold import StateFields, StateScaffold, builder, parent_of, set_status
from .._base.status import Status
from .._base.text import describe
from ._actions import SPACE
from ._layout import Layout
from ._moves import PILES, REMOVE_MOVES, UNIT_MOVES, Move, MoveKind
from ._pile import Pile
from ._pile import pile as _pile
from ._rules import RuleSet, as_rules
from ._scoring import NoScoring, ScoreEvent, ScoringPolicy

if TYPE_CHECKING:
    from ._observation import Observation

__all__ = ["GameState"]

RUNS_TO_WIN = 8
_RUN = 13  # cards in a complete run
_RUN_BITS = 6 * _RUN
_CARD: list[Card] = [DECK[0], *DECK]  # card id -> Card (index 0 unused)
_RANK = [0] + [card.value for card in DECK]  # card id -> rank 1..13 (0: no card)
_SUIT: list[Suit] = [DECK[0].suit] + [card.suit for card in DECK]
# Card id -> the id of the same suit one rank higher (what it may sit on inside a run);
# -1 for Kings and for "no card", so that a comparison with a pile's card never matches.
_UP = [-1] + [card.index + 2 if card.value < 13 else -1 for card in DECK]
_DEAL_ONLY = (Move.DEAL,)
_new_event = tuple.__new__  # builds a ScoreEvent without its Python-level __new__
_SHIFT4 = [4 * pile for pile in range(PILES)]
_SHIFT3 = [3 * pile for pile in range(PILES)]
# A set of piles as a bit mask -> the piles in it, in ascending order.
_PILES_OF = [tuple(pile for pile in range(PILES) if mask >> pile & 1) for mask in range(1 << PILES)]


def _check_index(name: str, value: object, high: int, low: int = 0) -> None:
    if type(value) is not int or not low <= value <= high:
        raise InvalidArgumentError(
            f"{name} must be an int in {low}..{high}, not {describe(value)}"
            + (" (an index: pile 10 is 9)" if name == "pile" and value == high + 1 else "")
        )


def _run_length(packed: int) -> int:
    """The number of top cards of a packed pile that form one suit, descending (0 if empty)."""
    if not packed:
        return 0
    length = 1
    top = packed & 63
    packed >>= 6
    while packed and packed & 63 == _UP[top]:
        length += 1
        top = packed & 63
        packed >>= 6
    return length


def _runs_of(ups: Sequence[int]) -> int:
    runs = 0
    for pile, packed in enumerate(ups):
        runs |= _run_length(packed) << (4 * pile)
    return runs


def generate(
    ups: tuple[int, ...],
    runs: int,
    deals_left: int,
    deal_onto_empty: bool,
    auto_remove: bool,
) -> tuple[Move, ...]:
    """The legal moves from what a player sees (the caller handles a won game)."""
    moves: list[Move] = []
    if not auto_remove and runs:
        for pile in range(PILES):
            if (runs >> _SHIFT4[pile]) & 15 == _RUN:
                moves.append(REMOVE_MOVES[pile])
    # piles_by_rank[r]: bit p set when pile p's top card has rank r; `empty`: empty piles.
    piles_by_rank = [0] * 28
    ranks = 0  # bit r set when some top card has rank r
    empty = 0
    rank = _RANK
    for pile in range(PILES):
        packed = ups[pile]
        if packed:
            top_rank = rank[packed & 63]
            piles_by_rank[top_rank] |= 1 << pile
            ranks |= 1 << top_rank
        else:
            empty |= 1 << pile
    unit = UNIT_MOVES
    piles_of = _PILES_OF
    for source in range(PILES):
        run = (runs >> _SHIFT4[source]) & 15
        if not run:
            continue
        top_rank = rank[ups[source] & 63]
        base = source * 140
        if empty:
            for count in range(1, run + 1):
                for target in piles_of[piles_by_rank[top_rank + count] | empty]:
                    moves.append(unit[base + count * 10 + target])
        elif (ranks >> (top_rank + 1)) & ((1 << run) - 1):  # some unit has a target
            for count in range(1, run + 1):
                targets = piles_by_rank[top_rank + count]
                if targets:
                    for target in piles_of[targets]:
                        moves.append(unit[base + count * 10 + target])
    if deals_left and (deal_onto_empty or not empty):
        moves.append(Move.DEAL)
    return tuple(moves)


def _uncover(game: _Game, pile: int, packed: int, downs: int) -> tuple[int, int, int]:
    """After cards left the top of `pile`, leaving its face-up cards `packed`: turn its next
    face-down card up if no face-up card is left. Returns (face-up cards, downs, run length).
    """
    if packed:
        return packed, downs, _run_length(packed)
    down = (downs >> _SHIFT3[pile]) & 7
    if down:
        return game.downs[pile][down - 1], downs - (1 << _SHIFT3[pile]), 1
    return 0, downs, 0


class _Game:
    """Tables of one deal under one rule set, shared by every state of that game."""

    __slots__ = (
        "auto_remove",
        "deal_onto_empty",
        "deals",
        "downs",
        "last",
        "layout",
        "prefix",
        "rules",
        "scoring",
        "undo_penalty",
    )

    def __init__(
        self,
        layout: Layout,
        rules: RuleSet,
        downs: tuple[tuple[int, ...], ...],
        deals: tuple[tuple[int, ...], ...],
        prefix: tuple[Move, ...] = (),
    ) -> None:
        self.layout = layout
        self.rules = rules
        self.downs = downs  # pile -> ids of its face-down cards as dealt, bottom to top
        self.deals = deals  # the stock's deals as card ids, in order
        self.prefix = prefix  # moves made before this game's first state (determinize)
        self.deal_onto_empty = rules.deal_onto_empty
        self.auto_remove = rules.auto_remove_runs
        policy: ScoringPolicy = rules.scoring
        self.scoring: ScoringPolicy | None = None if isinstance(policy, NoScoring) else policy
        self.undo_penalty = policy.undo_penalty
        # One-entry cache of (state, legal moves): `apply` right after `legal_moves` on the
        # same state checks legality without generating the moves again.
        self.last: tuple[GameState | None, tuple[Move, ...]] = (None, ())


class _StateSlots(StateFields):
    """A Spider state's own fields, beside the scaffold's: they make the position, but for
    ``_debt`` (the undo penalties paid) and ``_runs`` (worked out from ``_ups``)."""

    __slots__ = ("_dealt", "_debt", "_downs", "_removed", "_runs", "_ups")
    _POSITION = attrgetter("_ups", "_downs", "_dealt", "_removed", "_score")

    _game: _Game
    _ups: tuple[int, ...]
    _downs: int
    _runs: int
    _dealt: int
    _removed: tuple[Suit, ...]
    _debt: int


class GameState(_StateSlots, StateScaffold[Move, RuleSet, Layout], actions=SPACE, prefix="spider."):
    """A Spider position, with the way it was reached. Immutable.

    Create one with `GameState.new`; every move gives a new state (`apply`) that keeps a
    link to its parent, so `undo` is O(1) and returns the previous state exactly. Equality
    and hashing compare positions (rules, every card where it lies, face up or down, the
    stock, the runs removed and the score), not histories. Assigning an attribute raises.

    Examples:
        >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
        >>> state.status, state.deals_left, len(state.legal_moves())
        (<Status.PLAYING: 'playing'>, 5, 7)
        >>> after = state.apply("4:1>8")
        >>> after.undo() == state, after.piles[7].face_up
        (True, (Card.parse('QC'), Card.parse('JC')))
    """

    __slots__ = ()

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, layout: Layout, rules: RuleSet | str | None = None) -> GameState:
        """The start of a game: `layout` dealt under `rules` (`RuleSet()` by default).

        Args:
            layout: the deal; its shape and suits must be the rules' (deal it with
                ``Layout.shuffled(seed, rules)``).
            rules: the variant; None for `RuleSet()`, the bicycle preset with 4 suits.

        Examples:
            >>> rules = RuleSet.preset("microsoft", suits=1)
            >>> state = GameState.new(Layout.shuffled(3, rules), rules)
            >>> state.score, len(state.piles[0].face_down), len(state.stock)
            (500, 5, 50)

        Raises:
            InvalidLayoutError: `layout` is not a spider Layout, or its shape or suits are
                not the rules'.
            InvalidRulesError: `rules` is neither a spider RuleSet nor a preset's name.
        """
        if not isinstance(layout, Layout):
            hint = " (read a layout code with Layout.parse)" if isinstance(layout, str) else ""
            raise InvalidLayoutError(
                f"layout must be a spider Layout{hint}, not {type(layout).__name__}"
            )
        rules = as_rules(rules)
        if layout.shape is not rules.shape:
            raise InvalidLayoutError(
                f"the layout is dealt in the {layout.shape.value} shape, the rules play "
                f"{rules.shape.value}; deal with Layout.shuffled(seed, rules)"
            )
        if set(layout.suit_set) != set(rules.suit_set):
            raise InvalidLayoutError(
                f"the layout plays suits {''.join(s.value for s in layout.suit_set)}, the "
                f"rules {''.join(s.value for s in rules.suit_set)}; deal with "
                "Layout.shuffled(seed, rules) or choose RuleSet.preset(name, suits=...)"
            )
        return first_state(new_game(layout, rules))

    @classmethod
    def from_string(cls, text: str, rules: RuleSet | str | None = None) -> GameState:
        """Read a position code, as written by `to_string`: a position without history.

        The state has no previous state. Its `layout` is a deal consistent with the
        position: the piles' cards (pile 1 to 10, each bottom to top), the stock in dealing
        order, then the removed runs (King to Ace), cut into the rules' pile and deal sizes;
        when the position is the start of a game, that is the game's deal.

        Besides the syntax, the reader refuses a position that breaks a fact true of every
        position a game reaches: cards that do not make up the rules' deck (each card of the
        suits in play ``8 / suits`` times between the piles, the stock and the removed
        runs, no other card); a face-down card above a face-up one, or face-down cards with
        no face-up card on top; more face-down cards in a pile than the deal shape gives it
        (any, under rules that deal every card face up); a stock no number of deals leaves;
        more than 8 runs removed, or a run of a suit not in play; a complete King-to-Ace run
        face up under rules that lift runs off automatically; more face-up cards in a pile
        that are not one rank below the card under them than deals made; a score other than
        0 under rules without scoring, or a Microsoft score above what play reaches (500,
        +100 a run removed, -1 a deal made and a unit move the table needs).

        Args:
            text: the position code.
            rules: the rules (or a preset's name, with 4 suits), when the code leaves them
                out (else `RuleSet()`); when the code names its rules too, both must agree.
                Pass them also to read a code written under your own scoring policy.

        Raises:
            InvalidPositionError: the text is not a position code, or describes a position
                that cannot occur; the message says what and where.
            InvalidRulesError: `rules` is neither a spider RuleSet nor a preset's name.

        Examples:
            >>> rules = RuleSet.preset("pysolfc", suits=2)
            >>> state = GameState.new(Layout.from_pysolfc(1, suits=2), rules).apply("4:1>8")
            >>> again = GameState.from_string(state.to_string())
            >>> again == state, again.history
            (True, ())
        """
        from ._position import parse_position

        result: GameState = parse_position(text, rules)
        return result

    def to_string(self) -> str:
        """The position code of this position: one line of text, without the history.

        Five fields separated by spaces: the ten piles separated by ``/``, each its
        face-down cards, ``|``, then its face-up cards, bottom to top (``-`` for an empty
        pile); the stock in the order of `stock` (``-`` when empty); the suits of the runs
        removed (``-`` for none); the score; the rules (a preset name, ``suits=N`` when not
        4, then any settings that differ; a scoring policy's name percent-encoded).
        `from_string` reads it back to an equal state.

        Raises:
            InvalidPositionError: the code would be longer than the 2000 characters
                `from_string` reads (only a score of hundreds of digits, from a scoring
                policy of your own, makes one so long).

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> piles, stock, *rest = state.to_string().split()
            >>> piles.split("/")[:2], rest  # piles 1 and 2; runs removed, score, rules
            (['3DASKD7D3S|8H', '5H8C2H9S|TH'], ['-', '0', 'pysolfc'])
        """
        from ._position import format_position

        return format_position(self)

    # -- the position -------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """The deal this game started from.

        For a state made by `determinize`, a deal from which the observation's history
        plays to it. For a game started from a position code (`from_string`), and for a
        `determinize` state whose observation no deal leads to, a stand-in: the same 104
        cards dealt into the rules' shape in the order pile 1 to pile 10 (each bottom to
        top), the stock in dealing order, then the removed runs.
        """
        return self._game.layout

    @property
    def piles(self) -> tuple[Pile, ...]:
        """The ten piles, each with its face-down and face-up cards, bottom to top."""
        game = self._game
        downs = self._downs
        return tuple(
            _pile(
                tuple(_CARD[card] for card in game.downs[pile][: (downs >> (3 * pile)) & 7]),
                _unpack(self._ups[pile]),
            )
            for pile in range(PILES)
        )

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom to top: ``stock[-1]`` is dealt first (onto pile 1)."""
        cards = [_CARD[card] for deal in self._game.deals[self._dealt :] for card in deal]
        cards.reverse()
        return tuple(cards)

    @property
    def deals_left(self) -> int:
        """How many deals the stock still holds."""
        return len(self._game.deals) - self._dealt

    @property
    def runs_removed(self) -> tuple[Suit, ...]:
        """The suits of the runs removed so far, in removal order."""
        return self._removed

    def table(self) -> tuple[tuple[CardLocation, Card | None], ...]:
        """The picture of the table: each of the 104 cards with where it lies, as
        (location, card) pairs; the card is None where it lies face down (the face-down
        cards of a pile, and the stock). Spider's deck holds several copies of each card,
        so a card is known by its location: this is ``locate`` for Spider.

        The pairs come in a fixed order: pile 1 to 10, each from its top (depth 0 first),
        at ``CardLocation(Place.PILE, index=pile, depth=depth)``; the stock from the card
        dealt next (depth 0, onto pile 1); then the runs removed, in removal order, each
        King to Ace, all at ``CardLocation(Place.REMOVED)``. `changes` applies to it.

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> pairs = state.table()
            >>> len(pairs), pairs[0], pairs[1]
            (104, (CardLocation(place=<Place.PILE: 'pile'>, index=0, depth=0), \
Card.parse('8H')), (CardLocation(place=<Place.PILE: 'pile'>, index=0, depth=1), None))
        """
        from ._changes import table

        return table(self)

    def changes(self) -> tuple[Change, ...]:
        """What the last move did, one `Change` per card that moved or turned face up, in
        the order a player's interface animates them; empty at the start of the game.

        A unit move: its cards, the bottom one first, each onto the target pile; when they
        complete a run that the rules lift off by themselves, they go straight to
        ``Place.REMOVED`` and the rest of the run follows them (from the target pile's
        top down). A deal: the cards dealt, pile 1 first (each to ``Place.REMOVED`` if it
        completed a run), then the rest of each run so completed. A removal: the run's 13
        cards, from the top (the Ace) down. Last, the cards the move turned face up: the
        source pile's, then the target pile's (for a deal, by pile). A card that only lies
        deeper or shallower (its `depth` changed, its pile did not) has no change.
        `Change` says how the changes turn ``previous.table()`` into `table`, and how to
        read them backwards for an undo.

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> for change in state.apply("2:1>4").changes():
            ...     came, went = change.source, change.target
            ...     print(change.card, came.index, came.depth, went.index, went.depth,
            ...           change.turned_up)
            TH 1 0 3 0 False
            9S 1 1 1 0 True
        """
        from ._changes import changes

        return changes(self)

    def change_steps(self) -> tuple[tuple[Change, ...], ...]:
        """What the last move did, as the steps a player's interface animates one after
        another, in the order the rules make them happen: each step a tuple of the
        `Change` records of the cards that move together; empty at the start of the game.
        Worked out when asked: `apply` pays nothing for it.

        A unit move: the unit lands on the target pile (one step, even when it completes a
        run); the card it uncovered on the source pile turns face up; the run it completed
        lifts off to ``Place.REMOVED`` (one step, the Ace first); the card that uncovered
        turns face up. A deal: card by card, pile 1 first, each from the stock's top
        onto its pile, and right after a card that completes a run, that run's lift-off
        and the turn of the card under it. A removal: the run lifts off, then the card
        under it turns face up. Each step that a move does not make is left out.

        Each step applies to the table the steps before it left, as `Change` describes:
        the first to ``previous.table()``, and the last leaves `table` exactly. A change's
        `source` and `target` are measured in the tables before and after its step, so a
        card that stops on the way has a change in each step it moves in: a unit that
        completes a run goes from its pile to the target pile (target
        ``CardLocation(Place.PILE, target, depth)``) in the first step and from there to
        ``Place.REMOVED`` in the lift-off, where `changes` has one change straight to
        ``Place.REMOVED``. Read backwards (the last step first, each step's changes read
        backwards as `Change` says) the steps undo the move. A step names no card before
        the step that turns it face up or deals it, so the steps are as safe to send to a
        player's screen as `changes`.

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> for step in state.apply("2:1>4").change_steps():
            ...     print([(str(c.card), c.source.index, c.target.index, c.turned_up)
            ...            for c in step])
            [('TH', 1, 3, False)]
            [('9S', 1, 1, True)]
        """
        from ._changes import change_steps

        return change_steps(self)

    # -- history ------------------------------------------------------------------------

    def undo(self, penalty: bool = False) -> GameState:
        """The state before the last move. O(1).

        Without `penalty` it is the previous state exactly, score included: what search
        code needs. With ``penalty=True`` (a player's interface under Microsoft scoring)
        it is the previous position with the score lowered by the policy's
        `ScoringPolicy.undo_penalty`, on top of the penalties already paid since that
        position; under rules without scoring it is the previous state itself.

        Args:
            penalty: charge the scoring policy's undo penalty.

        Examples:
            >>> rules = RuleSet.preset("microsoft")
            >>> state = GameState.new(Layout.shuffled(5, rules), rules)
            >>> after = state.apply(state.legal_moves()[0])
            >>> after.score, after.undo().score, after.undo(penalty=True).score
            (499, 500, 499)

        Raises:
            UndoError: this is the first state of the game.
        """
        parent: GameState | None = parent_of(self)
        if parent is None:
            raise UndoError("nothing to undo: this is the start of the game")
        game = self._game
        if not penalty or not game.undo_penalty:
            return parent
        debt = self._debt + game.undo_penalty
        return _make(
            game,
            parent._ups,
            parent._downs,
            parent._runs,
            parent._dealt,
            parent._removed,
            parent._score - (debt - parent._debt),
            debt,
            parent._parent,
            parent._move,
        )

    # -- moves --------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a fixed order; empty once the game is won or lost.

        The order: run removals (only where `RuleSet.auto_remove_runs` is False) by pile;
        then unit moves by source pile, then number of cards (fewest first), then target
        pile; then the deal. A unit may go onto each empty pile (each a move of its own).

        The moves of the last state asked are kept: asking again, or applying one of them
        right away, does not generate them again.

        Examples:
            PySolFC deal 1: the tops are 8H TH AH JC 4H 7H QS QC 7C 3S, so TH goes onto JC,
            JC onto either Queen, each Seven onto 8H, 3S onto 4H; then the deal.

            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> [str(move) for move in state.legal_moves()]
            ['2:1>4', '4:1>7', '4:1>8', '6:1>1', '9:1>1', '10:1>5', 'deal']
        """
        game = self._game
        last = game.last
        if last[0] is self:
            return last[1]
        if len(self._removed) == RUNS_TO_WIN:
            moves: tuple[Move, ...] = ()
            _SET_STATUS(self, Status.WON)
        else:
            moves = generate(
                self._ups,
                self._runs,
                len(game.deals) - self._dealt,
                game.deal_onto_empty,
                game.auto_remove,
            )
            _SET_STATUS(self, Status.PLAYING if moves else Status.LOST)
        game.last = (self, moves)
        return moves

    def apply_unchecked(self, move: Move) -> GameState:
        """The state after `move`, without checking that it is legal.

        The fast path for search code that applies only moves from `legal_moves`; it skips
        parsing and the legality check. An illegal move gives an undefined result.

        Args:
            move: one of `legal_moves`.

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> move = state.legal_moves()[0]
            >>> state.apply_unchecked(move) == state.apply(move)
            True
        """
        game = self._game
        ups = list(self._ups)
        downs = self._downs
        runs = self._runs
        dealt = self._dealt
        removed = self._removed
        lifted = 0
        kind = move.kind
        if kind is _UNIT:
            source: int = move.source  # type: ignore[assignment]
            count: int = move.count  # type: ignore[assignment]
            target: int = move.target  # type: ignore[assignment]
            shift = 6 * count
            packed = ups[source]
            unit = packed & ((1 << shift) - 1)
            rest = packed >> shift
            below = ups[target]
            shift_s = _SHIFT4[source]
            shift_t = _SHIFT4[target]
            run = (runs >> shift_s) & 15
            if run > count:
                new_run = run - count
            else:
                rest, downs, new_run = _uncover(game, source, rest, downs)
            ups[source] = rest
            runs += (new_run - run) << shift_s
            run = (runs >> shift_t) & 15
            if below and below & 63 == _UP[unit >> (shift - 6)]:
                new_run = run + count
            else:
                new_run = count
            below = (below << shift) | unit
            if new_run == _RUN and game.auto_remove:
                removed += (_SUIT[below & 63],)
                lifted = 1
                below, downs, new_run = _uncover(game, target, below >> _RUN_BITS, downs)
            ups[target] = below
            runs += (new_run - run) << shift_t
        elif kind is _DEAL:
            auto = game.auto_remove
            for pile, card in enumerate(game.deals[dealt]):
                packed = ups[pile]
                shift_p = _SHIFT4[pile]
                run = (runs >> shift_p) & 15
                new_run = run + 1 if packed and packed & 63 == _UP[card] else 1
                packed = (packed << 6) | card
                if new_run == _RUN and auto:
                    removed += (_SUIT[card],)
                    lifted += 1
                    packed, downs, new_run = _uncover(game, pile, packed >> _RUN_BITS, downs)
                ups[pile] = packed
                runs += (new_run - run) << shift_p
            dealt += 1
        else:
            pile: int = move.pile  # type: ignore[no-redef]
            packed = ups[pile]
            removed += (_SUIT[packed & 63],)
            lifted = 1
            packed, downs, new_run = _uncover(game, pile, packed >> _RUN_BITS, downs)
            shift_p = _SHIFT4[pile]
            ups[pile] = packed
            runs += (new_run - ((runs >> shift_p) & 15)) << shift_p
        score = self._score
        scoring = game.scoring
        if scoring is not None:
            event = _new_event(
                ScoreEvent,
                (move, lifted, len(removed) == RUNS_TO_WIN, len(game.deals) - dealt),
            )
            score = scoring.score(score, event)
        return _make(game, tuple(ups), downs, runs, dealt, removed, score, self._debt, self, move)

    def _why_illegal(self, move: Move) -> str:
        return why_not(
            move, self._ups, self._runs, self.deals_left, self._game.auto_remove, self.status
        )

    # -- queries for a player's interface -----------------------------------------------

    def liftable(self, pile: int) -> int:
        """How many top cards of `pile` (an index, 0-9) may be lifted together: its run of
        one suit descending, the longest unit a move can take from it. 0 for an empty
        pile, and once the game is over.

        The unit need not have anywhere to go: `targets` says where it may.

        Args:
            pile: the pile's index, 0 for pile 1.

        Examples:
            PySolFC deal 1, after 4:1>8: pile 8 holds QC JC on top, one suit descending.

            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> state.apply("4:1>8").liftable(7), state.liftable(7)
            (2, 1)

        Raises:
            InvalidArgumentError: `pile` is not an int in 0..9.
        """
        _check_index("pile", pile, PILES - 1)
        return 0 if self.is_over else (self._runs >> (4 * pile)) & 15

    def targets(self, pile: int, count: int) -> tuple[int, ...]:
        """The piles (indexes, ascending) where the top `count` cards of `pile` may go
        now: the targets of the legal unit moves ``Move.unit(pile, count, target)``.
        Empty when that unit may go nowhere, or is not one (`count` above `liftable`).

        Args:
            pile: the index (0-9) of the pile the cards leave.
            count: how many of its top cards move, 1 to 13.

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> state.targets(3, 1)  # JC, from pile 4: onto QS (pile 7) or QC (pile 8)
            (6, 7)
            >>> state.targets(0, 1)  # 8H: no Nine on top anywhere
            ()

        Raises:
            InvalidArgumentError: `pile` is not an int in 0..9, or `count` not in 1..13.
        """
        return targets_of(self.legal_moves(), pile, count)

    def playable(self) -> tuple[CardLocation, ...]:
        """The cards a player may pick up now to make a legal move, by pile and then depth:
        for each legal unit move, its bottom card (the cards above it go with it); for
        each legal run removal, the run's King. Spider holds copies of each card, so they
        are given as locations (``Place.PILE``, see `table`). The deal takes no card: ask
        ``is_legal("deal")``.

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> [(where.index, where.depth) for where in state.playable()]
            [(1, 0), (3, 0), (5, 0), (8, 0), (9, 0)]
        """
        return playable_of(self.legal_moves())

    def moves_by_card(self) -> dict[str, list[dict[str, str]]]:
        """Every move a player may make now, by the place of the card it picks up, as
        plain JSON data: ``observe().moves_by_card()`` (see
        `pyramid13.spider.Observation.moves_by_card` for its shape).

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> state.moves_by_card()["pile-3-0"]
            [{'move': '4:1>7', 'target': 'pile-6', 'card': 'JC'}, \
{'move': '4:1>8', 'target': 'pile-7', 'card': 'JC'}]
        """
        return self.observe().moves_by_card()

    # -- hidden information -------------------------------------------------------------

    def observe(self) -> Observation:
        """What a player sees of this position, as an `Observation` (no hidden card).

        Examples:
            >>> state = GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))
            >>> seen = state.observe()
            >>> seen.piles[1], seen.stock_size, seen.legal_moves() == state.legal_moves()
            (ObservedPile(face_down_count=4, face_up=(Card.parse('TH'),)), 50, True)
        """
        from ._observation import observe

        return observe(self)

    # -- equality, text -----------------------------------------------------------------

    def _hidden(self) -> tuple[tuple[int, ...], ...]:
        game = self._game
        downs = self._downs
        return tuple(game.downs[pile][: (downs >> (3 * pile)) & 7] for pile in range(PILES))

    def _key(self) -> tuple[Any, ...]:
        stock = tuple(card for deal in self._game.deals[self._dealt :] for card in deal)
        return (
            self._game.rules,
            self._hidden(),
            self._ups,
            stock,
            self._removed,
            self._score,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle as the game's tables, its first state and the moves since, each with the
        # score it led to (penalised undos make scores that replaying alone would not): small,
        # and no deep recursion over a long chain of parents. Unpickling replays them.
        game = self._game
        steps = []
        state: GameState = self
        while (parent := parent_of(state)) is not None:
            steps.append((str(state._move), state._score, state._debt))
            state = parent
        steps.reverse()
        return (
            _restore,
            (
                (game.layout, game.rules, game.downs, game.deals, game.prefix),
                (state._ups, state._downs, state._dealt, state._removed, state._score, state._debt),
                tuple(steps),
            ),
        )

    def _repr_svg_(self) -> str:
        """The position as an SVG picture, for Jupyter and IPython."""
        from ._svg import spider_svg

        return spider_svg(self)

    def _repr_rules(self) -> str:
        return f"{super()._repr_rules()}, {self.rules.suits} suit(s)"

    def _repr_body(self) -> str:
        return f"{self.deals_left} deal(s) left, {len(self._removed)} run(s) removed"

    def __str__(self) -> str:
        return render(
            [(self._downs >> (3 * pile)) & 7 for pile in range(PILES)],
            [_unpack(packed) for packed in self._ups],
            self.deals_left,
            sum(map(len, self._game.deals[self._dealt :])),
            self._removed,
            self._score,
            self.status,
        )


def why_not(
    move: Move,
    ups: tuple[int, ...],
    runs: int,
    deals_left: int,
    auto_remove: bool,
    status: Status,
) -> str:
    """Why `move`, not legal, is refused, from what a player sees: the face-up cards
    (`ups`, packed), their run lengths, the deals left, the rules' automatic removal and
    the status."""
    if move.kind is MoveKind.UNIT and move.source == move.target:
        return f"a unit never goes onto its own pile (pile {move.source + 1})"  # type: ignore[operator]
    if status is not Status.PLAYING:
        return f"the game is over ({status.value})"
    if move.kind is MoveKind.DEAL:
        if not deals_left:
            return "the stock is empty"
        empty = [str(pile + 1) for pile in range(PILES) if not ups[pile]]
        piles = f"pile {empty[0]}" if len(empty) == 1 else f"piles {', '.join(empty)}"
        return f"no deal while a pile is empty ({piles})"
    if move.kind is MoveKind.REMOVE:
        if auto_remove:
            return "under these rules complete runs leave the table by themselves"
        return f"the top of pile {move.pile + 1} is not a complete King-to-Ace run"  # type: ignore[operator]
    source: int = move.source  # type: ignore[assignment]
    count: int = move.count  # type: ignore[assignment]
    target: int = move.target  # type: ignore[assignment]
    run = (runs >> (4 * source)) & 15
    if not run:
        return f"pile {source + 1} is empty"
    shown = len(_unpack(ups[source]))
    if count > shown:
        cards = "1 card" if shown == 1 else f"{shown} cards"
        return f"pile {source + 1} shows only {cards} face up, not {count}"
    if count > run:
        only = "card is" if run == 1 else f"{run} are"
        return (
            f"the top {count} cards of pile {source + 1} are not one suit descending; "
            f"only the top {only}"
        )
    bottom = _CARD[(ups[source] >> (6 * (count - 1))) & 63]
    top = _CARD[ups[target] & 63]
    if count == 1:
        what, verb = str(bottom), "does"
    else:
        what, verb = f"the {count} cards from {bottom}", "do"
    if bottom.value == 13:
        return f"{what} (pile {source + 1}): a King only goes onto an empty pile"
    return f"{what} (pile {source + 1}) {verb} not go onto {top} (pile {target + 1})"


def targets_of(moves: Sequence[Move], pile: int, count: int) -> tuple[int, ...]:
    """`GameState.targets` over the legal `moves`, its arguments checked here."""
    _check_index("pile", pile, PILES - 1)
    _check_index("count", count, 13, low=1)
    return tuple(
        move.target  # type: ignore[misc]
        for move in moves
        if move.kind is _UNIT and move.source == pile and move.count == count
    )


def playable_of(moves: Sequence[Move]) -> tuple[CardLocation, ...]:
    """`GameState.playable` over the legal `moves`."""
    found: set[tuple[int, int]] = set()
    for move in moves:
        if move.kind is _UNIT:
            found.add((move.source, move.count - 1))  # type: ignore[arg-type, operator]
        elif move.kind is MoveKind.REMOVE:
            found.add((move.pile, _RUN - 1))  # type: ignore[arg-type]
    return tuple(CardLocation(Place.PILE, index=pile, depth=depth) for pile, depth in sorted(found))


def moves_by_card(
    moves: Sequence[Move], face_up: Sequence[tuple[Card, ...]]
) -> dict[str, list[dict[str, str]]]:
    """`Observation.moves_by_card`: the legal `moves` by place, the piles' `face_up` cards
    naming the card at each."""
    found: dict[tuple[int, int], list[dict[str, str]]] = {}
    stock: list[dict[str, str]] = []
    for move in moves:
        kind = move.kind
        if kind is _UNIT:
            depth: int = move.count - 1  # type: ignore[operator]
            pile: int = move.source  # type: ignore[assignment]
            target = f"pile-{move.target}"
        elif kind is MoveKind.REMOVE:
            depth, pile, target = _RUN - 1, move.pile, "removed"  # type: ignore[assignment]
        else:
            stock.append({"move": str(move), "target": "pile"})
            continue
        card = str(face_up[pile][-1 - depth])
        found.setdefault((pile, depth), []).append(
            {"move": str(move), "target": target, "card": card}
        )
    result = {f"pile-{pile}-{depth}": found[pile, depth] for pile, depth in sorted(found)}
    if stock:
        result["stock"] = stock
    return result


def render(
    downs: Sequence[int],
    ups: Sequence[tuple[Card, ...]],
    deals_left: int,
    stock_size: int,
    removed: tuple[Suit, ...],
    score: int,
    status: Status,
) -> str:
    """The text drawing shared by states and observations.

    Ten columns headed 1..10, each pile top to bottom of the page from its bottom card;
    ``##`` for a face-down card, ``--`` for an empty pile; then the stock, the runs removed,
    the score and the status.
    """
    lines = ["".join(f"{pile:>4}" for pile in range(1, PILES + 1))]
    height = max(down + len(up) for down, up in zip(downs, ups, strict=True))
    for row in range(max(height, 1)):
        cells = []
        for down, up in zip(downs, ups, strict=True):
            if row < down:
                cells.append("##")
            elif row - down < len(up):
                cells.append(str(up[row - down]))
            elif row == 0:
                cells.append("--")
            else:
                cells.append("")
        lines.append("".join(f"{cell:>4}" for cell in cells).rstrip())
    if deals_left:
        stock = f"stock: {deals_left} deal{'s' * (deals_left != 1)} left ({stock_size} cards)"
    else:
        stock = "stock: empty"
    suits = " ".join(suit.value for suit in removed)
    runs = f"runs removed: {len(removed)}/{RUNS_TO_WIN}" + (f" ({suits})" if suits else "")
    lines.append(stock)
    lines.append(f"{runs}, score {score}, {status.value}")
    return "\n".join(lines)


_UNIT = MoveKind.UNIT
_DEAL = MoveKind.DEAL
_SET_STATUS = set_status  # the lazily worked-out status: the one field set after building
_FIELDS = ("_game", "_ups", "_downs", "_runs", "_dealt", "_removed", "_score", "_debt")
# _make(game, ups, downs, runs, dealt, removed, score, debt, parent, move): a new state, as
# the scaffold builds every game's (`pyramid13._base.scaffold.builder`).
_make: Callable[..., GameState] = builder(GameState, _StateSlots, (*_FIELDS, "_parent", "_move"))


def new_game(layout: Layout, rules: RuleSet) -> _Game:
    """The tables of a game of `layout` dealt under `rules` (checked by the caller)."""
    piles = [tuple(card.index + 1 for card in pile) for pile in layout.piles]
    deals = tuple(tuple(card.index + 1 for card in deal) for deal in layout.deals)
    if rules.face_down:
        downs = tuple(pile[:-1] for pile in piles)
    else:
        downs = ((),) * PILES
    return _Game(layout, rules, downs, deals)


def first_state(game: _Game, debt: int = 0) -> GameState:
    """The start of `game`: its layout dealt under its rules (`GameState.new`), with `debt`
    undo penalties paid (taken off the score)."""
    downs = 0
    ups = []
    for pile, (cards, down) in enumerate(zip(game.layout.piles, game.downs, strict=True)):
        downs |= len(down) << (3 * pile)
        ups.append(_pack(cards[len(down) :]))
    ups_tuple = tuple(ups)
    score = game.rules.scoring.start - debt
    return _make(game, ups_tuple, downs, _runs_of(ups_tuple), 0, (), score, debt, None, None)


def make_position(
    game: _Game,
    ups: Sequence[Sequence[Card]],
    downs: Sequence[int],
    removed: tuple[Suit, ...],
    score: int,
) -> GameState:
    """A first state for a mid-game position of `game` (used by `determinize`)."""
    packed = tuple(_pack(pile) for pile in ups)
    down = 0
    for pile, count in enumerate(downs):
        down |= count << (3 * pile)
    return _make(game, packed, down, _runs_of(packed), 0, removed, score, 0, None, None)


def from_position(
    rules: RuleSet,
    piles: Sequence[tuple[Sequence[Card], Sequence[Card]]],
    stock: Sequence[Card],
    removed: tuple[Suit, ...],
    score: int,
) -> GameState:
    """A first state for a checked mid-game position (`GameState.from_string`).

    `piles` gives each pile's (face-down, face-up) cards bottom to top, `stock` is in the
    order of `GameState.stock`. The layout is the stand-in `GameState.from_string` describes.
    """
    dealing = list(reversed(stock))
    sizes = rules.shape.deal_sizes
    deals: list[tuple[Card, ...]] = []
    position = 0
    for size in sizes[len(sizes) - len(_deals_left(sizes, len(stock))) :]:
        deals.append(tuple(dealing[position : position + size]))
        position += size
    order: list[Card] = []
    for down, up in piles:
        order.extend(down)
        order.extend(up)
    order.extend(dealing)
    for suit in removed:
        order.extend(Card(rank, suit) for rank in reversed(Rank))
    layout_piles = []
    position = 0
    for size in rules.shape.pile_sizes:
        layout_piles.append(tuple(order[position : position + size]))
        position += size
    layout_deals = []
    for size in sizes:
        layout_deals.append(tuple(order[position : position + size]))
        position += size
    game = _Game(
        Layout(tuple(layout_piles), tuple(layout_deals)),
        rules,
        tuple(tuple(card.index + 1 for card in down) for down, _up in piles),
        tuple(tuple(card.index + 1 for card in deal) for deal in deals),
    )
    return make_position(
        game, [up for _down, up in piles], [len(down) for down, _up in piles], removed, score
    )


def _deals_left(sizes: Sequence[int], cards: int) -> list[int]:
    """The sizes of the deals a stock of `cards` cards still holds (the last ones)."""
    left: list[int] = []
    for size in reversed(sizes):
        if cards <= 0:
            break
        left.append(size)
        cards -= size
    return left


def _restore(
    game_args: tuple[Any, ...],
    start: tuple[tuple[int, ...], int, int, tuple[Suit, ...], int, int],
    steps: tuple[tuple[str, int, int], ...],
) -> GameState:
    """Rebuild a pickled state: its game, its first state, then its moves replayed."""
    game = _Game(*game_args)
    ups, downs, dealt, removed, score, debt = start
    state = _make(game, ups, downs, _runs_of(ups), dealt, removed, score, debt, None, None)
    for text, score, debt in steps:
        state = state.apply_unchecked(Move.parse(text))
        if state._score != score or state._debt != debt:
            state = _make(
                game,
                state._ups,
                state._downs,
                state._runs,
                state._dealt,
                state._removed,
                score,
                debt,
                state._parent,
                state._move,
            )
    return state
