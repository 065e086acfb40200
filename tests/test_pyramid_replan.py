"""Pyramid's `ReplanBot` and `honest_hint`: honest, legal, repeatable, picklable, and
stronger than the greedy bot it falls back on."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import pyramid, spider
from pyramid13.testing import check_honest

MICROSOFT = p13.RuleSet.preset("microsoft")


def small() -> p13.ReplanBot:
    return p13.ReplanBot(2, node_limit=300, seed=3)


def deal(seed: int, rules: p13.RuleSet = MICROSOFT) -> p13.GameState:
    return p13.GameState.new(p13.Layout.shuffled(seed), rules)


def play(bot: p13.ReplanBot, state: p13.GameState, limit: int = 2_000) -> p13.GameState:
    for _ in range(limit):
        if state.is_over:
            break
        move = bot.choose(state.observe())
        assert move in state.legal_moves()
        state = state.apply(move)
    return state


def choice_point(seed: int) -> p13.GameState:
    """The first position of deal `seed` (played greedily) where the bot must search: more
    than one legal move, none a King, some stock cards unseen."""
    state = deal(seed)
    greedy = p13.GreedyBot()
    while not state.is_over:
        legal = state.legal_moves()
        kings = [move for move in legal if len(move.cards) == 1]
        if len(legal) > 1 and not kings and state.observe().unseen:
            return state
        state = state.apply(greedy.choose(state))
    pytest.skip(f"deal {seed} has no choice to make")


def test_the_bot_is_an_honest_bot_of_both_namespaces_and_the_registry() -> None:
    bot = p13.ReplanBot()
    assert bot.honest is True
    assert isinstance(bot, p13.Bot)
    assert p13.ReplanBot is pyramid.ReplanBot
    assert p13.honest_hint is pyramid.honest_hint
    assert p13.get_game("pyramid").bots["replan"] is p13.ReplanBot
    assert repr(bot) == "ReplanBot(samples=3, node_limit=2000, seed=0)"


@pytest.mark.parametrize("preset", ["microsoft", "classic", "cardems", "pysolfc"])
def test_check_honest_finds_nothing(preset: str) -> None:
    assert check_honest(small(), p13.RuleSet.preset(preset), positions=25, twins=2) == 25


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_twins_that_differ_only_in_the_unseen_stock_get_the_same_choice(seed: int) -> None:
    state = choice_point(seed)
    view = state.observe()
    twins = [pyramid.determinize(view, random.Random(number)) for number in range(4)]
    assert any(twin.stock != state.stock for twin in twins)
    move = p13.ReplanBot(seed=5).choose(state)
    assert move in state.legal_moves()
    for twin in twins:
        assert twin.observe() == view
        assert p13.ReplanBot(seed=5).choose(twin) == move  # a GameState: its view is read
        assert p13.honest_hint(twin.observe()) == p13.honest_hint(view)


def test_the_same_seed_makes_the_same_choices() -> None:
    state = choice_point(4)
    assert p13.ReplanBot(seed=2).choose(state) == p13.ReplanBot(seed=2).choose(state)
    start = deal(6)
    assert play(p13.ReplanBot(seed=2), start).history == play(p13.ReplanBot(seed=2), start).history


def test_a_pickled_bot_replays_the_same_game() -> None:
    bot = small()
    start = deal(3)
    first = play(bot, start, limit=25)
    restored = pickle.loads(pickle.dumps(bot))
    assert restored == bot
    assert hash(restored) == hash(bot)
    assert restored != p13.ReplanBot(2, node_limit=300, seed=4)
    assert play(restored, start, limit=25).history == first.history


def test_a_new_game_starts_afresh() -> None:
    """A bot that played a game chooses in another as a fresh bot does."""
    bot = small()
    play(bot, deal(2), limit=40)
    other = choice_point(7)
    assert bot.choose(other) == small().choose(other)


@settings(max_examples=10)
@given(
    seed=st.integers(0, 2**32),
    preset=st.sampled_from(["microsoft", "classic", "cardgames", "three-stacks", "king-tut"]),
)
def test_a_game_played_by_the_bot_ends(seed: int, preset: str) -> None:
    end = play(small(), deal(seed, p13.RuleSet.preset(preset)))
    assert end.is_over


@pytest.mark.no_cover  # two bots over 30 deals, over code the tests above trace
def test_it_wins_more_deals_than_the_greedy_bot() -> None:
    """Sampling the stock and solving is what the bot adds to greedy play: it must pay."""
    deals = range(30)
    replan = p13.win_rate(MICROSOFT, deals, small(), workers=1)
    greedy = p13.win_rate(MICROSOFT, deals, p13.GreedyBot(), workers=1)
    assert replan.wins > greedy.wins


def test_once_the_stock_is_known_it_plays_a_win_where_there_is_one() -> None:
    """From the second pass on nothing is hidden: the bot solves the one position."""
    for seed in range(6):
        state = deal(seed)
        while state.pass_number == 1 and not state.is_over:
            state = state.apply(p13.GreedyBot().choose(state))
        if state.is_over:
            continue
        assert not state.observe().unseen
        winnable = p13.solve(state).winnable
        assert (play(p13.ReplanBot(), state).status is p13.Status.WON) is winnable


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"samples": 0}, "samples must be an int >= 1, not 0"),
        ({"samples": True}, "samples must be an int >= 1, not True"),
        ({"samples": 2.0}, "samples must be an int >= 1"),
        ({"node_limit": 0}, r"node_limit must be an int in 1\.\.2\*\*63-1, not 0"),
        ({"node_limit": False}, r"node_limit must be an int in 1\.\."),
        ({"node_limit": "100"}, r"node_limit must be an int in 1\.\."),
        ({"seed": 1.5}, "seed must be an int"),
        ({"seed": True}, "seed must be an int"),
    ],
)
def test_bad_settings_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(p13.InvalidArgumentError, match=message):
        p13.ReplanBot(**arguments)  # type: ignore[arg-type]


def test_numpy_integers_are_settings() -> None:
    np = pytest.importorskip("numpy")
    bot = p13.ReplanBot(np.int64(2), node_limit=np.int32(300), seed=np.uint64(3))
    assert bot == small()
    assert type(bot.samples) is int


def test_what_is_not_a_pyramid_view_is_refused_and_a_game_over_too() -> None:
    spider_rules = spider.RuleSet.preset("pysolfc", suits=1)
    spider_view = spider.GameState.new(spider.Layout.from_pysolfc(1, suits=1), spider_rules)
    with pytest.raises(p13.InvalidArgumentError, match="not a Spider Observation"):
        p13.ReplanBot().choose(spider_view.observe())  # type: ignore[arg-type]
    for value in (deal(1), spider_view.observe(), None, "KC"):
        with pytest.raises(p13.InvalidArgumentError, match="must be a Pyramid Observation"):
            p13.honest_hint(value)  # type: ignore[arg-type]
    over = play(small(), deal(0, p13.RuleSet.preset("classic")))
    assert over.is_over
    assert p13.honest_hint(over.observe()) is None
    with pytest.raises(p13.GameOverError, match="the game is over"):
        p13.ReplanBot().choose(over.observe())


def test_the_hint_is_a_fresh_bots_choice() -> None:
    state = choice_point(1)
    view = state.observe()
    assert p13.honest_hint(view) == p13.ReplanBot().choose(view)
    assert p13.honest_hint(view) in state.legal_moves()


def test_both_games_offer_the_same_honest_players_and_hint() -> None:
    for name in ("RandomBot", "GreedyBot", "ReplanBot", "honest_hint", "Observation"):
        assert name in pyramid.__all__
        assert name in spider.__all__
    assert "ReplanBot" in p13.__all__
    assert "honest_hint" in p13.__all__
    assert getattr(spider.ReplanBot, "honest", False) is p13.ReplanBot.honest is True
