"""The replanning Spider bot: honest, legal, repeatable, picklable."""

from __future__ import annotations

import pickle
import random

import pytest
from bot_runs import play_alongside_lookalikes, play_spider
from bot_runs import spider_game as _state

import pyramid13 as p13
from pyramid13 import spider


def _play(bot: spider.ReplanBot, state: spider.GameState, limit: int = 400) -> spider.GameState:
    return play_spider(bot, state, limit)


def test_the_bot_is_honest_and_a_bot() -> None:
    bot = spider.ReplanBot(node_limit=100)
    assert bot.honest is True
    assert isinstance(bot, p13.Bot)


@pytest.mark.no_cover  # whole games, over code the other tests trace: see tests/conftest.py
@pytest.mark.parametrize("suits", [1, 2])
def test_hidden_cards_play_no_part(suits: int) -> None:
    """Two bots of one seed, one given the real states and one given look-alikes that hide
    other cards, choose the same moves."""
    play_alongside_lookalikes(
        spider.ReplanBot(2, node_limit=1_500, seed=4),
        spider.ReplanBot(2, node_limit=1_500, seed=4),
        _state(21 + suits, suits),
        40,
        random.Random(suits),
    )


@pytest.mark.parametrize(
    ("preset", "suits"), [pytest.param("pysolfc", 1, marks=pytest.mark.no_cover), ("kpat", 2)]
)
def test_every_move_is_legal(preset: str, suits: int) -> None:
    start = _state(5, suits, preset)
    state = _play(spider.ReplanBot(1, node_limit=1_500), start, limit=60)
    assert len(state.history) > 0  # apply raised on any illegal move


@pytest.mark.no_cover  # a whole game, over code the tests above trace
def test_a_one_suit_deal_is_won() -> None:
    state = _play(spider.ReplanBot(1, node_limit=1_000), _state(3, 1), limit=2_000)
    assert state.status is p13.Status.WON


def test_the_bot_pickles() -> None:
    bot = spider.ReplanBot(2, node_limit=2_000, seed=9)
    restored = pickle.loads(pickle.dumps(bot))
    assert restored == bot
    assert hash(restored) == hash(bot)
    assert restored != spider.ReplanBot(2, node_limit=2_000, seed=8)
    assert repr(bot) == "spider.ReplanBot(samples=2, node_limit=2000, seed=9)"


@pytest.mark.no_cover  # two games, over code the tests above trace
def test_a_seed_replays_the_same_game_after_pickling() -> None:
    bot = spider.ReplanBot(2, node_limit=2_000, seed=9)
    restored = pickle.loads(pickle.dumps(bot))
    start = _state(3, 1)
    first = _play(bot, start, limit=30)
    again = _play(restored, start, limit=30)
    assert first.history == again.history


@pytest.mark.parametrize(
    ("arguments", "message"),
    [({"samples": 0}, "samples"), ({"node_limit": 0}, "node_limit"), ({"seed": 1.5}, "seed")],
)
def test_bad_arguments_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(p13.InvalidArgumentError, match=message):
        spider.ReplanBot(**arguments)  # type: ignore[arg-type]
