"""The native vector environment: one batched engine (`pyramid13.batch`) stepped per call.

Layer: generic. ``gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=n)`` builds a
`BatchVectorEnv` for `NATIVE_FROM` environments or more, wherever the game has a batched
engine that can play the rules and the options allow it (see `make_vector`); each step
is one call of the engine for all `n` games, with the same observations, rewards,
``terminated``, ``truncated`` and infos as `CardGameVectorEnv` (Gymnasium's synchronous
vector environment of `CardGameEnv`), deal for deal, seeded the same way.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .. import batch as batches
from .._base.errors import InvalidArgumentError
from .._base.games import Game, get_game
from .._base.integers import as_int
from .._base.text import describe
from ._base import END_ACTION, OBSERVATION_TYPES, CardGameEnv, _seed, spawn_seeds

__all__ = ["NATIVE_FROM", "BatchVectorEnv", "make_vector"]

NATIVE_FROM = 32
"""The fewest environments, 32, for which ``gymnasium.make_vec`` builds a `BatchVectorEnv`
by default: a call of the batched engine costs some NumPy calls whatever the number of
games, so below this a `CardGameVectorEnv` (a Python step per game) is as fast."""

_STATUS_TEXT = np.array([status.value for status in batches.STATUSES], dtype=object)


class BatchVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of one game and rule set, stepped in one call of its batched engine.

    It behaves as `CardGameVectorEnv` (Gymnasium's synchronous vector environment of
    `CardGameEnv`) with the same arguments: the same spawned deal seeds (`spawn_seeds`),
    observations (``"array"`` or ``"dict"``), rewards, ``terminated``, ``truncated`` (after
    ``max_episode_steps``) and infos (``action_mask``, ``score``, ``status``,
    ``illegal_action``, each with its ``_key`` flags), and Gymnasium 1.x's default
    autoreset, ``AutoresetMode.NEXT_STEP`` (``metadata["autoreset_mode"]``): the step after
    a game ends deals a new one (reward 0, not terminated) and ignores that game's action.
    Each sub-environment keeps its own random generator, seeded by `reset` as a
    `CardGameEnv` is, so later deals follow from the seeds too.

    Args:
        game: the game, by name or as its `Game` entry.
        rules: the game's rules, a preset's name or None (the game's `as_rules`).
        num_envs: how many games, an int >= 1.
        reward: as `CardGameEnv`'s (None: ``"score"`` where the rules score, else
            ``"win"``).
        observation: ``"array"`` or ``"dict"`` (``{"observation": ..., "action_mask":
            ...}``), as `CardGameEnv`'s.
        max_episode_steps: a game is cut (``truncated``) after this many steps; None
            never.
        single: makes the single environment that reads `reset`'s options and builds the
            start they ask for (by default a `CardGameEnv` of the game and rules;
            ``gymnasium.make_vec`` passes the registered environment, which knows, say,
            how Spider numbers PySolFC's deals in each suit count).

    Raises:
        InvalidArgumentError: an unknown game or option, or a game without a batched
            engine.
        InvalidRulesError: rules the batched engine cannot play (the message names the
            option); `make_vector` then builds a `CardGameVectorEnv` instead.

    Examples:
        >>> import gymnasium, numpy as np
        >>> import pyramid13.envs
        >>> envs = gymnasium.make_vec(
        ...     "pyramid13/Pyramid-v0", num_envs=4, preset="classic", vectorize="native")
        >>> type(envs).__name__, envs.metadata["autoreset_mode"].value
        ('BatchVectorEnv', 'NextStep')
        >>> observations, infos = envs.reset(seed=7)
        >>> actions = envs.action_masks().argmax(axis=1)
        >>> observations, rewards, terminated, truncated, infos = envs.step(actions)
        >>> observations.shape, infos["action_mask"].shape
        ((4, 113), (4, 102))
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        rules: Any = None,
        num_envs: int = 1,
        *,
        reward: str | None = None,
        observation: str = "array",
        max_episode_steps: int | None = None,
        single: Callable[[], CardGameEnv[Any]] | None = None,
    ) -> None:
        self.game = game if isinstance(game, Game) else get_game(game)
        if observation not in OBSERVATION_TYPES:
            raise InvalidArgumentError(
                f"observation must be 'array' or 'dict', not {describe(observation)}"
            )
        limit = None if max_episode_steps is None else as_int(max_episode_steps)
        if max_episode_steps is not None and (limit is None or limit < 1):
            raise InvalidArgumentError(
                f"max_episode_steps must be an int >= 1 or None, not {describe(max_episode_steps)}"
            )
        self.rules = self.game.as_rules(rules)
        self.batch: Any = batches.for_rules(self.rules, num_envs, game=self.game, reward=reward)
        """The batched engine (a `pyramid13.batch.BatchEngine`) playing the games."""
        self.num_envs = self.batch.n
        self.reward_mode: str = self.batch.reward_mode
        self.observation_type = observation
        self.max_episode_steps = limit
        count = self.game.action_count
        self._action_count = count
        encoding = importlib.import_module(str(self.game.encoding))
        low, high = encoding.observation_bounds(self.rules)
        array_space = gymnasium.spaces.Box(low, high, dtype=np.int16)
        if observation == "dict":
            mask_space = gymnasium.spaces.Box(0, 1, (count,), dtype=np.int8)
            each: gymnasium.spaces.Space[Any] = gymnasium.spaces.Dict(
                {"observation": array_space, "action_mask": mask_space}
            )
        else:
            each = array_space
        self.single_observation_space = each
        self.observation_space = batch_space(each, self.num_envs)
        self.single_action_space = gymnasium.spaces.Discrete(count)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self._generators: list[np.random.Generator | None] = [None] * self.num_envs
        self._deal_seeds: list[int | None] = [None] * self.num_envs
        self._steps = np.zeros(self.num_envs, dtype=np.int64)
        self._autoreset = np.zeros(self.num_envs, dtype=bool)
        self._mask: npt.NDArray[np.bool_] | None = None
        self._started = False
        self._single = single

    # -- the Gymnasium vector API ---------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | list[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Start every game: an int `seed` gives game ``i`` the seed
        ``spawn_seeds(seed, num_envs)[i]``, a list one seed per game; each seeds that
        game's generator, which draws the seeds of its later deals. `options` as
        `CardGameEnv.reset`'s, the same for every game."""
        count = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * count
        elif isinstance(seed, (list, tuple)):
            if len(seed) != count:
                raise InvalidArgumentError(f"seed must be an int, None or {count} seeds")
            seeds = [None if item is None else _seed(item, "seed") for item in seed]
        else:
            seeds = list(spawn_seeds(_seed(seed, "seed"), count))
        for index, value in enumerate(seeds):
            if value is not None:
                self._generators[index] = seeding.np_random(value)[0]
        if options:
            # One environment checks the options and builds the start, as it would.
            probe = (
                self._single() if self._single is not None else CardGameEnv(self.game, self.rules)
            )
            probe.reset(options=options)
            deal = probe.deal_seed
            if deal is not None:
                self.batch.reset([deal] * count)
            else:
                self.batch.reset_states([probe.state] * count)
            self._deal_seeds = [deal] * count
        else:
            deals = [
                value if value is not None else self._draw_seed(index)
                for index, value in enumerate(seeds)
            ]
            self.batch.reset(deals)
            self._deal_seeds = list(deals)
        self._steps[:] = 0
        self._autoreset[:] = False
        self._started = True
        mask = self._mask = self.batch.legal_mask()
        illegal = np.zeros(count, dtype=bool)
        return self._observation(mask), self._infos(mask, illegal)

    def _draw_seed(self, index: int) -> int:
        generator = self._generators[index]
        if generator is None:
            generator = self._generators[index] = seeding.np_random()[0]
        return int(generator.integers(0, 2**63 - 1))

    def step(
        self, actions: Any
    ) -> tuple[
        Any, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """Play one action in each game (a game that ended at the last step is dealt anew
        instead, its action ignored): ``(observations, rewards, terminated, truncated,
        infos)``, as `CardGameVectorEnv`'s.

        Raises:
            InvalidArgumentError: `reset` was never called, or `actions` are not
                ``num_envs`` integers.
        """
        if not self._started or self._mask is None:
            raise InvalidArgumentError("call reset() before using the environment")
        try:
            played = np.asarray(actions)
        except (TypeError, ValueError):
            played = np.zeros(0, dtype=object)
        if played.shape != (self.num_envs,) or played.dtype.kind not in "iu":
            raise InvalidArgumentError(
                f"actions must be {self.num_envs} ints, not {describe(actions)}"
            )
        played = played.astype(np.int64)
        games = self.batch
        renewed = np.flatnonzero(self._autoreset)
        if renewed.size:
            deals = [self._draw_seed(index) for index in renewed.tolist()]
            games.reset(deals, renewed)
            for index, deal in zip(renewed.tolist(), deals, strict=True):
                self._deal_seeds[index] = deal
            self._steps[renewed] = 0
            played[renewed] = -1  # no action: the game was dealt instead
        mask = self._mask
        status = games.status
        inside = (played >= 0) & (played < self._action_count)
        flagged = mask[np.arange(self.num_envs), np.where(inside, played, END_ACTION)] & inside
        over = status != batches.PLAYING
        illegal = ~(flagged & ~over) & ~(over & (played == END_ACTION))
        rewards, terminated = games.step(played)
        self._steps += 1
        truncated = np.zeros(self.num_envs, dtype=bool)
        if self.max_episode_steps is not None:
            truncated = self._steps >= self.max_episode_steps
        if renewed.size:
            self._steps[renewed] = 0
            illegal[renewed] = False
            rewards[renewed] = 0.0
            terminated[renewed] = False
            truncated[renewed] = False
        self._autoreset = terminated | truncated
        mask = self._mask = games.legal_mask()
        return self._observation(mask), rewards, terminated, truncated, self._infos(mask, illegal)

    def _observation(self, mask: npt.NDArray[np.bool_]) -> Any:
        arrays = self.batch.observe()
        if self.observation_type == "dict":
            return {"observation": arrays, "action_mask": mask.astype(np.int8)}
        return arrays

    def _infos(self, mask: npt.NDArray[np.bool_], illegal: npt.NDArray[np.bool_]) -> dict[str, Any]:
        count = self.num_envs
        flags = np.ones(count, dtype=bool)
        return {
            "action_mask": mask.astype(np.int8),
            "_action_mask": flags,
            "score": self.batch.score,
            "_score": flags.copy(),
            "status": _STATUS_TEXT[self.batch.status],
            "_status": flags.copy(),
            "illegal_action": illegal,
            "_illegal_action": flags.copy(),
        }

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game, ``bool[num_envs, action_count]``, under the
        name sb3-contrib's ``MaskablePPO`` calls (a finished game flags `END_ACTION`)."""
        if self._mask is None:
            raise InvalidArgumentError("call reset() before using the environment")
        masks: npt.NDArray[np.bool_] = self._mask.copy()
        return masks

    def get_wrapper_attr(self, name: str) -> Any:
        """The attribute `name` (this environment wraps nothing): ``"action_masks"``, ..."""
        return getattr(self, name)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Each sub-environment's `name`, as `CardGameVectorEnv.get_attr` gives it:
        ``"deal_seed"`` (the seed of each game's deal, None for a game started from
        options), or an attribute every game shares (``"rules"``, ``"reward_mode"``,
        ``"game"``)."""
        if name == "deal_seed":
            return tuple(self._deal_seeds)
        if name in ("rules", "reward_mode", "game", "observation_type"):
            return (getattr(self, name),) * self.num_envs
        raise AttributeError(f"{type(self).__name__} offers no sub-environment attribute {name!r}")

    def states(self) -> list[Any]:
        """Every game's full position as the scalar engine's `GameState` (hidden cards
        included: for code that may see them, never for an agent)."""
        return [self.batch.state(index) for index in range(self.num_envs)]


def make_vector(
    env_id: str, num_envs: int = 1, *, vectorize: str = "auto", **kwargs: Any
) -> gymnasium.vector.VectorEnv:
    """What ``gymnasium.make_vec`` builds for the environments (their
    ``vector_entry_point``): a `BatchVectorEnv` where it can serve the arguments and
    `num_envs` is at least `NATIVE_FROM`, else a `CardGameVectorEnv`; both behave the
    same, the first far faster for many environments.

    The native environment serves ``preset`` (and Spider's ``suits``), ``reward``,
    ``observation`` and ``max_episode_steps`` for a game with a batched engine that plays
    the rules; `CardGameVectorEnv` serves everything else too (``information_state``,
    ``render_mode``, ``leak_deal_seed``, your own scoring policy).

    Args:
        env_id: the registered environment.
        num_envs: how many games.
        vectorize: ``"auto"`` (the default), ``"native"`` (a `BatchVectorEnv` or an
            error) or ``"sync"`` (a `CardGameVectorEnv`).
        **kwargs: the environment's keyword arguments.

    Raises:
        InvalidArgumentError: an unknown `vectorize`, or bad arguments of the environment.
        InvalidRulesError: ``vectorize="native"`` with rules the batched engine cannot
            play.

    Examples:
        >>> import gymnasium
        >>> import pyramid13.envs
        >>> [type(gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=n)).__name__
        ...  for n in (4, 64)]
        ['CardGameVectorEnv', 'BatchVectorEnv']
    """
    from ._vector import CardGameVectorEnv

    if vectorize not in ("auto", "native", "sync"):
        raise InvalidArgumentError(
            f"vectorize must be 'auto', 'native' or 'sync', not {describe(vectorize)}"
        )
    native_keys = {"preset", "suits", "reward", "observation", "max_episode_steps"}
    plain = set(kwargs) <= native_keys | {
        "information_state",
        "render_mode",
        "leak_deal_seed",
    } and (
        not kwargs.get("information_state")
        and kwargs.get("render_mode") is None
        and not kwargs.get("leak_deal_seed")
    )
    if vectorize == "sync" or (vectorize == "auto" and (not plain or num_envs < NATIVE_FROM)):
        return CardGameVectorEnv(env_id, num_envs, **kwargs)
    spec = gymnasium.spec(env_id)
    probe = gymnasium.make(
        env_id,
        max_episode_steps=kwargs.get("max_episode_steps"),
        **{key: value for key, value in kwargs.items() if key in ("preset", "suits", "reward")},
    )
    env: Any = probe.unwrapped
    options = {key: kwargs[key] for key in ("reward", "observation") if key in kwargs}
    limit = kwargs.get("max_episode_steps", spec.max_episode_steps)

    def single() -> CardGameEnv[Any]:
        made: Any = gymnasium.make(env_id, **chosen).unwrapped
        return cast(CardGameEnv[Any], made)

    chosen = {key: value for key, value in kwargs.items() if key in ("preset", "suits")}
    try:
        return BatchVectorEnv(
            env.game, env.rules, num_envs, max_episode_steps=limit, single=single, **options
        )
    except Exception as error:
        if vectorize == "native" or not _cannot_batch(error):
            raise
    return CardGameVectorEnv(env_id, num_envs, **kwargs)


def _cannot_batch(error: Exception) -> bool:
    from .._base.errors import InvalidRulesError

    text = str(error)
    return isinstance(error, InvalidRulesError) or "no batched engine" in text
