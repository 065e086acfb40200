"""The planning Spider bot: honest, legal, repeatable, and its search over the known part
checked against the engine."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from bot_runs import play_spider
from bot_runs import spider_game as _state
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import Status, spider
from pyramid13.spider._plan import Valuer, Weights, reveal_lines, search


def _play(bot: spider.PlannerBot, state: spider.GameState, limit: int = 3000) -> spider.GameState:
    return play_spider(bot, state, limit)


def test_the_bot_is_honest_and_a_bot() -> None:
    bot = spider.PlannerBot(100)
    assert bot.honest is True
    assert isinstance(bot, p13.Bot)


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_hidden_cards_play_no_part(suits: int) -> None:
    """Two states that look alike but hide different cards get the same moves, from two
    bots of the same seed, one given each state."""
    rng = random.Random(suits)
    state = _state(11 + suits, suits)
    seen_by, other_bot = spider.PlannerBot(150, seed=3), spider.PlannerBot(150, seed=3)
    other = spider.determinize(state.observe(), random.Random(rng.random()))
    for _ in range(120):
        if state.is_over:
            break
        observation = state.observe()
        assert other.observe().piles == observation.piles
        move = seen_by.choose(observation)
        assert other_bot.choose(other) == move  # a GameState is reduced to its observation
        state = state.apply(move)
        other = other.apply(move)
        if other.observe().piles != state.observe().piles:
            # The move turned a card over: a new look-alike with other hidden cards.
            other = spider.determinize(state.observe(), random.Random(rng.random()))
            other_bot = copy.deepcopy(seen_by)


@pytest.mark.parametrize(("preset", "suits"), [("pysolfc", 1), ("relaxed", 2), ("kpat", 4)])
def test_every_move_is_legal_to_the_end(preset: str, suits: int) -> None:
    state = _play(spider.PlannerBot(80), _state(5, suits, preset))
    assert state.is_over or state.history  # apply raised on no move


def test_a_seed_replays_the_same_game_and_the_bot_pickles() -> None:
    bot = spider.PlannerBot(100, seed=9)
    restored = pickle.loads(pickle.dumps(bot))
    assert restored == bot
    assert hash(restored) == hash(bot)
    assert repr(bot) == "spider.PlannerBot(budget=100, seed=9)"
    first = _play(bot, _state(2, 2), limit=400)
    again = _play(restored, _state(2, 2), limit=400)
    assert first.history == again.history
    assert _play(bot, _state(2, 2), limit=400).history == first.history  # a new game resets


def test_bad_arguments_are_refused() -> None:
    for budget in (0, -1, 1.5, True, "9"):
        with pytest.raises(p13.InvalidArgumentError, match="budget"):
            spider.PlannerBot(budget)  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match="seed"):
        spider.PlannerBot(seed="x")  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match="Spider Observation or GameState, not str"):
        spider.PlannerBot().choose("deal")  # type: ignore[arg-type]


@pytest.mark.no_cover  # whole games, over code the other tests trace
def test_win_rate_counts_the_games_the_engine_calls_won() -> None:
    """`win_rate` with the bot against a count of won states from a plain loop, and the
    planner against the greedy bot on the same one-suit deals; a won game is refused."""
    rules = spider.RuleSet.preset("pysolfc", suits=1)
    seeds = range(3)
    result = p13.win_rate(rules, seeds, spider.PlannerBot(100), workers=1)
    assert result.play == p13.HONEST_NO_UNDO
    ends = [_play(spider.PlannerBot(100), _state(seed, 1)) for seed in seeds]
    won = [state for state in ends if state.status is Status.WON]
    assert result.wins == len(won)
    greedy = p13.win_rate(rules, seeds, "greedy", workers=1)
    assert result.wins > greedy.wins
    with pytest.raises(p13.GameOverError):
        spider.PlannerBot().choose(won[0].observe())


def test_win_rate_knows_the_planner_by_name() -> None:
    rules = spider.RuleSet.preset("pysolfc", suits=4)
    result = p13.win_rate(rules, range(1), "planner", workers=1)
    assert result.player == "planner"
    assert result.play == p13.HONEST_NO_UNDO


# -- the search over the known part, against the engine ------------------------------------


def _walked(
    seed: int, moves: int, suits: int, rng: random.Random
) -> tuple[spider.GameState, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Deal `seed` after up to `moves` random moves, with its face-up cards and face-down
    counts as the planner's search takes them."""
    state = _state(seed, suits)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state = state.apply(legal[rng.randrange(len(legal))])
    ups = tuple(tuple(card.index for card in pile.face_up) for pile in state.piles)
    return state, ups, tuple(len(pile.face_down) for pile in state.piles)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60), suits=st.sampled_from([1, 2, 4]))
def test_a_line_turns_no_card_over_before_its_last_move(seed: int, moves: int, suits: int) -> None:
    """Replayed in the engine, a line's moves are legal, keep every face-down card until its
    last move, and pass through the positions it names; a line that says it reveals turns a
    card over with its last move."""
    rng = random.Random(seed)
    state, ups, downs = _walked(seed, moves, suits, rng)
    root, line = search(ups, downs, Valuer(Weights()), 300, state.rules.auto_remove_runs)
    if line is None:
        return
    assert line.value > root
    hidden = sum(downs)
    for index, step in enumerate(line.moves):
        source, _, target = step
        move = spider.Move.remove(source) if target < 0 else spider.Move.unit(*step)
        state = state.apply(move)
        now = sum(len(pile.face_down) for pile in state.piles)
        if index < len(line.moves) - 1 or not line.reveals:
            assert now == hidden
            seen = tuple(tuple(card.index for card in pile.face_up) for pile in state.piles)
            assert seen == line.ends[index]
        else:
            assert now == hidden - 1


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60), suits=st.sampled_from([1, 2, 4]))
def test_each_reveal_line_turns_over_the_card_of_its_own_pile(
    seed: int, moves: int, suits: int
) -> None:
    """Replayed in the engine, every line of `reveal_lines` is legal, turns no card over
    before its last move and one card with it, each in a different pile; the lines come
    best first, all better than the root, at most `count` of them, and the best is worth
    what `search` finds when `search`'s best line turns a card over."""
    rng = random.Random(seed)
    state, ups, downs = _walked(seed, moves, suits, rng)
    auto = state.rules.auto_remove_runs
    count = rng.randint(1, 6)
    lines = reveal_lines(ups, downs, Valuer(Weights()), 300, auto, count)
    root, best = search(ups, downs, Valuer(Weights()), 300, auto)
    assert len(lines) <= count
    assert [line.value for line in lines] == sorted((line.value for line in lines), reverse=True)
    if best is not None and best.reveals:
        assert lines[0].value == best.value
    turned = set()
    for line in lines:
        assert line.reveals
        assert line.value > root
        after = state
        for index, step in enumerate(line.moves):
            source, _, target = step
            before = [len(pile.face_down) for pile in after.piles]
            after = after.apply(
                spider.Move.remove(source) if target < 0 else spider.Move.unit(*step)
            )
            now = [len(pile.face_down) for pile in after.piles]
            if index < len(line.moves) - 1:
                assert now == before
            else:
                changed = [pile for pile in range(10) if now[pile] != before[pile]]
                assert len(changed) == 1
                assert now[changed[0]] == before[changed[0]] - 1
                turned.add(changed[0])
    assert len(turned) == len(lines)
