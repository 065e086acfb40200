"""`SplitMix64`: the seeded generator behind every game's ``Layout.shuffled``; and
`system_shuffle`, the shuffle behind every game's ``Layout.random``.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

import secrets
from typing import TypeVar

__all__ = ["SplitMix64", "system_shuffle"]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class SplitMix64:
    """A tiny, fully specified PRNG, so seeded deals never change across Python versions."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """An unbiased int in ``range(bound)`` (rejection sampling)."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next()
            if value < limit:
                return value % bound


def system_shuffle(items: list[T]) -> None:
    """Shuffle `items` in place, uniformly, with the operating system's randomness.

    The Fisher-Yates shuffle of ``Layout.shuffled`` (from the last item down), each draw
    ``secrets.randbelow(n + 1)``: every order is equally likely and no seed exists, so a
    52-card deal carries log2(52!), about 225.6 bits, of the system's entropy.

    Examples:
        >>> cards = list(range(52))
        >>> system_shuffle(cards)
        >>> sorted(cards) == list(range(52))
        True
    """
    for n in range(len(items) - 1, 0, -1):
        j = secrets.randbelow(n + 1)
        items[n], items[j] = items[j], items[n]
