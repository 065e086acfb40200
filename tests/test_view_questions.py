"""Views answer a player's interface: `Observation.is_legal`, `why_illegal`, the per-card
questions and `moves_by_card`, in both games, equal the state's answers, depend on nothing
hidden (twins), and `moves_by_card` is complete, JSON-ready and names the places
`to_svg` draws.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import CardLocation, Place, spider
from pyramid13.strategies import rulesets

PYRAMID_PRESETS = p13.RuleSet.preset_names()
SPIDER_RULES = [(name, suits) for name in spider.RuleSet.preset_names() for suits in (1, 2, 4)]
PAIRS = [p13.Move.remove(a, b) for a, b in itertools.combinations(p13.DECK, 2)]
# Every King and card alone, every pair summing to 13, 60 other pairs, draw and recycle.
PYRAMID_MOVES = [
    *(p13.Move.remove(card) for card in p13.DECK),
    *(move for move in PAIRS if sum(card.value for card in move.cards) == 13),
    *random.Random(13).sample(PAIRS, 60),
    p13.Move.DRAW,
    p13.Move.RECYCLE,
]
SPIDER_MOVES = [
    *(
        spider.Move.unit(source, count, target)
        for source in range(10)
        for count in range(1, 14)
        for target in range(10)
    ),
    spider.Move.DEAL,
    *(spider.Move.remove(pile) for pile in range(10)),
]
# The targets of moves that take no card to a card's place.
PLACE_TARGETS = {"removed", "waste", "stock", "pile", *(f"pile-{pile}" for pile in range(10))}

Moves = dict[str, list[dict[str, str]]]


def pyramid_walk(rules: p13.RuleSet, seed: int, length: int) -> list[p13.GameState]:
    """A game played at random from the honest moves (so on past the engine's early LOST),
    removals preferred."""
    rng = random.Random(seed)
    state = p13.GameState.new(p13.Layout.shuffled(seed), rules)
    states = [state]
    while len(states) < length:
        moves = state.observe().legal_moves()
        if not moves:
            break
        removals = [move for move in moves if move.is_removal]
        state = state.apply(rng.choice(removals if removals and rng.random() < 0.7 else moves))
        states.append(state)
    return states


def spider_walk(rules: spider.RuleSet, seed: int, length: int) -> list[spider.GameState]:
    rng = random.Random(seed)
    state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
    states = [state]
    while len(states) < length and not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def only_json(value: object) -> bool:
    """True when `value` is made of dicts with str keys, lists and strs only."""
    if isinstance(value, dict):
        return all(isinstance(key, str) and only_json(item) for key, item in value.items())
    if isinstance(value, list):
        return all(map(only_json, value))
    return isinstance(value, str)


def check_shape(moves: Moves, legal: tuple[Any, ...], playable: tuple[CardLocation, ...]) -> None:
    """What every game's `moves_by_card` promises: JSON data that survives a round trip;
    each legal move listed (and nothing else), each key's targets distinct; the card keys
    are `playable`, in its order, then "stock" when a move takes no card."""
    assert only_json(moves)
    assert json.loads(json.dumps(moves)) == moves
    listed = {entry["move"] for entries in moves.values() for entry in entries}
    assert listed == {str(move) for move in legal}
    for key, entries in moves.items():
        assert entries, key
        targets = [entry["target"] for entry in entries]
        assert len(set(targets)) == len(targets), key
        order = [str(move) for move in legal]
        assert [entry["move"] for entry in entries] == sorted(
            (entry["move"] for entry in entries), key=order.index
        ), "in legal_moves order"
        for entry in entries:
            assert set(entry) == (
                {"move", "target"} if key == "stock" else {"move", "target", "card"}
            )
    cards = [key for key in moves if key != "stock"]
    assert cards == [where.key for where in playable]


def svg_ids(view: object) -> set[str]:
    svg = p13.to_svg(view)
    return {part.split('"')[0] for part in svg.split(' id="')[1:]}


# -- Pyramid ----------------------------------------------------------------------------------


def check_pyramid_view(state: p13.GameState, view: p13.Observation) -> None:
    """The view's answers equal the state's, and its moves by card match the table."""
    assert view.exposed == state.exposed
    assert view.playable() == state.playable()
    moves = view.moves_by_card()
    assert moves == state.moves_by_card()
    check_shape(moves, view.legal_moves(), view.playable())
    table = {location.key: card for location, card in state.table()}
    ids = svg_ids(view)
    for key, entries in moves.items():
        for entry in entries:
            move = p13.Move.parse(entry["move"])
            assert view.is_legal(move)
            assert state.is_legal(entry["move"])
            if key == "stock":
                assert not move.cards
                assert entry["target"] == ("waste" if move.kind is p13.MoveKind.DRAW else "stock")
                continue
            assert key in ids, "a card key is the id to_svg gives the card"
            card = p13.Card.parse(entry["card"])
            assert table[key] == card
            assert state.locate(card).key == key
            partners = [other for other in move.cards if other != card]
            assert card in move.cards
            if partners:
                assert entry["target"] == state.locate(partners[0]).key
                assert entry["target"] in moves, "a partner is a key of its own"
            else:
                assert entry["target"] == "removed"
    stock_moves = {move for move in view.legal_moves() if not move.cards}
    assert ("stock" in moves) == bool(stock_moves)
    listed = [entry["move"] for entries in moves.values() for entry in entries]
    for move in view.legal_moves():
        assert listed.count(str(move)) == max(1, len(move.cards)), "a pair under each card"
    used = sorted({card for move in view.legal_moves() for card in move.cards}, key=str)
    for first, second in itertools.combinations([*used, *view.exposed[:3]], 2):
        assert view.can_pair(first, second) == state.can_pair(first, second)
        assert view.can_pair(str(second), str(first)) == state.can_pair(second, first)


def engine_sees_more(state: p13.GameState, view: p13.Observation) -> bool:
    """Where the engine has said LOST from the stock order and the player plays on."""
    return state.status is p13.Status.LOST and view.status is p13.Status.PLAYING


def check_pyramid_reasons(state: p13.GameState, view: p13.Observation) -> None:
    """`is_legal` and `why_illegal` equal the state's wherever the engine's status is the
    view's; where they part, the state has no legal move and says "game is over", while
    the view still offers what a player sees and gives the reason a player would get."""
    parted = engine_sees_more(state, view)
    for move in PYRAMID_MOVES:
        assert view.is_legal(move) == (move in view.legal_moves())
        # the state's answers follow its own legal_moves(), empty once its engine says LOST
        assert state.is_legal(move) == (move in state.legal_moves())
        if not parted:
            assert view.is_legal(move) == state.is_legal(move), move
        reason = view.why_illegal(move)
        assert (reason is None) == view.is_legal(move)
        expected = state.why_illegal(move)
        if parted and expected == "The game is over (lost).":
            assert reason is None or "over" not in reason, move
        else:
            assert reason == expected, move


@pytest.mark.parametrize("preset", PYRAMID_PRESETS)
def test_pyramid_views_answer_as_the_state_does(preset: str) -> None:
    rules = p13.RuleSet.preset(preset)
    for seed in range(3):
        states = pyramid_walk(rules, seed, 120)
        for number, state in enumerate(states):
            view = state.observe()
            check_pyramid_view(state, view)
            if number % 20 == 0 or state is states[-1]:
                check_pyramid_reasons(state, view)
                text = view.to_string()
                again = p13.Observation.from_string(text)
                assert again.moves_by_card() == view.moves_by_card(), "a view code suffices"


@given(rules=rulesets(presets=False), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=25, deadline=None)
def test_pyramid_views_answer_under_any_rules(rules: p13.RuleSet, seed: int) -> None:
    # Custom rules reach waste pairing, overlap pairing, several piles, draws of 2 or 3.
    for state in pyramid_walk(rules, seed, 80)[::4]:
        check_pyramid_view(state, state.observe())


def test_pyramid_waste_pairing_lists_the_card_beneath_the_top() -> None:
    rules = attrs.evolve(p13.RuleSet.preset("classic"), waste_pairing=True, passes=None)
    found = 0
    for seed in range(40):
        for state in pyramid_walk(rules, seed, 150):
            view = state.observe()
            for key, entries in view.moves_by_card().items():
                if key.startswith("waste-") and key.endswith("-1"):
                    check_pyramid_view(state, view)
                    assert {entry["target"] for entry in entries} == {key[:-1] + "0"}
                    found += 1
        if found >= 5:
            return
    pytest.fail(f"the card beneath a waste top paired {found} times")


def test_pyramid_moves_by_card_on_a_known_deal() -> None:
    # The bottom row (slots 21-27) is 3C 5H JH AD 4C KH 8S; the stock top 5C plays.
    state = p13.GameState.new(p13.Layout.shuffled(2024), p13.RuleSet.preset("microsoft"))
    assert state.legal_moves() == tuple(map(p13.Move.parse, ("5H+8S", "KH", "5C+8S", "draw")))
    assert state.moves_by_card() == {
        "pyramid-22": [{"move": "5H+8S", "target": "pyramid-27", "card": "5H"}],
        "pyramid-26": [{"move": "KH", "target": "removed", "card": "KH"}],
        "pyramid-27": [
            {"move": "5H+8S", "target": "pyramid-22", "card": "8S"},
            {"move": "5C+8S", "target": "stock-0", "card": "8S"},
        ],
        "stock-0": [{"move": "5C+8S", "target": "pyramid-27", "card": "5C"}],
        "stock": [{"move": "draw", "target": "waste"}],
    }
    assert state.observe().legal_moves() == state.legal_moves()
    over = state
    while not over.observe().is_over:
        over = over.apply(over.observe().legal_moves()[0])
    assert over.moves_by_card() == {}
    assert over.observe().playable() == ()


def test_pyramid_recycle_is_a_stock_move() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    state = state.apply("KC")
    while state.stock:
        state = state.apply("draw")
    view = state.observe()
    assert view.moves_by_card()["stock"] == [{"move": "recycle", "target": "stock"}]
    assert view.why_illegal("draw") == state.why_illegal("draw") == "The stock is empty."
    assert view.why_illegal("KC") == state.why_illegal("KC") == "KC is already removed."


def test_where_the_engine_sees_more_the_view_answers_from_what_is_seen() -> None:
    # The engine says LOST from the stock order; the honest view plays on. The state's
    # why_illegal then says "The game is over (lost)."; the view's says what a state
    # whose engine is still playing says, a twin with other unseen cards.
    rules = p13.RuleSet.preset("king-tut")
    rng = random.Random(3)
    compared = 0
    for seed in range(40):
        for state in pyramid_walk(rules, seed, 400):
            view = state.observe()
            if not engine_sees_more(state, view):
                continue
            check_pyramid_reasons(state, view)
            for _ in range(20):
                twin = p13.determinize(view, rng)
                if twin.status is p13.Status.PLAYING:
                    for move in PYRAMID_MOVES:
                        assert view.why_illegal(move) == twin.why_illegal(move), move
                    compared += 1
                    break
            if compared >= 5:
                return
    pytest.fail(f"only {compared} positions where the engine parts from a twin")


def test_pyramid_bad_questions_raise_as_the_state_does() -> None:
    view = p13.GameState.new(p13.Layout.shuffled(1)).observe()
    for text in ("4C+", "4C+4C", "x", ""):
        with pytest.raises(p13.InvalidMoveError):
            view.is_legal(text)
        with pytest.raises(p13.InvalidMoveError):
            view.why_illegal(text)
    with pytest.raises(p13.InvalidMoveError, match="expected a Move"):
        view.is_legal(3.0)  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidCardError):
        view.can_pair("4H", "ZZ")
    assert view.why_illegal("4H+QH") == "4H+QH sums to 16, not 13."
    assert view.is_legal(100), "an action number: 100 is draw"  # type: ignore[arg-type]
    assert not view.can_pair("KC", "KC")


# -- Spider -----------------------------------------------------------------------------------


def check_spider_view(state: spider.GameState, view: spider.Observation) -> None:
    for pile in range(10):
        assert view.liftable(pile) == state.liftable(pile)
        for count in range(1, 14):
            assert view.targets(pile, count) == state.targets(pile, count)
    assert view.playable() == state.playable()
    moves = view.moves_by_card()
    assert moves == state.moves_by_card()
    check_shape(moves, view.legal_moves(), view.playable())
    listed = [entry["move"] for entries in moves.values() for entry in entries]
    assert len(listed) == len(view.legal_moves()), "each move once"
    table = {location.key: card for location, card in state.table()}
    ids = svg_ids(view)
    for key, entries in moves.items():
        for entry in entries:
            move = spider.Move.parse(entry["move"])
            if key == "stock":
                assert move.kind is spider.MoveKind.DEAL
                assert entry["target"] == "pile"
                continue
            assert key in ids
            assert str(table[key]) == entry["card"], "a face-up card"
            if move.kind is spider.MoveKind.UNIT:
                assert key == f"pile-{move.source}-{move.count - 1}"  # type: ignore[operator]
                assert entry["target"] == f"pile-{move.target}"
                landing = state.piles[move.target]  # type: ignore[index]
                onto = f"pile-{move.target}-0" if landing.face_up else f"pile-{move.target}"
                assert onto in ids, "the target's top card or empty place is drawn"
            else:
                assert move.kind is spider.MoveKind.REMOVE
                assert key == f"pile-{move.pile}-12"
                assert entry["target"] == "removed"
                assert entry["card"][0] == "K"


def check_spider_reasons(state: spider.GameState, view: spider.Observation) -> None:
    for move in SPIDER_MOVES:
        assert view.is_legal(move) == state.is_legal(move) == (move in view.legal_moves())
        assert view.why_illegal(move) == state.why_illegal(move), move


@pytest.mark.parametrize(("preset", "suits"), SPIDER_RULES)
def test_spider_views_answer_as_the_state_does(preset: str, suits: int) -> None:
    rules = spider.RuleSet.preset(preset, suits=suits)
    for seed in range(2):
        states = spider_walk(rules, seed, 100)
        for number, state in enumerate(states):
            view = state.observe()
            if number % 4 == 0 or state is states[-1]:
                check_spider_view(state, view)
            if number % 25 == 0 or state is states[-1]:
                check_spider_reasons(state, view)
                again = spider.Observation.from_string(view.to_string())
                assert again.moves_by_card() == view.moves_by_card(), "a view code suffices"


def test_spider_removal_and_empty_piles_in_moves_by_card() -> None:
    # Without automatic removal a complete run is lifted off by a move of its own.
    rules = attrs.evolve(spider.RuleSet.preset("pysolfc", suits=1), auto_remove_runs=False)
    kinds: set[str] = set()
    for seed in range(30):
        for state in spider_walk(rules, seed, 400):
            view = state.observe()
            targets = {e["target"] for entries in view.moves_by_card().values() for e in entries}
            if "removed" in targets or any(not pile.face_up for pile in state.piles):
                check_spider_view(state, view)
                kinds.update(targets & {"removed"})
                kinds.update("empty" for pile in state.piles if not pile.face_up)
        if kinds == {"removed", "empty"}:
            return
    pytest.fail(f"only {kinds} found")


def test_spider_moves_by_card_on_a_known_deal() -> None:
    rules = spider.RuleSet.preset("pysolfc")
    state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
    assert state.moves_by_card() == {
        "pile-1-0": [{"move": "2:1>4", "target": "pile-3", "card": "TH"}],
        "pile-3-0": [
            {"move": "4:1>7", "target": "pile-6", "card": "JC"},
            {"move": "4:1>8", "target": "pile-7", "card": "JC"},
        ],
        "pile-5-0": [{"move": "6:1>1", "target": "pile-0", "card": "7H"}],
        "pile-8-0": [{"move": "9:1>1", "target": "pile-0", "card": "7C"}],
        "pile-9-0": [{"move": "10:1>5", "target": "pile-4", "card": "3S"}],
        "stock": [{"move": "deal", "target": "pile"}],
    }
    later = state.apply("4:1>8").observe()
    assert (later.liftable(7), later.targets(7, 2)) == (2, ())


def test_spider_bad_questions_raise_as_the_state_does() -> None:
    rules = spider.RuleSet.preset("pysolfc")
    state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
    view = state.observe()
    calls: list[Callable[[Any], object]] = [
        lambda where: where.liftable(10),
        lambda where: where.liftable(True),
        lambda where: where.targets(0, 0),
        lambda where: where.targets("1", 1),
        lambda where: where.why_illegal("3>7"),
        lambda where: where.is_legal("11:1>2"),
        lambda where: where.is_legal(2.0),
    ]
    for call in calls:
        with pytest.raises(p13.Pyramid13Error) as from_state:
            call(state)
        with pytest.raises(p13.Pyramid13Error) as from_view:
            call(view)
        assert type(from_view.value) is type(from_state.value)
        assert str(from_view.value) == str(from_state.value)
    assert view.why_illegal("4:1>4") == "A unit never goes onto its own pile (pile 4)."


# -- twins: the same view over other hidden cards gives the same answers ------------------


def answers(view: p13.Observation | spider.Observation, moves: list[Any]) -> tuple[Any, ...]:
    """Every answer a view gives."""
    reasons = tuple(view.why_illegal(move) for move in moves)
    legal = tuple(view.is_legal(move) for move in moves)
    if isinstance(view, p13.Observation):
        cards = sorted(view.exposed, key=str)
        pairs = tuple(view.can_pair(a, b) for a, b in itertools.combinations(cards, 2))
        extra: tuple[Any, ...] = (view.exposed, pairs)
    else:
        extra = tuple(
            (view.liftable(pile), *(view.targets(pile, n) for n in range(1, 14)))
            for pile in range(10)
        )
    return (view.playable(), json.dumps(view.moves_by_card()), reasons, legal, extra)


@pytest.mark.parametrize("preset", PYRAMID_PRESETS)
def test_pyramid_twins_give_the_same_answers(preset: str) -> None:
    rules = p13.RuleSet.preset(preset)
    rng = random.Random(preset)
    moves = PYRAMID_MOVES
    for seed in range(2):
        for state in pyramid_walk(rules, seed, 150)[::25]:
            view = state.observe()
            expected = answers(view, moves)
            for _ in range(3):
                twin = p13.determinize(view, rng)
                seen = twin.observe()
                assert seen == view
                assert answers(seen, moves) == expected
                assert twin.moves_by_card() == state.moves_by_card()
                assert twin.playable() == state.playable()


@pytest.mark.parametrize(("preset", "suits"), [("microsoft", 1), ("pysolfc", 2), ("kpat", 4)])
def test_spider_twins_give_the_same_answers(preset: str, suits: int) -> None:
    rules = spider.RuleSet.preset(preset, suits=suits)
    rng = random.Random(preset)
    moves = [*rng.sample(SPIDER_MOVES, 200), spider.Move.DEAL]
    for state in spider_walk(rules, 1, 200)[::40]:
        view = state.observe()
        expected = answers(view, moves)
        for _ in range(3):
            twin = spider.determinize(view, rng)
            assert twin.observe() == view
            assert answers(twin.observe(), moves) == expected
            for move in moves:
                assert twin.why_illegal(move) == state.why_illegal(move)
            assert twin.moves_by_card() == state.moves_by_card()


# -- CardLocation.key ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("location", "key"),
    [
        (CardLocation(Place.PYRAMID, index=21), "pyramid-21"),
        (CardLocation(Place.WASTE, index=2, depth=1), "waste-2-1"),
        (CardLocation(Place.STOCK, depth=0), "stock-0"),
        (CardLocation(Place.STOCK), "stock"),
        (CardLocation(Place.PILE, index=9, depth=12), "pile-9-12"),
        (CardLocation(Place.PILE, index=0), "pile-0"),
        (CardLocation(Place.REMOVED), "removed"),
    ],
)
def test_a_location_key_joins_place_index_and_depth(location: CardLocation, key: str) -> None:
    assert location.key == key
