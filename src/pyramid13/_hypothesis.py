"""Hypothesis's entry point: `pyramid13.strategies` for ``st.from_type``.

Hypothesis runs this hook while it is being imported, possibly by `pyramid13.strategies`
itself, so the hook lives apart from that module and registers resolvers that import it
only when a type is first looked up.

Layer: the façade (the package's top-level names, Pyramid's among them).
"""

from __future__ import annotations

from typing import Any

__all__ = ["register_strategies"]


def register_strategies() -> None:
    """Register a strategy for `Card`, `Layout`, `RuleSet`, `Move` and `GameState`."""
    from hypothesis import strategies as st

    from ._base.cards import Card
    from .pyramid._layout import Layout
    from .pyramid._moves import Move
    from .pyramid._rules import RuleSet
    from .pyramid._state import GameState

    def resolve(kind: type[Any]) -> st.SearchStrategy[Any]:
        from . import strategies

        makers = {
            Card: strategies.cards,
            Layout: strategies.layouts,
            RuleSet: strategies.rulesets,
            Move: strategies.moves,
            GameState: strategies.game_states,
        }
        return makers[kind]()

    for kind in (Card, Layout, RuleSet, Move, GameState):
        st.register_type_strategy(kind, resolve)
