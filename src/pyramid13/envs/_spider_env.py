"""The Spider environment: ``gymnasium.make("pyramid13/Spider-v0", preset=..., suits=...)``."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..spider import ACTION_COUNT, GameState, Layout, Move, RuleSet, action_to_move
from ._base import CardGameEnv
from ._spider_encoding import encode_spider_observation, spider_observation_bounds

__all__ = ["SpiderEnv"]


class SpiderEnv(CardGameEnv[GameState]):
    """Spider Solitaire as a Gymnasium environment.

    Actions are the 1,181 numbers of ``pyramid13.spider.action_to_move``; observations are
    the arrays of `encode_spider_observation` (face-down cards and the stock stay hidden);
    ``info["action_mask"]`` flags the legal actions. An episode ends (``terminated``) when
    the game is won or lost; registered with a limit of 2,000 steps (``truncated``), since
    an empty pile lets cards shuttle for ever.

    Args:
        preset: the rules, as a preset name or a ``spider.RuleSet``.
        suits: 1, 2 or 4 suits, with a preset name (ignored with a ``spider.RuleSet``).
        reward: ``"score"`` (default): the change of the rule set's score at each step;
            ``"win"``: +1 when the game is won, -1 when it is lost, else 0.
        render_mode: None, ``"ansi"`` (text) or ``"svg"``.

    Examples:
        >>> import gymnasium
        >>> import pyramid13.envs
        >>> env = gymnasium.make("pyramid13/Spider-v0", preset="microsoft", suits=1)
        >>> observation, info = env.reset(seed=1)
        >>> observation.shape, info["action_mask"].shape
        ((1128,), (1181,))
    """

    def __init__(
        self,
        preset: str | RuleSet = "bicycle",
        *,
        suits: int = 4,
        reward: str = "score",
        render_mode: str | None = None,
    ) -> None:
        super().__init__(reward=reward, render_mode=render_mode, action_count=ACTION_COUNT)
        self.rules = RuleSet.preset(preset, suits=suits) if isinstance(preset, str) else preset
        low, high = spider_observation_bounds()
        self.observation_space = spaces.Box(low, high, dtype=np.int16)

    def _deal(self, seed: int) -> GameState:
        return GameState.new(Layout.shuffled(seed, self.rules), self.rules)

    def _move(self, action: int) -> Move:
        return action_to_move(action)

    def _legal_actions(self, state: GameState) -> tuple[int, ...]:
        return state.legal_actions()

    def _encode(self, state: GameState) -> npt.NDArray[np.int16]:
        return encode_spider_observation(state.observe())

    def _svg(self, state: GameState) -> str:
        from ..svg import to_svg

        return to_svg(state)
