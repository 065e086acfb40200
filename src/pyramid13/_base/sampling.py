"""The argument checks of every game's `determinize`.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

from .errors import InvalidArgumentError

__all__ = ["check_sampling_arguments"]


def check_sampling_arguments(observation: object, kind: type, name: str, rng: object) -> None:
    """Refuse what `determinize` (of either game) cannot sample from."""
    if not isinstance(observation, kind):
        raise InvalidArgumentError(
            f"observation must be a {name}, not {type(observation).__name__}"
        )
    if not callable(getattr(rng, "shuffle", None)):
        raise InvalidArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
