"""The Pyramid environment: ``gymnasium.make("pyramid13/Pyramid-v0", preset=...)``.

Layer: generic (Pyramid is found in the registry, by its name).
"""

from __future__ import annotations

from typing import Any

from .._base.protocol import State
from ._base import CardGameEnv

__all__ = ["PyramidEnv"]


class PyramidEnv(CardGameEnv[State[Any]]):
    """Pyramid Solitaire as a Gymnasium environment.

    Actions are the 102 numbers of `pyramid13.action_to_move`; observations are the arrays
    of `encode_pyramid_observation` (or `encode_pyramid_information_state`); the action
    mask flags the legal actions. An episode ends (``terminated``) when the observation's
    status is won or lost; ``gymnasium.make`` cuts it (``truncated``) after 1,000 steps
    (``max_episode_steps``), since unlimited-pass rules let a game go round.

    Args:
        preset: the rules, as a preset name or a `RuleSet`.
        **kwargs: `CardGameEnv`'s keyword arguments: ``reward`` (None: ``"score"`` under
            rules that score, else ``"win"``), ``render_mode``, ``observation``,
            ``information_state``, ``leak_deal_seed``.

    Examples:
        >>> import gymnasium
        >>> import pyramid13.envs
        >>> env = gymnasium.make("pyramid13/Pyramid-v0", preset="microsoft")
        >>> observation, info = env.reset(seed=1)
        >>> observation.shape, info["action_mask"].sum(), env.unwrapped.reward_mode
        ((113,), np.int64(3), 'score')
    """

    def __init__(self, preset: Any = "classic", **kwargs: Any) -> None:
        super().__init__("pyramid", preset, **kwargs)
