"""The scaffold of every game's `GameState`: what the states of all games share.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.

A game's state is three classes, the same in every game:

* ``_Fields(StateFields)``: the slots, those of `StateFields` (the per-game tables
  ``_game``, ``_parent``, ``_move``, ``_score``, ``_status``) and the game's own;
* ``GameState(_Fields, StateScaffold[Move, RuleSet, Layout])``: the public class. The
  scaffold gives it the score, status, history, start and parent links, ``undo``,
  ``apply``, ``is_legal``, ``why_illegal``, ``legal_actions`` and ``legal_action_mask``
  (over the game's ``legal_moves`` and ``apply_unchecked``), equality, hashing, copying,
  the repr's shape, and frozen-ness: ``__setattr__`` and ``__delattr__`` raise
  `FrozenInstanceError`, like those of the library's ``attrs``-frozen values;
* ``building(_Fields)``: the twin a new state is filled in. A state refuses attribute
  assignment, yet ``apply`` fills one for every move: the engine makes the new object as
  the twin (the same slots, plain fast stores), fills it, and then gives it the state's
  class (``state.__class__ = GameState``); `builder` writes that function for a game.
  `benchmarks/bench_construction.py` times that against storing through the slot
  descriptors and through ``object.__setattr__``, on both games' fields: the class swap
  is the fastest (about 0.4 µs a state against 0.6 µs and 1.2 µs), so both games build
  their states so.

The game supplies, besides its slots: ``legal_moves`` (which keeps the last state's moves
in ``_game.last`` and sets ``_status``, through `set_status`), ``apply_unchecked``,
``_why_illegal``, ``_key`` (the position, for equality across games and hashing),
``_POSITION`` (the fields two states of one game compare), and the class constants named
in `StateScaffold`. ``_game`` is the game's table of one deal under one rule set; it has
``rules``, ``layout``, ``prefix`` (moves made before the first state, by ``determinize``
when no deal leads to the observation) and ``last``.

**A past built when asked.** ``determinize`` gives a state whose past (a game from a deal
of the rules that its history plays to it) is replayed only when something asks for it:
its ``_parent`` is a `DeferredParent` until then, which `parent_of` builds and stores, and
its ``_line`` (the history, see `move_line`) is set when it is made, so that ``history``
and observing it replay nothing. Code that reads ``_parent`` goes through `parent_of`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any, ClassVar, Generic, NoReturn, TypeVar, get_args, get_origin

from attrs.exceptions import FrozenInstanceError
from typing_extensions import Self

from .actions import ActionSpace, action_mask, sorted_actions
from .errors import IllegalMoveError, InvalidMoveError, UndoError
from .integers import as_int
from .status import Status

__all__ = [
    "DeferredParent",
    "MoveLine",
    "StateFields",
    "StateScaffold",
    "as_move",
    "builder",
    "building",
    "move_line",
    "parent_of",
    "sentence",
    "set_line",
    "set_status",
]

MoveT = TypeVar("MoveT")
RulesT = TypeVar("RulesT")
LayoutT = TypeVar("LayoutT")


class StateFields:
    """The slots every game's state has (a game's ``_Fields`` adds its own)."""

    # ``_line`` is never set when a state is built (an unset slot costs nothing): the first
    # `move_line` of the state stores it.
    __slots__ = ("_game", "_line", "_move", "_parent", "_score", "_status")

    _game: Any
    _move: Any
    _parent: Any
    _score: int
    _status: Status | None


set_status: Callable[[Any, Status | None], None] = vars(StateFields)["_status"].__set__
"""Store a state's status, worked out lazily (by ``legal_moves``): the one field set after
a state is built."""

_set_line: Callable[[Any, Any], None] = vars(StateFields)["_line"].__set__
set_line = _set_line
"""Store a state's move chain (see `move_line`): ``determinize`` sets it on the state it
makes, whose parent is deferred."""

_set_parent: Callable[[Any, Any], None] = vars(StateFields)["_parent"].__set__


class DeferredParent:
    """The parent of a state that is built only when first asked for (`parent_of`):
    ``build()`` gives it, once. ``determinize`` makes one, so that sampling a state replays no
    history that its caller never looks at."""

    __slots__ = ("_build", "_parent")

    def __init__(self, build: Callable[[], Any]) -> None:
        self._build: Callable[[], Any] | None = build
        self._parent: Any = None

    def resolve(self) -> Any:
        """The parent, built the first time (a penalised undo may share this link)."""
        build = self._build
        if build is not None:
            self._parent = build()
            self._build = None
        return self._parent


def parent_of(state: Any) -> Any:
    """The parent of `state` (a game's state), None at the start: its deferred parent is
    built, and kept, the first time."""
    parent = state._parent
    if parent.__class__ is DeferredParent:
        parent = parent.resolve()
        _set_parent(state, parent)
    return parent


class MoveLine:
    """The moves that led to a state, oldest first, without the state: what an observation
    keeps of the history.

    The moves are a chain of ``(move, earlier)`` pairs shared with the line of every earlier
    state, so the line of a state whose parent has one costs one pair (`move_line`), at
    move 2,000 as at move 1; `moves` writes the tuple out when it is first read. Equal lines
    hold equal moves; a line pickles as its tuple.
    """

    __slots__ = ("_chain", "_moves", "_prefix")

    def __init__(self, chain: Any, prefix: tuple[Any, ...] = ()) -> None:
        self._chain = chain  # None, or (move, earlier chain)
        self._prefix = prefix  # moves made before the first state (determinize)
        self._moves: tuple[Any, ...] | None = None

    @classmethod
    def of(cls, moves: tuple[Any, ...]) -> MoveLine:
        """A line holding `moves`."""
        line = cls(None, moves)
        line._moves = moves
        return line

    def moves(self) -> tuple[Any, ...]:
        """The moves, oldest first."""
        moves = self._moves
        if moves is None:
            later = []
            chain = self._chain
            while chain is not None:
                later.append(chain[0])
                chain = chain[1]
            later.reverse()
            moves = self._moves = self._prefix + tuple(later)
        return moves

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveLine):
            return NotImplemented
        return (other._chain is self._chain and other._prefix == self._prefix) or (
            other.moves() == self.moves()
        )

    def __hash__(self) -> int:
        return hash(self.moves())

    def __reduce__(self) -> tuple[Any, ...]:
        return (MoveLine.of, (self.moves(),))

    def __repr__(self) -> str:
        return repr(self.moves())


def move_line(state: Any) -> MoveLine:
    """The moves that led to `state` (a game's state) as a `MoveLine`.

    The chain of each state on the way is kept on that state (its ``_line`` slot), so asking
    for the line of each state of a game in turn, as an environment observing every step
    does, walks one parent link each time.
    """
    pending = []
    node = state
    while True:
        try:
            chain = node._line
            break
        except AttributeError:
            pass
        move = node._move
        if move is None:
            chain = None
            _set_line(node, None)
            break
        pending.append(node)
        node = parent_of(node)
    for node in reversed(pending):
        chain = (node._move, chain)
        _set_line(node, chain)
    return MoveLine(chain, state._game.prefix)


def building(fields: type[StateFields]) -> type[StateFields]:
    """The twin of a game's slots class that a new state is filled in (see the module)."""
    return type(
        f"_Building{fields.__name__}", (fields,), {"__slots__": (), "__module__": fields.__module__}
    )


StateT = TypeVar("StateT")


def builder(state: type[StateT], fields: type[StateFields], names: tuple[str, ...]) -> Any:
    """The function that builds a new `state` (a game's ``GameState``, whose slots class
    is `fields`): it takes the values of the fields `names`, in that order, and gives a
    state of status not worked out yet.

    The function is written for the game (as ``attrs`` writes an ``__init__``), so that it
    is what one would write by hand: the new object made as the twin of `fields`
    (`building`), every field stored plainly, then given the class `state`.

    Examples:
        >>> class Fields(StateFields):
        ...     __slots__ = ("_cards",)
        >>> class State(Fields):
        ...     __slots__ = ()
        ...     def __setattr__(self, name, value):
        ...         raise AttributeError(name)
        >>> make = builder(State, Fields, ("_game", "_cards", "_score", "_parent", "_move"))
        >>> made = make(None, 5, 0, None, None)
        >>> type(made).__name__, made._cards, made._status
        ('State', 5, None)
    """
    args = [name.lstrip("_") + "_" for name in names]
    lines = [f"def make({', '.join(args)}):", "    made = new(Building)"]
    lines += [f"    made.{name} = {arg}" for name, arg in zip(names, args, strict=True)]
    lines += ["    made._status = None", "    made.__class__ = State", "    return made"]
    namespace: dict[str, Any] = {"new": object.__new__, "Building": building(fields)}
    namespace["State"] = state
    exec("\n".join(lines), namespace)
    make = namespace["make"]
    make.__qualname__ = make.__name__ = f"make_{state.__name__}"
    make.__module__ = state.__module__
    return make


def as_move(move: object, move_type: type, actions: ActionSpace[Any], move_name: str) -> Any:
    """`move` as a move of a game whose moves are `move_type`: the move itself, move text
    read by ``move_type.parse``, or an action number (a Python or NumPy integer) of
    `actions`; what ``is_legal`` and ``why_illegal`` take, in states and observations.

    Raises:
        InvalidMoveError: `move` is none of these, or text that is no move.
        InvalidArgumentError: `move` is an integer outside the action space.
    """
    if isinstance(move, move_type):
        return move
    if isinstance(move, str):
        return move_type.parse(move)  # type: ignore[attr-defined]
    if as_int(move) is not None:
        return actions.move(move)
    raise InvalidMoveError(
        f"expected a {move_name}, move text or an action number, not {type(move).__name__}"
    )


def sentence(reason: str) -> str:
    """A reason why a move is illegal (``_why_illegal``) as the sentence ``why_illegal``
    shows: capitalised, with a full stop."""
    return f"{reason[0].upper()}{reason[1:]}."


def _frozen(name: str, what: str) -> FrozenInstanceError:
    error = FrozenInstanceError()
    error.args = (f"{name} is immutable: {what}; apply a move to get a new state",)
    return error


class StateScaffold(Generic[MoveT, RulesT, LayoutT]):
    """What every game's `GameState` shares (see the module). Immutable."""

    __slots__ = ()

    # Set for each game's state by `__init_subclass__`, from the class statement.
    _NAME: ClassVar[str]
    """The class as users name it: ``"GameState"``, ``"spider.GameState"``."""
    _MOVE: ClassVar[type]
    """The game's move class (with ``parse``): the first type argument of the scaffold."""
    _MOVE_NAME: ClassVar[str]
    """The move class as error messages name it: ``"Move"``, ``"spider Move"``."""
    _ACTION_OF: ClassVar[Mapping[Any, int]]
    """Each move's action in the game's fixed action space."""
    _ACTION_COUNT: ClassVar[int]
    """The size of the game's action space."""
    _ACTIONS: ClassVar[ActionSpace[Any]]
    """The game's action space (action numbers to moves)."""
    # Set by the game's slots class.
    _POSITION: ClassVar[attrgetter[tuple[Any, ...]]]
    """The fields two states of one game compare (an `operator.attrgetter`)."""

    def __init_subclass__(
        cls, *, actions: ActionSpace[Any], prefix: str = "", **kwargs: Any
    ) -> None:
        """A game's state: `actions` is its action space; `prefix` what its names take in
        messages and reprs (``"spider."``; ``""`` for Pyramid, the package's first game)."""
        super().__init_subclass__(**kwargs)
        cls._NAME = prefix + cls.__name__
        cls._MOVE_NAME = f"{prefix.rstrip('.')} Move".lstrip()
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is StateScaffold:
                cls._MOVE = get_args(base)[0]
        cls._ACTIONS = actions
        cls._ACTION_OF = actions.action_of
        cls._ACTION_COUNT = actions.count

    # The fields, as the scaffold reads them (the slots are the game's `StateFields`).
    _game: Any
    _move: Any
    _parent: Any
    _score: int
    _status: Status | None

    def __init__(self) -> None:
        raise TypeError(f"use {self._NAME}.new(layout, rules) to start a game")

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise _frozen(self._NAME, f"cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise _frozen(self._NAME, f"cannot delete {name!r}")

    # -- what the game supplies ---------------------------------------------------------

    def legal_moves(self) -> tuple[MoveT, ...]:  # pragma: no cover - every game has its own
        raise NotImplementedError

    def apply_unchecked(self, move: MoveT) -> Self:  # pragma: no cover
        raise NotImplementedError

    def _why_illegal(self, move: MoveT) -> str:  # pragma: no cover
        raise NotImplementedError

    def _plays_on(self, move: MoveT) -> bool:
        """Whether `move`, though not in `legal_moves`, is one the observation still offers
        (Pyramid's draws and recycles after its early LOST verdict); asked only for a move
        outside `legal_moves`."""
        return False

    def _key(self) -> tuple[Any, ...]:  # pragma: no cover
        raise NotImplementedError

    def _repr_rules(self) -> str:
        name: str | None = self._game.rules.preset_name
        return name or "custom rules"

    def _repr_body(self) -> str:  # pragma: no cover
        raise NotImplementedError

    # -- the game -----------------------------------------------------------------------

    @property
    def rules(self) -> RulesT:
        """The rules of this game."""
        return self._game.rules  # type: ignore[no-any-return]

    @property
    def layout(self) -> LayoutT:
        """The deal this game started from (see the game's state for a position without a
        known start)."""
        return self._game.layout  # type: ignore[no-any-return]

    @property
    def score(self) -> int:
        """The score under the rules' scoring policy (0 throughout without scoring)."""
        return self._score

    @property
    def status(self) -> Status:
        """`Status.PLAYING`, `Status.WON` or `Status.LOST` (no move is legal).

        The engine's verdict, which may use what the player cannot see: Pyramid's says LOST
        as soon as the stock order it knows rules out every removal. The honest status,
        from what the player has seen alone, is ``observe().status``; in Spider they agree.
        """
        status = self._status
        if status is None:
            self.legal_moves()
            status = self._status
            assert status is not None
        return status

    @property
    def is_over(self) -> bool:
        """True when the game is won or lost (no move is legal)."""
        return self.status is not Status.PLAYING

    # -- history ------------------------------------------------------------------------

    @property
    def last_move(self) -> MoveT | None:
        """The move that led here, or None at the start."""
        move: MoveT | None = self._move
        return move

    @property
    def previous(self) -> Self | None:
        """The state before the last move, or None at the start."""
        parent: Self | None = parent_of(self)
        return parent

    @property
    def history(self) -> tuple[MoveT, ...]:
        """The moves applied since the start, oldest first."""
        moves: list[Any] = []
        state: Any = self
        while state is not None and state._move is not None:
            parent = state._parent
            if parent.__class__ is DeferredParent:  # its moves are kept: build nothing
                moves.reverse()
                return MoveLine(state._line, self._game.prefix).moves() + tuple(moves)
            moves.append(state._move)
            state = parent
        moves.reverse()
        prefix = self._game.prefix
        return prefix + tuple(moves) if prefix else tuple(moves)

    @property
    def start(self) -> Self:
        """The first state of this game (for a `determinize` state whose observation no
        deal leads to, the sampled one)."""
        state = self
        while (parent := parent_of(state)) is not None:
            state = parent
        return state

    def undo(self) -> Self:
        """The state before the last move, exactly as it was (score included). O(1).

        Raises:
            UndoError: this is the start of the game.

        Examples:
            >>> import pyramid13 as p13
            >>> start = p13.GameState.new(p13.Layout.shuffled(1))
            >>> later = start.apply("KC").apply("KH")
            >>> later.undo().history
            (Move.parse('KC'),)
            >>> later.undo().undo() is start
            True
            >>> start.undo()
            Traceback (most recent call last):
            ...
            pyramid13.UndoError: nothing to undo: this is the start of the game
        """
        parent: Self | None = parent_of(self)
        if parent is None:
            raise UndoError("nothing to undo: this is the start of the game")
        return parent

    # -- moves --------------------------------------------------------------------------

    def legal_actions(self) -> tuple[int, ...]:
        """The legal moves as actions of the game's fixed action space, in ascending order.

        See the game's ``action_to_move`` for the numbering; ``action_to_move(a)`` for
        each ``a`` gives the same set of moves as `legal_moves`.

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(1))
            >>> state.legal_actions()
            (0, 2, 100)
            >>> state.legal_moves()
            (Move.parse('KC'), Move.parse('KH'), Move.parse('draw'))
            >>> rules = p13.spider.RuleSet.preset("microsoft")
            >>> spider_state = p13.spider.GameState.new(p13.spider.Layout.shuffled(1, rules), rules)
            >>> actions = spider_state.legal_actions()
            >>> list(actions) == sorted(actions), len(actions) == len(spider_state.legal_moves())
            (True, True)
        """
        return sorted_actions(self.legal_moves(), self._ACTION_OF)

    def legal_action_mask(self) -> tuple[bool, ...]:
        """One flag per action of the game's fixed action space: True where it is legal.

        Examples:
            >>> import pyramid13 as p13
            >>> mask = p13.GameState.new(p13.Layout.shuffled(1)).legal_action_mask()
            >>> len(mask), [a for a, legal in enumerate(mask) if legal]
            (102, [0, 2, 100])
            >>> rules = p13.spider.RuleSet.preset("microsoft")
            >>> spider_state = p13.spider.GameState.new(p13.spider.Layout.shuffled(1, rules), rules)
            >>> mask = spider_state.legal_action_mask()
            >>> len(mask), sum(mask) == len(spider_state.legal_moves())
            (1181, True)
        """
        return action_mask(self.legal_moves(), self._ACTION_OF, self._ACTION_COUNT)

    def _as_move(self, move: object) -> MoveT:
        """A move of the game, move text read by the game's ``Move.parse``, or an action
        number (a Python or NumPy integer) of the game's action space."""
        return as_move(move, self._MOVE, self._ACTIONS, self._MOVE_NAME)  # type: ignore[no-any-return]

    def is_legal(self, move: MoveT | str) -> bool:
        """Whether `move` (a move or its text) is legal here: whether it is among
        `legal_moves`, so never once the game is over.

        Text is read as `apply` reads it (the game's ``Move.parse``). A Pyramid game the
        engine has declared LOST from the stock order it knows has no legal move, though
        its observation may still offer a draw or a recycle (`pyramid13.Observation.status`)
        and `apply` plays it: an honest interface asks the observation.

        Args:
            move: any move, legal or not, or its text such as ``"KC"`` or ``"draw"``
                (Pyramid), ``"3:2>7"`` or ``"deal"`` (Spider).

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(1))
            >>> state.is_legal("KC"), state.is_legal(p13.Move.parse("KS"))
            (True, False)
            >>> rules = p13.spider.RuleSet.preset("pysolfc")
            >>> spider_state = p13.spider.GameState.new(p13.spider.Layout.from_pysolfc(1), rules)
            >>> spider_state.is_legal("4:1>8"), spider_state.is_legal("1:1>2")
            (True, False)

        Every well-formed move gets an answer, even one that is never legal (``"4H+QH"``,
        whose cards sum to 16; ``"3:1>3"``, onto its own pile): `why_illegal` says why.

        Raises:
            InvalidMoveError: `move` is neither a move nor valid move text (text such as
                ``"4C+"`` or ``"3>7"`` is no move at all).
        """
        return self._as_move(move) in self.legal_moves()

    def why_illegal(self, move: MoveT | str) -> str | None:
        """Why `move` (a move or its text) is not legal here, as one sentence to show the
        player; None when it is legal.

        ``why_illegal(move) is None`` exactly when ``is_legal(move)``, exactly when `move` is
        among `legal_moves`; `apply` refuses any other move with this reason (but for the
        moves the observation still offers after Pyramid's early LOST verdict, see
        `apply`). Spider's piles are numbered 1 to 10 in it, as on the table.

        Args:
            move: any move, legal or not, or its text.

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(1))
            >>> state.why_illegal("KC") is None, state.why_illegal("4H+QH")
            (True, '4H+QH sums to 16, not 13.')
            >>> rules = p13.spider.RuleSet.preset("pysolfc")
            >>> spider_state = p13.spider.GameState.new(p13.spider.Layout.from_pysolfc(1), rules)
            >>> spider_state.why_illegal("1:1>2")
            '8H (pile 1) does not go onto TH (pile 2).'
            >>> spider_state.why_illegal("3:1>3")
            'A unit never goes onto its own pile (pile 3).'

        Raises:
            InvalidMoveError: `move` is neither a move nor valid move text.
        """
        if not isinstance(move, self._MOVE):
            move = self._as_move(move)
        if move in self.legal_moves():
            return None
        return sentence(self._why_illegal(move))  # type: ignore[arg-type]

    def apply(self, move: MoveT | str | int) -> Self:
        """The state after `move` (a move, its text or its action number). This state is
        left untouched.

        Besides the moves of `legal_moves`, it accepts the moves the observation offers
        (``state.observe().legal_moves()``): they differ only in Pyramid, where the engine
        declares a game LOST as soon as the stock order it knows rules out every removal
        (`legal_moves` is then empty, `is_legal` False), while a player who cannot see the
        stock may still draw and recycle, so that an honest game plays on to the end the
        player sees.

        Args:
            move: one of `legal_moves`, its text such as ``"KC"`` or ``"draw"``
                (Pyramid), ``"3:2>7"`` or ``"deal"`` (Spider), or its number in the game's
                action space (one of `legal_actions`, a Python or NumPy integer).

        Examples:
            >>> import pyramid13 as p13
            >>> state = p13.GameState.new(p13.Layout.shuffled(1))
            >>> state.legal_moves()
            (Move.parse('KC'), Move.parse('KH'), Move.parse('draw'))
            >>> after = state.apply("KC")
            >>> after.pyramid[21], after.history, state.history
            (None, (Move.parse('KC'),), ())
            >>> state.apply(100).history  # an action number: 100 is draw
            (Move.parse('draw'),)
            >>> state.apply("KS")
            Traceback (most recent call last):
            ...
            pyramid13.IllegalMoveError: KS is not legal here: KS is not exposed
            >>> rules = p13.spider.RuleSet.preset("pysolfc")
            >>> spider_state = p13.spider.GameState.new(p13.spider.Layout.from_pysolfc(1), rules)
            >>> try:
            ...     spider_state.apply("1:1>2")
            ... except p13.IllegalMoveError as error:
            ...     print(error)
            1:1>2 is not legal here: 8H (pile 1) does not go onto TH (pile 2)

        Raises:
            InvalidMoveError: `move` is neither a move of the game, valid move text nor an
                integer (a float or a bool is refused).
            InvalidArgumentError: `move` is an integer outside the action space.
            IllegalMoveError: the move is not legal here; the message says why.
        """
        if not isinstance(move, self._MOVE):
            move = self._as_move(move)
        if move not in self.legal_moves() and not self._plays_on(move):  # type: ignore[arg-type]
            raise IllegalMoveError(f"{move} is not legal here: {self._why_illegal(move)}")  # type: ignore[arg-type]
        return self.apply_unchecked(move)  # type: ignore[arg-type]

    # -- equality, copies, text ---------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        if self._game is other._game:
            position = self._POSITION
            return position(self) == position(other)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> Self:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self  # immutable

    def __repr__(self) -> str:
        return (
            f"<{self._NAME} {self._repr_rules()}: {self._repr_body()}, "
            f"score {self._score}, {self.status.value}>"
        )
