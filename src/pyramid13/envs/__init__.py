"""Gymnasium environments for both games (the ``rl`` extra).

Install it with ``pip install ".[rl]"`` in a checkout of the repository (``pip install
"pyramid13[rl]"`` once pyramid13 is published on PyPI). Importing this module registers:

* ``pyramid13/Pyramid-v0`` — keyword arguments ``preset`` (a preset name or `RuleSet`),
  ``reward`` and ``render_mode``; see `PyramidEnv`;
* ``pyramid13/Spider-v0`` — keyword arguments ``preset`` (a preset name or
  ``spider.RuleSet``), ``suits``, ``reward`` and ``render_mode``; see `SpiderEnv`.

Both are honest: the agent sees only the array encoding of ``state.observe()``. Each
``reset(seed=n)`` deals ``Layout.shuffled(n)``; ``info["action_mask"]`` (``numpy.int8``)
flags the legal actions, ready for ``env.action_space.sample(mask=...)``.

Layer: generic. One class, `CardGameEnv`, plays every game of the registry; each game's
observation encoding lives in its package (`Game.encoding`) and is loaded on first use.

Examples:
    >>> import gymnasium
    >>> import pyramid13.envs
    >>> env = gymnasium.make("pyramid13/Pyramid-v0", preset="classic", reward="win")
    >>> observation, info = env.reset(seed=7)
    >>> int(info["action_mask"].sum()) >= 1
    True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import gymnasium

from .._base.games import get_game
from ._base import REWARD_MODES, CardGameEnv
from ._pyramid_env import PyramidEnv
from ._spider_env import SpiderEnv

if TYPE_CHECKING:  # each game's encoding lives in its package, found through the registry
    from ..pyramid._encoding import (
        encode_pyramid_observation,
        pyramid_observation_bounds,
        pyramid_observation_size,
    )
    from ..spider._encoding import (
        SPIDER_OBSERVATION_SIZE,
        encode_spider_observation,
        spider_observation_bounds,
    )

__all__ = [
    "REWARD_MODES",
    "SPIDER_OBSERVATION_SIZE",
    "CardGameEnv",
    "PyramidEnv",
    "SpiderEnv",
    "encode_pyramid_observation",
    "encode_spider_observation",
    "pyramid_observation_bounds",
    "pyramid_observation_size",
    "spider_observation_bounds",
]

# The names of each game's encoding (`Game.encoding`) offered here, loaded on first use.
_ENCODINGS: dict[str, str] = {
    "encode_pyramid_observation": "pyramid",
    "pyramid_observation_bounds": "pyramid",
    "pyramid_observation_size": "pyramid",
    "SPIDER_OBSERVATION_SIZE": "spider",
    "encode_spider_observation": "spider",
    "spider_observation_bounds": "spider",
}


def __getattr__(name: str) -> Any:
    game = _ENCODINGS.get(name)
    if game is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    encoding = get_game(game).encoding
    assert encoding is not None
    value = getattr(importlib.import_module(encoding), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if "pyramid13/Pyramid-v0" not in gymnasium.registry:
    gymnasium.register(
        id="pyramid13/Pyramid-v0",
        entry_point="pyramid13.envs._pyramid_env:PyramidEnv",
        max_episode_steps=1_000,
    )
if "pyramid13/Spider-v0" not in gymnasium.registry:
    gymnasium.register(
        id="pyramid13/Spider-v0",
        entry_point="pyramid13.envs._spider_env:SpiderEnv",
        max_episode_steps=2_000,
    )
