"""The rollout Spider bot: honest, legal, repeatable, picklable, and choosing the line its
rollouts value most."""

from __future__ import annotations

import pickle
import random

import pytest
from bot_runs import play_alongside_lookalikes, play_spider
from bot_runs import spider_game as _state

import pyramid13 as p13
from pyramid13 import spider
from pyramid13.spider import _rollout
from pyramid13.spider._follow import Plan
from pyramid13.spider._plan import Valuer, Weights, reveal_lines, search
from pyramid13.spider._replan import solved_plan

SMALL = {"samples": 2, "depth": 1, "node_limit": 300, "solve_limit": 300}


def _play(bot: spider.RolloutBot, state: spider.GameState, limit: int = 400) -> spider.GameState:
    return play_spider(bot, state, limit)


def _with_choices(count: int) -> spider.GameState:
    """A 4-suit position from which `count` piles or more can have their card turned."""
    for seed in range(200):
        state = _state(seed, 4)
        rng = random.Random(seed)
        for _ in range(rng.randrange(20)):
            state = state.apply(rng.choice(state.legal_moves()))
        auto = state.rules.auto_remove_runs
        lines = reveal_lines(*_rollout._seen(state), Valuer(Weights()), 1_500, auto, 10)
        if len(lines) >= count:
            return state
    raise AssertionError("no position with enough choices")  # pragma: no cover


def test_the_bot_is_honest_and_a_bot() -> None:
    bot = spider.RolloutBot(**SMALL)
    assert bot.honest is True
    assert isinstance(bot, p13.Bot)


@pytest.mark.parametrize("suits", [2, 4])
def test_hidden_cards_play_no_part(suits: int) -> None:
    """Two bots of one seed, one given the real states and one given look-alikes that hide
    other cards, choose the same moves."""
    play_alongside_lookalikes(
        spider.RolloutBot(**SMALL, seed=4),
        spider.RolloutBot(**SMALL, seed=4),
        _state(31 + suits, suits),
        40,
        random.Random(suits),
    )


@pytest.mark.parametrize(("preset", "suits"), [("pysolfc", 4), ("kpat", 2)])
def test_every_move_is_legal(preset: str, suits: int) -> None:
    state = _play(spider.RolloutBot(**SMALL), _state(5, suits, preset), limit=60)
    assert len(state.history) > 0  # apply raised on any illegal move


@pytest.mark.no_cover  # a whole game, over code the tests above trace
def test_a_one_suit_deal_is_won() -> None:
    state = _play(spider.RolloutBot(**SMALL), _state(3, 1), limit=2_000)
    assert state.status is p13.Status.WON


def test_with_one_candidate_it_plays_the_planners_best_line_to_a_card() -> None:
    state = _with_choices(2)
    auto = state.rules.auto_remove_runs
    best = reveal_lines(*_rollout._seen(state), Valuer(Weights()), 1_500, auto, 1)[0]
    bot = spider.RolloutBot(candidates=1, **SMALL)
    for step in best.moves:
        move = bot.choose(state)
        assert move == spider.Move.unit(*step)
        state = state.apply(move)


def test_it_plays_the_line_its_rollouts_value_most(monkeypatch: pytest.MonkeyPatch) -> None:
    """With rollouts that value the planner's last-ranked line most, that line is played,
    and the samples it judges on are common to the lines (one per sample number)."""
    state = _with_choices(3)
    auto = state.rules.auto_remove_runs
    lines = reveal_lines(*_rollout._seen(state), Valuer(Weights()), 1_500, auto, 3)
    favoured = spider.Move.unit(*lines[-1].moves[0])
    samples_seen: list[tuple[int, int]] = []

    def valued(
        self: spider.RolloutBot, sample: spider.GameState, line: list[spider.Move], auto: bool
    ) -> float:
        samples_seen.append((id(sample), len(samples_seen)))
        return 1.0 if line[0] == favoured else 0.0

    monkeypatch.setattr(spider.RolloutBot, "_roll_out", valued)
    assert spider.RolloutBot(3, candidates=3, depth=1).choose(state) == favoured
    assert len(samples_seen) == 3 * 3
    per_sample = [samples_seen[index : index + 3] for index in range(0, 9, 3)]
    assert all(len({sample for sample, _ in group}) == 1 for group in per_sample)


def test_a_rollout_values_where_the_planners_lines_leave_a_sample() -> None:
    """Depth 0 values the end of the line itself, depth 1 the end of the planner's next
    line after it, both as the planner values a position (runs removed included)."""
    state = _with_choices(2)
    auto = state.rules.auto_remove_runs
    valuer = Valuer(Weights())
    line = [
        spider.Move.unit(*step)
        for step in reveal_lines(*_rollout._seen(state), valuer, 1_500, auto, 1)[0].moves
    ]
    sample = spider.determinize(state.observe(), random.Random(3))
    after = sample
    for move in line:
        after = after.apply(move)

    def value(position: spider.GameState) -> float:
        removed = valuer.weights.removed * len(position.runs_removed)
        return valuer.position(*_rollout._seen(position)) + removed

    _, found = search(*_rollout._seen(after), valuer, _rollout._STEP_BUDGET, auto)
    assert found is not None
    further = after
    for step in found.moves:
        source, _, target = step
        further = further.apply(
            spider.Move.remove(source) if target < 0 else spider.Move.unit(*step)
        )
    rolled = [spider.RolloutBot(depth=depth)._roll_out(sample, line, auto) for depth in (0, 1)]
    assert rolled == [value(after), value(further)]
    assert rolled[0] != rolled[1]


def _late(suits: int, stock: int) -> spider.GameState:
    """A game `PlannerBot` has played until the stock holds `stock` cards or fewer."""
    state = _state(3, suits)
    planner = spider.PlannerBot()
    while state.observe().stock_size > stock:
        state = state.apply(planner.choose(state.observe()))
    assert not state.is_over
    return state


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    """Record the sampled solves the rollout bot asks for (samples, limit, seed)."""
    calls: list[tuple[int, int, int]] = []
    real = solved_plan

    def spied(observation: spider.Observation, samples: int, limit: int, seed: int) -> Plan:
        calls.append((samples, limit, seed))
        return real(observation, samples, limit, seed)

    monkeypatch.setattr(_rollout, "solved_plan", spied)
    return calls


def test_from_the_last_deal_on_it_follows_a_sampled_win(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the stock empty, the bot plays the line `ReplanBot`'s sampled solve gives, to
    its end, from one search."""
    state = _late(1, 0)
    plan = solved_plan(state.observe(), 3, 5_000, 2)
    assert plan
    assert spider.ReplanBot(3, node_limit=5_000, seed=2).choose(state) == plan[0][0]
    calls = _spy(monkeypatch)
    bot = spider.RolloutBot(3, depth=1, node_limit=300, solve_limit=5_000, seed=2)
    for move, _ in plan:
        assert bot.choose(state.observe()) == move
        state = state.apply(move)
    assert calls == [(3, 5_000, 2)]


def test_it_solves_only_from_the_last_deal_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """No sampled solve while two deals or more are left, nor with `solve_limit=0`; one
    when a deal or none is left."""
    calls = _spy(monkeypatch)
    early = _play(spider.RolloutBot(**SMALL), _state(3, 4), limit=30)
    assert early.observe().stock_size > 10
    assert calls == []
    late = _late(4, 10)
    spider.RolloutBot(**{**SMALL, "solve_limit": 0}).choose(late)
    assert calls == []
    spider.RolloutBot(**SMALL, seed=5).choose(late)
    assert calls == [(2, 300, 5)]


def test_the_bot_pickles() -> None:
    bot = spider.RolloutBot(2, candidates=3, depth=2, node_limit=2_000, solve_limit=7, seed=9)
    restored = pickle.loads(pickle.dumps(bot))
    assert restored == bot
    assert hash(restored) == hash(bot)
    assert restored != spider.RolloutBot(2, candidates=3, depth=2, node_limit=2_000, seed=9)
    assert restored != spider.RolloutBot(
        2, candidates=3, depth=2, node_limit=2_000, solve_limit=7, seed=8
    )
    assert repr(bot) == (
        "spider.RolloutBot(samples=2, candidates=3, depth=2, node_limit=2000, "
        "solve_limit=7, seed=9)"
    )


def test_a_seed_replays_the_same_game_after_pickling() -> None:
    bot = spider.RolloutBot(**SMALL, seed=9)
    restored = pickle.loads(pickle.dumps(bot))
    start = _state(3, 2)
    first = _play(bot, start, limit=30)
    again = _play(restored, start, limit=30)
    assert first.history == again.history
    assert _play(bot, start, limit=30).history == first.history  # a new game resets


def test_win_rate_knows_the_bot_by_name() -> None:
    assert isinstance(p13.stats._as_player("rollout", p13.get_game("spider"))[0], spider.RolloutBot)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"samples": 0}, "samples"),
        ({"candidates": 0}, "candidates"),
        ({"depth": -1}, "depth"),
        ({"node_limit": 0}, "node_limit"),
        ({"solve_limit": -1}, "solve_limit"),
        ({"seed": 1.5}, "seed"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(p13.InvalidArgumentError, match=message):
        spider.RolloutBot(**arguments)  # type: ignore[arg-type]
