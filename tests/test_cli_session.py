"""``play`` in both games, as one Session: what ``*`` marks, the moves listed, the line
that says what a move did, plurals, ``new``/``restart``, the question before unsaved moves
are dropped, the hints, and the options both games share."""

from __future__ import annotations

import argparse
import io
import random
import re
import sys
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import spider
from pyramid13.cli import build_parser, main
from pyramid13.cli._games import hooks_for
from pyramid13.cli._play import _EOF, Session
from pyramid13.cli._spider import board as spider_board
from pyramid13.cli._spider import listed_moves

SPIDER_PRESETS = list(spider.RuleSet.preset_names())
PYRAMID_PRESETS = list(p13.RuleSet.preset_names())


def run(
    args: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        status = main(args)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return status, out, err


State = TypeVar("State", p13.GameState, spider.GameState)


def played(state: State, seed: int, length: int) -> State:
    """`state` after up to `length` random legal moves."""
    rng = random.Random(seed)
    for _ in range(length):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(rng.choice(moves))
    return state


@st.composite
def spider_states(draw: st.DrawFn) -> spider.GameState:
    rules = spider.RuleSet.preset(
        draw(st.sampled_from(SPIDER_PRESETS)), suits=draw(st.sampled_from([1, 2, 4]))
    )
    start = spider.GameState.new(spider.Layout.shuffled(draw(st.integers(0, 10**6)), rules), rules)
    return played(start, draw(st.integers(0, 10**6)), draw(st.sampled_from([0, 10, 40, 90, 150])))


@st.composite
def pyramid_states(draw: st.DrawFn) -> p13.GameState:
    rules = p13.RuleSet.preset(draw(st.sampled_from(PYRAMID_PRESETS)))
    start = p13.GameState.new(p13.Layout.shuffled(draw(st.integers(0, 10**6))), rules)
    return played(start, draw(st.integers(0, 10**6)), draw(st.sampled_from([0, 5, 15, 30, 45])))


def _table(state: spider.GameState) -> list[tuple[Any, ...]]:
    return sorted(
        (tuple(map(str, pile.face_down)), tuple(map(str, pile.face_up))) for pile in state.piles
    )


# -- the moves listed and the cards marked --------------------------------------------------


@settings(max_examples=30)
@given(spider_states())
def test_only_moves_that_change_nothing_go_unlisted(state: spider.GameState) -> None:
    listed = listed_moves(state)
    legal = state.legal_moves()
    assert [move for move in legal if move in listed] == listed  # the legal order
    for move in legal:
        after = state.apply(move)
        # A move left out gives the same piles in another order, and nothing else.
        same = _table(after) == _table(state) and after.runs_removed == state.runs_removed
        assert (move not in listed) == (move.is_unit and same and after.stock == state.stock)


@settings(max_examples=30)
@given(spider_states())
def test_a_star_marks_the_cards_a_listed_move_plays(state: spider.GameState) -> None:
    lines = spider_board(state).splitlines()
    rows = lines[1 : next(i for i, line in enumerate(lines) if line.startswith("stock:"))]
    for number, pile in enumerate(state.piles):
        cells = [row[5 * number : 5 * number + 5].strip() for row in rows]
        cells = [cell for cell in cells if cell and cell not in ("##", "--")]
        assert [cell.rstrip("*") for cell in cells[: len(pile.face_up)]] == list(
            map(str, pile.face_up)
        )
        marked = {depth for depth, cell in enumerate(reversed(cells)) if cell.endswith("*")}
        used: set[int] = set()
        for move in listed_moves(state):
            if move.is_unit and move.source == number:
                used |= set(range(move.count))
            if move.pile == number:
                used |= set(range(13))
        assert marked == used, (number, str(state))


# -- what a move did ------------------------------------------------------------------------


@settings(max_examples=30)
@given(spider_states(), st.randoms(use_true_random=False))
def test_every_spider_move_says_what_it_did(state: spider.GameState, rng: random.Random) -> None:
    if not state.legal_moves():
        return
    move = rng.choice(state.legal_moves())
    after = state.apply(move)
    line = hooks_for("spider").move_effect(after)
    runs = len(after.runs_removed) - len(state.runs_removed)
    turned = sum(
        len(before.face_down) != len(now.face_down)
        for before, now in zip(state.piles, after.piles, strict=True)
    )
    assert line.count("removed a run of") == runs
    assert line.count("turned up") + line.count(" and ") >= turned
    assert "(s)" not in line
    if move.kind is spider.MoveKind.DEAL:
        assert line.startswith(f"dealt {len(state.stock) - len(after.stock)} cards from the stock")
    elif move.is_unit and not runs:
        source, count, target = move.source, move.count, move.target
        assert source is not None and count is not None and target is not None  # noqa: PT018
        cards = [str(card) for card in state.piles[source].face_up[-count:]]
        listed = (
            " and ".join(cards) if len(cards) <= 2 else ", ".join(cards[:-1]) + " and " + cards[-1]
        )
        assert line.startswith(f"moved {listed} from pile {source + 1} onto pile {target + 1}")


@settings(max_examples=30)
@given(pyramid_states(), st.randoms(use_true_random=False))
def test_every_pyramid_move_says_what_it_did(state: p13.GameState, rng: random.Random) -> None:
    if not state.legal_moves():
        return
    move = rng.choice(state.legal_moves())
    line = hooks_for("pyramid").move_effect(state.apply(move))
    if move.kind is p13.MoveKind.DRAW:
        assert line.startswith("drew ")
    elif move.kind is p13.MoveKind.RECYCLE:
        assert line.startswith("turned the waste over: ")
    else:
        assert line.startswith("removed ")
        for card in move.cards:
            assert str(card) in line


def test_the_line_follows_each_move_in_play(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["spider", "play", "--preset", "microsoft", "--seed", "3"]
    status, out, _ = run(args, capsys, "5:1-10\nq\ny\n")
    assert status == 0
    assert "played 5:1>10\nmoved 8H from pile 5 onto pile 10; turned up 5C on pile 5\n" in out
    status, out, _ = run(["play", "--seed", "3"], capsys, "d\n")
    assert "played draw\ndrew 9C from the stock\n" in out


# -- messages -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("11 1", "there is no pile 11: the piles are 1 to 10"),
        ("1 11", "there is no pile 11: the piles are 1 to 10"),
        ("0 3", "there is no pile 0: the piles are 1 to 10"),
        ("3 3", "pile 3 cannot move onto itself"),
        ("1 2", "no cards of pile 1 can go onto pile 2"),
        ("undo 2", "cannot undo 2 moves: only 0 played"),
        ("undo 1", "cannot undo 1 move: only 0 played"),
        ("redo", "cannot redo 1 move: only 0 undone"),
        ("redo 0", "redo takes a number of moves >= 1, not '0'"),
        ("redo 9999999999", "cannot redo 9999999999 moves: only 0 undone"),
        ("hint sideways", "hint takes nothing or 'honest'"),
        ("new x", "new takes a seed"),
        ("restart", "the game is at its start already"),
    ],
)
def test_messages_number_piles_from_1(
    line: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["spider", "play", "--preset", "microsoft", "--seed", "3"], capsys, line)
    assert status == 0
    assert f"error: {message}" in err


SCRIPT_WORDS = ["1", "2", "u", "undo 1", "undo 2", "redo", "redo 2", "d", "h", "b", "restart"]
SCRIPT_WORDS += ["y", "new 4", "n"]


@settings(max_examples=10)
@given(
    st.sampled_from(["pyramid", "spider"]),
    st.integers(0, 1000),
    st.lists(
        st.sampled_from(SCRIPT_WORDS),
        max_size=12,
    ),
)
def test_no_message_says_s_in_brackets(game: str, seed: int, script: list[str]) -> None:
    command = [] if game == "pyramid" else [game]
    out, err = io.StringIO(), io.StringIO()
    hooks = hooks_for(game)
    session = Session(
        hooks, hooks.game.deal(seed, hooks.default_rules()), "a deal", out=out, err=err
    )
    session.run(((line, None) for line in [*script, "q", "y"]), echo=True, stop_on_error=False)
    assert "(s)" not in out.getvalue(), command
    assert "move(s)" not in err.getvalue()
    assert "suit(s)" not in err.getvalue()


# -- undo and redo: the session's Timeline --------------------------------------------------


def _session(game: str, state: Any) -> tuple[Session, io.StringIO, io.StringIO]:
    out, err = io.StringIO(), io.StringIO()
    return Session(hooks_for(game), state, "a deal", out=out, err=err), out, err


@pytest.mark.parametrize("game", ["pyramid", "spider"])
def test_redo_plays_again_what_undo_took_back(game: str) -> None:
    hooks = hooks_for(game)
    start = hooks.game.deal(11, hooks.default_rules())
    line = [start]
    for _ in range(3):
        line.append(line[-1].apply(line[-1].legal_moves()[0]))
    session, out, err = _session(game, start)
    script = [str(state.last_move) for state in line[1:]]
    script += ["undo 3", "redo", "redo 1", "redo 2", "redo", "undo", "redo", "q", "y"]
    session.run(((text, None) for text in script), echo=True, stop_on_error=False)
    said = out.getvalue()
    assert "undid 3 moves" in said
    assert said.count("redid 1 move\n") == 4
    assert "error: cannot redo 2 moves: only 1 undone" in err.getvalue()
    assert session.state == line[3]
    assert session.state.history == line[3].history
    assert not session.timeline.can_redo
    # a move played after an undo drops what was undone: nothing left to redo
    session, out, err = _session(game, line[3])
    other = [move for move in line[2].legal_moves() if move != line[3].last_move]
    script = ["undo", str(other[0]), "redo", "q", "y"]
    session.run(((text, None) for text in script), echo=True, stop_on_error=False)
    assert "error: cannot redo 1 move: only 0 undone" in err.getvalue()
    assert session.state == line[2].apply(other[0])


def test_a_spider_undo_costs_a_point_that_redo_gives_back() -> None:
    rules = spider.RuleSet.preset("microsoft", suits=1)
    start = spider.GameState.new(spider.Layout.shuffled(3, rules), rules)
    session, _, _ = _session("spider", start)
    move = str(start.legal_moves()[0])
    session.run(((text, None) for text in [move, "u"]), echo=True, stop_on_error=False)
    assert session.state.score == start.score - 1  # the undo's penalty
    assert session.timeline.redo_states[0] == start.apply(move)
    session.run(((text, None) for text in ["redo"]), echo=True, stop_on_error=False)
    assert session.state == start.apply(move)  # the state undone, score included


def test_the_help_lists_redo(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["play", "--seed", "1"], ["spider", "play", "--seed", "1"]):
        _, out, _ = run(args, capsys, "help\n")
        assert "redo [N]       play again the last move taken back (or N moves)" in out


# -- new, restart, and unsaved moves --------------------------------------------------------


def test_new_deals_a_seed_and_restart_goes_back_to_the_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["spider", "play", "--preset", "microsoft", "--suits", "2", "--seed", "3"]
    _, fresh, _ = run(
        ["spider", "play", "--preset", "microsoft", "--suits", "2", "--seed", "9"], capsys
    )
    status, out, _ = run(args, capsys, "new 9\n")
    assert status == 0
    assert out.split("> new 9\n")[1] == fresh  # the same heading and board as --seed 9
    _, start, _ = run(args, capsys)
    status, out, _ = run(args, capsys, "1\n1\nrestart\ny\n")
    assert out.endswith("back to the start of the deal\n" + start.split("\n", 1)[1])


@pytest.mark.parametrize("game", [["spider"], []])
def test_quit_asks_before_dropping_unsaved_moves(
    game: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    args = [*game, "play", "--seed", "3"]
    status, out, _ = run(args, capsys, "1\nq\nn\nq\nyes\nd\n")
    assert status == 0
    assert out.count("1 move not saved: quit all the same? (y/n)") == 2
    assert "not done: quit was not confirmed" in out
    assert "> d" not in out  # the second quit ended the session
    saved = tmp_path / "game.json"
    status, out, _ = run(args, capsys, f"1\nsave {saved}\nq\n")
    assert "not saved" not in out
    assert "saved 1 move to" in out
    # The end of a script's input ends the session without a question.
    status, out, _ = run(args, capsys, "1\n")
    assert (status, "not saved" in out) == (0, False)
    # Undone back to where it was saved, nothing is lost.
    status, out, _ = run(args, capsys, f"save {saved}\n1\nu\nq\n")
    assert "not saved" not in out


def test_end_of_input_at_a_terminal_asks_as_quit_does() -> None:
    hooks = hooks_for("pyramid")
    out = io.StringIO()
    session = Session(
        hooks, hooks.game.deal(3, hooks.default_rules()), "seed 3", out=out, err=io.StringIO()
    )
    lines = ["d", _EOF, "n", _EOF, _EOF, "d"]
    status = session.run(((line, None) for line in lines), echo=False, stop_on_error=False)
    assert status == 0
    assert out.getvalue().count("1 move not saved: quit all the same?") == 2
    assert len(session.state.history) == 1  # the last 'd' was never read


# -- hints ----------------------------------------------------------------------------------


def test_spider_hints_say_what_they_know(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["spider", "play", "--preset", "pysolfc", "--suits", "1", "--pysolfc", "5"]
    status, out, _ = run(args, capsys, "h\nhint honest\n")
    assert status == 0
    state = spider.GameState.new(
        spider.Layout.from_pysolfc(5, suits=1), spider.RuleSet.preset("pysolfc", suits=1)
    )
    lines = out.splitlines()
    (thoughtful,) = [line for line in lines if line.startswith("hint: ")]
    (honest,) = [line for line in lines if line.startswith("honest hint: ")]
    assert "(from spider.Hinter, which sees the face-down cards" in thoughtful
    assert honest == (
        f"honest hint: {spider.honest_hint(state.observe())} "
        "(from spider.RolloutBot, which sees only what you see)"
    )


def test_pyramid_offers_an_honest_hint_from_replan_bot(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["play", "--seed", "3", "--preset", "microsoft"], capsys, "h\nhint honest\n"
    )
    assert status == 0
    state = p13.GameState.new(p13.Layout.shuffled(3), p13.RuleSet.preset("microsoft"))
    lines = out.splitlines()
    (thoughtful,) = [line for line in lines if line.startswith("hint: ")]
    (honest,) = [line for line in lines if line.startswith("honest hint: ")]
    assert "(from the solver, which knows the order of the stock; 'hint honest'" in thoughtful
    assert honest == (
        f"honest hint: {p13.honest_hint(state.observe())} "
        "(from ReplanBot, which sees only what you see)"
    )


# -- the options ----------------------------------------------------------------------------

#: The options one game has and the other has not: its own rules or solution format.
OWN = {"--suits", "--msc", "--optimal"}


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {option for action in parser._actions for option in action.option_strings}


def _command(parser: argparse.ArgumentParser, *names: str) -> argparse.ArgumentParser:
    """The parser of the subcommand `names` (``"spider", "play"``) under `parser`."""
    for name in names:
        (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        parser = commands.choices[name]
    return parser


@pytest.mark.parametrize("command", ["play", "show", "solve", "stats"])
def test_both_games_take_the_same_options(command: str) -> None:
    pyramid = _command(build_parser(), command)
    spider_command = _command(build_parser("spider"), "spider", command)
    assert _options(pyramid) - OWN == _options(spider_command) - OWN
    assert ("--code" in _options(pyramid)) == (command != "stats")  # stats deals seeds only


def test_show_code_keeps_its_older_meaning_and_reads_a_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = p13.GameState.new(p13.Layout.shuffled(3))
    for args in (["show", "--seed", "3", "--code"], ["show", "--code", "--seed", "3"]):
        assert run(args, capsys) == (0, state.to_string() + "\n", "")
    status, out, _ = run(["show", "--code", state.to_string()], capsys)
    assert status == 0
    assert out.startswith(str(state).split("\n", 1)[0])
    status, out, err = run(["show", "--code", state.to_string(), "--seed", "2"], capsys)
    assert status == 2
    assert "go apart" in err


def test_spider_moves_need_no_quotes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["spider", "show", "--preset", "microsoft", "--seed", "3", "--moves", "5:1-10"], capsys
    )
    rules = spider.RuleSet.preset("microsoft")
    state = spider.GameState.new(spider.Layout.shuffled(3, rules), rules).apply("5:1>10")
    assert status == 0
    assert f"position code: {state.to_string()}" in out


@settings(max_examples=30)
@given(spider_states(), st.integers(1, 10), st.integers(1, 10), st.integers(1, 13))
def test_every_pile_a_message_names_is_numbered_1_to_10(
    state: spider.GameState, source: int, target: int, count: int
) -> None:
    """``s t`` and ``s:k>t`` either play the move or say why not, with piles 1-10 only."""
    hooks = hooks_for("spider")
    for line in (f"{source} {target}", f"{source}:{count}-{target}"):
        out, err = io.StringIO(), io.StringIO()
        session = Session(hooks, state, "a deal", out=out, err=err)
        session.run(iter([(line, None)]), echo=False, stop_on_error=False)
        text = out.getvalue() + err.getvalue()
        numbers = [int(word) for word in re.findall(r"\bpiles? ([0-9]+)", text)]
        assert all(1 <= number <= 10 for number in numbers), text
        if err.getvalue():
            assert session.state is state
            assert "(s)" not in err.getvalue()
        else:
            move = session.state.last_move
            assert move is not None
            assert (move.source, move.target) == (source - 1, target - 1)
            assert (
                line != f"{source} {target}"
                or move.count == state.liftable(source - 1)
                or (
                    move.count is not None
                    and target - 1 in state.targets(source - 1, move.count)
                    and all(
                        target - 1 not in state.targets(source - 1, longer)
                        for longer in range(move.count + 1, state.liftable(source - 1) + 1)
                    )
                )
            )
