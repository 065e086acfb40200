"""SVG pictures of positions."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from game_walks import games
from hypothesis import given
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import GameState, InvalidMoveError, Layout, Move, RuleSet, to_svg

SVG = "{http://www.w3.org/2000/svg}"


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
    assert state.status.value in text


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
        to_svg(state, highlight="4C+8C")
    with pytest.raises(p13.InvalidArgumentError, match="GameState"):
        to_svg("not a state")  # type: ignore[arg-type]
