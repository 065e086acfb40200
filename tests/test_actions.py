"""Integer actions and the public pyramid geometry, checked against the rules' own terms."""

from __future__ import annotations

import itertools
import random

import pytest
from reference_model import COVERED, COVERING, row_col, slot

import pyramid13 as p13
from pyramid13 import geometry

PRESETS = p13.RuleSet.preset_names()


def test_the_action_space_holds_every_removal_draw_and_recycle_once() -> None:
    moves = [p13.action_to_move(action) for action in range(p13.ACTION_COUNT)]
    kings = [card for card in p13.DECK if card.rank is p13.Rank.KING]
    pairs = [(a, b) for a, b in itertools.combinations(p13.DECK, 2) if a.value + b.value == 13]
    expected = {p13.Move.remove(king) for king in kings}
    expected |= {p13.Move.remove(a, b) for a, b in pairs}
    expected |= {p13.Move.DRAW, p13.Move.RECYCLE}
    assert p13.ACTION_COUNT == 4 + 96 + 2 == len(expected)
    assert set(moves) == expected
    assert len(moves) == len(set(moves))
    # The documented numbering: Kings by suit, pairs by lower then higher card index.
    assert moves[:4] == [p13.Move.remove(king) for king in kings]
    pair_moves = moves[4:100]
    keys = [sorted(card.index for card in move.cards) for move in pair_moves]
    assert keys == sorted(keys)
    assert moves[100:] == [p13.Move.DRAW, p13.Move.RECYCLE]


@pytest.mark.parametrize("action", [-1, 102, True, 1.0, "3", None])
def test_bad_actions_are_refused(action: object) -> None:
    with pytest.raises(p13.InvalidArgumentError):
        p13.action_to_move(action)  # type: ignore[arg-type]


def test_move_to_action_inverts_action_to_move_and_reads_text() -> None:
    for action in range(p13.ACTION_COUNT):
        move = p13.action_to_move(action)
        assert p13.move_to_action(move) == action
        assert p13.move_to_action(str(move)) == action
    with pytest.raises(p13.InvalidMoveError):
        p13.move_to_action("KC+QC")
    with pytest.raises(p13.InvalidMoveError):
        p13.move_to_action(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_actions_and_mask_agree_with_legal_moves_along_random_games(preset: str) -> None:
    rng = random.Random(preset)
    for seed in range(4):
        state = p13.GameState.new(p13.Layout.shuffled(seed), p13.RuleSet.preset(preset))
        for _ in range(200):
            actions = state.legal_actions()
            assert list(actions) == sorted(set(actions))
            assert {p13.action_to_move(a) for a in actions} == set(state.legal_moves())
            mask = state.legal_action_mask()
            assert len(mask) == p13.ACTION_COUNT
            assert [a for a, legal in enumerate(mask) if legal] == list(actions)
            if not actions:
                assert state.is_over
                break
            state = state.apply(p13.action_to_move(rng.choice(actions)))


def test_geometry_matches_the_rules_statement() -> None:
    for index in range(28):
        row, col = row_col(index)
        assert geometry.slot_position(index) == (row, col)
        assert geometry.slot_at(row, col) == index == slot(row, col)
        assert list(geometry.covering_slots(index)) == sorted(COVERING[index])
        assert list(geometry.covered_slots(index)) == sorted(COVERED[index])
    assert [len(geometry.row_slots(row)) for row in range(geometry.ROW_COUNT)] == list(range(1, 8))
    assert sum(map(len, map(geometry.row_slots, range(7)))) == geometry.SLOT_COUNT


@pytest.mark.parametrize(
    ("call", "args"),
    [
        (geometry.slot_position, (28,)),
        (geometry.slot_position, (-1,)),
        (geometry.slot_at, (2, 3)),
        (geometry.slot_at, (7, 0)),
        (geometry.covering_slots, ("1",)),
        (geometry.covered_slots, (True,)),
        (geometry.row_slots, (7,)),
        (geometry.available_slots, ([0, 40],)),
    ],
)
def test_geometry_refuses_bad_slots(call: object, args: tuple[object, ...]) -> None:
    with pytest.raises(p13.InvalidArgumentError):
        call(*args)  # type: ignore[operator]


@pytest.mark.parametrize("preset", ["classic", "three-stacks", "apophis", "cardgames"])
def test_available_slots_and_locate_agree_with_the_position(preset: str) -> None:
    rng = random.Random(preset)
    state = p13.GameState.new(p13.Layout.shuffled(3), p13.RuleSet.preset(preset))
    while not state.is_over:
        remaining = [s for s, card in enumerate(state.pyramid) if card is not None]
        available = geometry.available_slots(remaining)
        # Available: present, and no present card lies on it (the reference model's words).
        assert available == tuple(
            s for s in remaining if not any(state.pyramid[c] for c in COVERING[s])
        )
        for card in p13.DECK:
            where = state.locate(card)
            if where.place is p13.Place.PYRAMID:
                assert where.index is not None
                assert state.pyramid[where.index] == card
            elif where.place is p13.Place.STOCK:
                assert where.depth is not None
                assert state.stock[-1 - where.depth] == card
            elif where.place is p13.Place.WASTE:
                assert where.index is not None
                assert where.depth is not None
                assert state.waste_piles[where.index][-1 - where.depth] == card
            else:
                assert card not in state.pyramid
                assert card not in state.stock
                assert all(card not in pile for pile in state.waste_piles)
        state = state.apply(rng.choice(state.legal_moves()))
    with pytest.raises(p13.InvalidCardError):
        state.locate("ZZ")
