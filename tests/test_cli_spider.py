"""``pyramid13 spider``: show, play (scripted), save and load, solve, stats, and the clear
refusals."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from bot_runs import count

import pyramid13 as p13
from pyramid13 import Status, spider
from pyramid13.cli import main
from pyramid13.cli._spider import board
from pyramid13.cli._style import Style


def run(
    args: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        status = main(args)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return status, out, err


def test_show_a_pysolfc_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["spider", "show", "--preset", "pysolfc", "--pysolfc", "1"], capsys)
    state = spider.GameState.new(spider.Layout.from_pysolfc(1), spider.RuleSet.preset("pysolfc"))
    assert status == 0
    assert out.startswith("Spider: PySolFC game 1, pysolfc, 4 suits\n")
    assert f"position code: {state.to_string()}" in out
    assert "moves: " + " ".join(map(str, state.legal_moves())) in out


def test_show_the_code_and_a_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["spider", "show", "--preset", "microsoft", "--suits", "2", "--seed", "7"]
    rules = spider.RuleSet.preset("microsoft", suits=2)
    state = spider.GameState.new(spider.Layout.shuffled(7, rules), rules)
    assert run([*args, "--code-only"], capsys)[1].strip() == state.to_string()
    picture = tmp_path / "table.svg"
    status, _, _ = run([*args, "--svg", str(picture), "--highlight", "deal"], capsys)
    assert status == 0
    assert picture.read_text().strip() == p13.to_svg(state, highlight="deal")


def test_scripted_play_with_undo_save_and_load(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    script = f"3:1>2\n2 4\n99\nd\nu\nsave {saved}\nq\n"
    args = ["spider", "play", "--preset", "microsoft", "--suits", "1", "--seed", "2024"]
    status, out, err = run(args, capsys, script)
    assert status == 0
    assert "played 3:1>2" in out
    assert "played 2:2>4" in out  # '2 4' moves the longest unit that fits
    assert "there is no move 99" in err
    assert "undid 1 move" in out
    rules = spider.RuleSet.preset("microsoft", suits=1)
    expected = spider.GameState.new(spider.Layout.shuffled(2024, rules), rules)
    expected = expected.apply("3:1>2").apply("2:2>4")
    loaded = p13.load_game(saved)
    # A record keeps the moves; the point the undo cost in play is not part of them.
    assert loaded == expected
    assert loaded.history == expected.history
    assert json.loads(saved.read_text())["metadata"]["source"] == "seed 2024"
    # The saved game goes on where it stopped.
    status, out, _ = run(["spider", "play", str(saved)], capsys, "d\nq\n")
    assert status == 0
    assert out.startswith(f"Spider: {saved}, microsoft, 1 suit")
    assert "played deal" in out


def test_board_marks_movable_cards_and_speaks_plain_ascii() -> None:
    state = spider.GameState.new(spider.Layout.from_pysolfc(1), spider.RuleSet.preset("pysolfc"))
    text = board(state)
    assert "7H*" in text  # pile 6's top card can go onto pile 10's 8H
    assert "8H " in text + " "  # pile 1's cannot move
    assert "##" in text
    assert text.isascii()
    coloured = board(state, Style(fancy=True, symbols=True, colour=True))
    assert "\033[31m\033[1m7♥*\033[0m" in coloured  # red, bold, and marked without colour


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["spider", "show", "--pysolfc", "3"], "use --preset pysolfc, relaxed or open"),
        (["spider", "show", "--code", "nonsense"], "cannot read nonsense"),
        (["spider", "play", "--code", "nonsense"], "--code: "),
        (["spider", "solve", "--seed", "1", "--node-limit", "0"], "expected a number >= 1"),
        (
            ["spider", "stats", "--player", "oracle"],
            "solver, greedy, random, sampling, planner, replan, rollout or MODULE",
        ),
        (["spider", "stats", "--suits", "3"], "invalid choice: 3"),
        (["spider", "stats", "--seed", "1"], "unrecognized arguments: --seed 1"),
    ],
)
def test_clear_refusals(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(args, capsys)
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert message in err


# -- solve ------------------------------------------------------------------------------------

PYSOLFC_1_SUIT = ["--preset", "pysolfc", "--suits", "1"]


def pysolfc_deal(number: int) -> spider.GameState:
    rules = spider.RuleSet.preset("pysolfc", suits=1)
    return spider.GameState.new(spider.Layout.from_pysolfc(number, suits=1), rules)


def test_solve_prints_a_line_that_wins(capsys: pytest.CaptureFixture[str]) -> None:
    # PySolFC's game 2 with one suit: the solver wins it in about a thousand positions.
    status, out, err = run(["spider", "solve", *PYSOLFC_1_SUIT, "--pysolfc", "2"], capsys)
    assert (status, err) == (0, "")
    first, *lines = out.splitlines()
    assert first.startswith(f"Spider: PySolFC game 2, pysolfc, 1 suit: winnable in {len(lines)}")
    state = pysolfc_deal(2)
    for number, line in enumerate(lines, 1):
        label, move = line.split(maxsplit=1)
        assert label == f"{number}."
        state = state.apply(move)
    assert state.status is Status.WON


def test_solve_json_replays_to_a_win(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["spider", "solve", *PYSOLFC_1_SUIT, "--pysolfc", "2", "--json"], capsys)
    assert status == 0
    data = json.loads(out)
    start = pysolfc_deal(2)
    assert data["winnable"] is True
    assert data["position"] == start.to_string()
    assert spider.RuleSet.from_dict(data["rules"]) == start.rules
    assert data["source"] == "PySolFC game 2"
    state = start
    for move in data["moves"]:
        state = state.apply(move)
    assert state.status is Status.WON


@pytest.mark.parametrize("limit", [["--node-limit", "5"], ["--time-limit", "0.001"]])
def test_solve_reports_unknown_at_a_limit(
    capsys: pytest.CaptureFixture[str], limit: list[str]
) -> None:
    # Game 1 takes the solver tens of thousands of positions: far past either limit.
    status, out, err = run(["spider", "solve", *PYSOLFC_1_SUIT, "--pysolfc", "1", *limit], capsys)
    assert (status, err) == (3, "")
    assert out.splitlines()[0].startswith(
        "Spider: PySolFC game 1, pysolfc, 1 suit: unknown: the search reached its limit"
    )
    assert len(out.splitlines()) == 1  # no moves


def test_solve_a_won_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    won = tmp_path / "won.json"
    state = pysolfc_deal(2)
    for move in spider.solve(state).moves:
        state = state.apply(move)
    p13.save_game(state, won)
    status, out, _ = run(["spider", "solve", str(won)], capsys)
    assert status == 0
    assert ": winnable in 0 moves (0 positions searched in " in out.splitlines()[0]


# -- stats ------------------------------------------------------------------------------------


RELAXED_1 = ["spider", "stats", "--preset", "relaxed", "--suits", "1", "--workers", "1"]


@pytest.mark.parametrize(
    ("player", "bot"),
    [("greedy", spider.GreedyBot()), ("random", spider.RandomBot(3))],
)
def test_stats_counts_what_the_bot_wins(
    capsys: pytest.CaptureFixture[str], player: str, bot: p13.Bot
) -> None:
    # Seeds 2..4 of relaxed rules with one suit: the greedy bot wins one of them.
    args = [*RELAXED_1, "--first-seed", "2", "--deals", "3", "--player", player, "--bot-seed", "3"]
    status, out, err = run([*args, "--json"], capsys)
    assert (status, err) == (0, "")
    data = json.loads(out)
    rules = spider.RuleSet.preset("relaxed", suits=1)
    wins, undecided = count(rules, range(2, 5), bot)
    assert (data["deals"], data["wins"], data["unknown"]) == (3, wins, undecided)
    assert data["play"] == "honest, no undo"
    assert set(data) == {
        "rules", "player", "play", "first_seed", "deals", "wins", "unknown",
        "undecided_seeds", "rate", "ci_low", "ci_high", "seconds",
    }  # fmt: skip
    assert spider.RuleSet.from_dict(data["rules"]) == rules
    assert (data["player"], data["first_seed"]) == (player, 2)
    assert data["ci_low"] <= data["rate"] == wins / 3 <= data["ci_high"]
    status, out, _ = run(args, capsys)
    assert status == 0
    assert out.startswith(
        f"Spider relaxed, 1 suit, {player} player (honest, no undo: it sees only what a "
        f"player sees), seeds 2..4: {wins} win{'s' * (wins != 1)} in 3 deals = "
    )
    assert "thoughtful" not in out


def test_stats_plays_the_planner_bot(capsys: pytest.CaptureFixture[str]) -> None:
    # Four suits: the planner gives up soonest there.
    args = ["spider", "stats", "--preset", "relaxed", "--suits", "4", "--workers", "1"]
    args += ["--first-seed", "2", "--deals", "1", "--player", "planner"]
    status, out, err = run([*args, "--bot-seed", "5", "--json"], capsys)
    assert (status, err) == (0, "")
    data = json.loads(out)
    rules = spider.RuleSet.preset("relaxed", suits=4)
    assert (data["wins"], data["unknown"]) == count(rules, range(2, 3), spider.PlannerBot(seed=5))
    assert (data["player"], data["play"]) == ("planner", "honest, no undo")


def test_stats_plays_the_replan_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The count itself is checked against a plain loop for the other bots, and one game of
    # the shipped bot costs seconds: here the bot `replan` builds is recorded, and given a
    # small search, to show that the name reaches it with its seed.
    built: list[spider.ReplanBot] = []
    shipped = spider.ReplanBot

    def small(*, seed: int) -> spider.ReplanBot:
        bot = shipped(1, node_limit=200, seed=seed)
        built.append(bot)
        return bot

    monkeypatch.setitem(p13.get_game("spider").bots, "replan", small)
    args = ["spider", "stats", "--preset", "relaxed", "--suits", "4", "--workers", "1"]
    args += ["--first-seed", "2", "--deals", "1", "--player", "replan", "--bot-seed", "5"]
    status, out, err = run([*args, "--json"], capsys)
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert (data["player"], data["play"], data["deals"]) == ("replan", "honest, no undo", 1)
    assert [bot.seed for bot in built] == [5]
    rules = spider.RuleSet.preset("relaxed", suits=4)
    same = shipped(1, node_limit=200, seed=5)
    assert (data["wins"], data["unknown"]) == count(rules, range(2, 3), same)


def test_stats_plays_the_rollout_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # As for `replan`: the bot `rollout` builds is recorded and made small.
    built: list[spider.RolloutBot] = []
    shipped = spider.RolloutBot

    def small(*, seed: int) -> spider.RolloutBot:
        bot = shipped(2, depth=1, node_limit=200, seed=seed)
        built.append(bot)
        return bot

    monkeypatch.setitem(p13.get_game("spider").bots, "rollout", small)
    args = ["spider", "stats", "--preset", "relaxed", "--suits", "2", "--workers", "1"]
    args += ["--first-seed", "2", "--deals", "1", "--player", "rollout", "--bot-seed", "5"]
    status, out, err = run([*args, "--json"], capsys)
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert (data["player"], data["play"], data["deals"]) == ("rollout", "honest, no undo", 1)
    assert [bot.seed for bot in built] == [5]
    rules = spider.RuleSet.preset("relaxed", suits=2)
    same = shipped(2, depth=1, node_limit=200, seed=5)
    assert (data["wins"], data["unknown"]) == count(rules, range(2, 3), same)


def test_the_greedy_bot_wins_one_of_the_three_deals() -> None:
    # So that the test above compares a win and losses, not zeros.
    rules = spider.RuleSet.preset("relaxed", suits=1)
    assert count(rules, range(2, 5), spider.GreedyBot()) == (1, 0)


def test_stats_with_the_solver_is_thoughtful(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["spider", "stats", "--suits", "1", "--deals", "2", "--workers", "1"]
    status, out, _ = run([*args, "--node-limit", "3000", "--json"], capsys)
    assert status == 0
    data = json.loads(out)
    rules = spider.RuleSet.preset("bicycle", suits=1)
    verdicts = [
        spider.solve(
            spider.GameState.new(spider.Layout.shuffled(seed, rules), rules), node_limit=3000
        ).winnable
        for seed in range(2)
    ]
    assert data["wins"] == verdicts.count(True)
    assert data["undecided_seeds"] == [seed for seed in range(2) if verdicts[seed] is None]
    assert (data["player"], data["play"]) == ("solver", "thoughtful")
    status, out, _ = run([*args, "--node-limit", "3000"], capsys)
    assert "solver player (thoughtful: it sees every card)" in out
    assert "honest" not in out


def test_pyramid_play_refuses_a_spider_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "spider.json"
    p13.save_game(spider.GameState.new(spider.Layout.shuffled(1)), saved)
    status, _, err = run(["play", str(saved)], capsys)
    assert status == 2
    assert "is a Spider game: play it with 'pyramid13 spider play'" in err


# -- the options both games share -----------------------------------------------------------


def test_spider_takes_the_deal_options_pyramid_takes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rules = spider.RuleSet.preset("relaxed", suits=1)
    state = spider.GameState.new(spider.Layout.shuffled(7, rules), rules)
    played = state.apply("deal")
    seed = ["spider", "show", "--preset", "relaxed", "--suits", "1", "--seed", "7"]
    position = ["spider", "show", "--position", played.to_string()]
    settings = ["spider", "show", "--preset", "relaxed,suits=1", "--seed", "7"]
    codes = {
        "--moves": run([*seed, "--moves", "deal", "--code-only"], capsys)[1],
        "--position": run([*position, "--code-only"], capsys)[1],
        "--preset with settings": run([*settings, "--moves", "deal", "--code-only"], capsys)[1],
    }
    assert set(codes.values()) == {played.to_string() + "\n"}, codes
    layout = str(state.layout)
    args = ["spider", "show", "--layout", layout, "--preset", "relaxed", "--suits", "1"]
    status, out, _ = run(args, capsys)
    assert status == 0
    assert out.startswith("Spider: a layout code, relaxed, 1 suit\n")
    status, _, err = run(["spider", "show", "--layout", "nonsense"], capsys)
    assert status == 2
    assert "--layout: " in err


def test_suits_wins_over_the_preset_s_setting(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["spider", "show", "--preset", "microsoft,suits=1", "--suits", "2", "--seed", "3"]
    status, out, _ = run([*args, "--code-only"], capsys)
    assert status == 0
    assert spider.GameState.from_string(out.strip()).rules == spider.RuleSet.preset(
        "microsoft", suits=2
    )


def test_show_and_solve_need_a_deal_as_pyramid_s_do(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("show", "solve"):
        status, out, err = run(["spider", command], capsys)
        assert (status, out) == (2, "")
        assert "choose a game" in err


def test_play_loads_a_layout_with_the_rules_that_deal_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A 2-suit PySolFC layout, loaded into a 4-suit Microsoft game: its own shape and suits.
    path = tmp_path / "layout.txt"
    path.write_text(str(spider.Layout.from_pysolfc(3, suits=2)))
    status, out, err = run(["spider", "play", "--seed", "1"], capsys, f"load {path}\nq\n")
    assert (status, err) == (0, "")
    assert f"loaded {path}" in out
    saved = tmp_path / "game.json"
    run(["spider", "play", str(path)], capsys, f"save {saved}\nq\n")
    assert p13.load_game(saved).rules == spider.RuleSet.preset("pysolfc", suits=2)
