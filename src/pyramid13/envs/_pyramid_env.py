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
    of `encode_pyramid_observation`; ``info["action_mask"]`` flags the legal actions.
    An episode ends (``terminated``) when the game is won or lost; registered with a
    limit of 1,000 steps (``truncated``), since unlimited-pass rules let a game go round.

    Args:
        preset: the rules, as a preset name or a `RuleSet`.
        reward: ``"score"`` (default): the change of the rule set's score at each step;
            ``"win"``: +1 when the game is won, -1 when it is lost, else 0.
        render_mode: None, ``"ansi"`` (text) or ``"svg"``.

    Examples:
        >>> import gymnasium
        >>> import pyramid13.envs
        >>> env = gymnasium.make("pyramid13/Pyramid-v0", preset="microsoft")
        >>> observation, info = env.reset(seed=1)
        >>> observation.shape, info["action_mask"].sum()
        ((113,), np.int64(3))
    """

    def __init__(
        self,
        preset: Any = "classic",
        *,
        reward: str = "score",
        render_mode: str | None = None,
    ) -> None:
        super().__init__("pyramid", preset, reward=reward, render_mode=render_mode)
