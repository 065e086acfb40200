"""Vector environments whose sub-environments never share a deal.

Layer: generic. `CardGameVectorEnv` is Gymnasium's synchronous vector environment,
except that ``reset(seed=s)`` seeds sub-environment ``i`` with ``spawn_seeds(s, n)[i]`` (a
`numpy.random.SeedSequence` spawn) instead of ``s + i``, so resets with seeds 7 and 8 deal
no game twice. ``gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=n)`` (the
environments' ``vector_entry_point``, `make_vector`) builds the native `BatchVectorEnv`,
which behaves the same, for many environments where it can, and a `CardGameVectorEnv`
otherwise (or with
``vectorize="sync"``).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from .._base.integers import as_int
from ._base import spawn_seeds

__all__ = ["CardGameVectorEnv"]


class CardGameVectorEnv(gymnasium.vector.SyncVectorEnv):
    """`num_envs` copies of one environment, stepped in turn, with spawned seeds.

    Args:
        env_id: the registered environment (``"pyramid13/Pyramid-v0"``, ...).
        num_envs: how many sub-environments.
        max_episode_steps: each sub-environment's step limit (``truncated``); None for
            the registered one.
        **kwargs: the environment's keyword arguments (``preset``, ``reward``, ...).
    """

    def __init__(
        self,
        env_id: str,
        num_envs: int = 1,
        max_episode_steps: int | None = None,
        **kwargs: Any,
    ) -> None:
        def make() -> gymnasium.Env[Any, Any]:
            return gymnasium.make(env_id, max_episode_steps=max_episode_steps, **kwargs)

        super().__init__([make for _ in range(num_envs)])

    def reset(
        self,
        *,
        seed: int | list[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Reset every sub-environment; an int `seed` is spread by `spawn_seeds` (a
        list gives each sub-environment its own seed, as in Gymnasium)."""
        number = as_int(seed) if not isinstance(seed, list) else None
        if number is not None:
            seed = list(spawn_seeds(number, self.num_envs))
        return super().reset(seed=seed, options=options)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every sub-environment, ``bool[num_envs, action_count]``,
        one row each (as `BatchVectorEnv.action_masks`), under the name sb3-contrib's
        ``MaskablePPO`` calls: row ``i`` is sub-environment ``i``'s
        `CardGameEnv.action_masks`, as the last step's ``infos["action_mask"]``."""
        masks: npt.NDArray[np.bool_] = np.stack(self.call("action_masks")).astype(bool)
        return masks


def pyramid_vector(num_envs: int = 1, **kwargs: Any) -> gymnasium.vector.VectorEnv:
    """The vector entry point of ``pyramid13/Pyramid-v0`` (see `make_vector`)."""
    from ._native import make_vector

    return make_vector("pyramid13/Pyramid-v0", num_envs, **kwargs)


def spider_vector(num_envs: int = 1, **kwargs: Any) -> gymnasium.vector.VectorEnv:
    """The vector entry point of ``pyramid13/Spider-v0`` (see `make_vector`)."""
    from ._native import make_vector

    return make_vector("pyramid13/Spider-v0", num_envs, **kwargs)
