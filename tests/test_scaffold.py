"""The floor's scaffold of every game's state (`pyramid13._base.scaffold`): one shape for
what both games' states share, and one way to build a state."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from attrs.exceptions import FrozenInstanceError

import pyramid13 as p13
from pyramid13 import spider
from pyramid13._base.scaffold import StateFields, StateScaffold


def pyramid_state() -> Any:
    return p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))


def spider_state() -> Any:
    rules = spider.RuleSet.preset("microsoft", suits=1)
    return spider.GameState.new(spider.Layout.shuffled(3, rules), rules)


STARTS = [pytest.param(pyramid_state, id="pyramid"), pytest.param(spider_state, id="spider")]


def played(start: Any, moves: int = 6) -> Any:
    state = start()
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(state.legal_moves()[0])
    return state


def test_both_states_stand_on_the_scaffold() -> None:
    for cls in (p13.GameState, spider.GameState):
        assert issubclass(cls, StateScaffold)
        assert issubclass(cls, StateFields)
        for name in ("score", "status", "is_over", "history", "start", "previous", "last_move"):
            assert name not in vars(cls), f"{cls._NAME}.{name} is the scaffold's"
        for name in ("apply", "is_legal", "legal_actions", "legal_action_mask", "__eq__"):
            assert name not in vars(cls), f"{cls._NAME}.{name} is the scaffold's"


@pytest.mark.parametrize("start", STARTS)
def test_a_built_state_is_of_the_public_class(start: Any) -> None:
    state = played(start)
    assert type(state) is type(start())
    assert type(state.undo()) is type(state)
    assert all(type(s) is type(state) for s in (state.start, state.previous))


@pytest.mark.parametrize("start", STARTS)
def test_states_are_frozen_with_one_message(start: Any) -> None:
    state = played(start)
    before = (hash(state), state.to_string())
    for name in ("_score", "_game", "_parent", "score", "anything"):
        with pytest.raises(FrozenInstanceError, match="is immutable: cannot set"):
            setattr(state, name, 1)
        with pytest.raises(FrozenInstanceError, match="is immutable: cannot delete"):
            delattr(state, name)
    assert (hash(state), state.to_string()) == before


@pytest.mark.parametrize("start", STARTS)
def test_no_state_without_new(start: Any) -> None:
    cls = type(start())
    with pytest.raises(TypeError, match=r"\.new\(layout, rules\)"):
        cls()


@pytest.mark.parametrize("start", STARTS)
def test_history_start_and_undo(start: Any) -> None:
    first = start()
    state = played(start)
    assert state.start == first
    assert len(state.history) == 6
    assert state.last_move == state.history[-1]
    assert state.previous is state.undo()
    back = state
    for _ in state.history:
        back = back.undo()
    assert back.previous is None
    assert back.last_move is None
    with pytest.raises(p13.UndoError):
        back.undo()


@pytest.mark.parametrize("start", STARTS)
def test_apply_over_apply_unchecked(start: Any) -> None:
    state = start()
    for move in state.legal_moves():
        assert state.is_legal(move)
        assert state.is_legal(str(move))
        assert state.apply(move) == state.apply(str(move)) == state.apply_unchecked(move)
    assert state.legal_actions() == tuple(
        a for a, legal in enumerate(state.legal_action_mask()) if legal
    )
    for action in state.legal_actions():  # an action number plays its move
        move = p13.game_of(state).action_to_move(action)
        assert state.apply(action) == state.apply(move)
    with pytest.raises(p13.InvalidMoveError, match=r"expected a .*action number, not float"):
        state.apply(3.0)
    with pytest.raises(p13.InvalidMoveError):
        state.is_legal(None)


def test_a_move_of_the_other_game_is_refused() -> None:
    pyramid = pyramid_state()
    spider_ = spider_state()
    with pytest.raises(p13.InvalidMoveError, match="expected a spider Move"):
        spider_.apply(pyramid.legal_moves()[0])
    with pytest.raises(p13.InvalidMoveError, match="expected a Move"):
        pyramid.apply(spider_.legal_moves()[0])


@pytest.mark.parametrize("start", STARTS)
def test_equality_hashing_copies_and_pickles(start: Any) -> None:
    state = played(start)
    again = played(start)
    assert state == again
    assert hash(state) == hash(again)
    assert state is not again
    assert state != state.undo()
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    loaded = pickle.loads(pickle.dumps(state))
    assert loaded == state
    assert hash(loaded) == hash(state)
    assert loaded.history == state.history
    assert loaded.score == state.score
    assert type(loaded) is type(state)
    # A position read back from its code has no history but equals the state.
    assert type(state).from_string(state.to_string()) == state


def test_states_of_two_games_never_compare_equal() -> None:
    assert pyramid_state() != spider_state()
    assert spider_state() != pyramid_state()
    assert pyramid_state() != "a state"


@pytest.mark.parametrize("start", STARTS)
def test_repr_shape(start: Any) -> None:
    state = played(start)
    text = repr(state)
    assert text.startswith(f"<{state._NAME} microsoft")
    assert text.endswith(f", score {state.score}, {state.status.value}>")
