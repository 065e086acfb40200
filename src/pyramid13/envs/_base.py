"""What every game's Gymnasium environment is: reset, step, masks, rewards, rendering.

Layer: generic (it reaches the game through its registry entry, `pyramid13._base.games`).
`CardGameEnv` plays any registered game: it deals with `Game.deal`, numbers moves with
`Game.action_to_move` and `Game.action_count`, encodes observations with the game's
`Game.encoding` and draws with `to_svg`.
"""

from __future__ import annotations

import importlib
import operator
from typing import Any, Generic, TypeVar, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from .._base.errors import InvalidArgumentError
from .._base.games import Game, get_game
from .._base.protocol import State
from .._base.status import Status
from .._base.text import describe
from ..svg import to_svg

__all__ = ["REWARD_MODES", "CardGameEnv"]

#: The reward modes every environment accepts.
REWARD_MODES = ("score", "win")
_MAX_SEED = 2**64 - 1

StateT = TypeVar("StateT", bound="State[Any]")


def _integer(value: object) -> int | None:
    """`value` as an int when it is an integer of Python or numpy (never a bool)."""
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, np.ndarray) and value.shape != ():
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _action(value: object) -> int:
    action = _integer(value)
    if action is None:
        raise InvalidArgumentError(f"an action must be an int, not {describe(value)}")
    return action


def _seed(value: object, name: str) -> int:
    seed = _integer(value)
    if seed is None or not 0 <= seed <= _MAX_SEED:
        raise InvalidArgumentError(f"{name} must be an int in 0..2**64-1, not {describe(value)}")
    return seed


class CardGameEnv(gym.Env[npt.NDArray[np.int16], np.int64], Generic[StateT]):
    """A Gymnasium environment over one game of a `pyramid13` game, honest by construction.

    The agent sees only the array encoding of ``state.observe()``; `state` holds the full
    position for code that is allowed to see it (a thoughtful bot, a UI). The game is
    found in the registry: its entry says how to deal, number moves and encode
    observations, so one class serves every game (`PyramidEnv` and `SpiderEnv` only read
    their games' presets).

    Args:
        game: the game, by name (``"pyramid"``, ``"spider"``) or as its `Game` entry.
        rules: the game's rules, a preset's name or None (the game's `as_rules`).
        reward: ``"score"``: the change of the rule set's score at each step; ``"win"``:
            +1 when the game is won, -1 when it is lost, else 0.
        render_mode: None, ``"ansi"`` (text) or ``"svg"``.

    Raises:
        InvalidArgumentError: an unknown game, reward or render mode, or a game without an
            encoding.

    Examples:
        >>> from pyramid13.envs import CardGameEnv
        >>> env = CardGameEnv("spider", "microsoft", reward="win")
        >>> observation, info = env.reset(seed=1)
        >>> observation.shape, env.action_space.n
        ((1128,), np.int64(1181))
    """

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        rules: Any = None,
        *,
        reward: str = "score",
        render_mode: str | None = None,
    ) -> None:
        if reward not in REWARD_MODES:
            raise InvalidArgumentError(
                f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(
                f"render_mode must be None, 'ansi' or 'svg', not {render_mode!r}"
            )
        self.game = game if isinstance(game, Game) else get_game(game)
        if self.game.encoding is None:
            raise InvalidArgumentError(f"{self.game.title} has no learning environment")
        self._encoding = importlib.import_module(self.game.encoding)
        self.rules = self.game.as_rules(rules)
        self.reward_mode = reward
        self.render_mode = render_mode
        self.action_space = gym.spaces.Discrete(self.game.action_count)
        low, high = self._encoding.observation_bounds(self.rules)
        self.observation_space = gym.spaces.Box(low, high, dtype=np.int16)
        self._action_count = self.game.action_count
        self._state: StateT | None = None
        self._deal_seed: int | None = None

    # -- what the game supplies ----------------------------------------------------------

    def _deal(self, seed: int) -> StateT:
        return cast(StateT, self.game.deal(seed, self.rules))

    def _legal_actions(self, state: StateT) -> tuple[int, ...]:
        return state.legal_actions()

    def _encode(self, state: StateT) -> npt.NDArray[np.int16]:
        vector: npt.NDArray[np.int16] = self._encoding.encode_observation(state.observe())
        return vector

    # -- the Gymnasium API ---------------------------------------------------------------

    @property
    def state(self) -> StateT:
        """The full position of the game in progress (hidden cards included)."""
        if self._state is None:
            raise InvalidArgumentError("call reset() before using the environment")
        return self._state

    def action_mask(self) -> npt.NDArray[np.int8]:
        """1 for each legal action of the current position, else 0."""
        mask = np.zeros(self._action_count, dtype=np.int8)
        mask[list(self._legal_actions(self.state))] = 1
        return mask

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        state = self.state
        return {
            "action_mask": self.action_mask(),
            "deal_seed": self._deal_seed,
            "score": state.score,
            "status": state.status.value,
            "illegal_action": illegal,
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.int16], dict[str, Any]]:
        """Deal a new game: ``Layout.shuffled(seed)`` when `seed` is given.

        Without a seed the deal seed is drawn from the environment's random generator
        (seeded by the last seed given), so a sequence of resets is reproducible too.

        Args:
            seed: the deal's seed, an int in ``0 .. 2**64 - 1``, or None.
            options: ``{"deal_seed": n}`` deals seed ``n`` (an int in ``0 .. 2**64 - 1``)
                without reseeding.

        Raises:
            InvalidArgumentError: a seed is not an int in that range, or `options` is
                not a dict.
        """
        if seed is not None:
            seed = _seed(seed, "seed")
        if options is not None and not isinstance(options, dict):
            raise InvalidArgumentError(
                f"options must be a dict or None, not {type(options).__name__}"
            )
        deal_seed = None
        if options and "deal_seed" in options:
            deal_seed = _seed(options["deal_seed"], "options['deal_seed']")
        super().reset(seed=seed)
        if deal_seed is None:
            deal_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63 - 1))
        self._deal_seed = deal_seed
        self._state = self._deal(self._deal_seed)
        return self._encode(self._state), self._info()

    def step(self, action: Any) -> tuple[npt.NDArray[np.int16], float, bool, bool, dict[str, Any]]:
        """Play `action`. An illegal action leaves the position as it was, gives reward 0
        and sets ``info["illegal_action"]``; mask with ``info["action_mask"]`` to avoid it.

        Args:
            action: an int of the action space (a numpy integer will do).

        Raises:
            InvalidArgumentError: `action` is not an integer (a float, text, None, a
                list): nothing is played.
        """
        state = self.state
        action = _action(action)
        if not 0 <= action < self._action_count or action not in self._legal_actions(state):
            return (
                self._encode(state),
                0.0,
                state.status is not Status.PLAYING,
                False,
                self._info(illegal=True),
            )
        after = cast(StateT, state.apply_unchecked(self.game.action_to_move(action)))
        self._state = after
        status = after.status
        if self.reward_mode == "score":
            reward = float(after.score - state.score)
        else:
            reward = 1.0 if status is Status.WON else -1.0 if status is Status.LOST else 0.0
        return self._encode(after), reward, status is not Status.PLAYING, False, self._info()

    def render(self) -> str | None:
        """The position as text (``"ansi"``) or as an SVG document (``"svg"``)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return str(self.state) + "\n"
        return to_svg(self.state)
