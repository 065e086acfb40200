"""What every game's `RuleSet` shares: reading rules from a dict, and the checks of a
setting that is True or False or names a scoring policy.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.

A game's ``RuleSet`` is an ``attrs``-frozen class that derives from `RulesBase`, names its
game in messages with ``_GAME`` (``""`` for Pyramid, ``"Spider "``) and converts the
values of its own settings in ``_settings_from_dict`` (an enum's value, a list of suits).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs
from typing_extensions import Self

from .errors import InvalidRulesError
from .games import kind_of
from .text import describe

__all__ = [
    "MAX_POLICY_NAME_LENGTH",
    "RulesBase",
    "check_bool",
    "check_policy",
    "check_policy_type",
]

#: The longest name of a scoring policy: saved rules name their policy, and a record's
#: schema holds 1 to 64 characters.
MAX_POLICY_NAME_LENGTH = 64
_SURROGATE = re.compile("[\ud800-\udfff]")


def check_bool(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    """The validator of a setting that is True or False."""
    if not isinstance(value, bool):
        raise InvalidRulesError(f"{attribute.name} must be True or False, not {describe(value)}")


def check_policy_type(value: object, protocol: type, described: str) -> None:
    """Refuse a ``scoring`` setting that is not a policy of the game's `protocol` (a
    runtime-checkable protocol; `described` names it in the message)."""
    if isinstance(value, type):
        # A class passes the runtime protocol check (it has the members) but is no policy.
        raise InvalidRulesError(
            f"scoring must be a ScoringPolicy instance, not the class {value.__name__}; "
            f"use {value.__name__}()"
        )
    if not isinstance(value, protocol) or not isinstance(getattr(value, "name", None), str):
        raise InvalidRulesError(
            f"scoring must be {described} or a policy name, not {describe(value)}"
        )


def check_policy(
    value: object,
    protocol: type,
    described: str,
    shipped: Callable[[str], object],
    shipped_names: tuple[str, ...],
    game: str = "",
) -> None:
    """Refuse a ``scoring`` setting that is no policy of the game's `protocol`
    (`check_policy_type`), whose name a record could not hold, or that takes the name of
    a shipped policy (`shipped` looks one up, `shipped_names` lists them; `game` names the
    game in the message: ``""`` or ``"Spider "``)."""
    check_policy_type(value, protocol, described)
    name: str = value.name  # type: ignore[attr-defined]
    if not 1 <= len(name) <= MAX_POLICY_NAME_LENGTH or _SURROGATE.search(name):
        raise InvalidRulesError(
            f"a scoring policy's name must be 1 to {MAX_POLICY_NAME_LENGTH} characters of "
            f"Unicode text (no surrogates), not {describe(name)}"
        )
    if name in shipped_names and value != shipped(name):
        # Saved rules name their policy; this one would come back as the shipped one.
        raise InvalidRulesError(
            f"the scoring policy name {name!r} belongs to a shipped {game}policy "
            f"({type(shipped(name)).__name__}); give your {type(value).__name__} "
            "another name"
        )


class RulesBase:
    """The part of a game's ``RuleSet`` that every game shares (see the module)."""

    __slots__ = ()

    _GAME: ClassVar[str] = ""
    """How messages name the game's rules: ``""`` for Pyramid, ``"Spider "``."""
    _WHAT: ClassVar[str] = "a Pyramid RuleSet"
    """How messages name the class: ``"a Pyramid RuleSet"``, ``"a Spider RuleSet"``."""
    _PRESET_HINT: ClassVar[str] = "use RuleSet.preset"
    """What a message about rules of the wrong type suggests."""

    @classmethod
    def _coerce(cls, rules: object, name: str = "rules") -> Self:
        """`rules` as rules of this class: one itself, a preset's name (``preset(name)``),
        or None for the default rules. Every function that takes rules accepts these forms.

        Raises:
            InvalidRulesError: an unknown preset name, or neither rules nor text.
        """
        if isinstance(rules, cls):
            return rules
        if rules is None:
            return cls()
        if isinstance(rules, str):
            return cls.preset(rules)  # type: ignore[attr-defined, no-any-return]
        raise InvalidRulesError(
            f"{name} must be {cls._WHAT} or a preset name ({cls._PRESET_HINT}), "
            f"not {kind_of(rules)}"
        )

    @classmethod
    def _settings_from_dict(cls, settings: dict[str, Any]) -> dict[str, Any]:
        """The game's own settings read from their JSON values (the caller has checked the
        keys); the scaffold reads ``scoring``."""
        return settings

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], *, policies: Mapping[str, Any] | None = None
    ) -> Self:
        """Rules from a dict like `to_dict` makes; missing keys take their defaults.

        Args:
            data: the settings.
            policies: extra scoring policies by name, for rules saved with your own policy;
                each key must be its policy's name.

        Raises:
            InvalidRulesError: an unknown key, a bad value or an unknown scoring policy.

        Examples:
            >>> import pyramid13 as p13
            >>> p13.RuleSet.from_dict({"passes": None, "scoring": "cardems"}).preset_name
            'cardems'
            >>> p13.RuleSet.from_dict({"pases": 2})
            Traceback (most recent call last):
            ...
            pyramid13.InvalidRulesError: unknown rule setting(s): ...pases...
            >>> rules = p13.spider.RuleSet.from_dict({"shape": "pysolfc", "suits": 1})
            >>> rules.suit_set, rules.auto_remove_runs, rules.preset_name
            ((<Suit.CLUBS: 'C'>,), True, None)
            >>> p13.spider.RuleSet.from_dict({"suits": 3})
            Traceback (most recent call last):
            ...
            pyramid13.InvalidRulesError: suits must be 1, 2 or 4, not 3
        """
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"rules must be a mapping, not {type(data).__name__}")
        if policies is not None and not isinstance(policies, Mapping):
            raise InvalidRulesError(
                f"policies must be a mapping of names to policies, not {type(policies).__name__}"
            )
        known = {field.name for field in attrs.fields(cls)}  # type: ignore[arg-type]
        unknown = sorted(describe(key) for key in data if key not in known)
        if unknown:
            raise InvalidRulesError(f"unknown {cls._GAME}rule setting(s): {', '.join(unknown)}")
        settings = cls._settings_from_dict(dict(data))
        if "scoring" in settings:
            name = settings["scoring"]
            if not isinstance(name, str):
                raise InvalidRulesError(f"scoring must be a policy name, not {describe(name)}")
            if policies is not None and name in policies:
                policy = policies[name]
                if getattr(policy, "name", None) != name:
                    raise InvalidRulesError(
                        f"policies maps {name!r} to a policy named "
                        f"{getattr(policy, 'name', None)!r}: the key must be the policy's name"
                    )
                settings["scoring"] = policy
        return cls(**settings)
