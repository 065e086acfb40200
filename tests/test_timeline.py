"""`Timeline`: undo, redo and play against a list model, for both games; its errors, its
equality and its immutability."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import pyramid13 as p13
from pyramid13 import Timeline, spider


def _start(game: str, preset: str, seed: int) -> Any:
    if game == "pyramid":
        return p13.GameState.new(p13.Layout.shuffled(seed), p13.RuleSet.preset(preset))
    rules = spider.RuleSet.preset(preset, suits=1)
    return spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)


GAMES = st.one_of(
    st.tuples(st.just("pyramid"), st.sampled_from(p13.RuleSet.preset_names())),
    st.tuples(st.just("spider"), st.sampled_from(spider.RuleSet.preset_names())),
)


class TimelineAgainstAList(RuleBasedStateMachine):
    """The model: the list of states of the line walked and the place of the present in
    it; a move played cuts the list after the present."""

    def __init__(self) -> None:
        super().__init__()
        self.line: list[Any] = []
        self.at = 0
        self.timeline: Timeline[Any] = Timeline(_start("pyramid", "microsoft", 1))

    @initialize(game=GAMES, seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 6))
    def deal(self, game: tuple[str, str], seed: int, moves: int) -> None:
        state = _start(*game, seed)
        for _ in range(moves):  # a game in progress: its own past can be undone
            if not state.legal_moves():
                break
            state = state.apply(state.legal_moves()[seed % len(state.legal_moves())])
        line = [state]
        while line[0].previous is not None:
            line.insert(0, line[0].previous)
        self.line, self.at = line, len(line) - 1
        self.timeline = Timeline(state)

    @property
    def present(self) -> Any:
        return self.line[self.at]

    # -- rules --------------------------------------------------------------------------------

    @precondition(lambda self: bool(self.present.legal_moves()))
    @rule(data=st.data(), as_text=st.booleans())
    def play(self, data: st.DataObject, as_text: bool) -> None:
        move = data.draw(st.sampled_from(self.present.legal_moves()))
        self.timeline = self.timeline.play(str(move) if as_text else move)
        assert self.timeline.present.last_move == move
        assert self.timeline.present.previous is self.present
        del self.line[self.at + 1 :]
        self.line.append(self.timeline.present)
        self.at += 1

    @precondition(lambda self: self.at > 0)
    @rule(penalty=st.booleans())
    def undo(self, penalty: bool) -> None:
        # The past is the present's own undo chain; the list keeps what is undone.
        present = self.present
        self.timeline = self.timeline.undo(penalty=penalty)
        self.at -= 1
        if penalty and self._spider():  # a new state: the same position, the penalty charged
            assert self.timeline.present == present.undo(penalty=True)
            self.line[self.at] = self.timeline.present
        else:
            assert self.timeline.present is present.previous  # the state itself
            self.line[self.at] = present.previous

    @precondition(lambda self: self.at + 1 < len(self.line))
    @rule()
    def redo(self) -> None:
        self.timeline = self.timeline.redo()
        self.at += 1

    @precondition(lambda self: self.at == 0)
    @rule()
    def undo_at_the_start_raises(self) -> None:
        with pytest.raises(p13.UndoError, match="nothing to undo"):
            self.timeline.undo()
        with pytest.raises(p13.UndoError, match="nothing to undo"):
            self.timeline.undo(penalty=True)

    @precondition(lambda self: self.at + 1 == len(self.line))
    @rule()
    def redo_at_the_end_raises(self) -> None:
        with pytest.raises(p13.UndoError, match="nothing to redo"):
            self.timeline.redo()

    @rule()
    def an_illegal_move_raises_and_changes_nothing(self) -> None:
        before = self.timeline
        bad = "KS+KH" if not self._spider() else "9:13>10"
        with pytest.raises((p13.IllegalMoveError, p13.InvalidMoveError)):
            self.timeline.play(bad)
        assert self.timeline == before
        assert self.timeline.present is self.present

    # -- invariants ------------------------------------------------------------------------

    @invariant()
    def it_holds_the_model(self) -> None:
        timeline = self.timeline
        assert timeline.present is self.present
        assert timeline.state is self.present
        assert len(timeline.redo_states) == len(self.line) - self.at - 1
        for state, expected in zip(timeline.redo_states, self.line[self.at + 1 :], strict=True):
            assert state is expected
        assert timeline.can_undo == (self.at > 0)
        assert timeline.can_redo == (self.at + 1 < len(self.line))

    @invariant()
    def it_is_a_value(self) -> None:
        timeline = self.timeline
        assert timeline == timeline.__class__._make(timeline.present, timeline.redo_states)
        assert hash(timeline) == hash(copy.copy(timeline))
        assert (timeline == Timeline(timeline.present)) == (not timeline.can_redo)
        if timeline.can_redo and timeline.redo_states[0].previous is timeline.present:
            assert timeline.redo().undo() == timeline  # (not after a penalised undo)

    def _spider(self) -> bool:
        return isinstance(self.present, spider.GameState)


TimelineAgainstAList.TestCase.settings = settings(
    TimelineAgainstAList.TestCase.settings, stateful_step_count=30, max_examples=60
)
TestTimelineAgainstAList = TimelineAgainstAList.TestCase


# -- examples --------------------------------------------------------------------------------


def test_equal_timelines_hold_equal_states_reached_the_same_way() -> None:
    start = p13.GameState.new(p13.Layout.shuffled(1))
    one = Timeline(start).play("KC").play("KH")
    other = Timeline(start).play("KH").play("KC")
    assert one.present == other.present  # the same position ...
    assert one != other  # ... reached by other moves
    assert one == Timeline(start).play("KC").play("KH")
    assert one.undo() != Timeline(one.present.undo())  # one of them has a state to redo
    assert one.undo().redo() == one
    assert {one, Timeline(start).play("KC").play("KH")} == {one}
    assert one != one.present  # a timeline is no state


def test_a_penalised_undo_keeps_its_cost_on_the_way_back_but_not_on_redo() -> None:
    rules = spider.RuleSet.preset("microsoft")
    start = spider.GameState.new(spider.Layout.shuffled(5, rules), rules)
    played = Timeline(start).play(start.legal_moves()[0])
    back = played.undo(penalty=True)
    assert back.present.score == start.score - 1
    assert back.redo() == played  # a redo brings back the state undone, score included
    assert back.play(start.legal_moves()[-1]).present.score < played.present.score


def test_a_pyramid_undo_has_no_penalty() -> None:
    start = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    played = Timeline(start).play("KC")
    assert played.undo(penalty=True).present is start


def test_a_timeline_is_immutable_and_pickles() -> None:
    timeline = Timeline(p13.GameState.new(p13.Layout.shuffled(1))).play("KC").undo()
    with pytest.raises(AttributeError, match="immutable"):
        timeline._present = timeline.redo_states[0]
    with pytest.raises(AttributeError, match="immutable"):
        del timeline._redo
    assert copy.deepcopy(timeline) is timeline
    again = pickle.loads(pickle.dumps(timeline))
    assert again == timeline
    assert again.redo().present.history == (p13.Move.parse("KC"),)
    assert repr(timeline).startswith("<Timeline at <GameState classic")
    assert repr(timeline).endswith(", 1 to redo>")


@pytest.mark.parametrize("value", [None, "KC", p13.Layout.shuffled(1), 3])
def test_a_timeline_holds_only_states(value: object) -> None:
    with pytest.raises(p13.InvalidArgumentError, match="state must be a GameState"):
        Timeline(value)  # type: ignore[type-var]


def test_a_timeline_takes_the_types_of_its_game() -> None:
    rules = spider.RuleSet.preset("pysolfc", suits=1)
    start = spider.GameState.new(spider.Layout.shuffled(1, rules), rules)
    timeline: Timeline[spider.GameState] = Timeline(start).play("deal")
    assert timeline.present.deals_left == start.deals_left - 1
    assert timeline.undo().present is start
