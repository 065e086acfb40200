"""`state.changes()`, `state.change_steps()` and `state.table()` in both games: the changes
of a move, applied to the picture of the previous table as `pyramid13.Change` documents,
give the new table exactly, and read backwards they give the previous table back (an
undo); so do the steps, applied one after another, and they reveal no card early.

The picture is rebuilt here from each game's own fields (`pyramid`, `stock`,
`waste_piles`, `piles`, `runs_removed`), and the changes are applied by stacking cards,
independently of the library's own code.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import Card, CardLocation, Change, Place, spider
from pyramid13.strategies import rulesets

Picture = Sequence[tuple[CardLocation, Card | None]]
_STACKS = (Place.STOCK, Place.WASTE, Place.PILE)


def pyramid_picture(state: p13.GameState) -> Counter[tuple[CardLocation, Card | None]]:
    pairs: list[tuple[CardLocation, Card | None]] = []
    for slot, card in enumerate(state.pyramid):
        if card is not None:
            pairs.append((CardLocation(Place.PYRAMID, slot), card))
    stock = state.stock
    for height, card in enumerate(stock):
        depth = len(stock) - 1 - height
        shown = card if depth == 0 and state.rules.stock_top_pairable else None
        pairs.append((CardLocation(Place.STOCK, None, depth), shown))
    for number, pile in enumerate(state.waste_piles):
        for height, card in enumerate(pile):
            pairs.append((CardLocation(Place.WASTE, number, len(pile) - 1 - height), card))
    seen = set(state.pyramid) | set(stock) | {card for pile in state.waste_piles for card in pile}
    pairs += [(CardLocation(Place.REMOVED), card) for card in p13.DECK if card not in seen]
    return Counter(pairs)


def spider_picture(state: spider.GameState) -> Counter[tuple[CardLocation, Card | None]]:
    pairs: list[tuple[CardLocation, Card | None]] = []
    for number, pile in enumerate(state.piles):
        shown: list[Card | None] = [None] * len(pile.face_down)
        shown += pile.face_up
        for height, card in enumerate(shown):
            pairs.append((CardLocation(Place.PILE, number, len(shown) - 1 - height), card))
    pairs += [(CardLocation(Place.STOCK, None, depth), None) for depth in range(len(state.stock))]
    for suit in state.runs_removed:
        pairs += [(CardLocation(Place.REMOVED), Card(rank, suit)) for rank in p13.Rank]
    return Counter(pairs)


def lay(
    picture: Picture, changes: Sequence[Change], face_down: Any, turn_down: bool = False
) -> Counter[tuple[CardLocation, Card | None]]:
    """`picture` with `changes` applied as `Change` says; `face_down(location)` tells
    whether a card laid there lies face down; `turn_down` turns the turned cards face
    down instead of up (the changes read backwards)."""
    stacks: dict[tuple[Place, int | None], list[Card | None]] = {}
    depths: dict[tuple[Place, int | None], dict[int, Card | None]] = {}
    slots: dict[int, Card | None] = {}
    removed: Counter[Card | None] = Counter()
    for location, card in picture:
        if location.place in _STACKS:
            assert location.depth is not None
            depths.setdefault((location.place, location.index), {})[location.depth] = card
        elif location.place is Place.PYRAMID:
            assert location.index is not None
            slots[location.index] = card
        else:
            removed[card] += 1
    for key, by_depth in depths.items():
        assert sorted(by_depth) == list(range(len(by_depth))), "depths are 0, 1, 2, ..."
        stacks[key] = [by_depth[depth] for depth in range(len(by_depth) - 1, -1, -1)]
    # 1. every moved card off its source, as it lay before
    leaving: dict[tuple[Place, int | None], set[int]] = {}
    for change in changes:
        if change.turned_up:
            continue
        source = change.source
        assert change.card is not None
        if source.place in _STACKS:
            stack = stacks[(source.place, source.index)]
            assert source.depth is not None
            height = len(stack) - 1 - source.depth
            assert stack[height] in (None, change.card), "the card lay at its source"
            leaving.setdefault((source.place, source.index), set()).add(height)
        elif source.place is Place.PYRAMID:
            assert source.index is not None
            assert slots.pop(source.index) == change.card
        else:
            assert removed[change.card] > 0
            removed[change.card] -= 1
    for key, heights in leaving.items():
        stacks[key] = [card for height, card in enumerate(stacks[key]) if height not in heights]
    # 2. every moved card onto its target, as it lies after (depths counted once all lie)
    arriving: dict[tuple[Place, int | None], list[tuple[int, Card | None]]] = {}
    for change in changes:
        if change.turned_up:
            continue
        target = change.target
        shown = None if face_down(target) else change.card
        if target.place in _STACKS:
            assert target.depth is not None
            arriving.setdefault((target.place, target.index), []).append((target.depth, shown))
        elif target.place is Place.PYRAMID:
            assert target.index is not None
            assert target.index not in slots
            slots[target.index] = shown
        else:
            removed[shown] += 1
    for key, cards in arriving.items():
        stack = stacks.setdefault(key, [])
        size = len(stack) + len(cards)
        for depth, card in sorted(cards, key=lambda item: -item[0]):
            stack.insert(size - 1 - depth, card)
        assert len(stack) == size
    # 3. the turned cards
    for change in changes:
        if change.turned_up:
            target = change.target
            assert target.place in _STACKS
            assert target.depth is not None
            stack = stacks[(target.place, target.index)]
            height = len(stack) - 1 - target.depth
            assert stack[height] == (change.card if turn_down else None)
            stack[height] = None if turn_down else change.card
    result: Counter[tuple[CardLocation, Card | None]] = Counter()
    for (place, index), stack in stacks.items():
        for height, card in enumerate(stack):
            result[(CardLocation(place, index, len(stack) - 1 - height), card)] += 1
    for slot, card in slots.items():
        result[(CardLocation(Place.PYRAMID, slot), card)] += 1
    for card, count in removed.items():
        if count:
            result[(CardLocation(Place.REMOVED), card)] += count
    return result


def backwards(changes: Sequence[Change]) -> list[Change]:
    """The changes read backwards: each card from its target back to its source."""
    return [Change(c.card, c.target, c.source, c.turned_up) for c in reversed(changes)]


def check_step(before: Any, after: Any, picture: Any, face_down: Any) -> None:
    changes = after.changes()
    assert all(isinstance(change, Change) for change in changes)
    assert after.table() == after.table()
    assert Counter(after.table()) == picture(after)
    assert lay(before.table(), changes, face_down) == picture(after)
    assert lay(after.table(), backwards(changes), face_down, turn_down=True) == picture(before)
    sources = [change.source for change in changes if change.source.place is not Place.REMOVED]
    assert len(set(sources)) == len(sources), "one change per card"
    for change in changes:
        same = (change.source.place, change.source.index) == (
            change.target.place,
            change.target.index,
        )
        assert same == change.turned_up, "a change moves a card, or turns it over in place"
        assert change.card is not None
    moved = [change for change in changes if not change.turned_up]
    assert moved == list(changes[: len(moved)]), "the turned cards come last"
    check_steps(before, after, picture, face_down)


Revealed = tuple[tuple[tuple[Change, bool], ...], ...]


def plain(pairs: Any) -> list[tuple[str, int, int, int]]:
    """A picture as a sorted list of plain tuples: compared faster than a Counter."""
    return sorted(
        (
            location.place.value,
            -1 if location.index is None else location.index,
            -1 if location.depth is None else location.depth,
            -1 if card is None else card.index,
        )
        for location, card in pairs
    )


def replay_steps(before: Any, after: Any, picture: Any, face_down: Any) -> Revealed:
    """Apply `after.change_steps()` one by one to the previous table, checking each lands
    as `Change` says and the last gives the new table, and read them backwards to the
    previous table; return the steps with, for each change, whether it revealed its card
    (the card lay face down at its source until that step)."""
    steps = after.change_steps()
    assert isinstance(steps, tuple)
    assert all(isinstance(step, tuple) and step for step in steps)
    assert bool(steps) == bool(after.changes())
    running = list(before.table())
    revealed = []
    for step in steps:
        assert all(isinstance(change, Change) for change in step)
        shown = {location: card for location, card in running if location.place in _STACKS}
        marks = []
        for change in step:
            hidden = change.source.place in _STACKS and shown[change.source] is None
            assert not change.turned_up or hidden, "a card turns up from face down"
            marks.append((change, hidden))
        revealed.append(tuple(marks))
        if steps == (after.changes(),):
            return tuple(revealed)  # one step, the changes: `check_step` laid them already
        running = list(lay(running, step, face_down).elements())
    assert plain(running) == plain(after.table())
    running = list(after.table())
    for step in reversed(steps):
        running = list(lay(running, backwards(step), face_down, turn_down=True).elements())
    assert plain(running) == plain(before.table())
    return tuple(revealed)


def check_steps(before: Any, after: Any, picture: Any, face_down: Any) -> None:
    revealed = replay_steps(before, after, picture, face_down)
    # Each card's changes, followed from step to step (a card's source in a step is where
    # the step before left it), make its change of `changes()`, but for the depths: a card
    # that turns up and then moves makes one change, the move.
    journeys: dict[tuple[Any, ...], list[Change]] = {}
    done: list[Change] = []
    for step in revealed:
        arrived = []
        for change, _ in step:
            earlier = journeys.get((change.source.place, change.source.index, change.card))
            if earlier:
                assert not change.turned_up, "a card turns up once, before it moves"
                change = Change(change.card, earlier.pop().source, change.target)
            if change.target.place is Place.REMOVED:
                done.append(change)
            else:
                arrived.append(change)
        for change in arrived:
            key = (change.target.place, change.target.index, change.card)
            journeys.setdefault(key, []).append(change)
    done.extend(change for changes in journeys.values() for change in changes)

    def shape(change: Change) -> tuple[Any, ...]:
        return (
            change.card,
            change.source.place,
            change.source.index,
            change.target.place,
            change.target.index,
            change.turned_up,
        )

    assert Counter(map(shape, done)) == Counter(map(shape, after.changes()))


# -- Pyramid ----------------------------------------------------------------------------------

PYRAMID_RULES = st.one_of(
    st.sampled_from([p13.RuleSet.preset(name) for name in p13.RuleSet.preset_names()]),
    rulesets(presets=False),
)


def pyramid_face_down(rules: p13.RuleSet) -> Any:
    def face_down(location: CardLocation) -> bool:
        return location.place is Place.STOCK and not (
            rules.stock_top_pairable and location.depth == 0
        )

    return face_down


@pytest.mark.parametrize("name", p13.RuleSet.preset_names())
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=5)
def test_pyramid_changes_rebuild_every_table_of_every_preset(name: str, seed: int) -> None:
    play_pyramid(p13.RuleSet.preset(name), seed)


@given(rules=PYRAMID_RULES, seed=st.integers(0, 2**32 - 1))
@settings(max_examples=20)
def test_pyramid_changes_rebuild_every_table_of_any_rules(rules: p13.RuleSet, seed: int) -> None:
    play_pyramid(rules, seed)


def play_pyramid(rules: p13.RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    state = p13.GameState.new(p13.Layout.shuffled(seed), rules)
    assert state.changes() == ()
    face_down = pyramid_face_down(rules)
    for _ in range(120):
        moves = state.legal_moves()
        if not moves:
            break
        removals = [move for move in moves if move.is_removal]
        move = rng.choice(removals) if removals and rng.random() < 0.7 else rng.choice(moves)
        after = state.apply(move)
        check_step(state, after, pyramid_picture, face_down)
        if move.kind is p13.MoveKind.DRAW:
            drawn = len(state.stock) - len(after.stock)
            assert [c.card for c in after.changes()[:drawn]] == list(state.stock[::-1][:drawn])
        state = after


def test_a_pyramid_removal_goes_to_the_removed_area() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(1)).apply("KC")
    assert state.changes() == (
        Change(Card.parse("KC"), CardLocation(Place.PYRAMID, 21), CardLocation(Place.REMOVED)),
    )
    assert state.undo().changes() == ()


# -- Spider -----------------------------------------------------------------------------------

SPIDER_RULES = st.one_of(
    st.builds(
        spider.RuleSet.preset,
        st.sampled_from(spider.RuleSet.preset_names()),
        suits=st.sampled_from([1, 2, 4]),
    ),
    st.builds(
        spider.RuleSet,
        shape=st.sampled_from(list(spider.DealShape)),
        suits=st.sampled_from([1, 2]),
        deal_onto_empty=st.booleans(),
        auto_remove_runs=st.booleans(),
        face_down=st.booleans(),
    ),
)


def spider_face_down(location: CardLocation) -> bool:
    return location.place is Place.STOCK


def building_move(state: spider.GameState, rng: random.Random) -> spider.Move:
    """A move that builds same-suit runs, so that runs get completed and removed."""
    legal = state.legal_moves()
    removals = [move for move in legal if move.kind is spider.MoveKind.REMOVE]
    if removals:
        return removals[0]
    piles = state.piles
    good = []
    for move in legal:
        if move.kind is spider.MoveKind.UNIT:
            assert move.source is not None
            assert move.count is not None
            assert move.target is not None
            up = piles[move.source].face_up
            onto = piles[move.target].top
            turns = move.count == len(up) and piles[move.source].face_down
            if (onto is not None and onto.suit is up[-move.count].suit) or turns:
                good.append(move)
    if good and rng.random() < 0.9:
        return rng.choice(good)
    return rng.choice(legal)


@pytest.mark.parametrize("name", spider.RuleSet.preset_names())
@given(seed=st.integers(0, 2**32 - 1), suits=st.sampled_from([1, 2, 4]))
@settings(max_examples=3)
def test_spider_changes_rebuild_every_table_of_every_preset(
    name: str, seed: int, suits: int
) -> None:
    play_spider(spider.RuleSet.preset(name, suits=suits), seed)


@given(rules=SPIDER_RULES, seed=st.integers(0, 2**32 - 1))
@settings(max_examples=5)
def test_spider_changes_rebuild_every_table_of_any_rules(rules: spider.RuleSet, seed: int) -> None:
    play_spider(rules, seed)


def play_spider(rules: spider.RuleSet, seed: int) -> int:
    """Play a game of building moves, checking every step; the runs removed."""
    rng = random.Random(seed)
    state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
    assert state.changes() == ()
    for _ in range(150):
        if not state.legal_moves():
            break
        move = building_move(state, rng)
        after = state.apply(move)
        check_step(state, after, spider_picture, spider_face_down)
        changes = after.changes()
        if move.kind is spider.MoveKind.UNIT:
            assert move.source is not None
            assert move.count is not None
            assert [c.source for c in changes[: move.count]] == [
                CardLocation(Place.PILE, move.source, depth)
                for depth in range(move.count - 1, -1, -1)
            ]
        elif move.kind is spider.MoveKind.DEAL:
            dealt = len(state.stock) - len(after.stock)
            assert [c.source for c in changes[:dealt]] == [
                CardLocation(Place.STOCK, None, depth) for depth in range(dealt)
            ]
        state = after
    return len(state.runs_removed)


def test_spider_walks_reach_run_removals() -> None:
    # The walks above must meet completed runs, lifted by a move and by themselves.
    auto = sum(play_spider(spider.RuleSet.preset("bicycle", suits=1), seed) for seed in range(2))
    by_move = sum(play_spider(spider.RuleSet.preset("pysolfc", suits=1), seed) for seed in range(2))
    assert auto
    assert by_move


def pile(index: int, depth: int) -> CardLocation:
    return CardLocation(Place.PILE, index, depth)


def spider_position(
    piles: dict[int, tuple[str, str]], dealing: str, deals: int, removed: int
) -> spider.GameState:
    """A one-suit Microsoft position (runs lift off by themselves): `piles` gives some piles'
    face-down and face-up cards (pile numbers from 1), `dealing` the first stock cards in
    dealing order, `deals` the deals left; the other piles and the stock take the rest of
    the spades, each other pile two cards face down and the rest face up."""
    rules = spider.RuleSet.preset("microsoft", suits=1)
    left = Counter(dict.fromkeys("A23456789TJQK", 8 - removed))
    used = "".join(down + up for down, up in piles.values()) + dealing
    left.subtract(used[::2])
    rest = [f"{rank}S" for rank, count in left.items() for _ in range(count)]
    stock = [dealing[i : i + 2] for i in range(0, len(dealing), 2)]
    while len(stock) < 10 * deals:
        stock.append(rest.pop())
    texts = []
    others = [number for number in range(1, 11) if number not in piles]
    share = {number: rest[index :: len(others)] for index, number in enumerate(others)}
    for number in range(1, 11):
        if number in piles:
            down, up = piles[number]
        else:
            cards = share[number]
            down, up = "".join(cards[:2]), "".join(cards[2:])
        texts.append(f"{down}|{up}" if down or up else "-")
    code = f"{'/'.join(texts)} {''.join(reversed(stock)) or '-'} {'S' * removed or '-'} 0"
    return spider.GameState.from_string(code, rules)


def test_a_unit_that_completes_a_run_goes_straight_to_the_removed_area() -> None:
    state = spider_position(
        {1: ("AS", "KSQSJSTS9S8S7S6S5S4S3S2S"), 2: ("2S", "AS")}, "", deals=0, removed=5
    )
    after = state.apply("2:1>1")
    changes = after.changes()
    removed = CardLocation(Place.REMOVED)
    assert changes[0] == Change(Card.parse("AS"), CardLocation(Place.PILE, 1, 0), removed)
    assert [(c.card, c.source, c.target) for c in changes[1:13]] == [
        (Card.parse(f"{rank}S"), CardLocation(Place.PILE, 0, depth), removed)
        for depth, rank in enumerate("23456789TJQK")
    ]
    assert changes[13:] == (
        Change(Card.parse("2S"), pile(1, 1), pile(1, 0), turned_up=True),
        Change(Card.parse("AS"), pile(0, 12), pile(0, 0), turned_up=True),
    )
    check_step(state, after, spider_picture, spider_face_down)


def test_a_deal_that_completes_a_run_lists_the_dealt_cards_first() -> None:
    state = spider_position({1: ("AS", "KSQSJSTS9S8S7S6S5S4S3S2S")}, "AS", deals=1, removed=4)
    after = state.apply("deal")
    changes = after.changes()
    removed = CardLocation(Place.REMOVED)
    assert changes[0] == Change(Card.parse("AS"), CardLocation(Place.STOCK, None, 0), removed)
    assert [c.target for c in changes[1:10]] == [
        CardLocation(Place.PILE, pile, 0) for pile in range(1, 10)
    ]
    assert [c.target for c in changes[10:22]] == [removed] * 12
    assert changes[22:] == (Change(Card.parse("AS"), pile(0, 12), pile(0, 0), turned_up=True),)
    check_step(state, after, spider_picture, spider_face_down)


def test_both_games_answer_through_the_state_protocol() -> None:
    rules = spider.RuleSet.preset("pysolfc")
    states: list[p13.State[Any]] = [
        p13.GameState.new(p13.Layout.shuffled(1)).apply("KC"),
        spider.GameState.new(spider.Layout.from_pysolfc(1), rules).apply("2:1>4"),
    ]
    for state in states:
        previous = state.previous
        assert previous is not None
        assert lay(previous.table(), state.changes(), lambda where: where.place is Place.STOCK)
        assert state.changes()[0].target != state.changes()[0].source
        assert all(state.why_illegal(move) is None for move in state.legal_moves())
        assert set(state.playable()) <= {where for where, card in state.table() if card}


# -- steps ------------------------------------------------------------------------------------


def test_a_unit_that_completes_a_run_lands_before_the_run_lifts_off() -> None:
    state = spider_position(
        {1: ("AS", "KSQSJSTS9S8S7S6S5S4S3S2S"), 2: ("2S", "AS")}, "", deals=0, removed=5
    )
    after = state.apply("2:1>1")
    ace, two = Card.parse("AS"), Card.parse("2S")
    removed = CardLocation(Place.REMOVED)
    run = [Card.parse(f"{rank}S") for rank in "A23456789TJQK"]
    assert after.change_steps() == (
        (Change(ace, pile(1, 0), pile(0, 0)),),  # lands on pile 1, on top of 2S
        (Change(two, pile(1, 0), pile(1, 0), turned_up=True),),  # the source's card turns
        tuple(Change(card, pile(0, depth), removed) for depth, card in enumerate(run)),
        (Change(ace, pile(0, 0), pile(0, 0), turned_up=True),),  # under the run
    )
    check_step(state, after, spider_picture, spider_face_down)


def test_a_deal_lifts_each_run_it_completes_before_the_next_card() -> None:
    state = spider_position({1: ("AS", "KSQSJSTS9S8S7S6S5S4S3S2S")}, "AS", deals=1, removed=4)
    after = state.apply("deal")
    steps = after.change_steps()
    stock_top = CardLocation(Place.STOCK, None, 0)
    assert steps[0] == (Change(Card.parse("AS"), stock_top, pile(0, 0)),)
    assert [change.target for change in steps[1]] == [CardLocation(Place.REMOVED)] * 13
    assert steps[2] == (Change(Card.parse("AS"), pile(0, 0), pile(0, 0), turned_up=True),)
    assert [step[0].target for step in steps[3:]] == [pile(number, 0) for number in range(1, 10)]
    assert all(len(step) == 1 and step[0].source == stock_top for step in steps[3:])
    check_step(state, after, spider_picture, spider_face_down)


def test_a_pyramid_draw_of_three_goes_card_by_card() -> None:
    rules = p13.RuleSet(draw_count=3, stock_top_pairable=True)
    state = p13.GameState.new(p13.Layout.shuffled(1), rules)
    after = state.apply("draw")
    top = CardLocation(Place.STOCK, None, 0)
    waste = CardLocation(Place.WASTE, 0, 0)
    first, second, third, fourth = state.stock[-1:-5:-1]
    assert after.change_steps() == (
        (Change(first, top, waste),),
        (Change(second, top, top, turned_up=True),),
        (Change(second, top, waste),),
        (Change(third, top, top, turned_up=True),),
        (Change(third, top, waste),),
        (Change(fourth, top, top, turned_up=True),),
    )
    check_step(state, after, pyramid_picture, pyramid_face_down(rules))
    plain_rules = p13.RuleSet(draw_count=3)
    state = p13.GameState.new(p13.Layout.shuffled(1), plain_rules)
    assert [step[0].card for step in state.apply("draw").change_steps()] == [
        first,
        second,
        third,
    ]


def test_pyramid_removal_and_recycle_are_one_step_each() -> None:
    rules = p13.RuleSet.preset("microsoft")
    state = p13.GameState.new(p13.Layout.shuffled(1), rules)
    after = state.apply("KC")
    assert after.change_steps() == (after.changes(),)
    while not state.is_legal("recycle"):
        state = state.apply("draw")
    after = state.apply("recycle")
    assert after.change_steps() == (after.changes(),)
    assert len(after.changes()) == 24
    assert state.change_steps()[0][0].target.place is Place.WASTE
    assert p13.GameState.new(p13.Layout.shuffled(1), rules).change_steps() == ()


def masked(revealed: Revealed) -> list[list[Change]]:
    """The steps with each card they reveal (that lay face down until then) hidden."""
    return [
        [Change(None, c.source, c.target, c.turned_up) if hidden else c for c, hidden in step]
        for step in revealed
    ]


@pytest.mark.parametrize("name", p13.RuleSet.preset_names())
def test_pyramid_steps_name_no_card_before_revealing_it(name: str) -> None:
    # A twin holds other unseen cards: the same move's steps, the revealed cards hidden,
    # are the same.
    rules = p13.RuleSet.preset(name)
    face_down = pyramid_face_down(rules)
    rng = random.Random(name)
    compared = 0
    for seed in range(2):
        state = p13.GameState.new(p13.Layout.shuffled(seed), rules)
        while len(state.history) < 80 and not state.observe().is_over:
            twin = p13.determinize(state.observe(), rng)
            move = rng.choice(state.observe().legal_moves())
            one, other = state.apply(move), twin.apply(move)
            mine = replay_steps(state, one, pyramid_picture, face_down)
            theirs = replay_steps(twin, other, pyramid_picture, face_down)
            assert masked(mine) == masked(theirs)
            compared += any(hidden for step in mine for _, hidden in step)
            state = one
    assert compared


@pytest.mark.parametrize("name", spider.RuleSet.preset_names())
def test_spider_steps_name_no_card_before_revealing_it(name: str) -> None:
    rules = spider.RuleSet.preset(name, suits=2)
    rng = random.Random(name)
    compared = 0
    for seed in range(1):
        state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
        while len(state.history) < 120 and not state.is_over:
            twin = spider.determinize(state.observe(), rng)
            move = building_move(state, rng)
            one, other = state.apply(move), twin.apply(move)
            mine = replay_steps(state, one, spider_picture, spider_face_down)
            theirs = replay_steps(twin, other, spider_picture, spider_face_down)
            assert masked(mine) == masked(theirs)
            compared += any(hidden for step in mine for _, hidden in step)
            state = one
    assert compared
