"""`honest_hint`: a move to suggest from what the player sees, beside the thoughtful `hint`.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor.
"""

from __future__ import annotations

from .._base.errors import InvalidArgumentError
from .._base.games import kind_of
from ._moves import Move
from ._observation import Observation
from ._replan import ReplanBot

__all__ = ["honest_hint"]


def honest_hint(observation: Observation) -> Move | None:
    """The move to suggest from what the player sees, or None when the game is over.

    ``hint`` sees the order of the stock (it is thoughtful: a hint that knows what the
    player cannot). This one is given the player's view alone, so it can be shown in a
    game played honestly, or sent to a player whose stock the server keeps: it is the move
    a fresh `ReplanBot` (its default settings) chooses from `observation`, planning afresh
    (it deals the unseen stock cards at random and plays the move most of those deals are
    won with). Deterministic: the same view gets the same hint. Honest play wins fewer
    deals than play that sees every card (`benchmarks/pyramid-replan.md` gives
    `ReplanBot`'s rates beside `GreedyBot`'s). For a whole game, keep one `ReplanBot` and
    ask its ``choose``: it follows the plans it made.

    Args:
        observation: what the player sees (``state.observe()``).

    Raises:
        InvalidArgumentError: `observation` is not a Pyramid Observation (a `GameState`
            included: pass ``state.observe()``).

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(5), p13.RuleSet.preset("microsoft"))
        >>> p13.honest_hint(state.observe()) in state.legal_moves()
        True
    """
    if not isinstance(observation, Observation):
        raise InvalidArgumentError(
            "observation must be a Pyramid Observation (such as state.observe()), not "
            f"{kind_of(observation)}"
        )
    if not observation.legal_moves():
        return None
    return ReplanBot().choose(observation)
