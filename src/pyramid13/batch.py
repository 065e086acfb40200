"""Batched engines: thousands of games of one rule set stepped at once on NumPy arrays.

Install the ``rl`` extra (``pip install ".[rl]"``). `for_rules` finds the game of a rule
set in the registry and returns its batched engine (Pyramid's `PyramidBatch`), which holds
`n` games in arrays and plays one action in each of them per `BatchEngine.step`, with the
masks, rewards, statuses and observation arrays of the learning environments
(`pyramid13.envs`), game by game. Any game of a batch can be taken back as a `GameState`
(`BatchEngine.state`), equal to the scalar engine's, history included.

Every game's batched engine follows one protocol, `BatchEngine`; a game names its engine in
its registry entry (`Game.batch`), so this module imports no game by name. The native
vector environment of `pyramid13.envs` (``gymnasium.make_vec``) runs on it.

Layer: generic (it reaches the games through the registry, `pyramid13._base.games`).

Examples:
    >>> import numpy as np
    >>> from pyramid13 import batch
    >>> games = batch.for_rules("microsoft", 4)
    >>> games.reset([1, 2, 3, 4])
    >>> mask = games.legal_mask()
    >>> mask.shape, bool(mask.any(axis=1).all())
    ((4, 102), True)
    >>> rewards, terminated = games.step(mask.argmax(axis=1))
    >>> rewards.dtype, terminated.tolist()
    (dtype('float64'), [False, False, False, False])
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ._base.errors import InvalidArgumentError
from ._base.games import Game, game_of, get_game, registered_games
from ._base.status import Status
from ._base.text import describe

__all__ = [
    "PLAYING",
    "STATUSES",
    "BatchEngine",
    "batch_class",
    "batched_games",
    "default_reward",
    "for_rules",
]

#: The status codes of `BatchEngine.status`: ``STATUSES[code]`` is the `Status`.
STATUSES: tuple[Status, Status, Status] = (Status.PLAYING, Status.WON, Status.LOST)
PLAYING = 0
"""The code of a game in progress, 0 (`Status.PLAYING`); 1 is won, 2 lost."""


@runtime_checkable
class BatchEngine(Protocol):
    """What every game's batched engine offers: `n` games of one rule set in arrays.

    A game's engine is a class named by its registry entry (`Game.batch`, as
    ``"module:Class"``) and built as ``Class(rules, n, *, reward=..., auto_reset=False)``:

    * ``rules``: the game's rule set; a rule set the engine cannot run raises
      `InvalidRulesError` naming the option, never plays differently;
    * ``reward``: ``"score"`` (the change of the score at each step) or ``"win"`` (+1 when
      a game is won, -1 when it is lost, else 0), as the environments' (`for_rules` turns
      None into the environments' default first, `default_reward`);
    * ``auto_reset``: False: a game that ends stays over (its mask flags only
      `pyramid13.envs.END_ACTION`, which changes nothing) until it is reset; True: it is
      dealt anew at once, from a seed drawn from a generator seeded by the last `reset`'s
      seeds, and `step` still reports the reward and the end of the game that ended.

    Actions are the game's action numbers (`Game.action_to_move`), and everything an agent
    receives (`legal_mask`, `step`'s rewards, `status`, `observe`) is that of the honest
    view, as in the environments: equal, game by game, to what `CardGameEnv` gives for
    the same deal and actions.
    """

    n: int
    """How many games the batch holds."""
    rules: Any
    """The rule set every game is played under."""

    def reset(self, seeds: Any, indices: Any = None) -> None:
        """Deal each game ``Layout.shuffled(seed)`` (the game's `Game.deal`), so a game of
        a batch and a scalar game from the same seed are the same game.

        Args:
            seeds: one int in ``0 .. 2**64 - 1`` per game reset.
            indices: the games to reset (an int array or sequence); None: all `n`.
        """
        ...  # pragma: no cover

    def reset_states(self, states: Sequence[Any], indices: Any = None) -> None:
        """Start each game from a `GameState` of the batch's rules; `state` then gives it
        back with its history, and the moves played since."""
        ...  # pragma: no cover

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """``bool[n, action_count]``: the legal actions of each game, as the environments'
        masks (a finished game flags only `END_ACTION`). A new array each call."""
        ...  # pragma: no cover

    def step(self, actions: Any) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        """Play one action in each game; ``(rewards, terminated)``, ``float64[n]`` and
        ``bool[n]``. An illegal action changes nothing and earns 0, as in the
        environments; so does `END_ACTION` in a finished game."""
        ...  # pragma: no cover

    @property
    def status(self) -> npt.NDArray[np.int8]:
        """The honest status of each game as a code of `STATUSES` (0 playing, 1 won,
        2 lost)."""
        ...  # pragma: no cover

    @property
    def score(self) -> npt.NDArray[np.int64]:
        """The score of each game."""
        ...  # pragma: no cover

    def observe(self) -> npt.NDArray[np.int16]:
        """The observation arrays, one row per game: row ``i`` equals the environments'
        array for game ``i`` (the game's `Game.encoding`). A new array each call."""
        ...  # pragma: no cover

    def state(self, index: int) -> Any:
        """Game `index` as the scalar engine's `GameState`: equal to it, with the same
        history (its start, then every move played)."""
        ...  # pragma: no cover


def default_reward(rules: Any) -> str:
    """The environments' default reward mode under `rules`: ``"score"`` where the rules
    score (``rules.scoring`` is not ``"none"``), else ``"win"``."""
    return "win" if rules.scoring.name == "none" else "score"


def batched_games() -> tuple[Game, ...]:
    """The registered games that have a batched engine (`Game.batch`)."""
    return tuple(game for game in registered_games() if game.batch is not None)


def batch_class(game: Game | str) -> type[Any]:
    """The batched engine class of `game` (a `Game` or its name), imported on first use.

    Raises:
        InvalidArgumentError: an unknown game, or one without a batched engine.
    """
    entry = game if isinstance(game, Game) else get_game(game)
    if entry.batch is None:
        raise InvalidArgumentError(f"{entry.title} has no batched engine")
    module, _, name = entry.batch.partition(":")
    engine: type[Any] = getattr(importlib.import_module(module), name)
    return engine


def for_rules(rules: Any, n: int, *, game: Game | str | None = None, **options: Any) -> Any:
    """A batched engine of `n` games under `rules`, found through the game registry.

    Args:
        rules: a rule set of any game, or a preset's name (Pyramid's, as the top-level
            names are, unless `game` says otherwise), or None for the game's default.
        n: how many games, an int >= 1.
        game: the game (a `Game` or its name) whose preset `rules` names; by default the
            game of `rules` (Pyramid for a name or None).
        **options: the engine's keyword options: ``reward`` (``"score"``, ``"win"`` or
            None for `default_reward`), ``auto_reset``.

    Returns:
        The game's engine, a `BatchEngine` (`PyramidBatch` for Pyramid) whose games are
        not dealt yet: call `BatchEngine.reset`.

    Raises:
        InvalidArgumentError: an unknown game, a game without a batched engine, a bad
            `n` or option.
        InvalidRulesError: `rules` are no rules of the game, or use an option the batched
            engine cannot run (the message names it).

    Examples:
        >>> from pyramid13 import batch
        >>> engine = batch.for_rules("classic", 8)
        >>> type(engine).__name__, engine.n, engine.reward_mode
        ('PyramidBatch', 8, 'win')
    """
    if game is not None:
        entry = game if isinstance(game, Game) else get_game(game)
    else:
        found: Game | None
        try:
            found = game_of(rules, "rules", "RuleSet")
        except InvalidArgumentError:
            found = get_game("pyramid") if rules is None or isinstance(rules, str) else None
        if found is None or not isinstance(rules, (found.rules_type, str, type(None))):
            raise InvalidArgumentError(
                f"rules must be a rule set of a game or a preset's name, not {describe(rules)}"
            )
        entry = found
    engine = batch_class(entry)
    checked = entry.as_rules(rules)
    if options.get("reward") is None:
        options["reward"] = default_reward(checked)
    return engine(checked, n, **options)
