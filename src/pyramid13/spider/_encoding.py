"""Spider observations as fixed-shape integer arrays, built from the honest observation.

The vector (``numpy.int16``, length `SPIDER_OBSERVATION_SIZE` = 1,128) has seven parts:

* ``[0:1040]`` — the ten piles, 104 places each (pile ``p`` at ``p*104``), bottom to top:
  -1 for a face-down card, ``Card.index + 1`` (1..52) for a face-up card, 0 past the top;
* ``[1040:1050]`` — face-down cards per pile;
* ``[1050:1060]`` — face-up cards per pile;
* ``[1060:1070]`` — per pile, the length of the longest unit on top (the cards that can
  move together: one suit, descending by one), 0 for an empty pile;
* ``[1070:1074]`` — runs removed, by suit (clubs, diamonds, hearts, spades);
* ``[1074:1076]`` — cards in the stock, and deals left;
* ``[1076:1128]`` — per card (by `Card.index`), how many of its copies are unseen
  (face down or in the stock): 0..8.

Only what a player sees goes in: face-down cards and the stock are counts, never cards.

Layer: the Spider game (`pyramid13.spider`). The learning environments load this module
when they start (`Game.encoding` names it), and only they do, as it needs NumPy (the
``rl`` extra); ``pyramid13.envs`` offers its names too.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ._observation import Observation

__all__ = [
    "SPIDER_OBSERVATION_SIZE",
    "encode_observation",
    "encode_spider_observation",
    "observation_bounds",
    "spider_observation_bounds",
]

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

_SUIT_SLOT = {"C": 0, "D": 1, "H": 2, "S": 3}


def spider_observation_bounds() -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """The lowest and highest value of each entry, for a ``gymnasium.spaces.Box``."""
    low = np.zeros(SPIDER_OBSERVATION_SIZE, dtype=np.int16)
    high = np.zeros(SPIDER_OBSERVATION_SIZE, dtype=np.int16)
    low[:_FACE_DOWN] = -1
    high[:_FACE_DOWN] = 52
    high[_FACE_DOWN:_FACE_UP] = _DEPTH
    high[_FACE_UP:_UNIT] = _DEPTH
    high[_UNIT:_RUNS] = 13
    high[_RUNS:_STOCK] = 8
    high[_STOCK] = _DEPTH
    high[_STOCK + 1] = 6
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


def encode_spider_observation(observation: Observation) -> npt.NDArray[np.int16]:
    """The observation vector of `observation` (see the module's description).

    Args:
        observation: what a player sees, from ``spider.GameState.observe``.
    """
    vector = np.zeros(SPIDER_OBSERVATION_SIZE, dtype=np.int16)
    for number, pile in enumerate(observation.piles):
        base = number * _DEPTH
        down = pile.face_down_count
        vector[base : base + down] = -1
        for offset, card in enumerate(pile.face_up, base + down):
            vector[offset] = card.index + 1
        vector[_FACE_DOWN + number] = down
        vector[_FACE_UP + number] = len(pile.face_up)
        vector[_UNIT + number] = _unit_length(pile.face_up)
    for suit in observation.runs_removed:
        vector[_RUNS + _SUIT_SLOT[suit.value]] += 1
    vector[_STOCK] = observation.stock_size
    vector[_STOCK + 1] = observation.deals_left
    for card in observation.unseen:
        vector[_UNSEEN + card.index] += 1
    return vector


def observation_bounds(rules: object) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """`spider_observation_bounds`, under the name the environments look for in every
    game's encoding (see `Game.encoding`); the bounds are the same under every rule set.

    Args:
        rules: the rules the game is played under (they change nothing).
    """
    return spider_observation_bounds()


encode_observation = encode_spider_observation
