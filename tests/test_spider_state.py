"""Spider game states: construction, immutability, undo, equality, text, move order, perft."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest
from attrs.exceptions import FrozenInstanceError

import pyramid13 as p13
from pyramid13 import Card, Rank, Status
from pyramid13.spider import GameState, Layout, Move, MoveKind, RuleSet

PRESETS = [(name, suits) for name in RuleSet.preset_names() for suits in (1, 2, 4)]


def pysolfc_1() -> GameState:
    return GameState.new(Layout.from_pysolfc(1), RuleSet.preset("pysolfc"))


def random_game(rules: RuleSet, seed: int, length: int) -> list[GameState]:
    rng = random.Random(seed)
    state = GameState.new(Layout.shuffled(seed, rules), rules)
    states = [state]
    for _ in range(length):
        moves = state.legal_moves()
        if not moves:
            break
        # Prefer deals now and then so that games reach their later stages.
        deal = Move.DEAL in moves and rng.random() < 0.1
        state = state.apply(Move.DEAL if deal else rng.choice(moves))
        states.append(state)
    return states


def test_states_are_made_by_new_only() -> None:
    with pytest.raises(TypeError, match=r"GameState\.new"):
        GameState()


@pytest.mark.parametrize(
    ("layout", "rules", "error"),
    [
        ("3D AS", None, p13.InvalidLayoutError),
        (p13.Layout.shuffled(1), None, p13.InvalidLayoutError),
        (Layout.shuffled(1), "vegas", p13.InvalidRulesError),  # no such preset
        (Layout.shuffled(1), p13.RuleSet(), p13.InvalidRulesError),
    ],
)
def test_new_rejects_what_is_not_a_layout_or_rules(
    layout: object, rules: object, error: type[Exception]
) -> None:
    with pytest.raises(error):
        GameState.new(layout, rules)  # type: ignore[arg-type]


def test_states_are_truly_frozen() -> None:
    state = pysolfc_1()
    for name in ("score", "_score", "_ups", "anything"):
        with pytest.raises(FrozenInstanceError):
            setattr(state, name, 1)
        with pytest.raises(AttributeError):
            delattr(state, name)
    assert state.score == 0
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state


@pytest.mark.parametrize(("preset", "suits"), PRESETS)
def test_random_games_keep_104_cards_and_unwind_to_the_start(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    states = random_game(rules, seed=suits * 7 + len(preset), length=300)
    snapshots = [str(state) for state in states]
    deck = Counter(card for pile in states[0].layout.piles for card in pile)
    deck.update(card for deal in states[0].layout.deals for card in deal)
    for state in states:
        cards = Counter(card for pile in state.piles for card in pile.cards)
        cards.update(state.stock)
        cards.update(Card(rank, suit) for suit in state.runs_removed for rank in Rank)
        assert cards == deck
    state = states[-1]
    assert state.history == tuple(s.last_move for s in states[1:])
    for expected, text in zip(reversed(states), reversed(snapshots), strict=True):
        assert state is expected
        assert str(state) == text
        if state.previous is not None:
            assert state.previous.apply(state.last_move).undo() is state.previous  # type: ignore[arg-type]
            state = state.undo()
    with pytest.raises(p13.UndoError, match="nothing to undo"):
        state.undo()


def check_moves(state: GameState) -> None:
    """Every legal move obeys S2-S3, and the order is the documented one."""
    piles = state.piles
    moves = state.legal_moves()
    removes = [m for m in moves if m.kind is MoveKind.REMOVE]
    units = [m for m in moves if m.kind is MoveKind.UNIT]
    assert list(moves) == removes + units + ([Move.DEAL] if Move.DEAL in moves else [])
    assert [m.pile for m in removes] == sorted(m.pile for m in removes)  # type: ignore[type-var]
    assert units == sorted(units, key=lambda m: (m.source, m.count, m.target))
    complete = []
    for index, pile in enumerate(piles):
        top = pile.face_up[-13:]
        ranks = [card.value for card in top]
        if ranks == list(range(13, 0, -1)) and len({card.suit for card in top}) == 1:
            complete.append(index)
    assert [m.pile for m in removes] == ([] if state.rules.auto_remove_runs else complete)
    for move in units:
        unit = piles[move.source].face_up[-move.count :]  # type: ignore[index, operator]
        assert len(unit) == move.count
        assert len({card.suit for card in unit}) == 1
        assert [card.value for card in unit] == list(
            range(unit[0].value, unit[0].value - len(unit), -1)
        )
        target = piles[move.target].top  # type: ignore[index]
        assert target is None or target.value == unit[0].value + 1
    empty = any(len(pile) == 0 for pile in piles)
    dealable = bool(state.stock) and (state.rules.deal_onto_empty or not empty)
    assert (Move.DEAL in moves) == dealable


@pytest.mark.parametrize(("preset", "suits"), PRESETS)
def test_legal_moves_obey_the_rules_and_the_documented_order(preset: str, suits: int) -> None:
    rules = RuleSet.preset(preset, suits=suits)
    for state in random_game(rules, seed=suits, length=200):
        check_moves(state)
        assert state.status is (Status.PLAYING if state.legal_moves() else Status.LOST)


def test_legal_moves_of_pysolfc_game_1() -> None:
    # From SPEC-spider S9's printout of game 1: the tops are 8H TH AH JC 4H 7H QS QC 7C 3S.
    expected = ["2:1>4", "4:1>7", "4:1>8", "6:1>1", "9:1>1", "10:1>5", "deal"]
    assert [str(move) for move in pysolfc_1().legal_moves()] == expected
    assert p13.perft(pysolfc_1(), 1) == 7


def test_perft_counts_spider_move_sequences() -> None:
    state = pysolfc_1()
    by_hand = sum(len(state.apply(move).legal_moves()) for move in state.legal_moves())
    assert p13.perft(state, 2) == by_hand
    divide = p13.perft_divide(state, 2)
    assert list(divide) == list(state.legal_moves())
    assert sum(divide.values()) == by_hand


def test_apply_takes_text_and_refuses_other_things() -> None:
    state = pysolfc_1()
    assert state.apply("4:1>8") == state.apply(Move.unit(3, 1, 7))
    assert state.apply(" 4 : 1 > 8 ") is not state
    with pytest.raises(p13.InvalidMoveError, match="spider Move"):
        state.apply(p13.Move.DRAW)  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidMoveError):
        state.apply("4:1")


def test_an_illegal_move_leaves_the_state_untouched() -> None:
    state = pysolfc_1()
    text, moves = str(state), state.legal_moves()
    for move in ("1:1>2", "1:2>4", "3:1>4", "remove 1"):
        with pytest.raises(p13.IllegalMoveError, match=f"{move} is not legal here"):
            state.apply(move)
    assert (str(state), state.legal_moves(), state.history) == (text, moves, ())


def test_transpositions_are_equal_and_hash_equal() -> None:
    one = pysolfc_1().apply("2:1>4").apply("6:1>1")
    other = pysolfc_1().apply("6:1>1").apply("2:1>4")
    assert one == other
    assert hash(one) == hash(other)
    assert one.history != other.history
    assert pysolfc_1() == pysolfc_1()
    assert hash(pysolfc_1()) == hash(pysolfc_1())
    assert one != pysolfc_1()
    assert pysolfc_1() != "a state"


def test_positions_differ_by_rules_and_score() -> None:
    layout = Layout.shuffled(1, RuleSet.preset("microsoft"))
    microsoft = GameState.new(layout, RuleSet.preset("microsoft"))
    kpat = GameState.new(layout, RuleSet.preset("kpat"))
    assert microsoft != kpat
    after = microsoft.apply(microsoft.legal_moves()[0])
    assert after.undo(penalty=True) != microsoft


def test_pickle_round_trips() -> None:
    states = random_game(RuleSet.preset("microsoft", suits=2), seed=4, length=150)
    state = states[-1]
    copy_ = pickle.loads(pickle.dumps(state))
    assert copy_ == state
    assert copy_.history == state.history
    assert copy_.undo() == state.undo()


def test_the_text_drawing() -> None:
    # Game 1's piles (S9's data): 6/5/5/6/5/5/6/5/5/6 cards, the top one face up.
    assert str(pysolfc_1()).splitlines() == [
        "   1   2   3   4   5   6   7   8   9  10",
        "  ##  ##  ##  ##  ##  ##  ##  ##  ##  ##",
        "  ##  ##  ##  ##  ##  ##  ##  ##  ##  ##",
        "  ##  ##  ##  ##  ##  ##  ##  ##  ##  ##",
        "  ##  ##  ##  ##  ##  ##  ##  ##  ##  ##",
        "  ##  TH  AH  ##  4H  7H  ##  QC  7C  ##",
        "  8H          JC          QS          3S",
        "stock: 5 deals left (50 cards)",
        "runs removed: 0/8, score 0, playing",
    ]
    assert repr(pysolfc_1()) == (
        "<spider.GameState pysolfc, 4 suit(s): 5 deal(s) left, 0 run(s) removed, score 0, playing>"
    )


def test_pickle_keeps_undo_penalties() -> None:
    rules = RuleSet.preset("microsoft")
    state = GameState.new(Layout.shuffled(6, rules), rules)
    state = state.apply(state.legal_moves()[0])
    state = state.apply(state.legal_moves()[0])
    penalised = state.undo(penalty=True)
    later = penalised.apply(penalised.legal_moves()[-1])
    for item in (penalised, later):
        copy_ = pickle.loads(pickle.dumps(item))
        assert copy_ == item
        assert copy_.score == item.score
        assert copy_.undo(penalty=True).score == item.undo(penalty=True).score
