"""Bots: legal moves in every variant, determinism, pickling, and the solver bot's wins."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyramid13 as p13

BOTS: list[p13.Bot] = [p13.RandomBot(), p13.RandomBot(seed=5), p13.GreedyBot()]


def play(bot: p13.Bot, state: p13.GameState, limit: int = 2_000) -> p13.GameState:
    for _ in range(limit):
        if state.is_over:
            break
        move = bot.choose(state)
        assert move in state.legal_moves()
        state = state.apply(move)
    return state


@pytest.mark.parametrize("preset", p13.RuleSet.preset_names())
@pytest.mark.parametrize("bot", BOTS, ids=repr)
def test_bots_play_legal_moves_to_the_end(bot: p13.Bot, preset: str) -> None:
    for deal in range(3):
        end = play(bot, p13.GameState.new(p13.Layout.shuffled(deal), p13.RuleSet.preset(preset)))
        assert end.is_over


def test_the_solver_bot_wins_every_winnable_deal_it_is_given() -> None:
    rules = p13.RuleSet.preset("microsoft")
    bot = p13.SolverBot()
    for deal in range(8):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        winnable = p13.solve(state).winnable
        assert (play(bot, state).status is p13.Status.WON) is winnable


def test_the_solver_bot_recovers_when_shown_another_position() -> None:
    rules = p13.RuleSet.preset("microsoft")
    bot = p13.SolverBot()
    state = p13.GameState.new(p13.Layout.shuffled(2), rules)
    bot.choose(state)
    other = p13.GameState.new(p13.Layout.shuffled(5), rules)
    assert play(bot, other).status is p13.Status.WON
    assert play(bot, state).status is p13.Status.WON


def test_the_solver_bot_falls_back_to_greedy_play_on_lost_deals() -> None:
    rules = p13.RuleSet.preset("classic")
    state = p13.GameState.new(p13.Layout.shuffled(0), rules)
    assert p13.solve(state).winnable is False
    bot = p13.SolverBot(node_limit=1_000)
    greedy = p13.GreedyBot()
    while not state.is_over:
        move = bot.choose(state)
        assert move == greedy.choose(state)
        state = state.apply(move)


@given(seed=st.integers(0, 2**32), deal=st.integers(0, 2**32), walk=st.integers(0, 100))
def test_the_random_bot_depends_only_on_its_seed_and_the_position(
    seed: int, deal: int, walk: int
) -> None:
    state = p13.GameState.new(p13.Layout.shuffled(deal), p13.RuleSet.preset("cardems"))
    rng = random.Random(walk)
    for _ in range(walk):
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_moves()))
    if state.is_over:
        return
    first = p13.RandomBot(seed)
    assert first.choose(state) == p13.RandomBot(seed).choose(state) == first.choose(state)
    # The same position reached another way (a fresh state) gets the same choice.
    again = p13.GameState.new(state.layout, state.rules)
    for move in state.history:
        again = again.apply(move)
    assert first.choose(again) == first.choose(state)


def test_the_random_bot_spreads_its_choices() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(9), p13.RuleSet.preset("microsoft"))
    while len(state.legal_moves()) < 3:
        state = state.apply(state.legal_moves()[-1])
    chosen = {p13.RandomBot(seed).choose(state) for seed in range(60)}
    assert chosen == set(state.legal_moves())


def test_the_greedy_bot_takes_kings_at_once_and_prefers_pyramid_cards() -> None:
    rules = p13.RuleSet.preset("microsoft")
    bot = p13.GreedyBot()
    for deal in range(40):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        for _ in range(30):
            if state.is_over:
                break
            legal = state.legal_moves()
            move = bot.choose(state)
            kings = [m for m in legal if m.is_removal and len(m.cards) == 1]
            if kings:
                assert move in kings
            state = state.apply(move)


def test_greedy_beats_random_play() -> None:
    rules = p13.RuleSet.preset("microsoft")
    deals = range(30)
    greedy = p13.win_rate(rules, deals, p13.GreedyBot(), workers=1)
    random_play = p13.win_rate(rules, deals, p13.RandomBot(), workers=1)
    assert greedy.wins > random_play.wins


@pytest.mark.parametrize(
    "bot", [p13.RandomBot(3), p13.GreedyBot(), p13.SolverBot(node_limit=10, optimal=True)]
)
def test_bots_pickle_and_compare_by_settings(bot: p13.Bot) -> None:
    copy = pickle.loads(pickle.dumps(bot))
    assert copy == bot
    assert hash(copy) == hash(bot)
    assert repr(copy) == repr(bot)
    assert isinstance(copy, p13.Bot)


def test_a_used_solver_bot_pickles_without_its_plan() -> None:
    bot = p13.SolverBot()
    state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
    bot.choose(state)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy == bot
    assert copy._line == []
    assert bot._line


@pytest.mark.parametrize("bot", [*BOTS, p13.SolverBot()], ids=repr)
def test_bots_refuse_finished_games(bot: p13.Bot) -> None:
    state = p13.GameState.new(p13.Layout.shuffled(0), p13.RuleSet.preset("classic"))
    state = play(p13.GreedyBot(), state)
    with pytest.raises(p13.GameOverError, match="over"):
        bot.choose(state)
    with pytest.raises(p13.InvalidArgumentError, match="GameState"):
        bot.choose("not a state")


def test_random_bot_seed_must_be_an_int() -> None:
    with pytest.raises(p13.InvalidArgumentError, match="seed"):
        p13.RandomBot("1")  # type: ignore[arg-type]
