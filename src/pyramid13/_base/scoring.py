"""`ShippedPolicies`: a game's shipped scoring policies by name, looked up the same way in
every game.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
Each game has its own scoring protocol (what a move did differs from game to game); what
they share is the lookup of a shipped policy by its name, and the error an unknown name
raises (`InvalidRulesError`, a library error, never a bare `KeyError`).
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from .errors import InvalidRulesError
from .text import describe

__all__ = ["ShippedPolicies", "constant"]


def constant(value: object) -> Any:
    """A read-only property that is always `value`: a shipped policy's ``name`` (and, in
    Spider, its ``start`` and ``undo_penalty``), as the policy protocols declare them.

    Examples:
        >>> class Policy:
        ...     name = constant("double")
        >>> Policy().name
        'double'
    """

    def get(self: object) -> object:
        return value

    return property(get, doc=f"{value!r}." if not isinstance(value, str) else f'``"{value}"``.')


class _Named(Protocol):
    @property
    def name(self) -> str: ...


PolicyT = TypeVar("PolicyT", bound=_Named)


class ShippedPolicies(Generic[PolicyT]):
    """A game's shipped policies, by their names, in the order given.

    Args:
        game: how messages name the game's policies (``""`` for Pyramid, ``"Spider "``).
        policies: the shipped policies.

    Examples:
        >>> from pyramid13 import spider
        >>> from pyramid13.spider._scoring import MicrosoftScoring, NoScoring
        >>> shipped = ShippedPolicies("Spider ", NoScoring(), MicrosoftScoring())
        >>> shipped.names(), shipped.get("microsoft")
        (('none', 'microsoft'), MicrosoftScoring())
        >>> shipped.get("vegas")
        Traceback (most recent call last):
        ...
        pyramid13.InvalidRulesError: unknown Spider scoring policy 'vegas'; shipped ones: ...
    """

    __slots__ = ("_by_name", "_game")

    def __init__(self, game: str, *policies: PolicyT) -> None:
        self._game = game
        self._by_name = {policy.name: policy for policy in policies}

    def get(self, name: str) -> PolicyT:
        """The shipped policy called `name`.

        Raises:
            InvalidRulesError: no shipped policy has that name (or `name` is no text).
        """
        policy = self._by_name.get(name) if isinstance(name, str) else None
        if policy is None:
            raise InvalidRulesError(
                f"unknown {self._game}scoring policy {describe(name)}; shipped ones: "
                f"{', '.join(self._by_name)}"
            )
        return policy

    def names(self) -> tuple[str, ...]:
        """The names of the shipped policies."""
        return tuple(self._by_name)
