"""SVG pictures of positions: what they show, and how a page can address each card."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any, TypeVar

import attrs
import pytest
from game_walks import games
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import (
    CardLocation,
    GameState,
    InvalidMoveError,
    Layout,
    Move,
    Place,
    RuleSet,
    spider,
    to_svg,
)
from pyramid13.spider import _svg as spider_svg
from pyramid13.svg import Arrow

SVG = "{http://www.w3.org/2000/svg}"
_S = TypeVar("_S", GameState, spider.GameState)


def _cards(root: ET.Element) -> list[ET.Element]:
    return [
        group
        for group in root.iter(f"{SVG}g")
        if "card" in group.get("class", "").split() and group.get("data-card")
    ]


def _classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


@given(games(), st.booleans())
def test_picture_shows_the_position(state: GameState, with_highlight: bool) -> None:
    moves = state.legal_moves()
    highlight = moves[0] if with_highlight and moves else None
    root = ET.fromstring(to_svg(state, highlight=highlight))
    assert root.tag == f"{SVG}svg"
    faces = _cards(root)
    shown = [group.get("data-card") for group in faces]
    assert len(shown) == len(set(shown)), "no card is drawn twice"
    for card in state.pyramid:
        if card is not None:
            assert str(card) in shown
    for pile in state.waste_piles:
        for card in pile[-3:]:
            assert str(card) in shown
    if state.stock and state.rules.stock_top_pairable:
        assert str(state.stock[-1]) in shown
    exposed = {group.get("data-card") for group in faces if "exposed" in _classes(group)}
    assert exposed == {str(card) for card in state.exposed}
    marked = {group.get("data-card") for group in faces if "highlight" in _classes(group)}
    if highlight is not None and highlight.is_removal:
        assert marked == {str(card) for card in highlight.cards}
    if highlight is None:
        assert not marked
    text = "".join(root.itertext())
    assert f"score {state.score}" in text
    assert state.observe().status.value in text  # the honest status: a picture leaks nothing


def test_draw_and_recycle_highlights() -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("classic"))
    assert "#e07000" not in to_svg(state)
    assert 'class="card back face-down" data-place="stock" data-depth="0"><rect' in to_svg(state)
    assert "#e07000" in to_svg(state, highlight=Move.DRAW)
    for _ in range(24):
        state = state.apply("draw")
    root = ET.fromstring(to_svg(state, highlight="recycle"))
    top = [
        group for group in _cards(root) if group.get("data-card") == str(state.waste_piles[0][-1])
    ]
    assert "highlight" in _classes(top[0])


def test_text_is_escaped() -> None:
    title = '<script>alert("&")</script> ♥'
    state = GameState.new(Layout.shuffled(2))
    picture = to_svg(state, title=title)
    assert "<script>" not in picture
    root = ET.fromstring(picture)
    assert root.get("aria-label") == title
    assert title in "".join(root.itertext())


def test_every_waste_pile_is_drawn() -> None:
    state = GameState.new(Layout.shuffled(3), RuleSet.preset("three-stacks")).apply("draw")
    text = "".join(ET.fromstring(to_svg(state)).itertext())
    for number in (1, 2, 3):
        assert f"waste {number} (1)" in text


def test_jupyter_uses_the_picture() -> None:
    state = GameState.new(Layout.shuffled(4), RuleSet.preset("microsoft"))
    assert state._repr_svg_() == to_svg(state)


def test_bad_arguments() -> None:
    state = GameState.new(Layout.shuffled(4))
    with pytest.raises(InvalidMoveError):
        to_svg(state, highlight="4C+")
    with pytest.raises(p13.InvalidArgumentError, match="GameState"):
        to_svg("not a state")


# -- pictures a page can address: ids, locations, marks -----------------------------------

SPIDER_PRESETS = [(name, suits) for name in spider.RuleSet.preset_names() for suits in (1, 2, 4)]


def _location(element: ET.Element) -> CardLocation:
    index, depth = element.get("data-index"), element.get("data-depth")
    return CardLocation(
        Place(element.get("data-place")),
        None if index is None else int(index),
        None if depth is None else int(depth),
    )


def _elements(picture: str) -> tuple[ET.Element, list[ET.Element], list[ET.Element]]:
    """The root, the card elements and the empty places of a picture."""
    root = ET.fromstring(picture)
    groups = list(root.iter(f"{SVG}g"))
    cards = [group for group in groups if "card" in _classes(group)]
    empty = [group for group in groups if "empty" in _classes(group)]
    ids = [element.get("id") for element in root.iter() if element.get("id") is not None]
    assert len(ids) == len(set(ids)), "every id is unique"
    assert all(element.get("id") for element in cards + empty)
    return root, cards, empty


def _walk(state: _S, seed: int, moves: int) -> _S:
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state = state.apply(rng.choice(legal))
    return state


def _spider(name: str, suits: int, seed: int, moves: int) -> spider.GameState:
    rules = spider.RuleSet.preset(name, suits)
    return _walk(spider.GameState.new(spider.Layout.shuffled(seed, rules), rules), seed, moves)


def _pyramid(name: str, seed: int, moves: int) -> GameState:
    rules = RuleSet.preset(name)
    return _walk(GameState.new(Layout.shuffled(seed), rules), seed, moves)


@pytest.mark.parametrize(("name", "suits"), SPIDER_PRESETS)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 150))
def test_spider_cards_carry_their_locations(name: str, suits: int, seed: int, moves: int) -> None:
    state = _spider(name, suits, seed, moves)
    root, cards, empty = _elements(to_svg(state))
    assert float(root.get("height", "inf")) <= spider_svg.MAX_HEIGHT
    piles = state.piles
    drawn: dict[int, set[int]] = {pile: set() for pile in range(10)}
    runs = []
    for element in cards:
        where = _location(element)
        if where.place is Place.PILE:
            assert where.index is not None
            assert where.depth is not None
            pile = piles[where.index]
            card = pile.cards[len(pile) - 1 - where.depth]
            face_up = where.depth < len(pile.face_up)
            assert element.get("data-card") == (str(card) if face_up else None)
            assert ("face-up" in _classes(element)) is face_up
            assert element.find(f"{SVG}title") is not None or not face_up
            drawn[where.index].add(where.depth)
        elif where.place is Place.STOCK:
            assert where.index is None
            assert where.depth is not None
            assert element.get("data-card") is None  # the stock is face down
            assert 0 <= where.depth < len(state.stock)
        else:
            assert where == CardLocation(Place.REMOVED)
            runs.append(element.get("data-card"))
    assert runs == [str(p13.Card(p13.Rank.KING, suit)) for suit in state.runs_removed]
    assert all(drawn[pile] == set(range(len(piles[pile]))) for pile in range(10))
    stock = [_location(e).depth or 0 for e in cards if _location(e).place is Place.STOCK]
    sizes = state.rules.shape.deal_sizes[len(state.rules.shape.deal_sizes) - state.deals_left :]
    assert sorted(stock) == [sum(sizes[:k]) for k in range(len(sizes))]  # a back per deal
    places = [(_location(e), sorted(_classes(e))) for e in empty]
    assert sorted(
        where.index for where, classes in places if "pile" in classes and where.index is not None
    ) == [pile for pile in range(10) if not len(piles[pile])]
    assert sum("removed" in classes for _, classes in places) == 8 - len(state.runs_removed)
    assert sum("stock" in classes for _, classes in places) == (state.deals_left == 0)


@pytest.mark.parametrize("name", RuleSet.preset_names())
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 120))
def test_pyramid_cards_carry_their_locations(name: str, seed: int, moves: int) -> None:
    state = _pyramid(name, seed, moves)
    _root, cards, empty = _elements(to_svg(state))
    for element in cards:
        where = _location(element)
        text = element.get("data-card")
        if text is not None:
            assert state.locate(text) == where
        else:  # a back: the stock, whose order is unseen
            assert where.place is Place.STOCK
            assert where.depth is not None
            assert where.depth < len(state.stock)
            assert where.depth > 0 or not state.rules.stock_top_pairable
    shown = {_location(e) for e in cards}
    for slot, card in enumerate(state.pyramid):
        if card is not None:
            assert CardLocation(Place.PYRAMID, slot) in shown
    for number, pile in enumerate(state.waste_piles):
        for depth in range(min(3, len(pile))):
            assert CardLocation(Place.WASTE, number, depth) in shown
    places = {(_location(e), tuple(sorted(_classes(e)))) for e in empty}
    slots = {where.index for where, classes in places if "slot" in classes}
    assert slots == {slot for slot, card in enumerate(state.pyramid) if card is None}
    assert any("stock" in classes for _, classes in places) is (not state.stock)
    wastes = {where.index for where, classes in places if "waste" in classes}
    assert wastes == {number for number, pile in enumerate(state.waste_piles) if not pile}


def _twin(state: Any, seed: int) -> Any:
    """A state the player cannot tell from `state`, or None."""
    game = p13.game_of(state)
    observation = state.observe()
    rng = random.Random(seed)
    for _ in range(5):
        twin = game.determinize(observation, rng)
        if twin.observe() == observation:
            return twin
    return None


@settings(max_examples=30)
@given(
    preset=st.sampled_from(
        [("spider", name, suits) for name, suits in SPIDER_PRESETS]
        + [("pyramid", name, 0) for name in RuleSet.preset_names()]
    ),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 120),
)
def test_twins_that_look_the_same_give_the_same_picture(
    preset: tuple[str, str, int], seed: int, moves: int
) -> None:
    game, name, suits = preset
    state = _spider(name, suits, seed, moves) if game == "spider" else _pyramid(name, seed, moves)
    twin = _twin(state, seed)
    if twin is None:
        return
    hint = state.legal_moves()[:1]
    options: dict[str, Any] = {"lastmove": state.last_move, "arrows": hint, "four_color": True}
    if hint:
        options["highlight"] = hint[0]
    picture = to_svg(state, **options)
    assert to_svg(twin, **options) == picture
    assert to_svg(state.observe(), **options) == picture
    if twin.to_string() != state.to_string():  # the hidden cards differ: none is drawn
        hidden = {str(card) for card in state.observe().unseen}
        hidden -= {str(card) for card in _visible(state)}
        assert not any(f'data-card="{card}"' in picture for card in hidden)


def _visible(state: Any) -> list[Any]:
    if isinstance(state, spider.GameState):
        return [card for pile in state.piles for card in pile.face_up] + [
            p13.Card(p13.Rank.KING, suit) for suit in state.runs_removed
        ]
    observation = state.observe()
    return (
        [card for card in state.pyramid if card is not None]
        + [card for pile in state.waste_piles for card in pile]
        + ([observation.stock_top] if observation.stock_top else [])
    )


def test_a_face_down_card_is_never_named() -> None:
    state = _spider("microsoft", 4, 3, 0)
    picture = to_svg(state)
    _root, cards, _empty = _elements(picture)
    backs = [e for e in cards if "face-down" in _classes(e)]
    assert len(backs) == 44 + 5  # 44 face-down pile cards, a back per deal
    assert all(e.get("data-card") is None and e.find(f"{SVG}title") is None for e in backs)


def test_lastmove_arrows_and_fill_appear() -> None:
    state = _spider("microsoft", 2, 7, 0)
    move = state.legal_moves()[0]
    after = state.apply(move)
    assert move.source is not None
    assert move.target is not None
    root, cards, _empty = _elements(to_svg(after, lastmove=after.last_move))
    marked = {e.get("id") for e in cards if "lastmove" in _classes(e)}
    assert marked == {f"pile-{move.source}-0", f"pile-{move.target}-0"}
    # An arrow per move, from the lowest card it moves to the top of its target.
    root, cards, _empty = _elements(to_svg(state, arrows=[move, "deal"]))
    arrows = [e for e in root.iter() if "arrow" in _classes(e)]
    assert [(e.get("data-from"), e.get("data-to")) for e in arrows] == [
        (f"pile-{move.source}-{move.count - 1}", f"pile-{move.target}-0"),  # type: ignore[operator]
        ("stock-0", "stock-0"),
    ]
    assert [e.tag for e in arrows] == [f"{SVG}g", f"{SVG}circle"]
    # fill: a selection and its targets, by location; a location without depth is the top.
    source = CardLocation(Place.PILE, move.source, 0)
    target = CardLocation(Place.PILE, move.target)
    picture = to_svg(state, fill={source: "#ffeeaa", target: "#aaeeff80"})
    root, cards, _empty = _elements(picture)
    filled = {e.get("id"): e for e in cards if "filled" in _classes(e)}
    assert set(filled) == {f"pile-{move.source}-0", f"pile-{move.target}-0"}
    assert 'fill="#ffeeaa"' in ET.tostring(filled[f"pile-{move.source}-0"]).decode()
    assert 'fill="#aaeeff" fill-opacity="0.5"' in picture
    pairs = to_svg(state, arrows=[(source, target), Arrow(source, source, color="#123456")])
    assert pairs.count('class="arrow green"') == 1
    assert pairs.count('class="arrow custom"') == 1
    assert 'stroke="#123456"' in pairs


def test_pyramid_lastmove_and_arrows() -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    after = state.apply("KC")
    root, cards, _empty = _elements(to_svg(after, lastmove="KC"))
    marked = [e for e in cards if "lastmove" in _classes(e)]
    assert [(e.get("data-card"), e.get("data-place")) for e in marked] == [("KC", "removed")]
    drawn = after.apply("draw")
    root, cards, _empty = _elements(to_svg(drawn, lastmove="draw"))
    assert {e.get("id") for e in cards if "lastmove" in _classes(e)} == {
        "stock-0",
        "stock-1",
        "waste-0-0",
    }
    drawn = after.apply("KH")
    pair = Move.parse("5H+8S")
    assert drawn.is_legal(pair)
    root, cards, _empty = _elements(to_svg(drawn, arrows=[pair, "draw", "KS"]))
    ends = [(e.get("data-from"), e.get("data-to")) for e in root.iter() if e.get("data-from")]
    first, second = (drawn.locate(card) for card in pair.cards)
    key = {Place.PYRAMID: "pyramid-{0.index}", Place.WASTE: "waste-{0.index}-{0.depth}"}
    assert ends[0] == tuple(
        key[w.place].format(w) if w.place in key else "stock-0" for w in (first, second)
    )
    assert ends[1] == ("stock-0", "waste-0")  # onto the empty waste
    assert len(ends) == 2  # KS lies unseen in the stock: no arrow gives it away
    ring = to_svg(state, arrows=["KC"])
    assert '<circle class="arrow green" data-from="pyramid-21" data-to="pyramid-21"' in ring


def test_fill_and_arrows_refuse_places_not_drawn() -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("classic"))
    with pytest.raises(p13.InvalidArgumentError, match="nothing is drawn at stock depth 5"):
        to_svg(state, fill={CardLocation(Place.STOCK, depth=5): "red"})
    with pytest.raises(p13.InvalidArgumentError, match="pile"):
        to_svg(state, arrows=[(CardLocation(Place.PILE, 1), CardLocation(Place.STOCK))])
    with pytest.raises(p13.InvalidArgumentError, match="fill must map"):
        to_svg(state, fill={"stock": "red"})  # type: ignore[dict-item]
    with pytest.raises(p13.InvalidArgumentError, match="no colour named"):
        to_svg(state, colors={"felt": "green"})
    with pytest.raises(p13.InvalidArgumentError, match="each arrow"):
        to_svg(state, arrows=[3])
    with pytest.raises(p13.InvalidArgumentError, match="id_prefix"):
        to_svg(state, id_prefix="1 bad")
    with pytest.raises(InvalidMoveError):
        to_svg(state, lastmove="4C+")


def test_four_colours_style_colors_and_prefix() -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("classic"))
    two, four = to_svg(state), to_svg(state, four_color=True)
    assert "#1a5fb4" not in two
    assert "#1a5fb4" in four
    assert "#1b7a2f" in four
    styled = to_svg(state, style=".card.exposed rect { stroke: gold; }", colors={"table": "#000"})
    root = ET.fromstring(styled)
    assert root.find(f"{SVG}style") is not None
    assert root.find(f"{SVG}style").text == ".card.exposed rect { stroke: gold; }"  # type: ignore[union-attr]
    assert 'class="table" width="460" height="492" fill="#000"' in styled
    prefixed = ET.fromstring(to_svg(state, id_prefix="left-"))
    assert all(e.get("id", "left-").startswith("left-") for e in prefixed.iter())


@pytest.mark.parametrize("cards", [1, 10, 17, 30, 60, 104])
@pytest.mark.parametrize("down", [0, 5, 40])
def test_long_piles_fan_closer_within_the_maximum_height(cards: int, down: int) -> None:
    if down >= cards:
        return
    picture = to_svg(_long_pile(cards, down))
    root, elements, _empty = _elements(picture)
    height = float(root.get("height", "inf"))
    assert height <= spider_svg.MAX_HEIGHT
    titled = ET.fromstring(to_svg(_long_pile(cards, down), title="A long pile"))
    assert float(titled.get("height", "inf")) <= spider_svg.MAX_HEIGHT + 24
    # Every card is still there, each lower than the one beneath it.
    ys = [
        float(e.find(f"{SVG}rect").get("y", "0"))  # type: ignore[union-attr]
        for e in elements
        if e.get("data-place") == "pile" and e.get("data-index") == "0"
    ]
    assert len(ys) == cards
    assert ys == sorted(ys)
    assert len(set(ys)) == cards
    # The face-down count is written out.
    assert (f"{down} cards face down" in picture) is (down > 1)


def _long_pile(cards: int, down: int) -> spider.Observation:
    """What a player would see with `cards` cards in pile 1, `down` of them face down."""
    rules = spider.RuleSet.preset("microsoft")
    seen = spider.GameState.new(spider.Layout.shuffled(1, rules), rules).observe()
    up = tuple(p13.Card.parse(f"{'KQJT98765432A'[i % 13]}S") for i in range(cards - down))
    pile = spider.ObservedPile(down, up)
    return attrs.evolve(seen, piles=(pile, *seen.piles[1:]))


def test_an_empty_pile_looks_unlike_the_empty_stock() -> None:
    rules = spider.RuleSet.preset("microsoft")
    seen = spider.GameState.new(spider.Layout.shuffled(1, rules), rules).observe()
    empty = attrs.evolve(
        seen, piles=(spider.ObservedPile(0, ()), *seen.piles[1:]), deals_left=0, stock_size=0
    )
    _root, _cards, places = _elements(to_svg(empty))
    kinds = {e.get("id"): e for e in places}
    pile, stock = kinds["pile-0"], kinds["stock"]
    assert _classes(pile) == {"empty", "pile"}
    assert _classes(stock) == {"empty", "stock"}
    assert (pile.get("data-place"), pile.get("data-index")) == ("pile", "0")
    assert pile.get("data-depth") is None
    assert stock.get("data-index") is None
    pile_rect, stock_rect = (e.find(f"{SVG}rect") for e in (pile, stock))
    assert pile_rect is not None
    assert stock_rect is not None
    assert pile_rect.get("stroke-dasharray")
    assert not stock_rect.get("stroke-dasharray")
    assert pile_rect.get("stroke") != stock_rect.get("stroke")
    assert stock.find(f"{SVG}text") is not None  # a mark in the empty stock
