"""The top-level generic functions serve both games: given a Spider state they answer as
``pyramid13.spider``'s own do, given a Pyramid state exactly as before, and a value of no
game (or of the wrong kind) is refused with a message that names its game."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import pytest

import pyramid13 as p13
from pyramid13 import pyramid, spider

SPIDER_RULES = spider.RuleSet.preset("pysolfc", suits=1)


def spider_state(deal: int = 1) -> spider.GameState:
    return spider.GameState.new(spider.Layout.from_pysolfc(deal, suits=1), SPIDER_RULES)


def pyramid_state(deal: int = 2) -> p13.GameState:
    return p13.GameState.new(p13.Layout.shuffled(deal), p13.RuleSet.preset("microsoft"))


# -- Spider: the same answers as pyramid13.spider's functions ----------------------------


def test_solve_answers_as_spider_solve() -> None:
    state = spider_state()
    mine, theirs = p13.solve(state), spider.solve(state)
    assert (mine.winnable, mine.moves, mine.nodes) == (theirs.winnable, theirs.moves, theirs.nodes)
    assert p13.solver.solve is p13.solve


def test_solve_uses_spider_s_own_default_node_limit() -> None:
    game = p13.get_game("spider")
    asked: list[dict[str, Any]] = []

    def spy(state: spider.GameState, **limits: Any) -> Any:
        asked.append(limits)
        return spider.solve(state, node_limit=10)

    object.__setattr__(game, "solve", spy)  # the entry is frozen: this test alone swaps it
    try:
        p13.solve(spider_state())
        p13.solve(spider_state(), node_limit=None)
    finally:
        object.__setattr__(game, "solve", spider.solve)
    assert game.default_node_limit == spider.solver.DEFAULT_NODE_LIMIT == 5_000_000
    assert asked == [
        {"node_limit": 5_000_000, "time_limit": None},
        {"node_limit": None, "time_limit": None},
    ]


def test_solve_gives_the_spider_limits_to_spider_solve() -> None:
    state = spider_state(3)
    for limits in ({"node_limit": 100}, {"node_limit": None, "time_limit": 30.0}):
        mine, theirs = p13.solve(state, **limits), spider.solve(state, **limits)
        assert (mine.winnable, mine.moves) == (theirs.winnable, theirs.moves)


def test_hint_answers_as_spider_hint() -> None:
    for deal in (5, 6):
        state = spider_state(deal)
        assert p13.hint(state, time_limit=None) == spider.hint(state, time_limit=None)
        assert p13.hint(state, node_limit=10, time_limit=None) == spider.hint(
            state, node_limit=10, time_limit=None
        )


def test_a_hinter_answers_as_spider_s_hinter() -> None:
    state, twin = spider_state(5), spider_state(5)
    hinter, theirs = p13.Hinter(time_limit=None), spider.Hinter(time_limit=None)
    for _ in range(6):
        move = hinter.hint(state)
        assert move is not None
        assert move == theirs.hint(twin)
        assert hinter.known(state) == theirs.known(twin)
        state, twin = state.apply(move), twin.apply(move)
    assert hinter.known(state) is True
    assert hinter.time_limit is None
    assert hinter.node_limit == spider.Hinter().node_limit  # the game's own default


def test_a_hinter_keeps_one_hinter_per_game() -> None:
    hinter = p13.Hinter(time_limit=None, saved_limit=0)  # Spider's hinter has no saved_limit
    assert hinter.hint(spider_state(5)) in spider_state(5).legal_moves()
    assert hinter.hint(pyramid_state()) == pyramid.Hinter(time_limit=None, saved_limit=0).hint(
        pyramid_state()
    )
    assert repr(hinter) == "Hinter(time_limit=None, saved_limit=0)"


def test_spider_s_hinter_knows_a_lost_game_and_the_end() -> None:
    hinter = spider.Hinter(time_limit=None)
    state = spider_state(1)
    assert hinter.known(state) is None
    assert repr(hinter) == "Hinter(node_limit=30000, time_limit=None, memory_limit=100000)"
    line = spider.solve(state).moves
    end = state
    for move in line:
        end = end.apply(move)
    assert hinter.known(end) is True
    assert hinter.hint(end) is None
    with pytest.raises(p13.InvalidArgumentError, match="memory_limit"):
        spider.Hinter(memory_limit=0)
    with pytest.raises(p13.InvalidArgumentError, match="node_limit"):
        spider.Hinter(node_limit=0)


def test_a_small_spider_hinter_forgets_its_oldest_positions() -> None:
    hinter = spider.Hinter(time_limit=None, memory_limit=2)
    state = spider_state(5)
    for _ in range(4):
        move = hinter.hint(state)
        assert move is not None
        state = state.apply(move)
    assert len(hinter._lines) + len(hinter._lost) <= 2


def test_determinize_answers_as_spider_determinize() -> None:
    observation = spider_state(2).observe()
    mine = p13.determinize(observation, random.Random(7))
    assert mine == spider.determinize(observation, random.Random(7))
    assert isinstance(mine, spider.GameState)


def test_to_svg_perft_and_records_take_a_spider_state(tmp_path: Path) -> None:
    state = spider_state(1)
    state = state.apply(state.legal_moves()[0])
    assert p13.to_svg(state) == state._repr_svg_()
    assert p13.perft(state, 2) == sum(p13.perft_divide(state, 2).values())
    record = p13.save_game(state, tmp_path / "game.json")
    assert record.game == "spider"
    loaded = p13.load_game(tmp_path / "game.json")
    assert loaded == state
    assert loaded.history == state.history


def test_win_rate_plays_spider_with_spider_s_solver_and_default_limit() -> None:
    result = p13.win_rate(SPIDER_RULES, range(2), workers=1)
    deals = [
        spider.GameState.new(spider.Layout.shuffled(seed, SPIDER_RULES), SPIDER_RULES)
        for seed in range(2)
    ]
    expected = [spider.solve(deal).winnable for deal in deals]
    assert [outcome is p13.Outcome.WON for _, outcome in result.outcomes] == expected
    assert p13.stats.SPIDER_NO_PROGRESS == p13.SPIDER_NO_PROGRESS == 500
    assert p13.get_game("spider").no_progress == p13.SPIDER_NO_PROGRESS


def test_a_generic_environment_plays_any_game() -> None:
    pytest.importorskip("gymnasium")
    from pyramid13.envs import CardGameEnv, SpiderEnv

    mine: CardGameEnv[Any] = CardGameEnv("spider", "microsoft")
    theirs = SpiderEnv("microsoft")
    first, _ = mine.reset(seed=3)
    second, _ = theirs.reset(seed=3)
    assert (first == second).all()
    assert mine.state == theirs.state
    with pytest.raises(p13.InvalidArgumentError, match="klondike"):
        CardGameEnv("klondike")


# -- Pyramid: exactly as before --------------------------------------------------------


def test_pyramid_answers_are_pyramid_s_own() -> None:
    state = pyramid_state()
    for optimal in (False, True):
        mine, theirs = p13.solve(state, optimal=optimal), pyramid.solve(state, optimal=optimal)
        assert (mine.winnable, mine.moves, mine.nodes, mine.optimal) == (
            theirs.winnable,
            theirs.moves,
            theirs.nodes,
            theirs.optimal,
        )
    assert p13.hint(state) == pyramid.hint(state)
    assert p13.Hinter().hint(state) == pyramid.Hinter().hint(state)
    assert p13.Hinter().node_limit is p13.GAME_DEFAULT  # no game asked about yet
    hinter = p13.Hinter()
    hinter.hint(state)
    assert (hinter.node_limit, hinter.time_limit) == (20_000, 0.25)
    observation = state.observe()
    assert p13.determinize(observation, random.Random(3)) == pyramid.determinize(
        observation, random.Random(3)
    )


# -- errors name the game --------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: p13.solve(spider_state().observe()), "not a Spider Observation"),
        (lambda: p13.solve(pyramid_state().observe()), "not a Pyramid Observation"),
        (lambda: p13.hint(spider_state().observe()), "not a Spider Observation"),
        (lambda: p13.Hinter().hint(spider_state().layout), "not a Spider Layout"),  # type: ignore[arg-type]
        (lambda: p13.Hinter().known(SPIDER_RULES), "not a Spider RuleSet"),  # type: ignore[arg-type]
        (lambda: p13.determinize(spider_state(), random.Random(1)), "not a Spider GameState"),  # type: ignore[arg-type]
        (lambda: p13.determinize(pyramid_state(), random.Random(1)), "not a Pyramid GameState"),  # type: ignore[arg-type]
        (lambda: p13.perft(spider_state().observe(), 1), "not a Spider Observation"),  # type: ignore[arg-type]
        (lambda: p13.to_svg(spider_state().layout), "not a Spider Layout"),
        (
            lambda: p13.GameRecord.from_state(spider_state().observe()),  # type: ignore[arg-type]
            "not a Spider Observation",
        ),
        (lambda: p13.solve(spider_state(), optimal=True), "Spider's solver finds no shortest"),
        (lambda: p13.win_rate(spider_state().layout, range(1)), "not a Spider Layout"),
    ],
)
def test_errors_name_the_game_of_the_value(call: Any, message: str) -> None:
    with pytest.raises((p13.InvalidArgumentError, p13.InvalidRulesError), match=message) as error:
        call()
    assert "GameState, not GameState" not in str(error.value)


def test_an_error_names_a_value_of_no_game() -> None:
    with pytest.raises(
        p13.InvalidArgumentError, match="state must be a GameState of a game, not 'x'"
    ):
        p13.solve("x")  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match="must be an Observation of a game"):
        p13.determinize(None, random.Random(1))  # type: ignore[arg-type]


def test_the_generic_hinter_checks_its_limits() -> None:
    for bad in ({"node_limit": 0}, {"time_limit": -1.0}, {"memory_limit": 0}, {"saved_limit": -1}):
        with pytest.raises(p13.InvalidArgumentError):
            p13.Hinter(**bad)


def test_the_solver_bot_plays_spider_along_spider_s_winning_line() -> None:
    state = spider_state(1)
    line = spider.solve(state).moves
    bot = p13.SolverBot()
    played = []
    while not state.is_over:
        move = bot.choose(state)
        played.append(move)
        state = state.apply(move)
    assert state.status is p13.Status.WON
    assert tuple(played) == line
    with pytest.raises(p13.GameOverError, match="over"):
        bot.choose(state)
    with pytest.raises(p13.InvalidArgumentError, match="not a Spider Observation"):
        bot.choose(state.observe())


def test_the_solver_bot_falls_back_to_spider_s_greedy_bot() -> None:
    state = spider.GameState.new(
        spider.Layout.shuffled(4, spider.RuleSet.preset("bicycle")), spider.RuleSet()
    )
    bot = p13.SolverBot(node_limit=10)
    greedy = spider.GreedyBot()
    for _ in range(3):
        move = bot.choose(state)
        assert move == greedy.choose(state.observe())
        state = state.apply(move)


def test_the_solver_bot_is_pyramid_s_for_pyramid() -> None:
    bot = p13.SolverBot()
    assert repr(bot) == "SolverBot(node_limit=3000000, time_limit=None, optimal=False)"
    assert bot.node_limit == p13.DEFAULT_NODE_LIMIT
    assert isinstance(bot, pyramid.SolverBot)
    state = pyramid_state()
    assert bot.choose(state) == pyramid.SolverBot().choose(state)
    assert p13.SolverBot(node_limit=5) == p13.SolverBot(node_limit=5)
    assert p13.SolverBot(node_limit=3_000_000) == p13.SolverBot() == pyramid.SolverBot()
    assert hash(p13.SolverBot()) == hash(pyramid.SolverBot())
    copy = pickle.loads(pickle.dumps(p13.SolverBot()))
    assert copy == p13.SolverBot()
    assert copy._game_default
