"""Pyramid's batched engine: `n` games of one rule set held in NumPy arrays, stepped at once.

`PyramidBatch` follows `pyramid13.batch.BatchEngine`: one action per game per `step`, and
the masks, rewards, honest statuses and observation arrays of the learning environments
(`pyramid13.envs`), game by game, under every rule set. Any game comes back as the scalar
engine's `GameState` (`PyramidBatch.state`), history included.

Inside, a game is a few rows of small integers (cards are `Card.index`, 52 marks an empty
place): the card dealt to each pyramid slot and whether it is still there; the stock,
bottom first, and each waste pile, bottom first, with their lengths; the pass number and
the score. Each array has one spare column past the last place, always 52, so that the
top of an empty pile (index -1) reads as empty. The observation arrays and the masks are
kept up to date with every step, so `observe` and `legal_mask` only copy them.

The honest status (the environments' ``terminated``) is worked out as the observation's
(see `Observation.status`): a game is lost when no removal is legal and none can come
through draws and recycles for any order of the cards the player has not seen. One pile
(any draw count) has a closed form over the talon's draw order; several piles are
simulated draw by draw, all such games at once.

Layer: the Pyramid game (``pyramid13.pyramid``), which imports only the floor; it needs
NumPy (the ``rl`` extra) and is imported only through the game's registry entry
(`Game.batch`), by `pyramid13.batch`.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from .._base.batching import as_seed, check_states
from .._base.errors import InvalidArgumentError, InvalidRulesError
from .._base.integers import as_int
from .._base.text import describe
from ._actions import ACTION_COUNT, action_to_move
from ._encoding import PASS_CAP, pyramid_observation_size
from ._geometry import COVERED_BY, COVERS, SLOTS, position_of
from ._layout import Layout
from ._observation import _removal_can_come
from ._rules import Goal, RuleSet, as_rules
from ._scoring import MICROSOFT_ROW_BONUS, CardemsScoring, MicrosoftScoring, NoScoring
from ._state import PILE_BITS, GameState

__all__ = ["PyramidBatch", "shuffled_cards"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

EMPTY = 52  # the card id of an empty place
_TALON = 24
_WIDTH = _TALON + 1  # every pile has one spare column, always EMPTY
_DRAW, _RECYCLE = 100, 101
_END_ACTION = 0
_PLAYING, _WON, _LOST = 0, 1, 2
REMOVED, COVERED, AVAILABLE, EXPOSED_TALON, WASTE_BELOW, UNSEEN = range(6)

#: Card id -> value (1..13); EMPTY -> 0.
VALUE = np.array([card % 13 + 1 for card in range(52)] + [0], dtype=np.int8)
#: Card id -> the index (0..12) of the value it pairs with, 13 (always False) for Kings
#: and EMPTY: ``table[:, PARTNER[c]]`` reads a per-value table of 14 columns.
PARTNER = np.array([12 - card % 13 - 1 if card % 13 != 12 else 13 for card in range(52)] + [13])

# The action space as card ids: action a removes _CARD1[a] (and _CARD2[a], EMPTY for a King).
_MOVES = tuple(action_to_move(action) for action in range(ACTION_COUNT))
_CARD1 = np.full(ACTION_COUNT, EMPTY, dtype=np.int64)
_CARD2 = np.full(ACTION_COUNT, EMPTY, dtype=np.int64)
_PAIR_ACTION = np.zeros((EMPTY + 1, EMPTY + 1), dtype=np.int64)  # 0 (a King's) where none
for _action, _move in enumerate(_MOVES):
    _ids = sorted(card.index for card in _move.cards)
    if _ids:
        _CARD1[_action] = _ids[0]
        if len(_ids) == 2:
            _CARD2[_action] = _ids[1]
            _PAIR_ACTION[_ids[0], _ids[1]] = _PAIR_ACTION[_ids[1], _ids[0]] = _action

# The mask as 128 bits in two words (bit a of the pair: action a). A value's suits as a
# nibble (bit s: the card of suit s is exposed) give the removals by table look-ups: the
# Kings' by the nibble of value 13, the pairs summing to 13 by the nibbles of values v and
# 13 - v (v = 1..6) side by side in a byte.
_KING_BITS = np.zeros((16, 2), dtype=np.uint64)
_PAIR_BITS = np.zeros((6, 256, 2), dtype=np.uint64)
for _nibble in range(16):
    for _suit in range(4):
        if _nibble >> _suit & 1:
            _KING_BITS[_nibble, 0] |= np.uint64(1 << _suit)  # actions 0..3, by suit
for _value in range(6):
    for _key in range(256):
        for _low_suit in range(4):
            for _high_suit in range(4):
                if _key >> _low_suit & 1 and _key >> (4 + _high_suit) & 1:
                    _a = int(_PAIR_ACTION[_low_suit * 13 + _value, _high_suit * 13 + 11 - _value])
                    _PAIR_BITS[_value, _key, _a >> 6] |= np.uint64(1 << (_a & 63))
_DRAW_BIT = np.uint64(1 << (_DRAW - 64))
_RECYCLE_BIT = np.uint64(1 << (_RECYCLE - 64))
_ONE = np.uint64(1)

# The pyramid: for each slot, the (at most two) slots lying on it and the slots it lies on,
# 28 (a column that is always False) where there are fewer.
_ON_ME = np.full((SLOTS + 1, 2), SLOTS, dtype=np.int64)
_UNDER_ME = np.full((SLOTS + 1, 2), SLOTS, dtype=np.int64)
for _slot in range(SLOTS):
    _on = [s for s in range(SLOTS) if COVERED_BY[_slot] >> s & 1]
    _under = [s for s in range(SLOTS) if COVERS[_slot] >> s & 1]
    _ON_ME[_slot, : len(_on)] = _on
    _UNDER_ME[_slot, : len(_under)] = _under
_ROW = np.array([position_of(slot)[0] for slot in range(SLOTS)], dtype=np.int64)
_FIRST_ROWS = np.array([row + 1 for row in range(7)], dtype=np.int8)  # cards per row
# Overlap pairing: (upper, lower, other): `upper` may pair with `lower` once `other`, the
# other card lying on `lower`, is gone.
_OVERLAP = np.array(
    [
        (upper, lower, other)
        for lower in range(SLOTS)
        for upper, other in (
            (_ON_ME[lower, 0], _ON_ME[lower, 1]),
            (_ON_ME[lower, 1], _ON_ME[lower, 0]),
        )
        if upper < SLOTS
    ],
    dtype=np.int64,
).reshape(-1, 3)
_BONUS = np.array(MICROSOFT_ROW_BONUS, dtype=np.int64)

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def _next(state: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """SplitMix64's next output for each generator of `state` (advanced in place)."""
    state += _GOLDEN
    z = state.copy()
    z ^= z >> np.uint64(30)
    z *= _MIX1
    z ^= z >> np.uint64(27)
    z *= _MIX2
    z ^= z >> np.uint64(31)
    result: npt.NDArray[np.uint64] = z
    return result


def shuffled_cards(seeds: Any) -> npt.NDArray[np.int8]:
    """The cards of ``Layout.shuffled(seed)`` for each seed, as card ids in layout order
    (``int8[len(seeds), 52]``): the same SplitMix64 Fisher-Yates shuffle, run on every
    seed at once.

    Examples:
        >>> from pyramid13 import Layout
        >>> cards = shuffled_cards([1, 2])
        >>> [card.index for card in Layout.shuffled(2).cards] == cards[1].tolist()
        True
    """
    state = np.array(seeds, dtype=np.uint64).reshape(-1).copy()
    count = state.size
    cards = np.tile(np.arange(52, dtype=np.int8), (count, 1))
    rows = np.arange(count)
    for top in range(51, 0, -1):
        bound = top + 1
        value = _next(state)
        spare = (1 << 64) % bound
        if spare:  # reject the values past the last whole multiple of `bound`
            limit = np.uint64((1 << 64) - spare)
            again = np.flatnonzero(value >= limit)
            while again.size:
                redrawn = state[again]
                value[again] = _next(redrawn)
                state[again] = redrawn
                again = again[value[again] >= limit]
        pick = (value % np.uint64(bound)).astype(np.int64)
        chosen = cards[rows, pick]
        cards[rows, pick] = cards[:, top]
        cards[:, top] = chosen
    return cards


class _Talon:
    """The stock and waste piles of some games (a batch's, or a copy for a simulation)."""

    __slots__ = ("draw_count", "pass_", "piles", "sl", "stock", "waste", "wl", "wt")

    def __init__(self, count: int, piles: int, draw_count: int) -> None:
        self.piles = piles
        self.draw_count = draw_count
        self.stock = np.full((count, _WIDTH), EMPTY, dtype=np.int8)  # bottom first
        self.sl = np.zeros(count, dtype=np.int64)
        self.waste = np.full((count, piles, _WIDTH), EMPTY, dtype=np.int8)  # bottom first
        self.wl = np.zeros((count, piles), dtype=np.int64)
        self.wt = np.zeros(count, dtype=np.int64)
        self.pass_ = np.ones(count, dtype=np.int64)

    def take(self, rows: IntArray) -> _Talon:
        copy = _Talon.__new__(_Talon)
        copy.piles = self.piles
        copy.draw_count = self.draw_count
        for name in ("stock", "sl", "waste", "wl", "wt", "pass_"):
            setattr(copy, name, getattr(self, name)[rows])
        return copy

    def draw(self, rows: IntArray) -> None:
        """Draw in each of `rows` (each with a card in its stock), under rules with several
        waste piles (one card onto each): the simulations of `_simulate`."""
        stock, sl, waste, wl, wt = self.stock, self.sl, self.waste, self.wl, self.wt
        for pile in range(self.piles):
            if pile > 0:
                rows = rows[sl[rows] > 0]
                if not rows.size:
                    break
            top = sl[rows] - 1
            waste[rows, pile, wl[rows, pile]] = stock[rows, top]
            stock[rows, top] = EMPTY
            sl[rows] = top
            wl[rows, pile] += 1
            wt[rows] += 1

    def recycle(self, rows: IntArray) -> None:
        """Turn the waste of each of `rows` (stock empty) into the stock: pile 1, then 2,
        ..., each picked up from its top, so the next card drawn is the bottom card of
        the last pile (one pile: the waste turned over)."""
        count = rows.size
        waste = self.waste[rows]
        wl = self.wl[rows]
        stock = np.full((count, _WIDTH), EMPTY, dtype=np.int8)
        offset = np.zeros(count, dtype=np.int64)
        depth = np.arange(_TALON)
        for pile in range(self.piles):
            length = wl[:, pile]
            valid = depth < length[:, None]
            source = np.where(valid, length[:, None] - 1 - depth, _TALON)
            cards = np.take_along_axis(waste[:, pile, :], source, axis=1)
            target = np.where(valid, offset[:, None] + depth, _TALON)
            np.put_along_axis(stock, target, cards, axis=1)
            offset += length
        stock[:, _TALON] = EMPTY
        self.stock[rows] = stock
        self.sl[rows] = offset
        self.waste[rows] = EMPTY
        self.wl[rows] = 0
        self.wt[rows] = 0
        self.pass_[rows] += 1

    def tops(self, rows: IntArray | slice) -> npt.NDArray[np.int8]:
        """The top card of each waste pile (EMPTY for an empty pile), ``[rows, piles]``."""
        if self.piles == 1:
            depth = (self.wl[rows, 0] - 1) % _WIDTH
            top: npt.NDArray[np.int8] = self.waste[rows, 0][np.arange(depth.size), depth]
            return top[:, None]
        waste = self.waste[rows]
        return np.take_along_axis(waste, (self.wl[rows] - 1)[:, :, None] % _WIDTH, axis=2)[:, :, 0]


def _exposure_tables(
    draw_count: int, stock_top: bool, waste_pairing: bool
) -> tuple[BoolArray, BoolArray]:
    """Where draws and recycles alone expose cards of one waste pile's talon.

    The talon in draw order is the waste, bottom first, then the stock, top first: a
    position `x` (the cards on the waste) shows the waste top ``x - 1``, the stock top
    ``x`` (where the rules let it play) and, under waste pairing, the card ``x - 2``
    beneath the top. From position `x0` of a talon of `length` cards the draws reach
    ``x0 + draw_count``, ... up to `length`; then (``more``: a recycle is allowed) one
    more pass from 0 shows everything a later pass would. ``lone[x0, length, more, j]``:
    the card at `j` is shown; ``pairs[..., j]``: the cards at ``j - 1`` and `j` are shown
    together.
    """
    lone = np.zeros((_WIDTH, _WIDTH, 2, _TALON), dtype=bool)
    pairs = np.zeros((_WIDTH, _WIDTH, 2, _TALON), dtype=bool)
    for length in range(_WIDTH):
        for start in range(length + 1):
            for more in (0, 1):
                places = [start]
                position = start
                while position < length:
                    position = min(position + draw_count, length)
                    places.append(position)
                if more and length:
                    position = 0
                    places.append(0)
                    while position < length:
                        position = min(position + draw_count, length)
                        places.append(position)
                shown = lone[start, length, more]
                together = pairs[start, length, more]
                for position in places:
                    if position >= 1:
                        shown[position - 1] = True
                    if stock_top and position < length:
                        shown[position] = True
                        if position >= 1:
                            together[position] = True
                    if waste_pairing and position >= 2:
                        together[position - 1] = True
    return lone, pairs


class PyramidBatch:
    """`n` Pyramid games of one rule set, in NumPy arrays, stepped all at once.

    It follows `pyramid13.batch.BatchEngine`: `reset` deals ``Layout.shuffled(seed)``
    (or `reset_states` starts from states), `legal_mask` gives the environments' masks,
    `step` plays one action per game and gives the environments' rewards and
    ``terminated``, `observe` the environments' observation arrays, `status` and `score`
    the honest statuses and scores, and `state` any game back as a `GameState`. Every rule
    set is played but those whose scoring policy is your own (not ``none``, ``cardems`` or
    ``microsoft``): they raise `InvalidRulesError`.

    Args:
        rules: the rules (a `RuleSet` or a preset's name; None for the classic preset).
        n: how many games, an int >= 1.
        reward: ``"score"`` (the change of the score at each step), ``"win"`` (+1 when a
            game is won, -1 when it is lost, else 0), or None (the default): ``"score"``
            where the rules score, else ``"win"``, as the environments.
        auto_reset: False (the default): a game that ends stays over until it is reset;
            True: it is dealt anew within the same `step`, from a seed drawn from
            ``numpy.random.default_rng(seeds)`` (the seeds of the last full `reset`), and
            that `step` still reports the ended game's reward and ``terminated``.

    Raises:
        InvalidArgumentError: a bad `n`, `reward` or `auto_reset`.
        InvalidRulesError: unknown rules, or a scoring policy of your own.

    Examples:
        >>> games = PyramidBatch("microsoft", 2)
        >>> games.reset([7, 8])
        >>> rewards, terminated = games.step(games.legal_mask().argmax(axis=1))
        >>> played = games.state(0)
        >>> played == GameState.new(Layout.shuffled(7), "microsoft").apply(played.history[0])
        True
    """

    def __init__(
        self,
        rules: RuleSet | str | None,
        n: int,
        *,
        reward: str | None = None,
        auto_reset: bool = False,
    ) -> None:
        self.rules: RuleSet = as_rules(rules)
        count = as_int(n)
        if count is None or count < 1:
            raise InvalidArgumentError(f"n must be an int >= 1, not {describe(n)}")
        self.n: int = count
        if reward is None:
            reward = "win" if self.rules.scoring.name == "none" else "score"
        if reward not in ("score", "win"):
            raise InvalidArgumentError(
                f"reward must be None, 'score' or 'win', not {describe(reward)}"
            )
        self.reward_mode: str = reward
        """The reward mode in use: ``"score"`` or ``"win"``."""
        if not isinstance(auto_reset, bool):
            raise InvalidArgumentError(
                f"auto_reset must be True or False, not {describe(auto_reset)}"
            )
        self.auto_reset: bool = auto_reset
        """Whether a game that ends is dealt anew within the same step."""
        policy = type(self.rules.scoring)
        if policy not in (NoScoring, CardemsScoring, MicrosoftScoring):
            raise InvalidRulesError(
                f"scoring: the batched engine plays the shipped scoring policies (none, "
                f"cardems, microsoft), not {self.rules.scoring.name!r}"
            )
        self._scoring = (NoScoring, CardemsScoring, MicrosoftScoring).index(policy)
        rules_ = self.rules
        self._piles = rules_.waste_piles
        self._passes = rules_.passes or 0  # 0: unlimited
        self._stock_top = rules_.stock_top_pairable
        self._all_cards = rules_.goal is Goal.ALL_CARDS
        self._cap = PASS_CAP if rules_.passes is None else min(rules_.passes, PASS_CAP)
        self._size = pyramid_observation_size(rules_)
        self._tops_at = 2 * SLOTS  # in `_rest`: slots, available, waste tops, the tail
        self._tail = 2 * SLOTS + self._piles
        self._tables = (
            _exposure_tables(rules_.draw_count, self._stock_top, rules_.waste_pairing)
            if self._piles == 1
            else None
        )
        self._ready = False
        self._allocate(count)

    def _allocate(self, count: int) -> None:
        self._deal = np.zeros((count, SLOTS), dtype=np.int64)  # the card dealt to each slot
        self._slot = np.full((count, EMPTY + 1), -1, dtype=np.int64)  # card -> slot, or -1
        self._present = np.zeros((count, SLOTS + 1), dtype=bool)  # column 28: always False
        self._rows = np.zeros((count, 7), dtype=np.int8)  # cards left in each row
        self._left = np.zeros(count, dtype=np.int64)  # pyramid cards left
        self._talon = _Talon(count, self._piles, self.rules.draw_count)
        self._score = np.zeros(count, dtype=np.int64)
        self._status = np.zeros(count, dtype=np.int8)
        # True where a game was stuck (no removal) with every talon card known and some
        # removal reachable: the draws and recycles that alone follow cannot change that.
        self._sure = np.zeros(count, dtype=bool)
        # The observation: the card codes (column 52 a dump for EMPTY), then the rest.
        self._codes = np.zeros((count, EMPTY + 1), dtype=np.int16)
        self._rest = np.zeros((count, self._size - 52), dtype=np.int16)
        self._bits = np.zeros((count, 2), dtype=np.uint64)  # the mask, bit a: action a
        self._history = np.zeros((count, 64), dtype=np.uint8)
        self._moves = np.zeros(count, dtype=np.int64)
        self._seeds = np.zeros(count, dtype=np.uint64)
        self._starts: list[GameState | None] = [None] * count
        self._rng = np.random.default_rng(0)
        self._pool = np.zeros((0, 52), dtype=np.int8)
        self._pool_seeds = np.zeros(0, dtype=np.uint64)

    # -- starting games ------------------------------------------------------------------

    def _indices(self, indices: Any) -> IntArray:
        if indices is None:
            return np.arange(self.n)
        if isinstance(indices, (list, tuple)) and not indices:
            rows = np.zeros(0, dtype=np.int64)
        else:
            try:
                rows = np.asarray(indices)
            except (TypeError, ValueError):
                rows = np.zeros(0, dtype=object)
            if (
                rows.ndim != 1
                or rows.dtype.kind not in "iu"
                or (rows.size and (rows.min() < 0 or rows.max() >= self.n))
            ):
                raise InvalidArgumentError(
                    f"indices must be a sequence of ints in 0..{self.n - 1}, "
                    f"not {describe(indices)}"
                )
            if np.unique(rows).size != rows.size:
                raise InvalidArgumentError("indices must not repeat a game")
        if not self._ready and rows.size != self.n:
            raise InvalidArgumentError("reset every game first (indices=None)")
        return rows.astype(np.int64)

    def reset(self, seeds: Any, indices: Any = None) -> None:
        """Deal game ``indices[j]`` (every game, by default) ``Layout.shuffled(seeds[j])``.

        A full reset (no `indices`) also seeds the generator that `auto_reset` draws the
        next deals' seeds from, with ``numpy.random.default_rng(seeds)``.

        Args:
            seeds: one int in ``0 .. 2**64 - 1`` per game reset.
            indices: the games to reset; None: all of them, in order.

        Raises:
            InvalidArgumentError: seeds that are not such ints, or not one per game; bad
                indices (nothing is reset).
        """
        rows = self._indices(indices)
        checked = _seeds(seeds, rows.size)
        if not rows.size:
            return
        cards = shuffled_cards(checked)
        if indices is None:
            self._rng = np.random.default_rng([int(seed) for seed in checked])
            self._pool = np.zeros((0, 52), dtype=np.int8)
            self._pool_seeds = np.zeros(0, dtype=np.uint64)
        self._deal_cards(rows, cards, checked)

    def _deal_cards(
        self, rows: IntArray, cards: npt.NDArray[np.int8], seeds: npt.NDArray[np.uint64]
    ) -> None:
        count = rows.size
        deal = cards[:, :SLOTS].astype(np.int64)
        self._deal[rows] = deal
        slot = np.full((count, EMPTY + 1), -1, dtype=np.int64)
        np.put_along_axis(slot, deal, np.arange(SLOTS)[None, :].repeat(count, 0), axis=1)
        self._slot[rows] = slot
        present = np.ones((count, SLOTS + 1), dtype=bool)
        present[:, SLOTS] = False
        self._present[rows] = present
        self._rows[rows] = _FIRST_ROWS
        self._left[rows] = SLOTS
        talon = self._talon
        stock = np.full((count, _WIDTH), EMPTY, dtype=np.int8)
        stock[:, :_TALON] = cards[:, : SLOTS - 1 : -1]  # bottom first: the last card dealt
        waste = np.full((count, self._piles, _WIDTH), EMPTY, dtype=np.int8)
        wl = np.zeros((count, self._piles), dtype=np.int64)
        sl = np.full(count, _TALON, dtype=np.int64)
        if self.rules.first_card_to_waste:
            waste[:, 0, 0] = stock[:, _TALON - 1]
            stock[:, _TALON - 1] = EMPTY
            wl[:, 0] = 1
            sl -= 1
        talon.stock[rows] = stock
        talon.sl[rows] = sl
        talon.waste[rows] = waste
        talon.wl[rows] = wl
        talon.wt[rows] = wl.sum(axis=1)
        talon.pass_[rows] = 1
        self._score[rows] = 0
        self._moves[rows] = 0
        self._seeds[rows] = seeds
        starts = self._starts
        for row in rows.tolist():
            starts[row] = None
        self._ready = True
        self._rebuild(rows)

    def reset_states(self, states: Sequence[GameState], indices: Any = None) -> None:
        """Start game ``indices[j]`` (every game, by default) from ``states[j]``, a
        `GameState` under the batch's rules: `state` gives it back, then with the moves
        played since.

        Raises:
            InvalidArgumentError: a state of other rules or no `GameState`, not one state
                per game, or bad indices (nothing is reset).
        """
        rows = self._indices(indices)
        items = list(states) if not isinstance(states, (str, bytes)) else None
        if items is None or len(items) != rows.size:
            raise InvalidArgumentError(f"states must be a sequence of {rows.size} GameState")
        check_states(items, GameState, self.rules, "a Pyramid GameState")
        if not rows.size:
            return
        count = rows.size
        deal = np.zeros((count, SLOTS), dtype=np.int64)
        stock = np.full((count, _WIDTH), EMPTY, dtype=np.int8)
        waste = np.full((count, self._piles, _WIDTH), EMPTY, dtype=np.int8)
        wl = np.zeros((count, self._piles), dtype=np.int64)
        present = np.zeros((count, SLOTS + 1), dtype=bool)
        passes = np.zeros(count, dtype=np.int64)
        scores = np.zeros(count, dtype=np.int64)
        for number, state in enumerate(items):
            # Removed slots hold removed cards in a state's layout (`GameState.layout`).
            deal[number] = [card.index for card in state.layout.cards[:SLOTS]]
            present[number, :SLOTS] = [card is not None for card in state.pyramid]
            pile = [card.index for card in state.stock]
            stock[number, : len(pile)] = pile
            for which, cards in enumerate(state.waste_piles):
                waste[number, which, : len(cards)] = [card.index for card in cards]
                wl[number, which] = len(cards)
            passes[number] = state.pass_number
            scores[number] = state.score
        self._deal[rows] = deal
        slot = np.full((count, EMPTY + 1), -1, dtype=np.int64)
        np.put_along_axis(slot, deal, np.arange(SLOTS)[None, :].repeat(count, 0), axis=1)
        self._slot[rows] = slot
        self._present[rows] = present
        left = np.zeros((count, 7), dtype=np.int8)
        np.add.at(left, (np.arange(count)[:, None], _ROW[None, :]), present[:, :SLOTS])
        self._rows[rows] = left
        self._left[rows] = present.sum(axis=1)
        talon = self._talon
        talon.stock[rows] = stock
        talon.sl[rows] = (stock != EMPTY).sum(axis=1)
        talon.waste[rows] = waste
        talon.wl[rows] = wl
        talon.wt[rows] = wl.sum(axis=1)
        talon.pass_[rows] = passes
        self._score[rows] = scores
        self._moves[rows] = 0
        self._seeds[rows] = 0
        for row, state in zip(rows.tolist(), items, strict=True):
            self._starts[row] = state
        self._ready = True
        self._rebuild(rows)

    # -- what an agent sees ----------------------------------------------------------------

    def _check_ready(self) -> None:
        if not self._ready:
            raise InvalidArgumentError("call reset() before using the batch")

    def legal_mask(self) -> BoolArray:
        """``bool[n, 102]``: the legal actions of each game, as the environments' masks
        (the honest moves; a finished game flags only `END_ACTION`, 0). A new array."""
        self._check_ready()
        bits = np.unpackbits(self._bits.view(np.uint8), axis=1, bitorder="little")
        return bits[:, :ACTION_COUNT].astype(bool)

    def observe(self) -> npt.NDArray[np.int16]:
        """``int16[n, size]``: each game's observation array, equal to
        `encode_pyramid_observation` of its honest view. A new array."""
        self._check_ready()
        array = np.empty((self.n, self._size), dtype=np.int16)
        array[:, :52] = self._codes[:, :52]
        array[:, 52:] = self._rest
        return array

    @property
    def status(self) -> npt.NDArray[np.int8]:
        """The honest status of each game: 0 playing, 1 won, 2 lost (the codes of
        `pyramid13.batch.STATUSES`), as ``Observation.status`` (all 0 before `reset`)."""
        status: npt.NDArray[np.int8] = self._status.copy()
        return status

    @property
    def score(self) -> IntArray:
        """The score of each game."""
        score: IntArray = self._score.copy()
        return score

    def state(self, index: int) -> GameState:
        """Game `index` as a `GameState` equal to the scalar engine's: its start (the
        seeded deal, or the state given to `reset_states`), then every move played since,
        applied by the scalar engine (so `undo` and `history` are the scalar game's).

        Raises:
            InvalidArgumentError: `index` is not an int in ``0 .. n - 1``.
        """
        self._check_ready()
        number = as_int(index)
        if number is None or not 0 <= number < self.n:
            raise InvalidArgumentError(
                f"index must be an int in 0..{self.n - 1}, not {describe(index)}"
            )
        start = self._starts[number]
        if start is None:
            start = GameState.new(Layout.shuffled(int(self._seeds[number])), self.rules)
        state = start
        for action in self._history[number, : self._moves[number]].tolist():
            state = state.apply_unchecked(_MOVES[action])
        return state

    # -- playing -------------------------------------------------------------------------

    def step(self, actions: Any) -> tuple[npt.NDArray[np.float64], BoolArray]:
        """Play one action in each game: ``(rewards, terminated)``.

        An illegal action (not flagged by `legal_mask`, or outside the action space)
        changes nothing and earns 0, as in the environments; in a finished game
        `END_ACTION` is the one flagged action and changes nothing too.

        Args:
            actions: ``n`` ints (an array or sequence of Python or NumPy ints).

        Raises:
            InvalidArgumentError: `actions` are not `n` integers (nothing is played).
        """
        self._check_ready()
        played = _actions(actions, self.n)
        inside = (played >= 0) & (played < ACTION_COUNT)
        action = np.where(inside, played, _END_ACTION)
        word = self._bits[np.arange(self.n), action >> 6]
        legal = ((word >> (action & 63).astype(np.uint64)) & _ONE).astype(bool)
        legal &= inside & (self._status == _PLAYING)
        rows = np.flatnonzero(legal)
        acts = played[rows]
        before = self._score[rows]
        self._apply(rows, acts)
        self._judge(rows)
        rewards = np.zeros(self.n, dtype=np.float64)
        status = self._status
        after = status[rows]
        if self.reward_mode == "score":
            rewards[rows] = self._score[rows] - before
        else:
            rewards[rows] = (after == _WON).astype(np.float64) - (after == _LOST)
        terminated = status != _PLAYING
        if self.auto_reset:
            ended = rows[after != _PLAYING]
            if ended.size:
                self._redeal(ended)
        return rewards, terminated

    def _redeal(self, rows: IntArray) -> None:
        """Deal `rows` anew from the auto-reset generator's next seeds."""
        if self._pool_seeds.size < rows.size:
            more = max(rows.size, 4096)  # dealt together: cheaper a deal
            seeds = self._rng.integers(0, 2**64, size=more, dtype=np.uint64)
            self._pool_seeds = np.concatenate([self._pool_seeds, seeds])
            self._pool = np.concatenate([self._pool, shuffled_cards(seeds)])
        count = rows.size
        seeds, self._pool_seeds = self._pool_seeds[:count], self._pool_seeds[count:]
        cards, self._pool = self._pool[:count], self._pool[count:]
        self._deal_cards(rows, cards, seeds)

    def _apply(self, rows: IntArray, acts: IntArray) -> None:
        """Play `acts` (legal) in `rows`, keeping the card codes and the observation's
        pyramid entries up to date (`_judge` does the rest)."""
        talon = self._talon
        removal = acts < _DRAW
        if removal.any():
            taken = rows[removal]
            kinds = acts[removal]
            gained = np.zeros(taken.size, dtype=np.int64)  # Microsoft's row bonuses
            first = _CARD1[kinds]
            second = _CARD2[kinds]
            found = self._remove(taken, first, gained)
            self._remove(taken, second, gained)
            late = ~found  # the card beneath a waste top, which the other card lay on
            if late.any():
                self._remove(taken[late], first[late], gained[late])
            if self._scoring == 2:  # microsoft: 5 a removal, and each row cleared
                self._score[taken] += 5 + gained
            elif self._scoring == 1:  # cardems: 10 a card; a win, 100 and 5 a card left
                cards = 1 + (second != EMPTY)
                left = talon.sl[taken] + talon.wt[taken]
                won = self._left[taken] == 0
                if self._all_cards:
                    won &= left == 0
                self._score[taken] += 10 * cards + np.where(won, 100 + 5 * left, 0)
        draws = rows[acts == _DRAW]
        if draws.size:
            self._draw(draws)
        recycles = rows[acts == _RECYCLE]
        if recycles.size:
            line = np.arange(recycles.size)[:, None, None]
            codes = self._codes[recycles]
            codes[line, talon.waste[recycles]] = UNSEEN
            talon.recycle(recycles)
            if self._stock_top:
                codes[line[:, 0, 0], talon.stock[recycles, talon.sl[recycles] - 1]] = EXPOSED_TALON
            self._codes[recycles] = codes
            if self._scoring == 1:
                self._score[recycles] = np.maximum(self._score[recycles] - 10, 0)
        moves = self._moves
        if rows.size:
            counts = moves[rows]
            if counts.max() >= self._history.shape[1]:
                grown = np.zeros((self.n, 2 * self._history.shape[1]), dtype=np.uint8)
                grown[:, : self._history.shape[1]] = self._history
                self._history = grown
            self._history[rows, counts] = acts
            moves[rows] = counts + 1

    def _draw(self, rows: IntArray) -> None:
        """Draw in `rows` (each with a card in its stock), with the card codes."""
        talon = self._talon
        stock, sl, waste, wl, wt = talon.stock, talon.sl, talon.waste, talon.wl, talon.wt
        codes = self._codes
        piles = self._piles
        for turn in range(piles if piles > 1 else talon.draw_count):
            if turn > 0:
                rows = rows[sl[rows] > 0]
                if not rows.size:
                    break
            pile = turn if piles > 1 else 0
            top = sl[rows] - 1
            card = stock[rows, top]
            depth = wl[rows, pile]
            codes[rows, waste[rows, pile, depth - 1]] = WASTE_BELOW  # EMPTY: the dump
            codes[rows, card] = EXPOSED_TALON
            waste[rows, pile, depth] = card
            stock[rows, top] = EMPTY
            sl[rows] = top
            wl[rows, pile] = depth + 1
            wt[rows] += 1
        if self._stock_top:
            codes[rows, stock[rows, sl[rows] - 1]] = EXPOSED_TALON

    def _remove(self, rows: IntArray, cards: IntArray, gained: IntArray) -> BoolArray:
        """Remove `cards[j]` from game `rows[j]` where it lies on the pyramid, on the stock
        top or on a waste top (EMPTY: nothing), with the card codes and the pyramid's
        entries of the observation; True where it was found."""
        slot = self._slot[rows, cards]
        present = self._present
        in_pyramid = (slot >= 0) & present[rows, np.maximum(slot, 0)]
        found = in_pyramid.copy()
        codes = self._codes
        if in_pyramid.any():
            where = rows[in_pyramid]
            slots = slot[in_pyramid]
            present[where, slots] = False
            codes[where, cards[in_pyramid]] = REMOVED
            rest = self._rest
            rest[where, slots] = 0
            rest[where, SLOTS + slots] = 0
            row = _ROW[slots]
            self._rows[where, row] -= 1
            self._left[where] -= 1
            cleared = self._rows[where, row] == 0
            gained[in_pyramid] += np.where(cleared, _BONUS[row], 0)
            for side in (0, 1):  # the slots it lay on, now perhaps uncovered
                under = _UNDER_ME[slots, side]
                free = (
                    present[where, under]
                    & ~present[where, _ON_ME[under, 0]]
                    & ~present[where, _ON_ME[under, 1]]
                )
                if free.any():
                    now = where[free]
                    slot_now = under[free]
                    codes[now, self._deal[now, slot_now]] = AVAILABLE
                    rest[now, SLOTS + slot_now] = 1
        outside = ~in_pyramid & (cards != EMPTY)
        if not outside.any():
            return found  # type: ignore[no-any-return]
        talon = self._talon
        where = rows[outside]
        wanted = cards[outside]
        top = talon.sl[where] - 1
        on_stock = (top >= 0) & (talon.stock[where, top] == wanted)
        if on_stock.any():
            stock_rows = where[on_stock]
            codes[stock_rows, wanted[on_stock]] = REMOVED
            below = top[on_stock]
            talon.stock[stock_rows, below] = EMPTY
            talon.sl[stock_rows] = below
            codes[stock_rows, talon.stock[stock_rows, below - 1]] = EXPOSED_TALON
        if self._piles == 1:
            depth = talon.wl[where, 0] - 1
            on_pile = ~on_stock & (talon.waste[where, 0, depth % _WIDTH] == wanted)
            pile = np.zeros(int(on_pile.sum()), dtype=np.int64)
        else:
            hits = (talon.tops(where) == wanted[:, None]) & ~on_stock[:, None]
            on_pile = hits.any(axis=1)
            pile = hits[on_pile].argmax(axis=1)
        if on_pile.any():
            pile_rows = where[on_pile]
            codes[pile_rows, wanted[on_pile]] = REMOVED
            depth = talon.wl[pile_rows, pile] - 1
            talon.waste[pile_rows, pile, depth] = EMPTY
            talon.wl[pile_rows, pile] = depth
            talon.wt[pile_rows] -= 1
            codes[pile_rows, talon.waste[pile_rows, pile, depth - 1]] = EXPOSED_TALON
        found[outside] = on_stock | on_pile
        return found  # type: ignore[no-any-return]

    # -- masks, statuses and observations ------------------------------------------------

    def _rebuild(self, rows: IntArray) -> None:
        """Write the card codes and the observation's pyramid entries of `rows` afresh,
        then judge them."""
        count = rows.size
        line = np.arange(count)[:, None]
        present = self._present[rows]
        available = (
            present[:, :SLOTS] & ~present[:, _ON_ME[:SLOTS, 0]] & ~present[:, _ON_ME[:SLOTS, 1]]
        )
        deal = self._deal[rows]
        codes = np.zeros((count, EMPTY + 1), dtype=np.int16)
        codes[line, deal] = np.where(present[:, :SLOTS], COVERED + available, REMOVED)
        talon = self._talon
        stock = talon.stock[rows]
        codes[line, stock] = UNSEEN
        codes[line[:, :, None], talon.waste[rows]] = WASTE_BELOW
        codes[line, talon.tops(rows)] = EXPOSED_TALON
        if self._stock_top:
            codes[line[:, 0], stock[line[:, 0], talon.sl[rows] - 1]] = EXPOSED_TALON
        self._codes[rows] = codes
        rest = self._rest
        rest[rows, :SLOTS] = np.where(present[:, :SLOTS], deal + 1, 0)
        rest[rows, SLOTS : 2 * SLOTS] = available
        self._sure[rows] = False
        self._judge(rows)

    def _judge(self, rows: IntArray) -> None:
        """Work out the masks, the honest statuses and the observation's talon entries of
        `rows` (the games that changed) from their cards and codes."""
        if not rows.size:
            return
        # Most steps change most games: then every row is worked out, without picking.
        whole = 2 * rows.size > self.n
        pick: IntArray | slice = slice(None) if whole else rows
        here = rows if whole else np.arange(rows.size)
        talon = self._talon
        tops = talon.tops(pick)
        sl = talon.sl[pick]
        wt = talon.wt[pick]
        pass_ = talon.pass_[pick]
        block = np.empty((sl.size, self._tail + 4 - self._tops_at), dtype=np.int16)
        piles = self._piles
        block[:, :piles] = tops + 1 - (tops == EMPTY) * (EMPTY + 1)
        block[:, piles] = sl
        block[:, piles + 1] = wt
        block[:, piles + 2] = np.minimum(pass_, self._cap)
        block[:, piles + 3] = (
            np.minimum(self._passes - pass_, self._cap - 1) if self._passes else -1
        )
        self._rest[pick, self._tops_at :] = block
        codes = self._codes[pick]
        exposed = ((codes == AVAILABLE) | (codes == EXPOSED_TALON))[:, :52]
        suits = exposed.view(np.uint8).reshape(-1, 4, 13)
        nibbles = suits[:, 0] | (suits[:, 1] << 1) | (suits[:, 2] << 2) | (suits[:, 3] << 3)
        bits = np.take(_KING_BITS, nibbles[:, 12], axis=0)
        for value in range(6):
            key = nibbles[:, value] | (nibbles[:, 11 - value] << 4)
            bits |= np.take(_PAIR_BITS[value], key, axis=0)
        removal = (bits[:, 0] | bits[:, 1]) != 0
        if self.rules.overlap_pairing:
            self._overlap(pick, codes, bits, removal)
        if self.rules.waste_pairing:
            self._waste_pairs(pick, tops, bits, removal)
        drawing = sl > 0
        bits[:, 1] |= np.where(drawing, _DRAW_BIT, 0).astype(np.uint64)
        recycle = ~drawing & (wt > 0)
        if self._passes:
            recycle &= pass_ < self._passes
        bits[:, 1] |= np.where(recycle, _RECYCLE_BIT, 0).astype(np.uint64)
        won = self._left[rows] == 0
        if self._all_cards:
            won &= sl[here] + wt[here] == 0
        stuck = ~won & ~removal[here]
        moving = drawing[here] | recycle[here]
        lost = stuck & ~moving
        waiting = stuck & moving
        check = np.flatnonzero(waiting & ~self._sure[rows])
        if check.size:
            came = self._can_come(rows[check], codes[here[check]])
            lost[check] = ~came
            self._sure[rows[check]] = came & (talon.pass_[rows[check]] > 1)
        self._sure[rows[~waiting]] = False
        self._status[rows] = np.where(won, _WON, np.where(lost, _LOST, _PLAYING))
        over = self._status[pick] != _PLAYING
        bits[over, 0] = _ONE << np.uint64(_END_ACTION)
        bits[over, 1] = 0
        self._bits[pick] = bits

    def _overlap(
        self,
        pick: IntArray | slice,
        codes: npt.NDArray[np.int16],
        bits: npt.NDArray[np.uint64],
        removal: BoolArray,
    ) -> None:
        """Add the overlap pairs (an available card and the card it alone covers)."""
        present = self._present[pick]
        deal = self._deal[pick]
        upper, lower, other = _OVERLAP[:, 0], _OVERLAP[:, 1], _OVERLAP[:, 2]
        cards_up = deal[:, upper]
        cards_low = deal[:, lower]
        ok = (
            present[:, lower]
            & ~present[:, other]
            & (codes[np.arange(deal.shape[0])[:, None], cards_up] == AVAILABLE)
            & (VALUE[cards_up] + VALUE[cards_low] == 13)
        )
        which, pair = np.nonzero(ok)
        actions = _PAIR_ACTION[cards_up[which, pair], cards_low[which, pair]]
        self._add_actions(bits, removal, which, actions)

    def _waste_pairs(
        self,
        pick: IntArray | slice,
        tops: npt.NDArray[np.int8],
        bits: npt.NDArray[np.uint64],
        removal: BoolArray,
    ) -> None:
        """Add the waste pairs (a waste top and the card beneath it)."""
        talon = self._talon
        beneath = np.take_along_axis(
            talon.waste[pick], (talon.wl[pick] - 2)[:, :, None] % _WIDTH, axis=2
        )[:, :, 0]
        ok = (tops != EMPTY) & (beneath != EMPTY) & (VALUE[tops] + VALUE[beneath] == 13)
        which, pile = np.nonzero(ok)
        actions = _PAIR_ACTION[tops[which, pile], beneath[which, pile]]
        self._add_actions(bits, removal, which, actions)

    @staticmethod
    def _add_actions(
        bits: npt.NDArray[np.uint64], removal: BoolArray, rows: IntArray, actions: IntArray
    ) -> None:
        flags = _ONE << (actions & 63).astype(np.uint64)
        np.bitwise_or.at(bits[:, 0], rows[actions < 64], flags[actions < 64])
        np.bitwise_or.at(bits[:, 1], rows[actions >= 64], flags[actions >= 64])
        removal[rows] = True

    def _can_come(self, rows: IntArray, codes: npt.NDArray[np.int16]) -> BoolArray:
        """Whether some order of the unseen cards lets draws and recycles alone make a
        removal legal, in each of `rows` (no removal legal now, a draw or recycle legal):
        the honest verdict of `Observation.status`."""
        count = rows.size
        talon = self._talon
        first = talon.pass_[rows] == 1
        # On the first pass the player has not seen the face-down stock cards (code UNSEEN;
        # the top has its own code where it plays); later, every card.
        hidden = (codes[:, :52] == UNSEEN) & first[:, None]
        unseen = np.zeros((count, 14), dtype=bool)  # by value - 1; column 13: never
        suits = hidden.reshape(count, 4, 13)
        unseen[:, :13] = suits[:, 0] | suits[:, 1] | suits[:, 2] | suits[:, 3]
        available = np.zeros((count, 14), dtype=bool)
        suits = (codes[:, :52] == AVAILABLE).reshape(count, 4, 13)
        available[:, :13] = suits[:, 0] | suits[:, 1] | suits[:, 2] | suits[:, 3]
        # An unseen card that makes a removal alone; two unseen cards summing to 13.
        lone = unseen[:, 12] | (unseen[:, :12] & available[:, 11::-1]).any(axis=1)
        result = np.zeros(count, dtype=bool)
        # The stock's bottom card is unseen on the first pass (when any is) and will lie
        # on a waste top: an unseen card that makes a removal alone can come there.
        result[lone] = True
        todo = np.flatnonzero(~lone)
        if not todo.size:
            return result
        rows = rows[todo]
        count = todo.size
        unseen = unseen[todo]
        available = available[todo]
        pair = cast(BoolArray, (unseen[:, :12] & unseen[:, 11::-1]).any(axis=1))
        if self._tables is None:
            known = np.ones((count, EMPTY + 1), dtype=bool)
            known[:, :52] = ~hidden[todo]
            kings = VALUE == 13
            alone = known & (kings[None, :] | available[:, PARTNER])  # `lone` is False here
            alone[:, EMPTY] = False
            facts = _Facts(known, alone, unseen[:, PARTNER], pair)
            verdict, open_ = _simulate(talon.take(rows), facts, self)
            for index in np.flatnonzero(open_).tolist():  # a long cycle: the scalar check
                verdict[index] = self._can_come_one(
                    int(rows[index]), known[index], available[index]
                )
            result[todo] = verdict
            return result
        # One waste pile: the talon in draw order, and where draws and recycles show it.
        wl = talon.wl[rows, 0]
        sl = talon.sl[rows]
        depth = np.arange(_TALON)[None, :]
        from_stock = np.clip(sl[:, None] - 1 - (depth - wl[:, None]), -1, _TALON) % _WIDTH
        order = np.where(
            depth < wl[:, None],
            talon.waste[rows, 0, :_TALON],
            np.take_along_axis(talon.stock[rows], from_stock, axis=1),
        )
        values = VALUE[order].astype(np.int64)
        # Known: the waste, the stock top where it plays, and everything after a pass.
        known = (depth < wl[:, None] + self._stock_top) | (talon.pass_[rows] > 1)[:, None]
        partner = np.where((values >= 1) & (values <= 12), 12 - values, 13)
        line = np.arange(count)[:, None]
        alone = known & ((values == 13) | available[line, partner])  # no unseen one alone
        first, second = values[:, :-1], values[:, 1:]
        known_a, known_b = known[:, :-1], known[:, 1:]
        together = (
            (
                (known_a & known_b & (first + second == 13))
                | (known_a & ~known_b & unseen[line, partner[:, :-1]])
                | (~known_a & known_b & unseen[line, partner[:, 1:]])
                | (~known_a & ~known_b & pair[:, None])
            )
            & (first > 0)
            & (second > 0)
        )
        more = np.ones(count, dtype=np.int64)
        if self._passes:
            more = (talon.pass_[rows] < self._passes).astype(np.int64)
        shown, adjacent = self._tables
        length = wl + sl
        can = (alone & shown[wl, length, more]).any(axis=1)
        can |= (together & adjacent[wl, length, more][:, 1:]).any(axis=1)
        result[todo] = can
        return result

    def _can_come_one(self, row: int, known: BoolArray, available: BoolArray) -> bool:
        """`_can_come` for game `row` alone, by the observation's own check."""
        talon = self._talon
        game = SimpleNamespace(
            piles=self._piles,
            draw_count=self.rules.draw_count,
            offsets=tuple(PILE_BITS * pile for pile in range(self._piles)),
            passes=self._passes,
            stock_top=self._stock_top,
            waste_pairing=self.rules.waste_pairing,
        )
        value_bits = sum(1 << (value + 1) for value in range(13) if available[value])
        # Packed as the state packs its talon: card ids (index + 1), six bits each, the
        # top card lowest; the unseen stock cards packed alike.
        stock = hidden = 0
        for card in talon.stock[row, : talon.sl[row]].tolist():
            stock = (stock << 6) | (card + 1)
            if not known[card]:
                hidden = (hidden << 6) | (card + 1)
        waste = 0
        for pile, offset in enumerate(game.offsets):
            packed = 0
            for card in talon.waste[row, pile, : talon.wl[row, pile]].tolist():
                packed = (packed << 6) | (card + 1)
            waste |= packed << offset
        return bool(
            _removal_can_come(game, value_bits, stock, waste, int(talon.pass_[row]), hidden)
        )


_SIMULATION_LIMIT = 4 * _WIDTH


class _Facts:
    """What decides a removal among talon places, for each game of a simulation."""

    __slots__ = ("alone", "known", "pair", "partner_unseen")

    def __init__(
        self, known: BoolArray, alone: BoolArray, partner_unseen: BoolArray, pair: BoolArray
    ) -> None:
        self.known = known  # [m, 53]: the player knows the card's place
        self.alone = alone  # [m, 53]: at an exposed place, the card (or an unseen one) pairs
        self.partner_unseen = partner_unseen  # [m, 53]: an unseen card pairs with this card
        self.pair = pair  # [m]: two unseen cards sum to 13

    def pairs(self, line: IntArray, first: Any, second: Any) -> BoolArray:
        """Whether the cards (known or not) at places `first` and `second` of the games
        `line` can sum to 13."""
        known_a = self.known[line, first]
        known_b = self.known[line, second]
        both = known_a & known_b & (VALUE[first] + VALUE[second] == 13)
        one = (known_a & ~known_b & self.partner_unseen[line, first]) | (
            ~known_a & known_b & self.partner_unseen[line, second]
        )
        none = ~known_a & ~known_b & self.pair[line]
        result: BoolArray = (first != EMPTY) & (second != EMPTY) & (both | one | none)
        return result


def _simulate(talon: _Talon, facts: _Facts, batch: PyramidBatch) -> tuple[BoolArray, BoolArray]:
    """`_Facts` games played on by draws and recycles alone, all at once, until a removal
    can come (True) or the passes end or repeat (False), as `Observation.status` does; and
    the games left open after `_SIMULATION_LIMIT` draws and recycles (the passes of some
    pile counts repeat only after many), for the scalar check."""
    count = talon.sl.size
    rounds = 0
    result = np.zeros(count, dtype=bool)
    active = np.arange(count)
    first_waste = np.full_like(talon.waste, EMPTY)
    recycled = np.zeros(count, dtype=bool)
    piles = talon.piles
    upper = np.triu(np.ones((piles + 1, piles + 1), dtype=bool), 1)
    rules = batch.rules
    while active.size:
        rounds += 1
        if rounds > _SIMULATION_LIMIT:
            break
        line = active[:, None]
        tops = talon.tops(active)
        if batch._stock_top:
            stock_top = talon.stock[active, (talon.sl[active] - 1) % _WIDTH]
            tops = np.concatenate([tops, stock_top[:, None]], axis=1)
        width = tops.shape[1]
        hit = facts.alone[line, tops].any(axis=1)
        if width > 1:
            both = facts.pairs(active[:, None, None], tops[:, :, None], tops[:, None, :])
            hit |= (both & upper[:width, :width]).any(axis=(1, 2))
        if rules.waste_pairing:
            beneath = np.take_along_axis(
                talon.waste[active], (talon.wl[active] - 2)[:, :, None] % _WIDTH, axis=2
            )[:, :, 0]
            hit |= facts.pairs(line, tops[:, :piles], beneath).any(axis=1)
        result[active[hit]] = True
        active = active[~hit]
        if not active.size:
            break
        drawing = talon.sl[active] > 0
        if drawing.any():
            talon.draw(active[drawing])
        turning = ~drawing & (talon.wt[active] > 0)
        if batch._passes:
            turning &= talon.pass_[active] < batch._passes
        candidates = active[turning]
        again = np.zeros(candidates.size, dtype=bool)
        if candidates.size:
            seen = recycled[candidates]
            same = (talon.waste[candidates] == first_waste[candidates]).all(axis=(1, 2))
            again = seen & same
            fresh = candidates[~seen]
            first_waste[fresh] = talon.waste[fresh]
            recycled[fresh] = True
            going = candidates[~again]
            if going.size:
                talon.recycle(going)
        keep = drawing.copy()
        keep[np.flatnonzero(turning)[~again]] = True
        active = active[keep]
    open_ = np.zeros(count, dtype=bool)
    open_[active] = True
    return result, open_


def _seeds(seeds: Any, count: int) -> npt.NDArray[np.uint64]:
    try:
        values = [as_seed(seed) for seed in seeds]
    except TypeError:
        values = [None]
    if len(values) != count or None in values:
        raise InvalidArgumentError(
            f"seeds must be {count} ints in 0..2**64-1, not {describe(seeds)}"
        )
    return np.array(values, dtype=np.uint64)


def _actions(actions: Any, count: int) -> IntArray:
    try:
        played = np.asarray(actions)
    except (TypeError, ValueError):
        played = np.zeros(0, dtype=object)
    if played.shape != (count,) or played.dtype.kind not in "iu":
        raise InvalidArgumentError(
            f"actions must be {count} ints (an array or a sequence), not {describe(actions)}"
        )
    return played.astype(np.int64)
