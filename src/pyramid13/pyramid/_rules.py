"""Pyramid rule sets: every variant's settings in one immutable value, with named presets.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor; what every
game's rules share (`from_dict`, the checks of flags and policy names) is the floor's
`pyramid13._base.rules`.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from .._base.errors import InvalidRulesError
from .._base.rules import MAX_POLICY_NAME_LENGTH, RulesBase, check_policy
from .._base.rules import check_bool as _check_bool
from .._base.text import describe
from ._scoring import NoScoring, ScoringPolicy, scoring_policy, shipped_policy_names

__all__ = ["MAX_PASSES", "MAX_POLICY_NAME_LENGTH", "Goal", "RuleSet"]

#: The largest finite `RuleSet.passes`: 2**53 - 1, the largest whole number that every
#: JSON reader holds exactly, so saved rules read back the same in any language.
MAX_PASSES = 2**53 - 1


class Goal(enum.Enum):
    """What wins the game.

    Examples:
        >>> RuleSet.preset("microsoft").goal, RuleSet.preset("pysolfc").goal
        (<Goal.PYRAMID: 'pyramid'>, <Goal.ALL_CARDS: 'all-cards'>)
    """

    PYRAMID = "pyramid"
    """Clear the 28 pyramid cards; cards left in the stock and waste do not matter."""
    ALL_CARDS = "all-cards"
    """Clear all 52 cards: the pyramid, the stock and the waste."""


def _to_policy(value: object) -> object:
    return scoring_policy(value) if isinstance(value, str) else value


def _check_count(low: int, high: int) -> Any:
    def check(instance: RuleSet, attribute: attrs.Attribute[int], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InvalidRulesError(
                f"{attribute.name} must be an int in {low}..{high}, not {describe(value)}"
            )

    return check


def _check_passes(instance: RuleSet, attribute: Any, value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_PASSES:
        raise InvalidRulesError(
            f"passes must be an int in 1..{MAX_PASSES} (1 means no recycle) or None for "
            f"unlimited, not {describe(value)}"
        )


def _check_goal(instance: RuleSet, attribute: Any, value: object) -> None:
    if not isinstance(value, Goal):
        raise InvalidRulesError(f"goal must be a Goal, not {describe(value)}")


def _check_policy(instance: RuleSet, attribute: object, value: object) -> None:
    check_policy(
        value,
        ScoringPolicy,
        "a ScoringPolicy (with .name and .score)",
        scoring_policy,
        shipped_policy_names(),
        "",
    )


def as_rules(rules: RuleSet | str | None, name: str = "rules") -> RuleSet:
    """`rules` as a RuleSet: a RuleSet itself, a preset's name, or None for `RuleSet()`.

    Every function of the library that takes rules accepts these three forms.

    Raises:
        InvalidRulesError: an unknown preset name, or neither a RuleSet nor text.
    """
    return RuleSet._coerce(rules, name)


@attrs.frozen
class RuleSet(RulesBase):
    """Every setting of a Pyramid variant. `RuleSet()` is the `classic` preset.

    Examples:
        >>> rules = RuleSet.preset("microsoft")
        >>> rules.passes, rules.stock_top_pairable, rules.scoring.name
        (3, True, 'microsoft')
        >>> RuleSet.from_dict(rules.to_dict()) == rules
        True
        >>> RuleSet(passes=None).preset_name is None
        True
    """

    passes: int | None = attrs.field(default=1, validator=_check_passes)
    """Passes through the stock, the first included: 1 means no recycle; None is unlimited.
    At most 2**53 - 1, the largest whole number that every JSON reader holds exactly."""
    draw_count: int = attrs.field(default=1, validator=_check_count(1, 24))
    """Cards moved onto the single waste pile per draw (3 in King Tut)."""
    waste_piles: int = attrs.field(default=1, validator=_check_count(1, 24))
    """Waste piles; with more than one, a draw deals one card onto each pile, pile 1 first."""
    stock_top_pairable: bool = attrs.field(default=False, validator=_check_bool)
    """The stock's top card lies face up and may be removed (Microsoft, PySolFC)."""
    waste_pairing: bool = attrs.field(default=False, validator=_check_bool)
    """A waste pile's top card may also pair with the card directly beneath it."""
    overlap_pairing: bool = attrs.field(default=False, validator=_check_bool)
    """An available card may pair with a card that it alone still covers."""
    goal: Goal = attrs.field(default=Goal.PYRAMID, validator=_check_goal)
    """What wins: clearing the pyramid or all 52 cards."""
    first_card_to_waste: bool = attrs.field(default=False, validator=_check_bool)
    """The game starts with the first stock card already on the (first) waste pile."""
    scoring: ScoringPolicy = attrs.field(
        factory=NoScoring, converter=_to_policy, validator=_check_policy
    )
    """The scoring policy; a shipped policy can be given by name.

    Your own policy's name must be 1 to 64 characters and differ
    from the shipped names (``none``, ``cardems``, ``microsoft``): saved rules name their
    policy, and a shipped name reads back as the shipped policy."""

    def __attrs_post_init__(self) -> None:
        if self.draw_count > 1 and self.waste_piles > 1:
            raise InvalidRulesError(
                f"draw_count={self.draw_count} contradicts waste_piles={self.waste_piles}: "
                "with several waste piles a draw deals exactly one card onto each pile"
            )

    @property
    def unlimited_passes(self) -> bool:
        """True when the stock may be recycled without limit."""
        return self.passes is None

    @property
    def preset_name(self) -> str | None:
        """The name of the preset equal to these rules, or None."""
        for name, rules in _PRESETS.items():
            if rules == self:
                return name
        return None

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The named preset; see `preset_names` for the list.

        Args:
            name: one of `preset_names`, such as ``"classic"`` or ``"microsoft"``.

        Raises:
            InvalidRulesError: no preset has that name.

        Examples:
            >>> rules = RuleSet.preset("microsoft")
            >>> rules.passes, rules.stock_top_pairable, rules.scoring
            (3, True, MicrosoftScoring())
            >>> RuleSet.preset("windows")
            Traceback (most recent call last):
            ...
            pyramid13.InvalidRulesError: unknown preset 'windows'; known presets: classic, ...
        """
        try:
            return _PRESETS[name]
        except (KeyError, TypeError):
            raise InvalidRulesError(
                f"unknown preset {describe(name)}; known presets: {', '.join(_PRESETS)}"
            ) from None

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """The names of every preset, `classic` first.

        Examples:
            >>> RuleSet.preset_names()[:4]
            ('classic', 'cardems', 'three-stacks', 'microsoft')
        """
        return tuple(_PRESETS)

    def to_dict(self) -> dict[str, Any]:
        """A plain, JSON-ready dict of every setting; `from_dict` reads it back.

        Examples:
            >>> data = RuleSet.preset("microsoft").to_dict()
            >>> data["passes"], data["goal"], data["scoring"]
            (3, 'pyramid', 'microsoft')
            >>> RuleSet.from_dict(data) == RuleSet.preset("microsoft")
            True
        """
        return {
            "passes": self.passes,
            "draw_count": self.draw_count,
            "waste_piles": self.waste_piles,
            "stock_top_pairable": self.stock_top_pairable,
            "waste_pairing": self.waste_pairing,
            "overlap_pairing": self.overlap_pairing,
            "goal": self.goal.value,
            "first_card_to_waste": self.first_card_to_waste,
            "scoring": self.scoring.name,
        }

    @classmethod
    def _settings_from_dict(cls, settings: dict[str, Any]) -> dict[str, Any]:
        if "goal" in settings:
            try:
                settings["goal"] = Goal(settings["goal"])
            except (ValueError, TypeError):
                raise InvalidRulesError(
                    f"goal must be one of {', '.join(g.value for g in Goal)}, "
                    f"not {describe(settings['goal'])}"
                ) from None
        return settings


_PRESETS: dict[str, RuleSet] = {
    "classic": RuleSet(),
    "cardems": RuleSet(passes=None, scoring="cardems"),
    "three-stacks": RuleSet(waste_piles=3),
    "microsoft": RuleSet(passes=3, stock_top_pairable=True, scoring="microsoft"),
    "pysolfc": RuleSet(
        passes=3, stock_top_pairable=True, first_card_to_waste=True, goal=Goal.ALL_CARDS
    ),
    "relaxed": RuleSet(passes=3, stock_top_pairable=True, first_card_to_waste=True),
    "apophis": RuleSet(passes=3, waste_piles=3, goal=Goal.ALL_CARDS),
    "king-tut": RuleSet(passes=None, draw_count=3),
    "cardgames": RuleSet(passes=None, overlap_pairing=True),
    "solitaire-lab": RuleSet(passes=1, stock_top_pairable=True),
}
