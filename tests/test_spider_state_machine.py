"""Spider played, undone and observed at random over every preset, suit count and a few
other rule sets, with the invariants checked after every step.

The model is the stack of states seen on the way (undo must walk it back) and, for each,
the undo penalties paid so far (S4: Microsoft's score is 500, -1 per unit move and deal,
+100 per run removed, -1 per penalised undo).
"""

from __future__ import annotations

import json
import pickle
import random
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
from spider_bridge import deck_of, state_cards

from pyramid13 import Card, Status, UndoError, spider

PRESETS = spider.RuleSet.preset_names()
OTHER_RULES = st.builds(
    spider.RuleSet,
    shape=st.sampled_from(list(spider.DealShape)),
    suits=st.sampled_from([1, 2, 4]),
    deal_onto_empty=st.booleans(),
    auto_remove_runs=st.booleans(),
    face_down=st.booleans(),
    scoring=st.sampled_from(["none", "microsoft"]),
)
RULES = st.one_of(
    st.builds(spider.RuleSet.preset, st.sampled_from(PRESETS), suits=st.sampled_from([1, 2, 4])),
    OTHER_RULES,
)


def promising(state: spider.GameState, rng: random.Random) -> spider.Move:
    """A move that builds runs (so that games get somewhere): a removal, else a unit onto
    its own suit or one that turns a card over, else the deal, else any move."""
    legal = state.legal_moves()
    removals = [move for move in legal if move.kind is spider.MoveKind.REMOVE]
    if removals:
        return removals[0]
    good = []
    piles = state.piles
    for move in legal:
        if move.kind is not spider.MoveKind.UNIT:
            continue
        assert move.source is not None
        assert move.count is not None
        assert move.target is not None
        pile = piles[move.source]
        bottom = pile.face_up[-move.count]
        onto = piles[move.target].top
        turns_over = move.count == len(pile.face_up) and pile.face_down
        if (onto is not None and onto.suit is bottom.suit) or turns_over:
            good.append(move)
    if good:
        return rng.choice(good)
    if spider.Move.DEAL in legal:
        return spider.Move.DEAL
    return rng.choice(legal)


class PlayUndoObserve(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[spider.GameState, int]] = []

    @property
    def state(self) -> spider.GameState:
        return self.stack[-1][0]

    @property
    def paid(self) -> int:
        return self.stack[-1][1]

    @initialize(
        rules=RULES,
        seed=st.integers(min_value=0, max_value=2**64 - 1),
        pysolfc=st.booleans(),
    )
    def deal(self, rules: spider.RuleSet, seed: int, pysolfc: bool) -> None:
        if pysolfc and rules.preset_name in ("pysolfc", "relaxed", "open"):
            layout = spider.Layout.from_pysolfc(seed % 40000 + 1, suits=rules.suits)
        else:
            layout = spider.Layout.shuffled(seed, rules)
        assert spider.Layout.parse(layout.code) == layout
        assert spider.Layout.parse(layout.code.lower()).code == layout.code
        data = rules.to_dict()
        assert spider.RuleSet.from_dict(json.loads(json.dumps(data))) == rules
        state = spider.GameState.new(layout, rules)
        assert state.layout == layout
        assert state.rules == rules
        assert state.history == ()
        self.stack = [(state, 0)]

    def push(self, move: spider.Move) -> None:
        state = self.state
        after = state.apply(move)
        assert after.last_move == move
        assert after.previous is state
        assert after.history == (*state.history, move)
        assert after.undo() == state
        assert state.apply_unchecked(move) == after
        self.stack.append((after, self.paid))

    # -- rules ------------------------------------------------------------------------------

    @precondition(lambda self: bool(self.state.legal_moves()))
    @rule(data=st.data())
    def play_any(self, data: st.DataObject) -> None:
        self.push(data.draw(st.sampled_from(self.state.legal_moves())))

    @precondition(lambda self: bool(self.state.legal_moves()))
    @rule(seed=st.integers(0, 2**32), count=st.integers(1, 30))
    def play_promising(self, seed: int, count: int) -> None:
        """Several run-building moves in a row, so games reach runs, empty piles and ends."""
        rng = random.Random(seed)
        for _ in range(count):
            if not self.state.legal_moves():
                break
            self.push(promising(self.state, rng))

    @precondition(lambda self: spider.Move.DEAL in self.state.legal_moves())
    @rule()
    def deal_a_row(self) -> None:
        before = self.state
        self.push(spider.Move.DEAL)
        after = self.state
        size = 4 if len(before.stock) == 4 else 10  # S2: Bicycle's final deal is 4 cards
        assert after.stock == before.stock[:-size]
        if after.runs_removed == before.runs_removed:
            for index, pile in enumerate(after.piles):
                if index < size:
                    assert pile.face_up == (*before.piles[index].face_up, before.stock[-1 - index])
                else:
                    assert pile == before.piles[index]

    @precondition(lambda self: len(self.stack) > 1)
    @rule()
    def undo(self) -> None:
        undone = self.state.undo()
        self.stack.pop()
        assert undone == self.state
        assert hash(undone) == hash(self.state)

    @precondition(lambda self: len(self.stack) > 1)
    @rule()
    def undo_with_penalty(self) -> None:
        """S4: every penalised undo costs one more point, on top of those already paid."""
        state, paid = self.stack.pop()
        undone = state.undo(penalty=True)
        previous, paid_then = self.stack.pop()
        penalty = 1 if state.rules.scoring.name == "microsoft" else 0
        assert undone.piles == previous.piles
        assert undone.stock == previous.stock
        assert undone.runs_removed == previous.runs_removed
        assert undone.history == previous.history
        assert undone.score == previous.score + paid_then - paid - penalty
        self.stack.append((undone, paid + penalty))

    @precondition(lambda self: len(self.stack) == 1)
    @rule()
    def undo_at_the_start(self) -> None:
        with pytest.raises(UndoError, match="undo"):
            self.state.undo()

    # -- invariants -------------------------------------------------------------------------

    @invariant()
    def cards_are_conserved(self) -> None:
        state = self.state
        assert state_cards(state) == deck_of(state.rules)
        assert len(state.piles) == 10
        for pile in state.piles:
            if pile.face_down:
                assert pile.face_up, "a face-down card on top of a pile"
            if not state.rules.face_down:
                assert not pile.face_down

    @invariant()
    def status_and_score_follow_the_rules(self) -> None:
        state = self.state
        legal = state.legal_moves()
        if len(state.runs_removed) == 8:
            assert state.status is Status.WON
        else:
            assert state.status is (Status.PLAYING if legal else Status.LOST)
        assert state.is_over == (state.status is not Status.PLAYING)
        assert (legal == ()) == state.is_over
        if state.rules.scoring.name == "microsoft":
            costly = sum(move.kind is not spider.MoveKind.REMOVE for move in state.history)
            assert state.score == 500 - costly + 100 * len(state.runs_removed) - self.paid
        else:
            assert state.score == 0
        assert state.deals_left == len(state.rules.shape.deal_sizes) - sum(
            move is spider.Move.DEAL for move in state.history
        )

    @invariant()
    def apply_then_undo_is_the_identity(self) -> None:
        state = self.state
        for move in state.legal_moves()[:: max(1, len(state.legal_moves()) // 4)]:
            assert state.apply(move).undo() == state

    @invariant()
    def equality_is_by_position(self) -> None:
        """Two unit moves on four different piles reach one position in either order."""
        state = self.state
        units = [m for m in state.legal_moves() if m.kind is spider.MoveKind.UNIT]
        for first in units[:6]:
            for second in units:
                if {first.source, first.target} & {second.source, second.target}:
                    continue
                one = state.apply(first).apply(second)
                other = state.apply(second).apply(first)
                assert one == other
                assert hash(one) == hash(other)
                assert one.history != other.history
                return

    @invariant()
    def the_observation_shows_what_is_seen(self) -> None:
        state = self.state
        obs = state.observe()
        assert obs.legal_moves() == state.legal_moves()
        assert obs.rules == state.rules
        for seen, pile in zip(obs.piles, state.piles, strict=True):
            assert seen.face_down_count == len(pile.face_down)
            assert seen.face_up == pile.face_up
        assert obs.stock_size == len(state.stock)
        assert obs.deals_left == state.deals_left
        assert obs.runs_removed == state.runs_removed
        assert obs.score == state.score
        assert obs.history == state.history
        assert obs.status is state.status
        hidden = Counter(state.stock)
        for pile in state.piles:
            hidden.update(pile.face_down)
        assert Counter(obs.unseen) == hidden
        assert list(obs.unseen) == sorted(obs.unseen, key=lambda card: card.index)

    @invariant()
    def determinize_agrees_with_the_observation(self) -> None:
        # At the start and every third move deep: this check costs more than all the others
        # together (test_spider_observation checks determinize on random positions too).
        if (len(self.stack) - 1) % 3:
            return
        state = self.state
        obs = state.observe()
        seed = len(self.stack)
        sample = spider.determinize(obs, random.Random(seed))
        if seed % 5 == 0:
            assert sample == spider.determinize(obs, random.Random(seed))
        assert sample.rules == state.rules
        for sampled, pile in zip(sample.piles, state.piles, strict=True):
            assert sampled.face_up == pile.face_up
            assert len(sampled.face_down) == len(pile.face_down)
        assert len(sample.stock) == len(state.stock)
        assert sample.deals_left == state.deals_left
        assert sample.runs_removed == state.runs_removed
        assert sample.score == state.score
        assert sample.status is state.status
        hidden: Counter[Card] = Counter(sample.stock)
        for pile in sample.piles:
            hidden.update(pile.face_down)
        assert sorted(hidden.elements(), key=lambda card: card.index) == list(obs.unseen)
        assert sample.legal_moves() == state.legal_moves()
        assert sample.observe() == obs
        # Nothing a player reads depends on a hidden card.
        assert str(sample) == str(state)
        assert str(sample.observe()) == str(obs)
        assert pickle.dumps(sample.observe()) == pickle.dumps(obs)
        if not state.rules.face_down and not state.stock:
            # Nothing is hidden: the only consistent position is this one (equality is by
            # position, whatever the game it came from).
            assert sample == state
            assert hash(sample) == hash(state)
        assert state_cards(sample) == deck_of(state.rules)
        if sample.legal_moves():
            move = sample.legal_moves()[-1]
            assert state_cards(sample.apply(move)) == deck_of(state.rules)

    @invariant()
    def text_forms_round_trip(self) -> None:
        state = self.state
        for move in state.legal_moves():
            assert spider.Move.parse(str(move)) == move
            assert eval(repr(move), {"Move": spider.Move}) == move

    @invariant()
    def pickling_keeps_the_position(self) -> None:
        if len(self.state.history) % 7 == 0 or self.paid:
            assert pickle.loads(pickle.dumps(self.state)) == self.state


TestPlayUndoObserve = PlayUndoObserve.TestCase
TestPlayUndoObserve.settings = settings(stateful_step_count=30)


def test_pickling_keeps_undo_penalties() -> None:
    """A state reached through ``undo(penalty=True)`` pickles to an equal state (the
    penalty is part of its score, and equality compares scores)."""
    rules = spider.RuleSet.preset("microsoft")
    state = spider.GameState.new(spider.Layout.shuffled(5, rules), rules)
    state = state.apply(state.legal_moves()[0])
    state = state.apply(state.legal_moves()[0])
    undone = state.undo(penalty=True)
    assert undone.score == 500 - 1 - 1
    copy = pickle.loads(pickle.dumps(undone))
    assert copy.score == undone.score
    assert copy == undone
