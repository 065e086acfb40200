"""One settings pattern for every bot of both games (`pyramid13._base.settings`): repr,
equality, hashing and pickling from one list, and settings fixed once built."""

from __future__ import annotations

import copy
import inspect
import pickle
from typing import Any

import pytest

import pyramid13 as p13
from pyramid13 import spider
from pyramid13._base.settings import Settings

# Every bot of both games, each with settings other than its defaults where it has any.
BOTS: list[tuple[Any, str]] = [
    (p13.RandomBot(seed=7), "RandomBot(seed=7)"),
    (p13.GreedyBot(), "GreedyBot()"),
    (p13.ReplanBot(2, node_limit=300, seed=4), "ReplanBot(samples=2, node_limit=300, seed=4)"),
    (
        p13.SolverBot(node_limit=5000, optimal=True),
        "SolverBot(node_limit=5000, time_limit=None, optimal=True)",
    ),
    (
        p13.pyramid.SolverBot(node_limit=6000),
        "SolverBot(node_limit=6000, time_limit=None, optimal=False)",
    ),
    (spider.RandomBot(3), "spider.RandomBot(seed=3)"),
    (spider.GreedyBot(), "spider.GreedyBot()"),
    (
        spider.SamplingBot(2, depth=3, seed=1),
        "spider.SamplingBot(samples=2, candidates=6, depth=3, seed=1)",
    ),
    (spider.PlannerBot(40, seed=2), "spider.PlannerBot(budget=40, seed=2)"),
    (
        spider.ReplanBot(1, node_limit=300, seed=4),
        "spider.ReplanBot(samples=1, node_limit=300, seed=4)",
    ),
    (
        spider.RolloutBot(1, candidates=2, depth=1, node_limit=200, solve_limit=0, seed=5),
        "spider.RolloutBot(samples=1, candidates=2, depth=1, node_limit=200, solve_limit=0, "
        "seed=5)",
    ),
]
IDS = [type(bot).__module__.split(".")[1] + "." + type(bot).__name__ for bot, _ in BOTS]


def pyramid_state() -> p13.GameState:
    return p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))


def spider_state() -> spider.GameState:
    rules = spider.RuleSet.preset("pysolfc", suits=1)
    return spider.GameState.new(spider.Layout.from_pysolfc(3, suits=1), rules)


def state_for(bot: Any) -> Any:
    in_spider = type(bot).__module__.startswith("pyramid13.spider")
    return spider_state() if in_spider else pyramid_state()


def test_every_bot_of_both_games_is_listed_and_uses_the_pattern() -> None:
    listed = {type(bot) for bot, _ in BOTS}
    for game in (p13.get_game("pyramid"), p13.get_game("spider")):
        for factory in game.bots.values():
            assert type(factory()) in listed
    for module in (p13, spider):
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isclass(value) and hasattr(value, "choose") and name != "Bot":
                assert value in listed, f"{module.__name__}.{name} is not checked here"
                assert issubclass(value, Settings)


@pytest.mark.parametrize(("bot", "text"), BOTS, ids=IDS)
def test_repr_lists_every_setting(bot: Any, text: str) -> None:
    assert repr(bot) == text
    assert [f"{name}=" in text for name in type(bot)._SETTINGS] == [True] * len(bot._SETTINGS)


@pytest.mark.parametrize(("bot", "text"), BOTS, ids=IDS)
def test_settings_are_fixed_once_built(bot: Any, text: str) -> None:
    for name in type(bot)._SETTINGS:
        before = getattr(bot, name)
        with pytest.raises(AttributeError, match="settings are fixed once built"):
            setattr(bot, name, "x")
        with pytest.raises(AttributeError, match="settings are fixed once built"):
            delattr(bot, name)
        assert getattr(bot, name) == before
    assert repr(bot) == text


def test_sampling_bot_samples_cannot_be_reassigned() -> None:
    # Issue 26, item 12: `bot.samples = "x"` used to be accepted and fail later in choose.
    bot = spider.SamplingBot()
    with pytest.raises(AttributeError):
        bot.samples = "x"  # type: ignore[assignment]
    assert bot.samples == 8


@pytest.mark.parametrize(("bot", "text"), BOTS, ids=IDS)
def test_equality_and_hashing_follow_the_settings(bot: Any, text: str) -> None:
    twin = pickle.loads(pickle.dumps(bot))
    assert twin == bot
    assert hash(twin) == hash(bot)
    assert twin is not bot
    assert bot != object()
    assert bot != "bot"
    others = [other for other, _ in BOTS if type(other) is not type(bot)]
    assert all(bot != other for other in others)
    if type(bot)._SETTINGS:
        default = type(bot)()
        assert (default == bot) == (repr(default) == repr(bot))


@pytest.mark.parametrize(("bot", "text"), BOTS, ids=IDS)
def test_pickles_and_copies_carry_the_settings_alone(bot: Any, text: str) -> None:
    state = state_for(bot)
    first = bot.choose(state)  # the bot now keeps memory of this game
    for twin in (pickle.loads(pickle.dumps(bot)), copy.copy(bot), copy.deepcopy(bot)):
        assert repr(twin) == text
        assert twin == bot
        assert twin.choose(state) == first
        assert type(bot)(**dict(zip(bot._SETTINGS, bot._settings(), strict=True))) == twin


def test_a_bot_pickled_by_an_older_version_still_loads() -> None:
    # Before the pattern, one-setting bots pickled their seed alone, not a tuple.
    bot = p13.RandomBot.__new__(p13.RandomBot)
    bot.__setstate__(9)
    assert bot == p13.RandomBot(seed=9)
    spider_bot = spider.RandomBot.__new__(spider.RandomBot)
    spider_bot.__setstate__(9)
    assert spider_bot == spider.RandomBot(9)


class _Tagged(p13.GreedyBot):
    """A user's bot: the library's settings, and an attribute of its own."""

    __slots__ = ("tag",)

    def __init__(self, tag: str) -> None:
        self.tag = tag


def test_a_subclass_keeps_its_own_attributes_through_a_pickle() -> None:
    bot = pickle.loads(pickle.dumps(_Tagged("mine")))
    assert bot.tag == "mine"
    bot.tag = "changed"  # not a setting: the subclass's own to change
    assert copy.deepcopy(bot).tag == "changed"
