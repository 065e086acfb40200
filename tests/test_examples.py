"""The programs in examples/ run, and do what their docstrings say."""

from __future__ import annotations

import io
import os
import random
import runpy
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import pyramid13 as p13
from pyramid13 import spider

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
TESTED = {
    "dask_table.py",  # in test_stats_dask.py, on a local cluster
    "first_game.py",
    "first_bot.py",
    "greedy_vs_solver.py",
    "perft.py",
    "random_bot.py",
    "rl_agents.py",
    "spider_first_game.py",
    "spider_honest_bot.py",
    "statistics_run.py",
    "terminal_ui.py",
    "train_at_scale.py",
    "web/server.py",  # in test_web_server.py over HTTP, in test_web_ui.py in a browser
}


def run(name: str, *args: str, stdin: str = "") -> str:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def load(name: str) -> dict[str, Any]:
    return runpy.run_path(str(EXAMPLES / name), run_name="example")


def test_every_example_is_tested() -> None:
    assert {path.relative_to(EXAMPLES).as_posix() for path in EXAMPLES.rglob("*.py")} == TESTED


# A program a newcomer runs as it is must finish, and soon: every example, run with no
# arguments and nothing on standard input, within this many seconds of wall clock (the
# slowest, statistics_run.py, solves 200 deals; dask_table.py starts a local cluster).
NO_ARGUMENTS_SECONDS = 90
SERVERS = {"web/server.py": "serves until stopped: test_web_ui.py runs it"}
EXTRAS = {"dask_table.py": "distributed", "rl_agents.py": "gymnasium"}


@pytest.mark.no_cover  # whole programs, over code the other tests trace
@pytest.mark.parametrize("name", sorted(TESTED - set(SERVERS)))
def test_every_example_finishes_with_no_arguments(name: str) -> None:
    if name in EXTRAS and not os.environ.get("CI"):  # CI installs every extra
        pytest.importorskip(EXTRAS[name])
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / name)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=NO_ARGUMENTS_SECONDS,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip(), f"{name} printed nothing"
    assert time.perf_counter() - started < NO_ARGUMENTS_SECONDS


def test_the_dask_table_says_how_many_deals_it_plays_and_how_to_run_the_full_table() -> None:
    example = load("dask_table.py")
    page = " ".join((EXAMPLES.parent / "docs" / "how-to" / "dask-cluster.md").read_text().split())
    assert f"plays {example['LOCAL_DEALS']} deals per row" in page
    assert f"plays the seeds 0 to {example['CLUSTER_DEALS'] - 1:,}" in page
    assert example["LOCAL_DEALS"] <= 200  # well under a minute on two cores


def test_first_game_plays_to_the_end() -> None:
    out = run("first_game.py")
    last = out.strip().splitlines()[-1]
    assert last.endswith(("won", "lost")), last
    assert "draw" in out


def test_random_bot_reports_a_win_rate() -> None:
    out = run("random_bot.py", "--games", "20", "--preset", "cardems")
    assert out.startswith("random bot, cardems: won ")
    assert "of 20 deals" in out


def test_random_bot_plays_only_legal_moves_to_the_end() -> None:
    example = load("random_bot.py")
    bot = example["RandomBot"](seed=3)
    for preset in p13.RuleSet.preset_names():
        final = example["play"](bot, p13.Layout.shuffled(5), p13.RuleSet.preset(preset))
        assert final.is_over
        replay = p13.GameState.new(final.layout, final.rules)
        for move in final.history:
            replay = replay.apply(move)  # raises if any move was illegal
        assert replay == final


def test_first_bot_is_a_bot_that_beats_random_play() -> None:
    bot = load("first_bot.py")["PyramidFirstBot"]()
    assert isinstance(bot, p13.Bot)
    rules = p13.RuleSet.preset("microsoft")
    mine = p13.win_rate(rules, range(150), bot, workers=1)
    baseline = p13.win_rate(rules, range(150), p13.RandomBot(seed=1), workers=1)
    assert mine.player == "PyramidFirstBot()"
    assert mine.ci_low > baseline.ci_high  # the tutorial says the intervals do not overlap


def test_first_bot_prints_both_bots() -> None:
    out = run("first_bot.py", "--games", "20", "--workers", "1")
    lines = out.strip().splitlines()
    assert lines[0] == "20 deals, rules microsoft"
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["random", "pyramid-first"]
    assert all("won  (95 % interval " in line for line in lines[1:])


def test_first_bot_runs_on_a_process_pool() -> None:
    # The tutorial says a bot defined at the top level of a script can use every core.
    out = run("first_bot.py", "--games", "8", "--workers", "2")
    assert "pyramid-first:" in out


def test_terminal_ui_from_standard_input() -> None:
    script = "redo\n1\nundo\nredo\nundo\nhelp\nfoo\n99\ndraw\nredo\nquit\n"
    out = run("terminal_ui.py", "--seed", "7", stdin=script)
    start = p13.GameState.new(p13.Layout.shuffled(7), p13.RuleSet.preset("microsoft"))
    first = start.legal_moves()[0]
    after = start.apply(first)
    boards = out.split("moves  ")
    assert str(start) in boards[0]
    assert out.count(str(after)) == 2  # played, then redone
    assert out.count(str(start)) >= 3  # shown again after each undo
    assert out.count("nothing to redo") == 2  # before any undo, and after a new move
    assert "commands:" in out
    assert "? 'foo' is not a move" in out
    assert "? there is no move number 99" in out
    assert str(start.apply("draw")) in out
    assert out.strip().endswith("bye: playing, score 0")


def test_terminal_ui_plays_a_game_to_the_end() -> None:
    example = load("terminal_ui.py")
    start = p13.GameState.new(p13.Layout.shuffled(2024), p13.RuleSet.preset("microsoft"))
    out = io.StringIO()
    final = example["run"](start, iter(["1"] * 400), out)
    assert final.status is p13.Status.WON
    assert f"You won with {final.score} points" in out.getvalue()


def test_terminal_ui_selects_a_card() -> None:
    example = load("terminal_ui.py")
    state = p13.GameState.new(p13.Layout.shuffled(7), p13.RuleSet.preset("microsoft"))
    out = io.StringIO()
    for move in state.legal_moves():
        for card in move.cards:
            assert move in example["moves_using"](state, card)
    timeline = p13.Timeline(state)
    assert example["step"](timeline, "qh", out) is timeline
    assert "moves with QH: AC+QH" in out.getvalue()
    assert example["step"](timeline, "ac qh", out) == timeline.play("AC+QH")


@pytest.mark.parametrize("blank", ["", "   ", "\t"])
def test_terminal_ui_skips_blank_lines(blank: str) -> None:
    example = load("terminal_ui.py")
    start = p13.GameState.new(p13.Layout.shuffled(7))
    assert example["run"](start, [blank, "draw"], io.StringIO()) == start.apply("draw")


@pytest.mark.parametrize("word", ["quit", "q", "exit", "QUIT"])
def test_terminal_ui_stops_at_quit(word: str) -> None:
    example = load("terminal_ui.py")
    start = p13.GameState.new(p13.Layout.shuffled(7))
    assert example["run"](start, ["draw", word, "draw"], io.StringIO()) == start.apply("draw")


def test_perft_prints_the_count() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    out = run("perft.py", "--seed", "1", "--preset", "microsoft", "--depth", "6")
    assert out.startswith(f"perft(6) = {p13.perft(state, 6)}  [")


def test_perft_divide_lists_every_first_move() -> None:
    state = p13.GameState.new(p13.Layout.from_pysolfc(617), p13.RuleSet.preset("pysolfc"))
    out = run("perft.py", "--pysolfc", "617", "--preset", "pysolfc", "--depth", "4", "--divide")
    lines = out.strip().splitlines()
    divide = p13.perft_divide(state, 4)
    assert lines[:-1] == [f"{move}: {count}" for move, count in divide.items()]
    assert lines[-1].startswith(f"perft(4) = {sum(divide.values())}")


def test_perft_reports_a_bad_layout_code() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "perft.py"), "--code", "AS KD", "--depth", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "a layout has 52 cards" in result.stderr


def test_greedy_bot_against_the_solver() -> None:
    out = run("greedy_vs_solver.py", "--deals", "6", "--preset", "microsoft")
    prefix, _, rest = out.partition(": greedy bot won ")
    assert prefix == "microsoft"
    greedy, _, rest = rest.partition(" of 6 deals; the solver found ")
    winnable = int(rest.split()[0])
    assert 0 <= int(greedy) <= winnable <= 6


def test_statistics_run_prints_every_player() -> None:
    out = run("statistics_run.py", "--deals", "8", "--preset", "cardgames", "--workers", "1")
    lines = out.strip().splitlines()
    assert [line.split(":")[0].strip() for line in lines] == ["random", "greedy", "solver"]
    assert all("8 deals" in line for line in lines)


def test_rl_agents_train_and_play_through_the_environment() -> None:
    pytest.importorskip("gymnasium")
    out = run("rl_agents.py", "--seconds", "1", "--episodes", "20", "--preset", "microsoft")
    lines = out.strip().splitlines()
    names = [line.split(":")[0].strip() for line in lines]
    assert names == ["masked random", "greedy", "trained", "trained for 1 s"]
    # The greedy bot through the environment wins exactly the deals it wins on the engine.
    greedy = p13.win_rate("microsoft", range(20), "greedy", workers=1)
    assert lines[1].split(":")[1].strip().startswith(f"{greedy.wins} of 20 won")
    assert "reward 'score'" in lines[3]


def test_train_at_scale_learns_to_beat_random_play_on_held_out_deals() -> None:
    pytest.importorskip("gymnasium")
    out = run("train_at_scale.py", "--envs", "128", "--updates", "20", "--deals", "200")
    lines = out.strip().splitlines()
    assert lines[0].startswith("trained on 128 games at once, 20 updates in ")
    first, last = (float(word) for word in lines[1].replace(",", "").split() if word[0].isdigit())
    assert last > first  # the reward per step grew
    trained = float(lines[2].split(":")[1].strip().rstrip("%"))
    randomly = float(lines[3].split(":")[1].strip().rstrip("%"))
    assert trained > randomly + 5


def test_the_rl_agent_sees_only_the_array_and_the_mask() -> None:
    pytest.importorskip("gymnasium")
    import numpy as np

    example = load("rl_agents.py")
    rules = p13.RuleSet.preset("microsoft")
    env = example["gymnasium"].make("pyramid13/Pyramid-v0", preset="microsoft")
    weights, episodes = example["train"](env, 0.5)
    assert episodes >= 1
    parts = env.unwrapped.observation_slices
    # Twins (other hidden stock cards) give the trained policy the same choice.
    state = p13.GameState.new(p13.Layout.shuffled(3), rules)
    for _ in range(30):
        observation = state.observe()
        if observation.is_over:
            break
        choices = set()
        for seed in range(3):
            twin = p13.determinize(observation, random.Random(seed))
            array, info = env.reset(options={"state": twin})
            probabilities = example["policy"](
                weights, example["features"](array, parts), info["action_mask"]
            )
            choices.add(int(np.argmax(probabilities)))
        assert len(choices) == 1
        state = state.apply(choices.pop())


def test_spider_first_game_plays_legal_moves_and_undoes_one() -> None:
    out = run("spider_first_game.py")
    example = load("spider_first_game.py")
    final = example["state"]
    replay = spider.GameState.new(final.layout, final.rules)
    for move in final.history:
        replay = replay.apply(move)  # raises if any move was illegal
    assert replay == final
    assert out.startswith("   1   2   3")
    assert str(final) in out
    last = out.strip().splitlines()[-1]
    assert last == (
        f"{len(final.history)} moves; before the last one: {final.undo().deals_left} deal(s) left"
    )


def test_spider_honest_bot_sees_only_the_observation() -> None:
    # Two states that look the same to a player but hide different cards get the same move.
    example = load("spider_honest_bot.py")
    bot = example["HonestBot"]()
    rules = spider.RuleSet.preset("microsoft", suits=2)
    state = spider.GameState.new(spider.Layout.shuffled(3, rules), rules)
    for step in range(60):
        if state.is_over:
            break
        twin = spider.determinize(state.observe(), random.Random(step))
        assert twin.observe() == state.observe()
        move = bot.choose(state)
        assert bot.choose(twin) == move
        state = state.apply(move)


@pytest.mark.no_cover  # whole games, over code the other tests trace: see tests/conftest.py
def test_spider_honest_bot_beats_random_play() -> None:
    example = load("spider_honest_bot.py")
    rules = spider.RuleSet.preset("microsoft", suits=1)
    seeds = range(8)
    honest = [example["play"](example["HonestBot"](), seed, rules) for seed in seeds]
    rand = [example["play"](example["RandomBot"](seed=1), seed, rules) for seed in seeds]
    assert sum(map(len, (s.runs_removed for s in honest))) > sum(
        map(len, (s.runs_removed for s in rand))
    )


def test_spider_honest_bot_prints_both_bots() -> None:
    out = run("spider_honest_bot.py", "--games", "3", "--suits", "2")
    lines = out.strip().splitlines()
    assert lines[0] == "3 deals, microsoft with 2 suit(s)"
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["random", "honest"]
    assert all(" of 3, " in line and "runs removed a game" in line for line in lines[1:])
