"""`honest_hint`: a move to suggest from what the player sees, beside the thoughtful `hint`.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor.
"""

from __future__ import annotations

from .._base.errors import InvalidArgumentError
from .._base.games import kind_of
from ._moves import Move
from ._observation import Observation
from ._rollout import RolloutBot

__all__ = ["honest_hint"]


def honest_hint(observation: Observation) -> Move | None:
    """The move to suggest from what the player sees, or None when the game is over.

    `spider.hint` sees the face-down cards and the stock (it is thoughtful: a hint that
    knows what the player cannot). This one is given the player's view alone, so it can
    be shown in a game played honestly, or sent to a player whose face-down cards the
    server keeps: it is the move a fresh `spider.RolloutBot` (its default settings)
    chooses from `observation`, planning afresh (it samples the hidden cards and plays
    its lines on in the samples). Deterministic: the same view gets the same hint. Honest
    play wins far fewer deals than play that sees every card (`benchmarks/spider-solver.md`
    gives `RolloutBot`'s rates beside the solver's). For a whole game, keep one
    `RolloutBot` and ask its ``choose``: it follows the plans it made.

    Args:
        observation: what the player sees (``state.observe()``).

    Raises:
        InvalidArgumentError: `observation` is not a Spider Observation (a `GameState`
            included: pass ``state.observe()``).

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> state = spider.GameState.new(spider.Layout.from_pysolfc(5, suits=1), rules)
        >>> spider.honest_hint(state.observe()) in state.legal_moves()
        True
    """
    if not isinstance(observation, Observation):
        raise InvalidArgumentError(
            "observation must be a Spider Observation (such as state.observe()), not "
            f"{kind_of(observation)}"
        )
    if not observation.legal_moves():
        return None
    return RolloutBot().choose(observation)
