"""Checks for code built on pyramid13: `check_honest` tells whether a bot plays honestly,
`check_vector_env` whether a vector environment keeps Gymnasium's promises.

Layer: generic (it reaches each game through the registry, `pyramid13._base.games`).

A bot is honest when its choice depends only on what the player sees. `check_honest`
plays the bot and, at each position, asks two copies of it for a move: one in the real
position, one in a twin, a full `GameState` dealt so that the player sees exactly the
same (``twin.observe() == state.observe()``) but whose hidden cards (Spider's face-down
cards, Pyramid's unseen stock) lie otherwise. An honest bot makes the same choice in
both; a bot that reads a hidden card is caught at the first position where a twin's
hidden cards change its mind. A bot whose choice depends on them only now and then may
need more twins or positions to be caught.

`check_vector_env` plays the part of Gymnasium's ``check_env`` (which checks one
environment) for a vector environment, such as ``gymnasium.make_vec("pyramid13/Pyramid-v0",
num_envs=n)`` under your own wrappers. It needs the ``rl`` extra (NumPy and Gymnasium),
imported when it is called.
"""

from __future__ import annotations

import copy
import numbers
import random
from collections.abc import Collection, Iterator
from typing import Any, NoReturn

from ._base.bots import Bot, bot_view
from ._base.errors import InvalidArgumentError
from ._base.games import Game, game_of
from ._base.integers import as_int
from ._base.text import describe

__all__ = ["DEFAULT_POSITIONS", "check_honest", "check_vector_env"]

DEFAULT_POSITIONS = 200
"""How many positions `check_honest` compares by default: 200."""

#: How many samples `check_honest` draws at most for each twin it needs.
_DRAWS_PER_TWIN = 5

#: The longest game `check_honest` plays before it deals the next one.
_MAX_MOVES = 1_000

#: How many times `check_honest` asks a bot again, in a position and in its twin, before
#: it calls a difference between them a choice by hidden cards rather than chance: a bot
#: choosing at random between two moves gives the same answers every time with
#: probability 2 ** -16.
_ASKED_AGAIN = 8


def _positive_int(value: object, name: str) -> int:
    number = as_int(value)
    if number is None or number <= 0:
        raise InvalidArgumentError(f"{name} must be a positive int, not {describe(value)}")
    return number


def _twins(game: Game, observation: Any, count: int, rng: random.Random) -> Iterator[Any]:
    """Up to `count` full states whose observation is `observation` (a sample whose
    observation differs, which a game's own `determinize` never gives, is drawn again, a
    few times at most)."""
    found = 0
    for _ in range(count * _DRAWS_PER_TWIN):
        twin = game.determinize(observation, rng)
        if twin.observe() == observation:
            yield twin
            found += 1
            if found == count:
                return


def check_honest(
    bot: Bot,
    rules: Any,
    *,
    positions: int = DEFAULT_POSITIONS,
    twins: int = 2,
    seed: int = 0,
) -> int:
    """Check that `bot` never chooses by a card the player cannot see.

    The bot plays deals ``seed``, ``seed + 1``, ... (`Layout.shuffled` seeds) under
    `rules`, as a game runner plays it (``bot.choose(bot_view(bot, state))``). At each of
    the first `positions` positions, `twins` twin states are drawn with the game's
    ``determinize`` (seeded by `seed`: the check is reproducible) and a copy of the bot,
    as it stands at that point of the game, is asked for a move in the position and in
    each twin. Every twin has the same observation as the position, honest status
    included (Pyramid's engine may still declare one of them LOST from its stock order
    and not the other: `GameState.status` knows the stock; a bot that plays from
    ``state.legal_moves()`` then finds none, and is caught).

    Where a twin's answer differs, the bot is asked again, several times, in both: a bot
    whose answers differ within one position (one that draws from the global `random` or
    NumPy generator, say) is reported as nondeterministic, not as reading hidden cards.

    What it cannot see: a bot that cheats alike in a position and its twins passes, such
    as one that recognises the deal by what it sees (and rebuilds the hidden cards from
    its seed), one that tells a twin from a real game (a copy of the bot that remembers the
    deal it has been playing sees a twin's other deal), or one that reads hidden cards
    only past the positions checked.
    A bot that reads them at a share *f* of positions, where each twin changes its
    choice with probability *q*, is caught at each position with probability
    *p* = *f* (1 - (1 - *q*) ** `twins`), and within *n* positions with probability
    1 - (1 - *p*) ** *n*. For *f* = 1 %, *q* = 1/2 (a choice between two moves by a
    hidden card) and two twins, *p* = 0.75 %: 398 positions catch it 95 times in 100,
    612 positions 99 times in 100, the default 200 positions 78 times in 100
    (`benchmarks/honest_check_power.py`, 200 runs of such a bot: caught in 78.5 %, 94.0 %
    and 99.5 % of them). Since *p* is at most *f*, catching
    a 1 % peeker 95 times in 100 takes 299 positions or more (99 times, 459), however
    many twins.

    Args:
        bot: the bot to check (it is copied, never changed): anything with a
            ``choose(view)`` method that `copy.deepcopy` copies.
        rules: the rules to play (a ``RuleSet`` of either game).
        positions: how many positions to compare.
        twins: how many twins to draw at each position.
        seed: the first deal, and the seed of the twins' shuffles.

    Returns:
        The number of positions compared (`positions`).

    Raises:
        AssertionError: the bot chose otherwise in a twin, or raised in a twin where it
            did not in the position (the message gives the position code of both and
            both answers), or its answers differ in one position (it is
            nondeterministic).
        InvalidArgumentError: `bot` is no bot (it has no ``choose`` method; it is a
            number, text or a class) or cannot be copied, or it raised in a position of
            its own game (the error it raised is the cause); `rules` is no game's rule
            set, or a count is not a positive int.

    Examples:
        >>> import pyramid13 as p13
        >>> from pyramid13.testing import check_honest
        >>> rules = p13.spider.RuleSet.preset("pysolfc", suits=1)
        >>> check_honest(p13.spider.GreedyBot(), rules, positions=20)
        20
        >>> try:
        ...     check_honest(p13.SolverBot(node_limit=20_000), rules, positions=30)
        ... except AssertionError as error:
        ...     print("chose otherwise in a twin" in str(error))
        True
    """
    game = game_of(rules, "rules", "RuleSet")
    if not isinstance(rules, game.rules_type):
        raise InvalidArgumentError(
            f"rules must be the RuleSet of a game, not a {game.title} {type(rules).__name__}"
        )
    _check_bot(bot)
    positions = _positive_int(positions, "positions")
    twins = _positive_int(twins, "twins")
    checked = as_int(seed)
    if checked is None or not 0 <= checked < 1 << 64:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, not {describe(seed)}")
    seed = checked
    _copy(bot)  # refused here, before any game, when it cannot be copied
    rng = random.Random(seed)
    checked = 0
    deal = seed
    while checked < positions:
        state = game.deal(deal % (1 << 64), rules)
        deal += 1
        player = _copy(bot)  # a fresh bot for each game, as runners give one
        for _ in range(_MAX_MOVES):
            if state.is_over or checked >= positions:
                break
            observation = state.observe()
            expected = _answer(player, state)
            if isinstance(expected, _Raised):  # the bot fails in the game itself
                raise InvalidArgumentError(
                    f"bot must choose a move in every position of a game being played, but "
                    f"{bot!r} {expected} in {state.to_string()!r} (deal {deal - 1}, move "
                    f"{len(state.history) + 1})"
                ) from expected.error
            for twin in _twins(game, observation, twins, rng):
                chosen = _answer(player, twin)
                if chosen != expected:
                    where = f"(deal {deal - 1}, move {len(state.history) + 1})"
                    _judge(bot, player, state, twin, expected, chosen, where)
            checked += 1
            state = state.apply(player.choose(bot_view(player, state)))
    return checked


def _check_bot(bot: object) -> None:
    """Refuse what is no bot: a value without a ``choose`` method, or a number, text or a
    class (a NumPy number has a ``choose`` method, and a class has its instances')."""
    if isinstance(bot, type):
        raise InvalidArgumentError(
            f"bot must be a Bot, not the class {bot.__name__} (pass an instance: {bot.__name__}())"
        )
    if (
        isinstance(bot, (numbers.Number, str, bytes))
        or not isinstance(bot, Bot)
        or not callable(bot.choose)
    ):
        raise InvalidArgumentError(
            f"bot must be a Bot (an object with a choose(view) method), not {describe(bot)}"
        )


class _Raised:
    """A bot's answer that is an exception: equal to another of the same type and text."""

    __slots__ = ("error",)

    def __init__(self, error: Exception) -> None:
        self.error = error

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Raised)
            and type(other.error) is type(self.error)
            and str(other.error) == str(self.error)
        )

    def __str__(self) -> str:
        return f"raised {type(self.error).__name__}: {self.error}"


def _copy(bot: Any) -> Any:
    try:
        return copy.deepcopy(bot)
    except Exception as error:
        raise InvalidArgumentError(
            f"bot must be copyable (check_honest asks copies of it), but copy.deepcopy of "
            f"{describe(bot)} raised {type(error).__name__}: {error}"
        ) from None


def _answer(player: Any, state: Any) -> Any:
    """What a copy of `player` chooses in `state`: a move, or the exception it raised."""
    copied = _copy(player)
    try:
        return copied.choose(bot_view(copied, state))
    except Exception as error:
        return _Raised(error)


def _judge(
    bot: Any, player: Any, state: Any, twin: Any, expected: Any, chosen: Any, where: str
) -> NoReturn:
    """Raise the verdict on a bot whose answer in `twin` differs from its answer in
    `state`: nondeterministic when either position, asked again, gets another answer;
    else reading hidden cards."""
    for position, first in ((state, expected), (twin, chosen)):
        for _ in range(_ASKED_AGAIN):
            again = _answer(player, position)
            if again != first:
                raise AssertionError(
                    f"{bot!r} is nondeterministic: asked twice in the same position it "
                    f"answered {first} and {again} ({position.to_string()!r}, {where}); "
                    "check_honest can only check a bot whose choice depends on what it "
                    "is shown and on its own state (give it its own seeded generator, "
                    "random.Random(seed), rather than the global random or NumPy one)"
                )
    if isinstance(chosen, _Raised):
        why = ""
        if twin.status is not twin.observe().status:
            why = (
                f" (the twin's engine already says {twin.status.value.upper()} from its "
                "hidden cards, so its legal_moves() is empty and its status is not the "
                "player's: choose from state.observe())"
            )
        raise AssertionError(
            f"{bot!r} failed in a twin that looks the same: {expected} in "
            f"{state.to_string()!r}, {chosen} in {twin.to_string()!r} {where}{why}"
        )
    raise AssertionError(
        f"{bot!r} chose otherwise in a twin that looks the same: {expected} "
        f"in {state.to_string()!r}, {chosen} in {twin.to_string()!r} {where}"
    )


def check_vector_env(
    envs: Any,
    *,
    seed: int = 0,
    max_steps: int = 2_000,
    ignore_infos: Collection[str] = (),
) -> None:
    """Check that `envs` keeps the promises of Gymnasium's vector environments.

    Gymnasium's ``check_env`` checks a single environment; this checks a
    `gymnasium.vector.VectorEnv` with `Discrete` actions (pyramid13's or any other, wrapped or
    not), by Gymnasium's conventions (its ``VectorEnv`` and ``SyncVectorEnv``):

    * ``observation_space`` and ``action_space`` are ``batch_space`` of the single spaces
      for ``num_envs`` environments;
    * ``metadata["autoreset_mode"]`` is an ``AutoresetMode``;
    * ``reset(seed=seed)`` is deterministic (Gymnasium's ``data_equivalence``), so is a
      ``reset()`` after it, ``options={}`` changes nothing, ``seed + 1`` starts otherwise,
      and the sub-environments do not all start alike;
    * every observation lies in ``observation_space`` (with its shapes and dtypes);
      rewards are finite floats of shape ``(num_envs,)``, ``terminated`` and
      ``truncated`` bools of that shape; infos are a dict whose entries are arrays (or
      dicts of arrays) with one entry per environment, each flagged by its ``_key``
      array;
    * two runs from the same seed with the same actions (random legal ones, drawn with
      `seed`) return the same rewards and flags at every step, and the same data at the
      steps it keeps: the first 8, the step where an episode first ends and the two after;
    * no data returned by its resets, or by the steps it keeps, shares an array with
      another of these (``numpy.shares_memory``) or changes later;
    * the autoreset mode is kept: under ``NEXT_STEP``, the step after an episode ends
      gives that environment a new episode's observation, reward 0, ``terminated`` and
      ``truncated`` False, and the same data whatever its action; under ``SAME_STEP``,
      ``infos["final_obs"]`` holds the final observations, flagged where episodes ended
      (under ``DISABLED`` it stops at the first end);
    * masks, where the environment gives them (``infos["action_mask"]``, an
      ``"action_mask"`` observation entry, ``action_masks()`` on the environment or on
      ``envs.unwrapped``): the shape ``(num_envs, n)``, 0s and 1s (``action_masks()``
      bools, a new array each call), all alike, and at least one legal action in each
      row;
    * ``close()`` works, twice, and sets ``envs.unwrapped.closed``.

    What it cannot see: that observations, rewards or masks are right for the game (the
    differential tests of `pyramid13.batch` and the environments do that), anything past
    the steps it plays (up to the first end of an episode, and two more steps), or
    whether a ``NEXT_STEP`` reset deals a new game rather than some other observation. It
    takes an environment whose start depends on its seed. It leaves `envs` closed.

    Args:
        envs: the vector environment to check (Gymnasium's wrappers included).
        seed: the seed of its resets and of the random actions; ``seed + 1`` is the other.
        max_steps: the most steps it plays waiting for an episode to end (a vector
            environment made with a small ``max_episode_steps`` ends one sooner).
        ignore_infos: infos whose values may differ between two runs from the same seed,
            left out of the comparisons (such as ``"episode"``, with its wall times, from
            Gymnasium's ``RecordEpisodeStatistics``); their ``_key`` flags are compared.

    Raises:
        AssertionError: a check failed (the message names the call and what was wrong),
            or no episode ended within `max_steps` steps. An exception the environment
            raises itself passes through.
        InvalidArgumentError: `envs` is no ``VectorEnv``, its actions are not
            ``Discrete``, `seed` is not an int in ``0..2**32-2``, `max_steps` not a
            positive int, or `ignore_infos` not a collection of strings.

    Examples:
        >>> import gymnasium
        >>> import pyramid13.envs
        >>> from pyramid13.testing import check_vector_env
        >>> envs = gymnasium.make_vec(
        ...     "pyramid13/Pyramid-v0", num_envs=64, preset="classic", max_episode_steps=5)
        >>> check_vector_env(envs)
        >>> envs.closed
        True
    """
    from .envs._check import run_vector_checks

    run_vector_checks(envs, seed, max_steps, ignore_infos)
