"""Checks for code built on pyramid13: `check_honest` tells whether a bot plays honestly.

Layer: generic (it reaches each game through the registry, `pyramid13._base.games`).

A bot is honest when its choice depends only on what the player sees. `check_honest`
plays the bot and, at each position, asks two copies of it for a move: one in the real
position, one in a twin, a full `GameState` dealt so that the player sees exactly the
same (``twin.observe() == state.observe()``) but whose hidden cards (Spider's face-down
cards, Pyramid's unseen stock) lie otherwise. An honest bot makes the same choice in
both; a bot that reads a hidden card is caught at the first position where a twin's
hidden cards change its mind. A bot whose choice depends on them only now and then may
need more twins or positions to be caught.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from ._base.bots import Bot, bot_view
from ._base.errors import InvalidArgumentError
from ._base.games import Game, game_of
from ._base.integers import as_int
from ._base.text import describe

__all__ = ["DEFAULT_POSITIONS", "check_honest"]

DEFAULT_POSITIONS = 200
"""How many positions `check_honest` compares by default: 200."""

#: How many samples `check_honest` draws at most for each twin it needs.
_DRAWS_PER_TWIN = 5

#: The longest game `check_honest` plays before it deals the next one.
_MAX_MOVES = 1_000


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
    and not the other: `GameState.status` knows the stock).

    Args:
        bot: the bot to check (it is copied, never changed).
        rules: the rules to play (a ``RuleSet`` of either game).
        positions: how many positions to compare.
        twins: how many twins to draw at each position.
        seed: the first deal, and the seed of the twins' shuffles.

    Returns:
        The number of positions compared (`positions`).

    Raises:
        AssertionError: the bot chose otherwise in a twin; the message gives the position
            code of both and both choices.
        InvalidArgumentError: `rules` is no game's rule set, or a count is not a positive
            int.

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
    positions = _positive_int(positions, "positions")
    twins = _positive_int(twins, "twins")
    checked = as_int(seed)
    if checked is None or not 0 <= checked < 1 << 64:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, not {describe(seed)}")
    seed = checked
    rng = random.Random(seed)
    checked = 0
    deal = seed
    while checked < positions:
        state = game.deal(deal % (1 << 64), rules)
        deal += 1
        player = copy.deepcopy(bot)  # a fresh bot for each game, as runners give one
        for _ in range(_MAX_MOVES):
            if state.is_over or checked >= positions:
                break
            observation = state.observe()
            expected = copy.deepcopy(player).choose(bot_view(player, state))
            for twin in _twins(game, observation, twins, rng):
                copied = copy.deepcopy(player)
                chosen = copied.choose(bot_view(copied, twin))
                if chosen != expected:
                    raise AssertionError(
                        f"{bot!r} chose otherwise in a twin that looks the same: {expected} "
                        f"in {state.to_string()!r}, {chosen} in {twin.to_string()!r} "
                        f"(deal {deal - 1}, move {len(state.history) + 1})"
                    )
            checked += 1
            state = state.apply(player.choose(bot_view(player, state)))
    return checked
