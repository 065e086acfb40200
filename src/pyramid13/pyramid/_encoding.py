"""Pyramid observations as fixed-shape integer arrays, built from the honest observation.

The vector (``numpy.int16``) has five parts; `pyramid_observation_size` gives its length
for a rule set (only the waste pile count changes it):

* ``[0:52]`` — one entry per card, by `Card.index` (clubs, diamonds, hearts, spades, each
  Ace to King), saying where the card is: 0 removed, 1 in the pyramid and covered,
  2 in the pyramid and available, 3 an exposed talon card (a waste pile's top, or the
  stock's top where the rules let it play), 4 in a waste pile below its top,
  5 unseen (in the face-down stock);
* ``[52:80]`` — the 28 pyramid slots row-major from the apex: ``Card.index + 1`` of the
  card still there, 0 once removed;
* ``[80:108]`` — the 28 slots again: 1 where the card is available, else 0;
* ``[108:108 + w]`` — for each of the ``w`` waste piles, ``Card.index + 1`` of its top
  card, 0 when empty;
* the last 4 entries — cards in the stock, cards in all waste piles, the pass number, and
  passes left after this one (-1 when unlimited).

Only what a player sees goes in: the stock order stays hidden.

Layer: the Pyramid game (`pyramid13.pyramid`); it needs NumPy (the ``rl`` extra) and is
imported only by the learning environments, through the game's registry entry
(`Game.encoding`). Its public names are also ``pyramid13.envs``'s.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ._geometry import COVERED_BY, SLOTS
from ._observation import Observation
from ._rules import RuleSet

__all__ = [
    "encode_observation",
    "encode_pyramid_observation",
    "observation_bounds",
    "pyramid_observation_bounds",
    "pyramid_observation_size",
]

REMOVED, COVERED, AVAILABLE, EXPOSED_TALON, WASTE_BELOW, UNSEEN = range(6)
_CARDS = 52
_GLOBALS = 4


def pyramid_observation_size(rules: RuleSet) -> int:
    """The length of the observation vector under `rules`.

    Args:
        rules: the rules the game is played under.
    """
    return _CARDS + 2 * SLOTS + rules.waste_piles + _GLOBALS


def pyramid_observation_bounds(rules: RuleSet) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """The lowest and highest value of each entry, for a ``gymnasium.spaces.Box``.

    Args:
        rules: the rules the game is played under.
    """
    size = pyramid_observation_size(rules)
    low = np.zeros(size, dtype=np.int16)
    high = np.zeros(size, dtype=np.int16)
    high[:_CARDS] = UNSEEN
    high[_CARDS : _CARDS + SLOTS] = _CARDS
    high[_CARDS + SLOTS : _CARDS + 2 * SLOTS] = 1
    waste_end = _CARDS + 2 * SLOTS + rules.waste_piles
    high[_CARDS + 2 * SLOTS : waste_end] = _CARDS
    high[waste_end : waste_end + 2] = 24  # stock and waste hold at most the 24 talon cards
    high[waste_end + 2] = np.iinfo(np.int16).max  # pass number
    high[waste_end + 3] = np.iinfo(np.int16).max  # passes left
    low[waste_end + 3] = -1
    return low, high


def encode_pyramid_observation(observation: Observation) -> npt.NDArray[np.int16]:
    """The observation vector of `observation` (see the module's description).

    Args:
        observation: what a player sees, from `GameState.observe`.
    """
    rules = observation.rules
    vector = np.zeros(pyramid_observation_size(rules), dtype=np.int16)
    vector[:_CARDS] = REMOVED
    remaining = 0
    for slot, card in enumerate(observation.pyramid):
        if card is not None:
            remaining |= 1 << slot
    for slot, card in enumerate(observation.pyramid):
        if card is None:
            continue
        available = not COVERED_BY[slot] & remaining
        vector[card.index] = AVAILABLE if available else COVERED
        vector[_CARDS + slot] = card.index + 1
        vector[_CARDS + SLOTS + slot] = int(available)
    base = _CARDS + 2 * SLOTS
    waste_cards = 0
    for number, pile in enumerate(observation.waste_piles):
        waste_cards += len(pile)
        for card in pile[:-1]:
            vector[card.index] = WASTE_BELOW
        if pile:
            vector[pile[-1].index] = EXPOSED_TALON
            vector[base + number] = pile[-1].index + 1
    for card in observation.unseen:
        vector[card.index] = UNSEEN
    if observation.stock_top is not None:
        vector[observation.stock_top.index] = EXPOSED_TALON
    base += rules.waste_piles
    vector[base] = observation.stock_size
    vector[base + 1] = waste_cards
    vector[base + 2] = min(observation.pass_number, np.iinfo(np.int16).max)
    passes = rules.passes
    vector[base + 3] = -1 if passes is None else min(passes - observation.pass_number, 32767)
    return vector


# The names the environments look for in every game's encoding (see `Game.encoding`).
observation_bounds = pyramid_observation_bounds
encode_observation = encode_pyramid_observation
