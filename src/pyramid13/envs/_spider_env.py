"""The Spider environment: ``gymnasium.make("pyramid13/Spider-v0", preset=..., suits=...)``.

Layer: generic (Spider is found in the registry, by its name).
"""

from __future__ import annotations

from typing import Any

from .._base.games import get_game
from .._base.protocol import State
from ._base import CardGameEnv

__all__ = ["SpiderEnv"]


class SpiderEnv(CardGameEnv[State[Any]]):
    """Spider Solitaire as a Gymnasium environment.

    Actions are the 1,181 numbers of ``pyramid13.spider.action_to_move``; observations are
    the arrays of `encode_spider_observation` (face-down cards and the stock stay hidden);
    the action mask flags the legal actions. An episode ends (``terminated``) when the
    game is won or lost; ``gymnasium.make`` cuts it (``truncated``) after 2,000 steps
    (``max_episode_steps``), since an empty pile lets cards shuttle for ever.

    Args:
        preset: the rules, as a preset name or a ``spider.RuleSet``.
        suits: 1, 2 or 4 suits, with a preset name (ignored with a ``spider.RuleSet``).
        **kwargs: `CardGameEnv`'s keyword arguments: ``reward`` (None: ``"score"`` under
            rules that score, else ``"win"``), ``render_mode``, ``observation``,
            ``information_state``, ``leak_deal_seed``.

    Examples:
        >>> import gymnasium
        >>> import pyramid13.envs
        >>> env = gymnasium.make("pyramid13/Spider-v0", preset="microsoft", suits=1)
        >>> observation, info = env.reset(seed=1)
        >>> observation.shape, info["action_mask"].shape
        ((1128,), (1181,))
    """

    def __init__(self, preset: Any = "bicycle", *, suits: int = 4, **kwargs: Any) -> None:
        game = get_game("spider")
        rules_type: Any = game.rules_type
        rules = rules_type.preset(preset, suits=suits) if isinstance(preset, str) else preset
        super().__init__(game, rules, **kwargs)

    def _pysolfc_layout(self, number: object) -> Any:
        layout_type: Any = self.game.layout_type
        return layout_type.from_pysolfc(number, suits=self.rules.suits)
