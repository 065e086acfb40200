"""The house's layers: the floor imports no game, each game imports only the floor, and
a program that plays one game never loads the other."""

from __future__ import annotations

import subprocess
import sys
from typing import TYPE_CHECKING, Any

import pytest

import pyramid13 as p13

if TYPE_CHECKING:  # mypy proves here that both games' states satisfy the protocol
    from pyramid13 import spider

    def _both_games_are_states(
        pyramid: p13.GameState, spider_state: spider.GameState
    ) -> tuple[p13.State[p13.Move], p13.State[spider.Move]]:
        return pyramid, spider_state


def _modules_loaded_by(program: str) -> set[str]:
    code = f"{program}\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"
    output = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    return {name for name in output.split() if name.startswith("pyramid13")}


SPIDER_GAME = """
from pyramid13 import spider
rules = spider.RuleSet.preset("pysolfc")
state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
state = state.apply(state.legal_moves()[0]).undo()
spider.solve(state, node_limit=100)
spider.GreedyBot().choose(state.observe())
state.to_string(), state._repr_svg_()
"""

PYRAMID_GAME = """
import pyramid13 as p13
state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
state = state.apply(state.legal_moves()[0]).undo()
p13.solve(state), p13.hint(state), p13.GreedyBot().choose(state)
state.to_string(), p13.to_svg(state)
"""


def test_a_spider_program_loads_no_pyramid_module() -> None:
    loaded = _modules_loaded_by(SPIDER_GAME)
    assert "pyramid13.spider._state" in loaded
    assert not {name for name in loaded if name.startswith("pyramid13.pyramid")}


def test_a_pyramid_program_loads_no_spider_module() -> None:
    loaded = _modules_loaded_by(PYRAMID_GAME)
    assert "pyramid13.pyramid._state" in loaded
    assert not {name for name in loaded if name.startswith("pyramid13.spider")}


def test_every_game_is_registered_once_with_its_types() -> None:
    games = p13.registered_games()
    assert [game.name for game in games] == ["pyramid", "spider"]
    assert p13.get_game("pyramid").state_type is p13.GameState
    assert p13.get_game("spider").state_type is p13.spider.GameState
    for game in games:
        rules = game.rules_type.preset("microsoft")  # type: ignore[attr-defined]
        assert p13.game_of(rules) is game


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(p13.InvalidArgumentError, match=r"'klondike' \(known: pyramid, spider\)"):
        p13.get_game("klondike")


@pytest.mark.parametrize("value", [None, 3, "AS"])
def test_a_value_of_no_game_is_named_in_the_error(value: Any) -> None:
    with pytest.raises(p13.InvalidArgumentError, match="of a game"):
        p13.game_of(value)
