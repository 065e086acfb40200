"""`pyramid13.testing.check_honest`: honest bots pass, bots that read hidden cards are caught."""

from __future__ import annotations

import random
import threading
from typing import Any

import numpy as np
import pytest

import pyramid13 as p13
from pyramid13 import spider
from pyramid13.testing import check_honest

SPIDER_RULES = spider.RuleSet.preset("pysolfc", suits=2)


@pytest.mark.parametrize(
    "bot",
    [spider.RandomBot(seed=3), spider.GreedyBot(), spider.PlannerBot(budget=300)],
    ids=repr,
)
def test_the_shipped_honest_spider_bots_pass(bot: Any) -> None:
    assert check_honest(bot, SPIDER_RULES, positions=40) == 40


class FirstSeenMove:
    """An honest Pyramid bot: the first legal move of what it is shown."""

    honest = True

    def choose(self, observation: p13.Observation) -> p13.Move:
        return observation.legal_moves()[0]


def test_an_honest_pyramid_bot_passes() -> None:
    assert check_honest(FirstSeenMove(), p13.RuleSet.preset("king-tut"), positions=60) == 60


@pytest.mark.parametrize("preset", ["microsoft", "relaxed"])
def test_the_greedy_pyramid_bot_is_honest(preset: str) -> None:
    assert p13.GreedyBot.honest
    assert check_honest(p13.GreedyBot(), p13.RuleSet.preset(preset), positions=150) == 150


def test_the_thoughtful_solver_is_caught() -> None:
    with pytest.raises(AssertionError, match="chose otherwise in a twin"):
        check_honest(p13.SolverBot(node_limit=20_000), SPIDER_RULES, positions=30)


class PeekingPyramidBot:
    """Draws when the face-down stock's next card is a King, else plays the first legal
    move: a choice that reads the stock order."""

    def choose(self, state: p13.GameState) -> p13.Move:
        legal = state.legal_moves()
        if p13.Move.DRAW in legal and state.stock and state.stock[-1].value == 13:
            return p13.Move.DRAW
        return legal[0]


def test_a_pyramid_bot_that_reads_the_stock_order_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"chose otherwise.*\(deal \d+, move \d+\)"):
        check_honest(PeekingPyramidBot(), p13.RuleSet.preset("classic"), positions=100)


class PeekingSpiderBot:
    """Plays like the greedy bot, but moves pile 1's top card first when the card under
    it, face down, is red: a choice that reads a hidden card."""

    def choose(self, state: spider.GameState) -> spider.Move:
        pile = state.piles[0]
        legal = state.legal_moves()
        if pile.face_down and pile.face_down[-1].suit in (p13.Suit.HEARTS, p13.Suit.DIAMONDS):
            lifts = [move for move in legal if str(move).startswith("1:")]
            if lifts:
                return lifts[0]
        return legal[-1]


def test_a_bot_that_reads_a_face_down_card_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"chose otherwise.*\(deal \d+, move \d+\)"):
        check_honest(PeekingSpiderBot(), SPIDER_RULES, positions=200)


def test_the_check_is_reproducible_and_leaves_the_bot_alone() -> None:
    bot = spider.RandomBot(seed=9)
    before = repr(bot)
    assert check_honest(bot, SPIDER_RULES, positions=15, seed=4) == 15
    assert repr(bot) == before


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"rules": "microsoft"}, "rules must be a RuleSet of a game, not 'microsoft'"),
        ({"rules": spider.Move.DEAL}, "rules must be the RuleSet of a game, not a Spider Move"),
        ({"positions": 0}, "positions must be a positive int, not 0"),
        ({"twins": True}, "twins must be a positive int, not True"),
        ({"seed": -1}, "seed must be an int in 0..2\\*\\*64-1, not -1"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, Any], message: str) -> None:
    call: dict[str, Any] = {"rules": SPIDER_RULES, **arguments}
    with pytest.raises(p13.InvalidArgumentError, match=message):
        check_honest(spider.GreedyBot(), **call)


# -- at its edges ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bot", "match"),
    [
        (None, "bot must be a Bot .*, not None"),
        (np.int64(3), "bot must be a Bot .*, not np.int64\\(3\\)"),  # it has a choose method
        ("greedy", "bot must be a Bot .*, not 'greedy'"),
        (object(), "bot must be a Bot"),
        (spider.GreedyBot, "not the class GreedyBot \\(pass an instance: GreedyBot\\(\\)\\)"),
    ],
    ids=["None", "numpy int", "text", "object", "class"],
)
def test_what_is_no_bot_is_refused(bot: Any, match: str) -> None:
    with pytest.raises(p13.InvalidArgumentError, match=match):
        check_honest(bot, p13.RuleSet.preset("microsoft"), positions=2)


class Locked(FirstSeenMove):
    """An honest bot that holds a lock, which `copy.deepcopy` cannot copy."""

    def __init__(self) -> None:
        self.lock = threading.Lock()


def test_a_bot_that_cannot_be_copied_is_refused() -> None:
    with pytest.raises(p13.InvalidArgumentError, match=r"bot must be copyable .*'_thread\.lock'"):
        check_honest(Locked(), p13.RuleSet.preset("microsoft"), positions=2)


class Broken:
    honest = True

    def choose(self, observation: p13.Observation) -> p13.Move:
        raise ValueError("no idea")


def test_a_bot_that_fails_in_its_own_game_gets_a_library_error_with_the_cause() -> None:
    with pytest.raises(p13.InvalidArgumentError, match="raised ValueError: no idea in '") as info:
        check_honest(Broken(), p13.RuleSet.preset("microsoft"), positions=2)
    assert isinstance(info.value.__cause__, ValueError)


class EngineFirstMove:
    """Plays the first of the engine's own legal moves: given the state, it finds none
    where the engine has declared the game LOST from the stock order it knows."""

    def choose(self, state: p13.GameState) -> p13.Move:
        return state.legal_moves()[0]


def test_a_bot_that_reads_the_engines_moves_is_caught_in_a_twin_the_engine_calls_lost() -> None:
    # Regression: its IndexError in such a twin came out of the check itself.
    with pytest.raises(
        AssertionError,
        match=r"failed in a twin .*raised IndexError.*\(deal \d+, move \d+\) \(the twin's "
        r"engine already says LOST",
    ):
        check_honest(EngineFirstMove(), p13.RuleSet.preset("king-tut"), positions=400)


class GlobalRandom:
    """Honest, but draws from the global `random` generator."""

    honest = True

    def choose(self, observation: Any) -> Any:
        return random.choice(observation.legal_moves())


class NumpyRandom:
    """Honest, but draws from NumPy's global generator."""

    honest = True

    def choose(self, observation: Any) -> Any:
        legal = observation.legal_moves()
        return legal[np.random.randint(len(legal))]  # the global generator


@pytest.mark.parametrize(
    ("bot", "rules"),
    [
        (GlobalRandom(), p13.RuleSet.preset("microsoft")),
        (NumpyRandom(), SPIDER_RULES),
    ],
    ids=["random", "numpy"],
)
def test_a_bot_that_draws_from_a_global_generator_is_called_nondeterministic(
    bot: Any, rules: Any
) -> None:
    with pytest.raises(AssertionError) as info:
        check_honest(bot, rules, positions=100)
    message = str(info.value)
    assert "is nondeterministic: asked twice in the same position" in message
    assert "chose otherwise" not in message


class TwinShy:
    """Plays the first legal move, but raises in a state dealt otherwise than the first it
    was asked in: a twin (the same view, other hidden cards), which no real game gives."""

    def __init__(self) -> None:
        self.layout: p13.Layout | None = None

    def choose(self, state: p13.GameState) -> p13.Move:
        if self.layout is None:
            self.layout = state.layout
        elif state.layout != self.layout:
            raise RuntimeError("a twin")
        return state.legal_moves()[0]


def test_a_bot_that_fails_only_in_twins_is_caught_saying_so() -> None:
    with pytest.raises(AssertionError) as info:
        check_honest(TwinShy(), p13.RuleSet.preset("microsoft"), positions=5)
    message = str(info.value)
    assert "failed in a twin that looks the same" in message
    assert "raised RuntimeError: a twin in" in message
    assert "already says" not in message  # the twin's engine plays on
