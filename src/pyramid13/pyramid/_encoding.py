"""Pyramid observations as fixed-shape integer arrays, built from the honest observation.

Two arrays, in the manner of OpenSpiel's observation and information-state tensors; both
are ``numpy.int16`` and depend on nothing but ``state.observe()``.

**The observation** (`encode_pyramid_observation`, length `pyramid_observation_size`,
named parts in `pyramid_observation_slices`) is what lies on the table now:

* ``cards`` ``[0:52]`` — one entry per card, by `Card.index` (clubs, diamonds, hearts,
  spades, each Ace to King), saying where the card is: 0 removed, 1 in the pyramid and
  covered, 2 in the pyramid and available, 3 an exposed talon card (a waste pile's top, or
  the stock's top where the rules let it play), 4 in a waste pile below its top, 5 in the
  face-down stock (seen before or not);
* ``slots`` ``[52:80]`` — the 28 pyramid slots row-major from the apex: ``Card.index + 1``
  of the card still there, 0 once removed;
* ``available`` ``[80:108]`` — the 28 slots again: 1 where the card is available, else 0;
* ``waste_tops`` ``[108:108 + w]`` — for each of the ``w`` waste piles, ``Card.index + 1``
  of its top card, 0 when empty;
* ``stock_size``, ``waste_size`` — cards in the stock, cards in all waste piles (0..24);
* ``pass`` — the pass number, capped at `PASS_CAP` (or at the rules' passes);
* ``passes_left`` — passes left after this one (capped likewise), -1 when unlimited.

**The information state** (`encode_pyramid_information_state`, named parts in
`pyramid_information_state_slices`) is the observation followed by what the player has
seen and still knows:

* ``waste`` — each waste pile in full, 24 entries a pile, bottom to top: ``Card.index + 1``,
  0 past its top;
* ``stock`` — the stock from its top down, 24 entries: ``Card.index + 1`` where the player
  knows the card at that depth (`Observation.stock`: the top card where the rules let it
  play, and every card from the second pass on, as each went by on the waste), -1 where it
  is unseen, 0 past the stock's bottom.

The bounds (`pyramid_observation_bounds`, `pyramid_information_state_bounds`) are tight
and never equal, so ``(x - low) / (high - low)`` scales every entry into 0..1.

`PyramidEncoder` keeps both up to date move by move, re-encoding only the parts a move
changed (a removal from the pyramid, the talon after a draw). Its `PyramidEncoder.advance`
does so from the state itself, reading only what the player sees, without building an
`Observation`: the environments' fast path.

Layer: the Pyramid game (``pyramid13.pyramid``); it needs NumPy (the ``rl`` extra) and is
imported only by the learning environments, through the game's registry entry
(`Game.encoding`). Its public names are also ``pyramid13.envs``'s.
"""

from __future__ import annotations

import copy
from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from .._base.cards import Card
from .._base.status import Status
from ._geometry import COVERED_BY, COVERS, SLOTS
from ._moves import Move, MoveKind
from ._observation import Observation, honest_play, observe
from ._rules import RuleSet
from ._state import PILE_MASK, GameState

__all__ = [
    "PASS_CAP",
    "Encoder",
    "PyramidEncoder",
    "encode_information_state",
    "encode_observation",
    "encode_pyramid_information_state",
    "encode_pyramid_observation",
    "information_state_bounds",
    "information_state_slices",
    "observation_bounds",
    "observation_slices",
    "pyramid_information_state_bounds",
    "pyramid_information_state_size",
    "pyramid_information_state_slices",
    "pyramid_observation_bounds",
    "pyramid_observation_size",
    "pyramid_observation_slices",
]

REMOVED, COVERED, AVAILABLE, EXPOSED_TALON, WASTE_BELOW, UNSEEN = range(6)
_DRAW = MoveKind.DRAW
_LOST = Status.LOST
_PLAYING = Status.PLAYING
_CARDS = 52
_GLOBALS = 4
_TALON = 24  # the cards outside the 28-card pyramid
# With one waste pile: the entries of its top, the stock's size and the waste's size.
_ONE_TOP = _CARDS + 2 * SLOTS
_ONE_STOCK, _ONE_WASTE = _ONE_TOP + 1, _ONE_TOP + 2

PASS_CAP: int = 16
"""The largest pass number (and passes left) the arrays hold: later passes read as 16."""


def _pass_cap(rules: RuleSet) -> int:
    return PASS_CAP if rules.passes is None else min(rules.passes, PASS_CAP)


def pyramid_observation_size(rules: RuleSet) -> int:
    """The length of the observation vector under `rules`.

    Args:
        rules: the rules the game is played under.
    """
    return _CARDS + 2 * SLOTS + rules.waste_piles + _GLOBALS


def pyramid_information_state_size(rules: RuleSet) -> int:
    """The length of the information-state vector under `rules`.

    Args:
        rules: the rules the game is played under.
    """
    return pyramid_observation_size(rules) + _TALON * (rules.waste_piles + 1)


def pyramid_observation_slices(rules: RuleSet) -> dict[str, slice]:
    """The named parts of the observation vector (see the module), as slices.

    Args:
        rules: the rules the game is played under.

    Examples:
        >>> from pyramid13 import RuleSet
        >>> parts = pyramid_observation_slices(RuleSet.preset("microsoft"))
        >>> parts["available"], parts["passes_left"]
        (slice(80, 108, None), slice(112, 113, None))
    """
    waste_end = _CARDS + 2 * SLOTS + rules.waste_piles
    return {
        "cards": slice(0, _CARDS),
        "slots": slice(_CARDS, _CARDS + SLOTS),
        "available": slice(_CARDS + SLOTS, _CARDS + 2 * SLOTS),
        "waste_tops": slice(_CARDS + 2 * SLOTS, waste_end),
        "stock_size": slice(waste_end, waste_end + 1),
        "waste_size": slice(waste_end + 1, waste_end + 2),
        "pass": slice(waste_end + 2, waste_end + 3),
        "passes_left": slice(waste_end + 3, waste_end + 4),
    }


def pyramid_information_state_slices(rules: RuleSet) -> dict[str, slice]:
    """The named parts of the information-state vector (see the module), as slices: the
    observation's, then ``waste`` and ``stock``.

    Args:
        rules: the rules the game is played under.

    Examples:
        >>> from pyramid13 import RuleSet
        >>> parts = pyramid_information_state_slices(RuleSet.preset("microsoft"))
        >>> parts["waste"], parts["stock"]
        (slice(113, 137, None), slice(137, 161, None))
    """
    parts = pyramid_observation_slices(rules)
    start = pyramid_observation_size(rules)
    parts["waste"] = slice(start, start + _TALON * rules.waste_piles)
    start += _TALON * rules.waste_piles
    parts["stock"] = slice(start, start + _TALON)
    return parts


def pyramid_observation_bounds(rules: RuleSet) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """The lowest and highest value of each entry, for a ``gymnasium.spaces.Box``; every
    entry's high is above its low, so the bounds scale entries into 0..1.

    Args:
        rules: the rules the game is played under.
    """
    parts = pyramid_observation_slices(rules)
    size = pyramid_observation_size(rules)
    low = np.zeros(size, dtype=np.int16)
    high = np.zeros(size, dtype=np.int16)
    high[parts["cards"]] = UNSEEN
    high[parts["slots"]] = _CARDS
    high[parts["available"]] = 1
    high[parts["waste_tops"]] = _CARDS
    high[parts["stock_size"]] = _TALON
    high[parts["waste_size"]] = _TALON
    cap = _pass_cap(rules)
    high[parts["pass"]] = cap
    if rules.passes is None:
        low[parts["passes_left"]] = -1
    else:
        high[parts["passes_left"]] = max(cap - 1, 1)
    return low, high


def pyramid_information_state_bounds(
    rules: RuleSet,
) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """The bounds of the information-state vector, as `pyramid_observation_bounds` gives
    the observation's.

    Args:
        rules: the rules the game is played under.
    """
    low, high = pyramid_observation_bounds(rules)
    extra = _TALON * (rules.waste_piles + 1)
    extra_low = np.zeros(extra, dtype=np.int16)
    extra_low[_TALON * rules.waste_piles :] = -1
    extra_high = np.full(extra, _CARDS, dtype=np.int16)
    return np.concatenate([low, extra_low]), np.concatenate([high, extra_high])


_SLOTS_IN: dict[int, tuple[int, ...]] = {}
"""The slots of each set of slots met so far (a bit mask): the few that one move removes
or uncovers, so the cache stays small."""


def _slots_in(mask: int) -> tuple[int, ...]:
    slots = _SLOTS_IN[mask] = tuple(slot for slot in range(SLOTS) if mask >> slot & 1)
    return slots


def _known_stock(observation: Observation) -> list[int]:
    """The stock from its top down: ``Card.index + 1`` where the player knows the card
    (`Observation.stock`), -1 where it is unseen."""
    return [-1 if card is None else card.index + 1 for card in reversed(observation.stock)]


def _tail(observation: Observation, rules: RuleSet) -> list[int]:
    waste_cards = sum(len(pile) for pile in observation.waste_piles)
    cap = _pass_cap(rules)
    passes = rules.passes
    left = -1 if passes is None else min(passes - observation.pass_number, cap - 1)
    return [observation.stock_size, waste_cards, min(observation.pass_number, cap), left]


class PyramidEncoder:
    """The two arrays of one game, kept up to date move by move.

    `reset` encodes a first observation; `update` the next one, writing only the entries
    that changed (a removal from the pyramid, the talon after a draw), so a step costs a
    few writes whatever the game's length. Each call returns a new array, so arrays
    already handed out never change.

    Args:
        rules: the rules the game is played under.

    Examples:
        >>> from pyramid13 import GameState, Layout, RuleSet
        >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
        >>> encoder = PyramidEncoder(state.rules)
        >>> first = encoder.reset(state.observe())
        >>> after = state.apply("draw").observe()
        >>> bool((encoder.update(after) == encode_pyramid_observation(after)).all())
        True
    """

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._size = pyramid_observation_size(rules)
        self._waste_base = _CARDS + 2 * SLOTS
        self._tail_base = self._waste_base + rules.waste_piles
        self._vector = np.zeros(self._size, dtype=np.int16)
        self._buffer = array("h")  # what `advance` writes; `_vector` is a view of it
        self._observation: Observation | None = None
        self._pyramid: tuple[Card | None, ...] = ()
        self._talon: tuple[Any, ...] = ()
        self._codes: dict[int, int] = {}
        self._tops = [0] * rules.waste_piles
        self._tail: list[int] = []
        self._state: GameState | None = None  # the last state `advance` encoded
        self._one_draw = False  # whether its game draws one card onto one waste pile
        self._cap = _pass_cap(rules)

    def reset(self, observation: Observation) -> npt.NDArray[np.int16]:
        """The observation vector of `observation`, the first of a game."""
        self._vector = np.zeros(self._size, dtype=np.int16)
        self._pyramid = ()
        self._talon = ()
        self._codes = {}
        self._tops = [0] * self.rules.waste_piles
        self._tail = []
        self._state = None
        return self.update(observation)

    def update(self, observation: Observation) -> npt.NDArray[np.int16]:
        """The observation vector of `observation`, the next position of the game."""
        if self._state is not None:  # `advance` encoded the last one: start afresh
            self._vector = np.zeros(self._size, dtype=np.int16)
            self._pyramid = ()
            self._talon = ()
            self._codes = {}
            self._tops = [0] * self.rules.waste_piles
            self._tail = []
            self._state = None
        vector = self._vector  # never handed out: changed in place
        pyramid = observation.pyramid
        if pyramid != self._pyramid:
            self._encode_pyramid(vector, pyramid)
            self._pyramid = pyramid
        talon = (observation.waste_piles, observation.stock, observation.unseen)
        if talon != self._talon:
            self._encode_talon(vector, observation)
            self._talon = talon
        tail = _tail(observation, self.rules)
        if tail != self._tail:
            base = self._tail_base
            vector[base : base + _GLOBALS] = tail
            self._tail = tail
        self._vector = vector
        self._observation = observation
        copied: npt.NDArray[np.int16] = vector.copy()
        return copied

    def _encode_pyramid(
        self, vector: npt.NDArray[np.int16], pyramid: tuple[Card | None, ...]
    ) -> None:
        old = self._pyramid
        remaining = 0
        for slot, card in enumerate(pyramid):
            if card is not None:
                remaining |= 1 << slot
        if len(old) != SLOTS:  # the first position: every slot
            changed = remaining
            for slot, card in enumerate(pyramid):
                if card is None:
                    continue
                vector[_CARDS + slot] = card.index + 1
        else:  # the removed slots, and the slots they lay on
            changed = 0
            for slot, card in enumerate(old):
                if card is not None and pyramid[slot] is None:
                    vector[card.index] = REMOVED
                    vector[_CARDS + slot] = 0
                    vector[_CARDS + SLOTS + slot] = 0
                    changed |= COVERS[slot]
            changed &= remaining
        while changed:
            low = changed & -changed
            changed ^= low
            slot = low.bit_length() - 1
            card = pyramid[slot]
            assert card is not None
            available = not COVERED_BY[slot] & remaining
            vector[card.index] = AVAILABLE if available else COVERED
            vector[_CARDS + SLOTS + slot] = available

    def _encode_talon(self, vector: npt.NDArray[np.int16], observation: Observation) -> None:
        codes: dict[int, int] = {}
        tops = [0] * self.rules.waste_piles
        for card in observation.unseen:
            codes[card.index] = UNSEEN
        for known in observation.stock:  # the stock cards the player remembers
            if known is not None:
                codes[known.index] = UNSEEN
        for number, pile in enumerate(observation.waste_piles):
            if pile:
                for card in pile:
                    codes[card.index] = WASTE_BELOW
                top = pile[-1].index
                codes[top] = EXPOSED_TALON
                tops[number] = top + 1
        if observation.stock_top is not None:
            codes[observation.stock_top.index] = EXPOSED_TALON
        old = self._codes
        for index in old:
            if index not in codes:
                vector[index] = REMOVED
        for index, code in codes.items():
            if old.get(index) != code:
                vector[index] = code
        base = self._waste_base
        for number, top in enumerate(tops):
            if top != self._tops[number]:
                vector[base + number] = top
        self._codes = codes
        self._tops = tops

    def advance(self, state: GameState) -> npt.NDArray[np.int16] | None:
        """Encode `state`'s observation from the state itself, without building it: the
        vector ``update(state.observe())`` would give, or None (nothing encoded) where the
        engine says LOST, since there the honest view may differ (pass ``state.observe()``
        to `update`). Where it gives a vector, ``state.status`` and ``state.legal_moves()``
        are the observation's.

        It reads only what the player sees: the pyramid, the waste, the stock's size, its
        top where the rules let it play, and the set of cards left in the stock (the cards
        not elsewhere). When `state` follows the last state encoded by one move, only the
        entries that move changed are written.

        Returns:
            The encoder's own vector, which the next call changes in place: copy it to
            keep it.
        """
        if state.status is _LOST:
            return None
        return self.advance_view(state)[0]

    def advance_view(
        self, state: GameState
    ) -> tuple[npt.NDArray[np.int16], Status, tuple[Move, ...]]:
        """`advance` for every state, with the honest status and legal moves: the
        observation's (``update(state.observe())``'s vector, ``observe().status`` and
        ``observe().legal_moves()``), without building the observation. Where the engine
        says LOST, the honest moves are worked out from what the player has seen, as
        `Observation.legal_moves` does; the array never depends on the status.

        Returns:
            The encoder's own vector (copy it to keep it), the status and the moves.
        """
        moves = state.legal_moves()  # works the status out too
        status = state._status
        # The entries are written into an `array` (cheaper to write one by one than a
        # NumPy array); the vector handed out is a NumPy view of it.
        vector: Any = self._buffer
        last = self._state
        game = state._game
        if state._parent is not last or last is None:  # a child shares its parent's game
            vector = self._buffer = array("h", bytes(2 * self._size))
            self._vector = np.frombuffer(vector, dtype=np.int16)
            self._encode_state(vector, state)
            self._one_draw = game.piles == 1 and game.draw_count == 1
        else:
            pyr = state._pyr
            if pyr != last._pyr:
                self._advance_pyramid(vector, game.pyramid, last._pyr, pyr)
            stock = state._stock
            if stock != last._stock or state._waste != last._waste:
                move = state._move
                if move.kind is _DRAW and self._one_draw:
                    # The common draw, written out: the card drawn is the new waste top,
                    # the old top lies below it, one card moves from stock to waste.
                    drawn = last._stock & 63
                    below = last._waste & 63
                    if below:
                        vector[below - 1] = WASTE_BELOW
                    vector[drawn - 1] = EXPOSED_TALON
                    vector[_ONE_TOP] = drawn
                    if game.stock_top and stock:
                        vector[(stock & 63) - 1] = EXPOSED_TALON
                    vector[_ONE_STOCK] -= 1
                    vector[_ONE_WASTE] += 1
                elif move._ids and game.piles == 1:
                    # A removal that took a talon card from the one waste pile (or the
                    # stock's top): the cards taken, the new tops and the two counts.
                    for card in move._ids:
                        vector[card - 1] = REMOVED
                    waste = state._waste
                    top = waste & 63
                    if top:
                        vector[top - 1] = EXPOSED_TALON
                    vector[_ONE_TOP] = top
                    if game.stock_top and stock:
                        vector[(stock & 63) - 1] = EXPOSED_TALON
                    vector[_ONE_STOCK] = (stock.bit_length() + 5) // 6
                    vector[_ONE_WASTE] = (waste.bit_length() + 5) // 6
                else:
                    if move._ids:  # a removal that took a talon card
                        for card in move._ids:
                            vector[card - 1] = REMOVED
                    elif move.kind is _DRAW:  # the drawn cards and the old tops lie below
                        old = last._stock
                        drawn_count = ((old.bit_length() + 5) // 6) - (
                            (stock.bit_length() + 5) // 6
                        )
                        for _ in range(drawn_count):
                            vector[(old & 63) - 1] = WASTE_BELOW
                            old >>= 6
                        old = last._waste
                        for offset in game.offsets:
                            top = (old >> offset) & 63
                            if top:
                                vector[top - 1] = WASTE_BELOW
                    else:  # a recycle: every waste card back into the stock
                        old = stock
                        while old:
                            vector[(old & 63) - 1] = UNSEEN
                            old >>= 6
                    self._advance_talon(vector, state)
        self._state = state
        self._observation = None
        if status is _LOST:  # the engine's early verdict: the player's moves instead
            status, moves = honest_play(state)
        return self._vector, status, moves  # type: ignore[return-value]

    @staticmethod
    def play(state: GameState) -> tuple[Status, tuple[Move, ...]]:
        """The status and legal moves of ``state.observe()`` (the honest ones), without
        building it: ``state.status`` and ``state.legal_moves()`` but where the engine
        declares the game LOST early."""
        return honest_play(state)

    def __deepcopy__(self, memo: dict[int, Any]) -> PyramidEncoder:
        clone = copy.copy(self)
        memo[id(self)] = clone
        for name, value in vars(self).items():
            if name != "_vector":
                setattr(clone, name, copy.deepcopy(value, memo))
        if self._state is not None:  # the vector is a view of the buffer: of the copy's
            clone._vector = np.frombuffer(clone._buffer, dtype=np.int16)
        else:
            clone._vector = self._vector.copy()
        return clone

    def _encode_state(self, vector: npt.NDArray[np.int16], state: GameState) -> None:
        """Write every entry of `state`'s observation into the zeroed `vector`."""
        game = state._game
        pyr = state._pyr
        for slot, card in enumerate(game.pyramid):
            if pyr >> slot & 1:
                vector[_CARDS + slot] = card
        self._advance_pyramid(vector, game.pyramid, -1, pyr)
        stock = state._stock
        while stock:
            vector[(stock & 63) - 1] = UNSEEN
            stock >>= 6
        waste = state._waste
        for offset in game.offsets:
            pile = (waste >> offset) & PILE_MASK
            while pile:
                vector[(pile & 63) - 1] = WASTE_BELOW
                pile >>= 6
        self._advance_talon(vector, state)

    @staticmethod
    def _advance_pyramid(
        vector: npt.NDArray[np.int16], cards: tuple[int, ...], old: int, pyr: int
    ) -> None:
        """Write the slots removed since `old` (-1: none yet) and the slots they uncover."""
        if old == -1:
            changed = pyr
            slots: tuple[int, ...] = tuple(slot for slot in range(SLOTS) if pyr >> slot & 1)
        else:
            gone = old & ~pyr
            changed = 0
            for slot in _SLOTS_IN.get(gone) or _slots_in(gone):
                vector[cards[slot] - 1] = REMOVED
                vector[_CARDS + slot] = 0
                vector[_CARDS + SLOTS + slot] = 0
                changed |= COVERS[slot]
            changed &= pyr
            if not changed:
                return
            slots = _SLOTS_IN.get(changed) or _slots_in(changed)
        for slot in slots:
            available = not COVERED_BY[slot] & pyr
            vector[cards[slot] - 1] = AVAILABLE if available else COVERED
            vector[_CARDS + SLOTS + slot] = available

    def _advance_talon(self, vector: Any, state: GameState) -> None:
        """Write the exposed talon cards, the waste tops and the counts of `state`."""
        game = state._game
        stock = state._stock
        waste = state._waste
        base = self._waste_base
        if game.piles == 1:
            top = waste & 63
            if top:
                vector[top - 1] = EXPOSED_TALON
            vector[base] = top
            waste_cards = (waste.bit_length() + 5) // 6
        else:
            waste_cards = 0
            for number, offset in enumerate(game.offsets):
                pile = (waste >> offset) & PILE_MASK
                top = pile & 63
                if top:
                    vector[top - 1] = EXPOSED_TALON
                vector[base + number] = top
                waste_cards += (pile.bit_length() + 5) // 6
        if game.stock_top and stock:
            vector[(stock & 63) - 1] = EXPOSED_TALON
        pass_ = state._pass
        cap = self._cap
        passes = self.rules.passes
        start = self._tail_base
        vector[start] = (stock.bit_length() + 5) // 6
        vector[start + 1] = waste_cards
        vector[start + 2] = min(pass_, cap)
        vector[start + 3] = -1 if passes is None else min(passes - pass_, cap - 1)

    def information_state(self) -> npt.NDArray[np.int16]:
        """The information-state vector of the last observation encoded."""
        observation = self._observation
        if observation is None:
            if self._state is None:
                raise ValueError("encode an observation first")
            observation = self._observation = observe(self._state)
        return _information_state(self._vector, observation, self.rules)


def _information_state(
    vector: npt.NDArray[np.int16], observation: Observation, rules: RuleSet
) -> npt.NDArray[np.int16]:
    extra = np.zeros(_TALON * (rules.waste_piles + 1), dtype=np.int16)
    for number, pile in enumerate(observation.waste_piles):
        start = number * _TALON
        extra[start : start + len(pile)] = [card.index + 1 for card in pile]
    stock = _known_stock(observation)
    start = _TALON * rules.waste_piles
    extra[start : start + len(stock)] = stock
    return np.concatenate([vector, extra])


def encode_pyramid_observation(observation: Observation) -> npt.NDArray[np.int16]:
    """The observation vector of `observation` (see the module's description).

    Args:
        observation: what a player sees, from `GameState.observe`.
    """
    return PyramidEncoder(observation.rules).reset(observation)


def encode_pyramid_information_state(observation: Observation) -> npt.NDArray[np.int16]:
    """The information-state vector of `observation` (see the module's description): the
    observation vector, then the whole waste and the stock as far as the player knows it.

    Args:
        observation: what a player sees, from `GameState.observe`.

    Examples:
        >>> from pyramid13 import GameState, Layout, RuleSet
        >>> state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
        >>> vector = encode_pyramid_information_state(state.observe())
        >>> stock = vector[pyramid_information_state_slices(state.rules)["stock"]]
        >>> int(stock[0]) == state.stock[-1].index + 1, set(stock[1:].tolist())
        (True, {-1})
    """
    return _information_state(
        encode_pyramid_observation(observation), observation, observation.rules
    )


# The names the environments look for in every game's encoding (see `Game.encoding`).
Encoder = PyramidEncoder
observation_bounds = pyramid_observation_bounds
observation_slices = pyramid_observation_slices
encode_observation = encode_pyramid_observation
information_state_bounds = pyramid_information_state_bounds
information_state_slices = pyramid_information_state_slices
encode_information_state = encode_pyramid_information_state
