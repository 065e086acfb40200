"""Spider observations as fixed-shape integer arrays, built from the honest observation.

The vector (``numpy.int16``, length `SPIDER_OBSERVATION_SIZE` = 1,128) has seven parts,
named in `SPIDER_OBSERVATION_SLICES`:

* ``piles`` ``[0:1040]`` — the ten piles, 104 places each (pile ``p`` at ``p*104``),
  bottom to top: -1 for a face-down card, ``Card.index + 1`` (1..52) for a face-up card, 0
  past the top;
* ``face_down`` ``[1040:1050]`` — face-down cards per pile;
* ``face_up`` ``[1050:1060]`` — face-up cards per pile;
* ``units`` ``[1060:1070]`` — per pile, the length of the longest unit on top (the cards
  that can move together: one suit, descending by one), 0 for an empty pile;
* ``runs`` ``[1070:1074]`` — runs removed, by suit (clubs, diamonds, hearts, spades);
* ``stock_size``, ``deals_left`` ``[1074:1076]`` — cards in the stock, and deals left;
* ``unseen`` ``[1076:1128]`` — per card (by `Card.index`), how many of its copies are
  unseen (face down or in the stock): 0..8.

Only what a player sees goes in: face-down cards and the stock are counts, never cards.
A Spider player forgets nothing (a face-up card stays face up until its run is removed,
and the runs removed are counted), so the information state is the observation itself:
`encode_spider_information_state` is `encode_spider_observation`, with the same slices.
The bounds (`spider_observation_bounds`) depend on the deal's shape and are never equal,
so ``(x - low) / (high - low)`` scales every entry into 0..1.

`SpiderEncoder` keeps the vector up to date move by move, re-encoding only the piles a
move changed. Its `SpiderEncoder.advance` does so from the state itself, reading only what
the player sees, without building an `Observation`: the environments' fast path.

Layer: the Spider game (``pyramid13.spider``). The learning environments load this module
when they start (`Game.encoding` names it), and only they do, as it needs NumPy (the
``rl`` extra); ``pyramid13.envs`` offers its names too.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ._moves import MoveKind
from ._observation import Observation
from ._pile import ObservedPile
from ._rules import RuleSet
from ._state import GameState, _run_length

__all__ = [
    "SPIDER_OBSERVATION_SIZE",
    "SPIDER_OBSERVATION_SLICES",
    "Encoder",
    "SpiderEncoder",
    "encode_information_state",
    "encode_observation",
    "encode_spider_information_state",
    "encode_spider_observation",
    "information_state_bounds",
    "information_state_slices",
    "observation_bounds",
    "observation_slices",
    "spider_observation_bounds",
]

_UNIT_MOVE, _REMOVE_MOVE = MoveKind.UNIT, MoveKind.REMOVE
_PILES = 10
_DEPTH = 104
_FACE_DOWN = _PILES * _DEPTH
_FACE_UP = _FACE_DOWN + _PILES
_UNIT = _FACE_UP + _PILES
_RUNS = _UNIT + _PILES
_STOCK = _RUNS + 4
_UNSEEN = _STOCK + 2
SPIDER_OBSERVATION_SIZE: int = _UNSEEN + 52
"""The length of a Spider observation vector: 1,128."""

SPIDER_OBSERVATION_SLICES: dict[str, slice] = {
    "piles": slice(0, _FACE_DOWN),
    "face_down": slice(_FACE_DOWN, _FACE_UP),
    "face_up": slice(_FACE_UP, _UNIT),
    "units": slice(_UNIT, _RUNS),
    "runs": slice(_RUNS, _STOCK),
    "stock_size": slice(_STOCK, _STOCK + 1),
    "deals_left": slice(_STOCK + 1, _STOCK + 2),
    "unseen": slice(_UNSEEN, SPIDER_OBSERVATION_SIZE),
}
"""The named parts of a Spider observation vector (see the module), as slices."""

_SUIT_SLOT = {"C": 0, "D": 1, "H": 2, "S": 3}


def spider_observation_bounds(
    rules: RuleSet | None = None,
) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """The lowest and highest value of each entry, for a ``gymnasium.spaces.Box``.

    Args:
        rules: the rules the game is played under: their deal's shape bounds the
            face-down counts, the stock and the deals; None gives bounds that hold under
            every rule set.
    """
    low = np.zeros(SPIDER_OBSERVATION_SIZE, dtype=np.int16)
    high = np.zeros(SPIDER_OBSERVATION_SIZE, dtype=np.int16)
    if rules is None:
        face_down, stock, deals = _DEPTH, _DEPTH, 6
    else:
        face_down = max(rules.shape.pile_sizes) - 1
        stock = sum(rules.shape.deal_sizes)
        deals = len(rules.shape.deal_sizes)
    low[:_FACE_DOWN] = -1
    high[:_FACE_DOWN] = 52
    high[_FACE_DOWN:_FACE_UP] = max(face_down, 1)
    high[_FACE_UP:_UNIT] = _DEPTH
    high[_UNIT:_RUNS] = 13
    high[_RUNS:_STOCK] = 8
    high[_STOCK] = max(stock, 1)
    high[_STOCK + 1] = max(deals, 1)
    high[_UNSEEN:] = 8
    return low, high


def _unit_length(face_up: tuple[Any, ...]) -> int:
    if not face_up:
        return 0
    length = 1
    for lower, upper in zip(face_up[-2::-1], face_up[:0:-1], strict=False):
        if lower.suit is not upper.suit or lower.value != upper.value + 1:
            break
        length += 1
    return length


def _pile_cells(pile: ObservedPile) -> list[int]:
    cells = [-1] * pile.face_down_count
    cells.extend(card.index + 1 for card in pile.face_up)
    cells.extend([0] * (_DEPTH - len(cells)))
    return cells


def _cells(down: int, packed: int) -> list[int]:
    """A pile's entries up to its top: -1 for each face-down card, then the face-up ids."""
    ups = []
    while packed:
        ups.append(packed & 63)
        packed >>= 6
    cells = [-1] * down
    cells.extend(reversed(ups))
    return cells


def _encode_pile(
    vector: npt.NDArray[np.int16], number: int, old: ObservedPile | None, pile: ObservedPile
) -> None:
    """Write pile `number`'s entries, only those that differ from pile `old`'s."""
    base = number * _DEPTH
    down = pile.face_down_count
    up = pile.face_up
    if old is None or old.face_down_count != down:
        vector[base : base + _DEPTH] = _pile_cells(pile)
    else:
        before = old.face_up
        if len(up) >= len(before) and up[: len(before)] == before:  # cards put on
            start = base + down + len(before)
            vector[start : start + len(up) - len(before)] = [
                card.index + 1 for card in up[len(before) :]
            ]
        elif up == before[: len(up)]:  # cards taken off
            vector[base + down + len(up) : base + down + len(before)] = 0
        else:
            vector[base : base + _DEPTH] = _pile_cells(pile)
    vector[_FACE_DOWN + number] = down
    vector[_FACE_UP + number] = len(up)
    vector[_UNIT + number] = _unit_length(up)


class SpiderEncoder:
    """The observation vector of one game, kept up to date move by move.

    `reset` encodes a first observation; `update` the next one, re-encoding only the
    piles that changed (two for a move, ten for a deal) and the unseen counts only when
    a card was turned or dealt. Each call returns a new array, so arrays already handed
    out never change.

    Args:
        rules: the rules the game is played under.

    Examples:
        >>> from pyramid13.spider import GameState, Layout, RuleSet
        >>> rules = RuleSet.preset("pysolfc")
        >>> state = GameState.new(Layout.from_pysolfc(1), rules)
        >>> encoder = SpiderEncoder(rules)
        >>> first = encoder.reset(state.observe())
        >>> after = state.apply(state.legal_moves()[0]).observe()
        >>> bool((encoder.update(after) == encode_spider_observation(after)).all())
        True
    """

    def __init__(self, rules: RuleSet | None = None) -> None:
        self.rules = rules
        self._vector = np.zeros(SPIDER_OBSERVATION_SIZE, dtype=np.int16)
        self._piles: tuple[ObservedPile | None, ...] = (None,) * _PILES
        self._hidden = -1
        self._runs = -1
        self._state: GameState | None = None  # the last state `advance` encoded

    def reset(self, observation: Observation) -> npt.NDArray[np.int16]:
        """The observation vector of `observation`, the first of a game."""
        self._vector = np.zeros(SPIDER_OBSERVATION_SIZE, dtype=np.int16)
        self._piles = (None,) * _PILES
        self._hidden = -1
        self._runs = -1
        self._state = None
        return self.update(observation)

    def update(self, observation: Observation) -> npt.NDArray[np.int16]:
        """The observation vector of `observation`, the next position of the game."""
        if self._state is not None:  # `advance` encoded the last one: start afresh
            self._vector = np.zeros(SPIDER_OBSERVATION_SIZE, dtype=np.int16)
            self._piles = (None,) * _PILES
            self._hidden = -1
            self._runs = -1
            self._state = None
        vector = self._vector  # never handed out: changed in place
        known = self._piles
        piles = observation.piles
        hidden = observation.stock_size
        for number, pile in enumerate(piles):
            hidden += pile.face_down_count
            if pile == known[number]:
                continue
            _encode_pile(vector, number, known[number], pile)
        self._piles = piles
        runs = observation.runs_removed
        if len(runs) != self._runs:
            counts = [0, 0, 0, 0]
            for suit in runs:
                counts[_SUIT_SLOT[suit.value]] += 1
            vector[_RUNS:_STOCK] = counts
            self._runs = len(runs)
        vector[_STOCK] = observation.stock_size
        vector[_STOCK + 1] = observation.deals_left
        if hidden != self._hidden:  # a card was turned or dealt: the unseen cards changed
            vector[_UNSEEN:] = np.bincount(
                [card.index for card in observation.unseen], minlength=52
            )
            self._hidden = hidden
        self._vector = vector
        copied: npt.NDArray[np.int16] = vector.copy()
        return copied

    def advance(self, state: GameState) -> npt.NDArray[np.int16]:
        """Encode `state`'s observation from the state itself, without building it: the
        vector ``update(state.observe())`` would give (Spider's ``state.status`` and
        ``state.legal_moves()`` are the observation's too).

        It reads only what the player sees: the face-up cards, the face-down counts, the
        stock's size and the runs removed; the unseen counts go down by each card as it is
        turned or dealt face up. When `state` follows the last state encoded by one move,
        only the piles that move changed are written.

        Returns:
            The encoder's own vector, which the next call changes in place: copy it to
            keep it.
        """
        last = self._state
        game = state._game
        if last is None or state._parent is not last or last._game is not game:
            self._vector = np.zeros(SPIDER_OBSERVATION_SIZE, dtype=np.int16)
            self._encode_state(self._vector, state)
            self._state = state
            return self._vector
        vector = self._vector
        ups = state._ups
        downs = state._downs
        old_ups = last._ups
        old_downs = last._downs
        move = state._move
        kind = move.kind
        # Only the piles the move touched can have changed (a deal touches them all).
        if kind is _UNIT_MOVE:
            touched: Any = (move.source, move.target)
        elif kind is _REMOVE_MOVE:
            touched = (move.pile,)
        else:
            touched = range(_PILES)
        for number in touched:
            packed = ups[number]
            down = (downs >> (3 * number)) & 7
            old = old_ups[number]
            old_down = (old_downs >> (3 * number)) & 7
            if packed == old and down == old_down:
                continue
            base = number * _DEPTH
            count = (packed.bit_length() + 5) // 6
            old_count = (old.bit_length() + 5) // 6
            if down == old_down and count > old_count and packed >> 6 * (count - old_count) == old:
                place = base + down + count - 1  # cards put on: write them, top first
                for _ in range(count - old_count):
                    vector[place] = packed & 63
                    packed >>= 6
                    place -= 1
            elif (
                down == old_down and count < old_count and old >> 6 * (old_count - count) == packed
            ):
                vector[base + down + count : base + down + old_count] = 0  # cards taken off
            else:
                if down < old_down:  # cards turned face up: no longer unseen
                    for card in game.downs[number][down:old_down]:
                        vector[_UNSEEN + card - 1] -= 1
                cells = _cells(down, packed)
                cells.extend([0] * (old_down + old_count - len(cells)))
                vector[base : base + len(cells)] = cells
            vector[_FACE_DOWN + number] = down
            vector[_FACE_UP + number] = count
            vector[_UNIT + number] = _run_length(ups[number])
        removed = state._removed
        if len(removed) != len(last._removed):
            counts = [0, 0, 0, 0]
            for suit in removed:
                counts[_SUIT_SLOT[suit.value]] += 1
            vector[_RUNS:_STOCK] = counts
        dealt = state._dealt
        if dealt != last._dealt:
            for deal in game.deals[last._dealt : dealt]:  # dealt face up: no longer unseen
                for card in deal:
                    vector[_UNSEEN + card - 1] -= 1
            vector[_STOCK] = sum(map(len, game.deals[dealt:]))
            vector[_STOCK + 1] = len(game.deals) - dealt
        self._state = state
        return vector

    @staticmethod
    def _encode_state(vector: npt.NDArray[np.int16], state: GameState) -> None:
        """Write every entry of `state`'s observation into the zeroed `vector`."""
        game = state._game
        downs = state._downs
        unseen = [0] * 52
        for number, packed in enumerate(state._ups):
            down = (downs >> (3 * number)) & 7
            for card in game.downs[number][:down]:
                unseen[card - 1] += 1
            cells = _cells(down, packed)
            base = number * _DEPTH
            vector[base : base + len(cells)] = cells
            vector[_FACE_DOWN + number] = down
            vector[_FACE_UP + number] = (packed.bit_length() + 5) // 6
            vector[_UNIT + number] = _run_length(packed)
        counts = [0, 0, 0, 0]
        for suit in state._removed:
            counts[_SUIT_SLOT[suit.value]] += 1
        vector[_RUNS:_STOCK] = counts
        dealt = state._dealt
        for deal in game.deals[dealt:]:
            for card in deal:
                unseen[card - 1] += 1
        vector[_STOCK] = sum(map(len, game.deals[dealt:]))
        vector[_STOCK + 1] = len(game.deals) - dealt
        vector[_UNSEEN:] = unseen

    def information_state(self) -> npt.NDArray[np.int16]:
        """The information-state vector of the last observation encoded: the observation
        vector (a Spider player forgets nothing)."""
        copied: npt.NDArray[np.int16] = self._vector.copy()
        return copied


def encode_spider_observation(observation: Observation) -> npt.NDArray[np.int16]:
    """The observation vector of `observation` (see the module's description).

    Args:
        observation: what a player sees, from ``spider.GameState.observe``.
    """
    return SpiderEncoder(observation.rules).reset(observation)


def encode_spider_information_state(observation: Observation) -> npt.NDArray[np.int16]:
    """The information-state vector of `observation`: `encode_spider_observation`'s, as a
    Spider player forgets nothing (see the module's description).

    Args:
        observation: what a player sees, from ``spider.GameState.observe``.
    """
    return encode_spider_observation(observation)


def observation_bounds(rules: RuleSet) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """`spider_observation_bounds` of `rules`, under the name the environments look for in
    every game's encoding (see `Game.encoding`).

    Args:
        rules: the rules the game is played under.
    """
    return spider_observation_bounds(rules)


def observation_slices(rules: RuleSet) -> dict[str, slice]:
    """`SPIDER_OBSERVATION_SLICES` (the same under every rule set), under the name the
    environments look for in every game's encoding."""
    return dict(SPIDER_OBSERVATION_SLICES)


# The names the environments look for in every game's encoding (see `Game.encoding`).
Encoder = SpiderEncoder
encode_observation = encode_spider_observation
information_state_bounds = observation_bounds
information_state_slices = observation_slices
encode_information_state = encode_spider_information_state
