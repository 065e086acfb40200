"""Hypothesis strategies for pyramid13 values, to property-test code built on the engine.

Install with the ``strategies`` extra (``pip install ".[strategies]"`` in a checkout of the
repository; ``pip install "pyramid13[strategies]"`` once pyramid13 is published on PyPI);
this module is not imported by ``import pyramid13``. The strategies are also registered with
Hypothesis's entry point, so ``st.from_type(Layout)`` (and `RuleSet`, `GameState`,
`Move`, `Card`) work as soon as the package is installed.

Examples:
    >>> from hypothesis import given, settings
    >>> from pyramid13.strategies import game_states
    >>> @settings(max_examples=20)
    ... @given(game_states(max_moves=20))
    ... def test_undo_returns_the_parent(state):
    ...     for move in state.legal_moves():
    ...         assert state.apply(move).undo() is state
    >>> test_undo_returns_the_parent()

Layer: the façade (the package's top-level names, Pyramid's among them).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from ._base.cards import DECK, Card, Rank
from ._base.errors import InvalidArgumentError
from ._base.text import describe
from .pyramid._layout import Layout
from .pyramid._moves import Move
from .pyramid._rules import Goal, RuleSet
from .pyramid._state import GameState

__all__ = ["cards", "game_states", "layouts", "moves", "preset_rulesets", "rulesets"]

_PAIRS = tuple(
    Move.remove(first, second)
    for first in DECK
    for second in DECK
    if first.index < second.index and first.value + second.value == 13
)
_KINGS = tuple(Move.remove(card) for card in DECK if card.rank is Rank.KING)
#: Every move that exists: 4 King removals, 96 pairs, draw and recycle.
_ALL_MOVES: tuple[Move, ...] = (Move.draw(), Move.recycle(), *_KINGS, *_PAIRS)


def cards() -> st.SearchStrategy[Card]:
    """Any of the 52 cards; shrinks towards the Ace of clubs.

    Examples:
        >>> from hypothesis import given
        >>> @given(cards())
        ... def test_a_card_parses_back(card):
        ...     assert Card.parse(str(card)) == card
        >>> test_a_card_parses_back()
    """
    return st.sampled_from(DECK)


def layouts() -> st.SearchStrategy[Layout]:
    """Any deal: a permutation of the 52 cards.

    Half the time the deal is a seeded `Layout.shuffled` one (realistic games); otherwise
    an arbitrary permutation, which shrinks towards the unshuffled deck so a failing
    example ends up as simple as Hypothesis can make it.

    Examples:
        >>> from hypothesis import given
        >>> @given(layouts())
        ... def test_a_layout_code_parses_back(layout):
        ...     assert Layout.parse(layout.code) == layout
        >>> test_a_layout_code_parses_back()
    """
    return st.one_of(
        st.permutations(DECK).map(Layout.from_cards),
        st.integers(min_value=0, max_value=2**64 - 1).map(Layout.shuffled),
    )


def preset_rulesets() -> st.SearchStrategy[RuleSet]:
    """One of the named presets of `RuleSet.preset_names`.

    Examples:
        >>> from hypothesis import given
        >>> @given(preset_rulesets())
        ... def test_a_preset_knows_its_name(rules):
        ...     assert RuleSet.preset(rules.preset_name) == rules
        >>> test_a_preset_knows_its_name()
    """
    return st.sampled_from([RuleSet.preset(name) for name in RuleSet.preset_names()])


_SMALL_PILES = st.integers(min_value=1, max_value=3)
_ANY_PILES = st.integers(min_value=1, max_value=24)


@st.composite
def _custom_rulesets(draw: st.DrawFn) -> RuleSet:
    passes = draw(st.one_of(st.none(), st.integers(min_value=1, max_value=4)))
    waste_piles = draw(st.one_of(_SMALL_PILES, _ANY_PILES))
    # Several waste piles take exactly one card each per draw (RuleSet rejects anything else).
    draw_count = 1 if waste_piles > 1 else draw(st.one_of(_SMALL_PILES, _ANY_PILES))
    return RuleSet(
        passes=passes,
        draw_count=draw_count,
        waste_piles=waste_piles,
        stock_top_pairable=draw(st.booleans()),
        waste_pairing=draw(st.booleans()),
        overlap_pairing=draw(st.booleans()),
        goal=draw(st.sampled_from(Goal)),
        first_card_to_waste=draw(st.booleans()),
        scoring=draw(st.sampled_from(("none", "cardems", "microsoft"))),
    )


def rulesets(*, presets: bool = True, custom: bool = True) -> st.SearchStrategy[RuleSet]:
    """Rule sets: the named presets and random valid combinations of every setting.

    Custom rule sets mostly keep `RuleSet.waste_piles` and `RuleSet.draw_count` small
    (1 to 3) but reach the full range too, and use each shipped scoring policy.

    Args:
        presets: include the named presets.
        custom: include random combinations of the settings.

    Examples:
        >>> from hypothesis import given
        >>> @given(rulesets(presets=False))
        ... def test_rules_survive_a_dict(rules):
        ...     assert RuleSet.from_dict(rules.to_dict()) == rules
        >>> test_rules_survive_a_dict()
    """
    choices: list[st.SearchStrategy[RuleSet]] = []
    if presets:
        choices.append(preset_rulesets())
    if custom:
        choices.append(_custom_rulesets())
    if not choices:
        raise ValueError("rulesets() needs presets=True or custom=True")
    return st.one_of(choices)


def moves() -> st.SearchStrategy[Move]:
    """Any move that exists (draw, recycle, a King or a pair summing to 13), legal or not.

    Examples:
        >>> from hypothesis import given
        >>> @given(moves())
        ... def test_a_move_parses_back(move):
        ...     assert Move.parse(str(move)) == move
        >>> test_a_move_parses_back()
    """
    return st.sampled_from(_ALL_MOVES)


def _as_strategy(value: Any, default: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    if value is None:
        return default
    if isinstance(value, st.SearchStrategy):
        return value
    return st.just(value)


@st.composite
def _game_states(
    draw: st.DrawFn,
    rules: st.SearchStrategy[RuleSet],
    layout: st.SearchStrategy[Layout],
    max_moves: int,
) -> GameState:
    state = GameState.new(draw(layout), draw(rules))
    length = draw(st.integers(min_value=0, max_value=max_moves))
    for _ in range(length):
        legal = state.legal_moves()
        if not legal:
            break
        state = state.apply(legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))])
    return state


def game_states(
    rules: RuleSet | str | st.SearchStrategy[RuleSet] | None = None,
    max_moves: int = 60,
    *,
    layout: Layout | st.SearchStrategy[Layout] | None = None,
) -> st.SearchStrategy[GameState]:
    """Positions reached by a random walk of up to `max_moves` legal moves from a deal.

    Each step picks one of `GameState.legal_moves` (shrinking towards the first one, and
    towards shorter walks); the walk stops early when the game ends. The state keeps its
    history, so `GameState.history` replays it and `GameState.undo` walks back.

    Args:
        rules: a `RuleSet`, a preset's name, a strategy of rule sets, or None for
            `rulesets()`.
        max_moves: the longest walk.
        layout: a `Layout`, a strategy of them, or None for `layouts()`.

    Examples:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=25)
        ... @given(game_states(RuleSet.preset("microsoft"), max_moves=30))
        ... def test_a_position_code_reads_back(state):
        ...     assert GameState.from_string(state.to_string()) == state
        >>> test_a_position_code_reads_back()

    Raises:
        InvalidArgumentError: `max_moves` is not an int >= 0.
        InvalidRulesError: `rules` names no preset.
    """
    if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0:
        raise InvalidArgumentError(f"max_moves must be an int >= 0, not {describe(max_moves)}")
    if isinstance(rules, str):
        rules = RuleSet.preset(rules)
    return _game_states(_as_strategy(rules, rulesets()), _as_strategy(layout, layouts()), max_moves)
