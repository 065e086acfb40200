"""Gymnasium environments for both games (the ``rl`` extra).

Install it with ``pip install ".[rl]"`` in a checkout of the repository (``pip install
"pyramid13[rl]"`` once pyramid13 is published on PyPI). Importing this module registers:

* ``pyramid13/Pyramid-v0`` — keyword arguments ``preset`` (a preset name or `RuleSet`)
  and those of `CardGameEnv`; see `PyramidEnv`;
* ``pyramid13/Spider-v0`` — keyword arguments ``preset`` (a preset name or
  ``spider.RuleSet``), ``suits`` and those of `CardGameEnv`; see `SpiderEnv`.

Both are honest: everything the agent receives (array, mask, reward, ``terminated``,
info, render) is made from ``state.observe()``, and no info holds the deal's seed. Each
``reset(seed=n)`` deals ``Layout.shuffled(n)``; ``reset(options=...)`` starts from a
state, a layout or a PySolFC number. ``info["action_mask"]`` (``numpy.int8``, also
`CardGameEnv.action_mask`, and `CardGameEnv.action_masks` for sb3-contrib) flags the
legal actions, ready for ``env.action_space.sample(mask=...)``. ``gymnasium.make_vec``
gives a `BatchVectorEnv` (for `NATIVE_FROM` environments or more), which steps every game
in one call of the game's batched engine (`pyramid13.batch`), or a `CardGameVectorEnv`
(Gymnasium's synchronous vector environment) for fewer and for the options only that one
serves (see `make_vector`); both draw their deals from spawned seeds (`spawn_seeds`), so
no two sub-environments share a deal.

Layer: generic. One class, `CardGameEnv`, plays every game of the registry; each game's
observation encoding lives in its package (`Game.encoding`) and is loaded on first use.

Examples:
    >>> import gymnasium
    >>> import pyramid13.envs
    >>> env = gymnasium.make("pyramid13/Pyramid-v0", preset="classic")
    >>> observation, info = env.reset(seed=7)
    >>> int(info["action_mask"].sum()) >= 1, env.unwrapped.reward_mode
    (True, 'win')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import gymnasium

from .._base.games import get_game
from ._base import (
    END_ACTION,
    OBSERVATION_TYPES,
    RESET_OPTIONS,
    REWARD_MODES,
    CardGameEnv,
    spawn_seeds,
)
from ._native import NATIVE_FROM, BatchVectorEnv, make_vector
from ._pyramid_env import PyramidEnv
from ._spider_env import SpiderEnv
from ._vector import CardGameVectorEnv

if TYPE_CHECKING:  # each game's encoding lives in its package, found through the registry
    from ..pyramid._encoding import (
        PASS_CAP,
        PyramidEncoder,
        encode_pyramid_information_state,
        encode_pyramid_observation,
        pyramid_information_state_bounds,
        pyramid_information_state_size,
        pyramid_information_state_slices,
        pyramid_observation_bounds,
        pyramid_observation_size,
        pyramid_observation_slices,
    )
    from ..spider._encoding import (
        SPIDER_OBSERVATION_SIZE,
        SPIDER_OBSERVATION_SLICES,
        SpiderEncoder,
        encode_spider_information_state,
        encode_spider_observation,
        spider_observation_bounds,
    )

__all__ = [
    "END_ACTION",
    "NATIVE_FROM",
    "OBSERVATION_TYPES",
    "PASS_CAP",
    "RESET_OPTIONS",
    "REWARD_MODES",
    "SPIDER_OBSERVATION_SIZE",
    "SPIDER_OBSERVATION_SLICES",
    "BatchVectorEnv",
    "CardGameEnv",
    "CardGameVectorEnv",
    "PyramidEncoder",
    "PyramidEnv",
    "SpiderEncoder",
    "SpiderEnv",
    "encode_pyramid_information_state",
    "encode_pyramid_observation",
    "encode_spider_information_state",
    "encode_spider_observation",
    "make_vector",
    "pyramid_information_state_bounds",
    "pyramid_information_state_size",
    "pyramid_information_state_slices",
    "pyramid_observation_bounds",
    "pyramid_observation_size",
    "pyramid_observation_slices",
    "spawn_seeds",
    "spider_observation_bounds",
]

# The names of each game's encoding (`Game.encoding`) offered here, loaded on first use.
_ENCODINGS: dict[str, str] = {
    "PASS_CAP": "pyramid",
    "PyramidEncoder": "pyramid",
    "encode_pyramid_information_state": "pyramid",
    "encode_pyramid_observation": "pyramid",
    "pyramid_information_state_bounds": "pyramid",
    "pyramid_information_state_size": "pyramid",
    "pyramid_information_state_slices": "pyramid",
    "pyramid_observation_bounds": "pyramid",
    "pyramid_observation_size": "pyramid",
    "pyramid_observation_slices": "pyramid",
    "SPIDER_OBSERVATION_SIZE": "spider",
    "SPIDER_OBSERVATION_SLICES": "spider",
    "SpiderEncoder": "spider",
    "encode_spider_information_state": "spider",
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
        vector_entry_point="pyramid13.envs._vector:pyramid_vector",
        # The environment checks its own calls (a step or render before reset raises
        # InvalidArgumentError) and passes Gymnasium's `check_env` in the tests, so
        # `make` adds neither wrapper, each an extra call on every step.
        order_enforce=False,
        disable_env_checker=True,
        max_episode_steps=1_000,
    )
if "pyramid13/Spider-v0" not in gymnasium.registry:
    gymnasium.register(
        id="pyramid13/Spider-v0",
        entry_point="pyramid13.envs._spider_env:SpiderEnv",
        vector_entry_point="pyramid13.envs._vector:spider_vector",
        # The environment checks its own calls (a step or render before reset raises
        # InvalidArgumentError) and passes Gymnasium's `check_env` in the tests, so
        # `make` adds neither wrapper, each an extra call on every step.
        order_enforce=False,
        disable_env_checker=True,
        max_episode_steps=2_000,
    )
