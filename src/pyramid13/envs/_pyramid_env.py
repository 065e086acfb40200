"""The Pyramid environment: ``gymnasium.make("pyramid13/Pyramid-v0", preset=...)``."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..pyramid._actions import ACTION_COUNT, action_to_move
from ..pyramid._layout import Layout
from ..pyramid._moves import Move
from ..pyramid._rules import RuleSet
from ..pyramid._state import GameState
from ..svg import to_svg
from ._base import CardGameEnv
from ._pyramid_encoding import encode_pyramid_observation, pyramid_observation_bounds

__all__ = ["PyramidEnv"]


class PyramidEnv(CardGameEnv[GameState]):
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
        preset: str | RuleSet = "classic",
        *,
        reward: str = "score",
        render_mode: str | None = None,
    ) -> None:
        super().__init__(reward=reward, render_mode=render_mode, action_count=ACTION_COUNT)
        self.rules = RuleSet.preset(preset) if isinstance(preset, str) else preset
        low, high = pyramid_observation_bounds(self.rules)
        self.observation_space = spaces.Box(low, high, dtype=np.int16)

    def _deal(self, seed: int) -> GameState:
        return GameState.new(Layout.shuffled(seed), self.rules)

    def _move(self, action: int) -> Move:
        return action_to_move(action)

    def _legal_actions(self, state: GameState) -> tuple[int, ...]:
        return state.legal_actions()

    def _encode(self, state: GameState) -> npt.NDArray[np.int16]:
        return encode_pyramid_observation(state.observe())

    def _svg(self, state: GameState) -> str:
        return to_svg(state)
