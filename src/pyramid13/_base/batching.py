"""What every game's batched engine (`pyramid13.batch`) checks alike: a deal seed, and the
states that ``reset_states`` starts games from.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
It needs no NumPy: the engines that import it do, and only they.
"""

from __future__ import annotations

from collections.abc import Sequence

from .deals import MAX_SEED
from .errors import InvalidArgumentError
from .integers import as_int
from .text import describe

__all__ = ["as_seed", "check_states"]


def as_seed(value: object) -> int | None:
    """`value` as a deal seed (any int, NumPy's too, in ``0 .. 2**64 - 1``), else None.

    Examples:
        >>> as_seed(7), as_seed(2**64), as_seed(-1), as_seed(1.0), as_seed(True)
        (7, None, None, None, None)
    """
    seed = as_int(value)
    return seed if seed is not None and 0 <= seed <= MAX_SEED else None


def check_states(states: Sequence[object], state_type: type, rules: object, what: str) -> None:
    """Check that each of `states` is a `state_type` played under `rules`, the batch's.

    Args:
        states: the states given to ``reset_states``, as many as the games they start.
        state_type: the game's ``GameState``.
        rules: the batch's rules.
        what: the game's state as messages name it (``"a Pyramid GameState"``).

    Raises:
        InvalidArgumentError: the first state that is no `state_type`, or is played under
            other rules; the message gives its place in `states`.

    Examples:
        >>> check_states(["2"], int, None, "an int")
        Traceback (most recent call last):
        ...
        pyramid13.InvalidArgumentError: states[0] must be an int, not '2'
    """
    for number, state in enumerate(states):
        if not isinstance(state, state_type):
            raise InvalidArgumentError(f"states[{number}] must be {what}, not {describe(state)}")
        if state.rules != rules:  # type: ignore[attr-defined]
            raise InvalidArgumentError(
                f"states[{number}] is played under other rules than the batch's"
            )
