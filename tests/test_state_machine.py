"""Play and undo at random over random presets, rule sets and deals, checking invariants
after every step."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import pyramid13 as p13
from pyramid13 import GameState, Goal, Move, Status
from pyramid13.strategies import layouts, moves, rulesets


class PlayAndUndo(RuleBasedStateMachine):
    """The model is just the stack of states seen on the way: undo must walk it back."""

    def __init__(self) -> None:
        super().__init__()
        self.states: list[GameState] = []

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @initialize(layout=layouts(), rules=rulesets())
    def deal(self, layout: p13.Layout, rules: p13.RuleSet) -> None:
        self.states = [GameState.new(layout, rules)]
        # The layout and the rules stay the same all game: their text forms once a game.
        assert p13.Layout.parse(layout.code) == layout
        assert eval(repr(layout), {"Layout": p13.Layout}) == layout
        assert p13.RuleSet.from_dict(rules.to_dict()) == rules

    # -- rules ----------------------------------------------------------------------------

    @precondition(lambda self: bool(self.state.legal_moves()))
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        move = data.draw(st.sampled_from(self.state.legal_moves()))
        after = self.state.apply(move)
        assert after.last_move == move
        assert after.previous is self.state
        self.states.append(after)

    @precondition(lambda self: bool(self.state.legal_moves()))
    @rule(data=st.data())
    def play_removal_or_move_text(self, data: st.DataObject) -> None:
        """Removals first (so games reach their end), given as text."""
        legal = self.state.legal_moves()
        removals = [move for move in legal if move.is_removal] or list(legal)
        move = data.draw(st.sampled_from(removals))
        self.states.append(self.state.apply(str(move)))

    @precondition(lambda self: len(self.states) > 1)
    @rule()
    def undo(self) -> None:
        before = self.states.pop()
        assert before.undo() is self.state
        assert before.undo() == self.state

    @precondition(lambda self: len(self.states) > 1)
    @rule(data=st.data())
    def undo_several(self, data: st.DataObject) -> None:
        count = data.draw(st.integers(min_value=1, max_value=len(self.states) - 1))
        state = self.state
        for _ in range(count):
            state = state.undo()
            self.states.pop()
            assert state is self.state

    @rule(move=moves())
    def illegal_moves_raise_and_change_nothing(self, move: Move) -> None:
        state = self.state
        snapshot = _snapshot(state)
        if move in state.legal_moves():
            assert state.is_legal(move)
            return
        assert not state.is_legal(move)
        with pytest.raises(p13.IllegalMoveError) as caught:
            state.apply(move)
        assert str(move) in str(caught.value)
        assert _snapshot(state) == snapshot

    # -- invariants -----------------------------------------------------------------------

    @invariant()
    def the_52_cards_are_conserved(self) -> None:
        state = self.state
        removed = [card for move in state.history if move.is_removal for card in move.cards]
        on_table = [card for card in state.pyramid if card is not None]
        talon = list(state.stock) + [card for pile in state.waste_piles for card in pile]
        every = Counter(on_table + talon + removed)
        assert len(on_table) + len(talon) + len(removed) == 52
        assert set(every) == set(p13.DECK)

    @invariant()
    def history_is_the_path_walked(self) -> None:
        state = self.state
        assert state.history == tuple(s.last_move for s in self.states[1:])
        assert state.start is self.states[0]
        assert len(state.waste_piles) == state.rules.waste_piles

    @invariant()
    def apply_then_undo_gives_the_same_object(self) -> None:
        state = self.state
        for move in state.legal_moves():
            assert state.apply(move).undo() is state
            assert state.apply(move).undo() == state
            assert state.apply_unchecked(move) == state.apply(move)

    @invariant()
    def removals_sum_to_13_or_are_kings(self) -> None:
        for move in self.state.legal_moves():
            if move.is_removal:
                values = [card.value for card in move.cards]
                assert values == [13] or (len(values) == 2 and sum(values) == 13)
                assert set(move.cards) <= _removable(self.state)

    @invariant()
    def status_agrees_with_the_moves_offered(self) -> None:
        state = self.state
        legal = state.legal_moves()
        assert (state.status is Status.PLAYING) == bool(legal)
        assert state.is_over == (not legal)
        pyramid_clear = all(card is None for card in state.pyramid)
        talon_clear = not state.stock and not any(state.waste_piles)
        goal = pyramid_clear and (state.rules.goal is Goal.PYRAMID or talon_clear)
        assert (state.status is Status.WON) == goal
        if state.status is Status.LOST:
            assert not goal
        assert len(set(legal)) == len(legal)
        if state.stock:
            assert Move.draw() in legal or not legal
        else:
            assert Move.draw() not in legal

    @invariant()
    def equal_states_hash_equal(self) -> None:
        state = self.state
        replayed = GameState.new(state.layout, state.rules)  # a new game: no shared tables
        for move in state.history:
            replayed = replayed.apply(move)
        assert replayed == state
        assert hash(replayed) == hash(state)
        assert replayed.legal_moves() == state.legal_moves()
        assert replayed.status is state.status
        assert str(replayed) == str(state)

    @invariant()
    def text_forms_round_trip(self) -> None:
        state = self.state
        for move in state.legal_moves():
            assert Move.parse(str(move)) == move
            assert eval(repr(move), {"Move": Move}) == move
        for card in state.pyramid:
            if card is not None:
                assert p13.Card.parse(str(card)) == card
        text = str(state)
        assert f"pass {state.pass_number}/" in text
        assert repr(state).startswith("<GameState ")


def _removable(state: GameState) -> set[p13.Card]:
    """Cards that some rule lets take part in a removal here."""
    cards = set(state.exposed)
    if state.rules.waste_pairing:
        cards |= {pile[-2] for pile in state.waste_piles if len(pile) >= 2}
    if state.rules.overlap_pairing:
        cards |= {card for card in state.pyramid if card is not None}
    return cards


def _snapshot(state: GameState) -> tuple[object, ...]:
    return (
        state.pyramid,
        state.stock,
        state.waste_piles,
        state.pass_number,
        state.score,
        state.history,
        state.status,
        state.legal_moves(),
    )


PlayAndUndo.TestCase.settings = settings(PlayAndUndo.TestCase.settings, stateful_step_count=40)
TestPlayAndUndo = PlayAndUndo.TestCase
