"""`spider.honest_hint`: a suggestion from the player's view alone, beside the thoughtful
`spider.hint`."""

from __future__ import annotations

import random

import pytest

import pyramid13 as p13
from pyramid13 import spider

RULES = spider.RuleSet.preset("pysolfc", suits=1)


def deal(number: int) -> spider.GameState:
    return spider.GameState.new(spider.Layout.from_pysolfc(number, suits=1), RULES)


def test_the_hint_is_rollout_bots_move_and_the_same_for_hidden_twins() -> None:
    state = deal(5)
    for played in ("deal", "1:1>7"):
        state = state.apply(played)
    view = state.observe()
    move = spider.honest_hint(view)
    assert move in state.legal_moves()
    assert move == spider.RolloutBot().choose(view)
    # Another deal of the hidden cards behind the same view: the same hint.
    twin = spider.determinize(view, random.Random(3))
    assert twin.observe() == view
    assert [str(pile) for pile in twin.piles] != [str(pile) for pile in state.piles]
    assert spider.honest_hint(twin.observe()) == move


def test_no_hint_once_the_game_is_over() -> None:
    state = deal(5)
    for move in spider.solve(state).moves:
        state = state.apply(move)
    assert state.status is p13.Status.WON
    assert spider.honest_hint(state.observe()) is None


@pytest.mark.parametrize(
    "value",
    [deal(1), p13.GameState.new(p13.Layout.shuffled(1)).observe(), None, "deal"],
    ids=["a Spider GameState", "a Pyramid Observation", "None", "text"],
)
def test_what_is_not_a_spider_view_is_refused(value: object) -> None:
    with pytest.raises(p13.InvalidArgumentError, match="observation must be a Spider Observation"):
        spider.honest_hint(value)  # type: ignore[arg-type]
