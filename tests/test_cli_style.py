"""How ``play`` draws the board for both games: plain text for scripts and pipes, suit
symbols, colours and marked cards on a terminal, as NO_COLOR, TERM and --color say."""

from __future__ import annotations

import io
import re
import sys

import pytest
from game_walks import games
from hypothesis import given
from hypothesis import strategies as st

from pyramid13 import GameState, Layout, RuleSet, spider
from pyramid13.cli import main
from pyramid13.cli._pyramid import board
from pyramid13.cli._spider import board as spider_board
from pyramid13.cli._style import PLAIN, Style, choose_style

ESCAPE = re.compile("\033\\[[0-9;]*m")
LETTERS = str.maketrans("♣♦♥♠", "CDHS")
FANCY = Style(fancy=True, symbols=True, colour=True)


class Terminal(io.TextIOWrapper):
    """An output stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Pipe(io.TextIOWrapper):
    def isatty(self) -> bool:
        return False


def stream(kind: type[io.TextIOWrapper], encoding: str = "utf-8") -> io.TextIOWrapper:
    return kind(io.BytesIO(), encoding=encoding)


@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")


# -- choosing the style -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "encoding", "when", "env", "expected"),
    [
        (Terminal, "utf-8", "auto", {}, Style(fancy=True, symbols=True, colour=True)),
        (Terminal, "utf-8", "auto", {"NO_COLOR": "1"}, Style(fancy=True, symbols=True)),
        (Terminal, "utf-8", "auto", {"NO_COLOR": ""}, Style(fancy=True, symbols=True, colour=True)),
        (Terminal, "utf-8", "auto", {"TERM": "dumb"}, Style(fancy=True, symbols=True)),
        (Terminal, "ascii", "auto", {}, Style(fancy=True, colour=True)),
        (Terminal, "cp1252", "auto", {}, Style(fancy=True, colour=True)),  # it has no ♣
        (Terminal, "utf-8", "never", {}, PLAIN),
        (Pipe, "utf-8", "auto", {}, PLAIN),
        (Pipe, "utf-8", "always", {"NO_COLOR": "1"}, Style(fancy=True, symbols=True, colour=True)),
        (Pipe, "ascii", "always", {"TERM": "dumb"}, Style(fancy=True, colour=True)),
    ],
)
def test_the_style_follows_the_terminal_the_environment_and_the_option(
    kind: type[io.TextIOWrapper], encoding: str, when: str, env: dict[str, str], expected: Style
) -> None:
    assert choose_style(stream(kind, encoding), when, env) == expected


def test_a_stream_that_cannot_say_is_no_terminal() -> None:
    assert choose_style(object(), "auto", {}) == PLAIN


# -- Pyramid's board ----------------------------------------------------------------------------


@given(games())
def test_the_plain_board_is_the_text_of_the_state(state: GameState) -> None:
    assert board(state) == str(state)


def _unstyled(text: str) -> str:
    """A fancy board without colours, symbols, marks and legend: a mark takes the place
    of a space in the pyramid's rows, and adds a character in the other lines."""
    lines = ESCAPE.sub("", text).translate(LETTERS).splitlines()[:-1]
    rows = [line.replace("*", " ").rstrip() for line in lines[:7]]
    return "\n".join(rows + [line.replace("*", "") for line in lines[7:]])


@given(games())
def test_the_fancy_board_marks_the_playable_cards(state: GameState) -> None:
    text = board(state, FANCY)
    assert _unstyled(text) == str(state)
    assert text.endswith("\n(* marks the cards a move can play now)")
    marked = re.findall("([A2-9TJQK][♣♦♥♠])\\*", ESCAPE.sub("", text))
    playable = {str(card) for move in state.legal_moves() for card in move.cards}
    assert {card.translate(LETTERS) for card in marked} == playable


def test_the_fancy_board_of_seed_1() -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    text = board(state, Style(fancy=True, symbols=True))
    assert "\nK♣* K♥* T♥  T♠  J♠  T♦  8♠\n" in text  # the two Kings can go
    assert "\nstock: 24 cards (top Q♣)\n" in text
    coloured = board(state, FANCY).splitlines()
    assert coloured[-5].startswith("\033[1mK♣*\033[0m \033[31m\033[1mK♥*\033[0m \033[31mT♥\033[0m")


# -- Spider's board -----------------------------------------------------------------------------


@given(st.integers(0, 2**32), st.sampled_from([1, 2, 4]), st.integers(0, 40))
def test_the_fancy_spider_board_is_the_plain_one_in_colour(
    seed: int, suits: int, steps: int
) -> None:
    rules = spider.RuleSet.preset("microsoft", suits=suits)
    state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
    for step in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[(seed + step) % len(moves)])
    plain = spider_board(state)
    assert plain.isascii()
    assert "\033" not in plain
    assert ESCAPE.sub("", spider_board(state, FANCY)).translate(LETTERS) == plain


# -- play, end to end ---------------------------------------------------------------------------


def play(monkeypatch: pytest.MonkeyPatch, output: io.TextIOWrapper, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"q\n"), encoding="utf-8"))
    monkeypatch.setattr(sys, "stdout", output)
    status = main(list(args))
    output.flush()
    data = output.buffer.getvalue()  # type: ignore[attr-defined]
    return status, data.decode(output.encoding)


PYRAMID = ["play", "--seed", "1", "--preset", "microsoft"]
SPIDER = ["spider", "play", "--seed", "1", "--preset", "microsoft", "--suits", "2"]
SEED_1 = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))


@pytest.mark.usefixtures("no_env")
def test_a_script_gets_the_plain_board(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = play(monkeypatch, stream(Pipe), *PYRAMID)
    assert status == 0
    assert out.startswith(f"Pyramid: seed 1, microsoft rules\n{SEED_1}\nmoves: 1) KC  2) KH")
    status, out = play(monkeypatch, stream(Pipe), *SPIDER)
    assert "\033" not in out
    assert not set("♣♦♥♠") & set(out)


@pytest.mark.usefixtures("no_env")
@pytest.mark.parametrize("command", [PYRAMID, SPIDER], ids=["pyramid", "spider"])
def test_a_terminal_gets_symbols_colours_and_marks(
    monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    status, out = play(monkeypatch, stream(Terminal), *command)
    assert status == 0
    assert "\033[31m" in out
    assert "♠" in out
    assert "(* marks the cards a move can " in out


@pytest.mark.usefixtures("no_env")
@pytest.mark.parametrize("command", [PYRAMID, SPIDER], ids=["pyramid", "spider"])
def test_no_color_keeps_symbols_and_marks(
    monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    _, out = play(monkeypatch, stream(Terminal), *command)
    assert "\033" not in out
    assert "♠" in out
    assert "*" in out
    _, forced = play(monkeypatch, stream(Terminal), *command, "--color", "always")
    assert "\033[31m" in forced  # the option wins over the environment


@pytest.mark.usefixtures("no_env")
@pytest.mark.parametrize("command", [PYRAMID, SPIDER], ids=["pyramid", "spider"])
def test_color_never_on_a_terminal_is_what_a_script_gets(
    monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    _, plain = play(monkeypatch, stream(Pipe), *command)
    _, never = play(monkeypatch, stream(Terminal), *command, "--colour", "never")
    assert never == plain


@pytest.mark.usefixtures("no_env")
def test_an_ascii_terminal_gets_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = play(monkeypatch, stream(Terminal, "ascii"), *PYRAMID)
    assert out.isascii()
    assert "\033[1mKC*\033[0m" in out


@pytest.mark.usefixtures("no_env")
def test_color_always_on_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = play(monkeypatch, stream(Pipe), *SPIDER, "--color", "always")
    assert "\033[31m" in out
    assert "♥" in out
