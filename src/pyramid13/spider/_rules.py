"""Spider rule sets: deal shape, suits, deals onto empty piles, run removal, face-down cards
and scoring in one immutable value, with the six presets of the programs users compare
against.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor; what every
game's rules share (`from_dict`, the checks of flags and policy names) is the floor's
`pyramid13._base.rules`.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from .._base.cards import Suit
from .._base.errors import InvalidRulesError
from .._base.rules import RulesBase, check_policy
from .._base.rules import check_bool as _check_bool
from .._base.text import describe
from ._scoring import NoScoring, ScoringPolicy, scoring_policy, shipped_policy_names

__all__ = ["DealShape", "RuleSet", "as_rules"]


class DealShape(enum.Enum):
    """How many cards each pile starts with, and how the stock is dealt.

    Examples:
        >>> DealShape("first-four"), RuleSet.preset("microsoft").shape is DealShape.FIRST_FOUR
        (<DealShape.FIRST_FOUR: 'first-four'>, True)
    """

    BICYCLE = "bicycle"
    """Ten piles of 5 (50 cards); a stock of 54: five deals of 10, then a final deal of 4
    onto piles 1-4 (Bicycle's printed rules)."""
    FIRST_FOUR = "first-four"
    """Piles 1-4 hold 6 cards, piles 5-10 hold 5 (54 cards); five deals of 10 (Microsoft,
    KPat)."""
    PYSOLFC = "pysolfc"
    """Piles 1, 4, 7 and 10 hold 6 cards, the others 5 (54 cards); five deals of 10 (PySolFC,
    AisleRiot)."""

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        """The number of cards each of the ten piles starts with (the top one face up).

        Examples:
            >>> DealShape.PYSOLFC.pile_sizes
            (6, 5, 5, 6, 5, 5, 6, 5, 5, 6)
        """
        return _PILE_SIZES[self]

    @property
    def deal_sizes(self) -> tuple[int, ...]:
        """The number of cards in each deal of the stock, in order.

        Examples:
            >>> DealShape.BICYCLE.deal_sizes
            (10, 10, 10, 10, 10, 4)
        """
        return _DEAL_SIZES[self]


_PILE_SIZES = {
    DealShape.BICYCLE: (5,) * 10,
    DealShape.FIRST_FOUR: (6,) * 4 + (5,) * 6,
    DealShape.PYSOLFC: (6, 5, 5, 6, 5, 5, 6, 5, 5, 6),
}
_DEAL_SIZES = {
    DealShape.BICYCLE: (10,) * 5 + (4,),
    DealShape.FIRST_FOUR: (10,) * 5,
    DealShape.PYSOLFC: (10,) * 5,
}
_ALL_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
#: The longest scoring policy name, in characters (a record's schema allows no more).


def default_suit_set(shape: DealShape, suits: int) -> tuple[Suit, ...]:
    """The suits a preset of `shape` plays with `suits` suits (S1: each program's choice)."""
    if suits == 4:
        return _ALL_SUITS
    first = Suit.CLUBS if shape is DealShape.PYSOLFC else Suit.SPADES
    return (first,) if suits == 1 else (first, Suit.HEARTS)


def _to_shape(value: object) -> object:
    if isinstance(value, str):
        try:
            return DealShape(value)
        except ValueError:
            raise InvalidRulesError(
                f"unknown deal shape {describe(value)}; known shapes: "
                f"{', '.join(shape.value for shape in DealShape)}"
            ) from None
    return value


def _check_shape(instance: RuleSet, attribute: object, value: object) -> None:
    if not isinstance(value, DealShape):
        raise InvalidRulesError(f"shape must be a DealShape or its name, not {describe(value)}")


def _check_suits(instance: RuleSet, attribute: object, value: object) -> None:
    # An int exactly: 2.0 or numpy's int64(2) compare equal to 2 but would not deal, save
    # or read back as one.
    if type(value) is not int or value not in (1, 2, 4):
        raise InvalidRulesError(f"suits must be 1, 2 or 4, not {describe(value)}")


def _to_suit_set(value: object) -> object:
    if isinstance(value, (list, tuple)):
        suits = []
        for item in value:
            if isinstance(item, str):
                try:
                    item = Suit(item.upper())
                except ValueError:
                    raise InvalidRulesError(
                        f"unknown suit {describe(item)} in suit_set (expected C, D, H or S)"
                    ) from None
            suits.append(item)
        return tuple(suits)
    return value


def _default_suit_set(instance: RuleSet) -> tuple[Suit, ...]:
    if not isinstance(instance.shape, DealShape) or type(instance.suits) is not int:
        return ()  # the validators have already refused these
    if instance.suits not in (1, 2, 4):
        return ()  # the validators have already refused these
    return default_suit_set(instance.shape, instance.suits)


def _check_suit_set(instance: RuleSet, attribute: object, value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(suit, Suit) for suit in value):
        raise InvalidRulesError(f"suit_set must be a tuple of Suit, not {describe(value)}")
    if len(set(value)) != len(value):
        raise InvalidRulesError(f"suit_set names a suit twice: {''.join(s.value for s in value)}")
    if len(value) != instance.suits:
        raise InvalidRulesError(
            f"suit_set {''.join(s.value for s in value)} has {len(value)} suit(s), "
            f"but suits={instance.suits}"
        )


def _to_policy(value: object) -> object:
    return scoring_policy(value) if isinstance(value, str) else value


def _check_policy(instance: RuleSet, attribute: object, value: object) -> None:
    check_policy(
        value,
        ScoringPolicy,
        "a Spider ScoringPolicy (with .name, .start, .undo_penalty and .score)",
        scoring_policy,
        shipped_policy_names(),
        "Spider ",
    )


@attrs.frozen
class RuleSet(RulesBase):
    """Every setting of a Spider variant. `RuleSet()` is the `bicycle` preset with 4 suits.

    Examples:
        >>> rules = RuleSet.preset("pysolfc", suits=2)
        >>> rules.shape, rules.suit_set, rules.auto_remove_runs
        (<DealShape.PYSOLFC: 'pysolfc'>, (<Suit.CLUBS: 'C'>, <Suit.HEARTS: 'H'>), False)
        >>> RuleSet.from_dict(rules.to_dict()) == rules
        True
        >>> RuleSet(suits=1).suit_set, RuleSet(suits=1).preset_name
        ((<Suit.SPADES: 'S'>,), 'bicycle')
    """

    shape: DealShape = attrs.field(
        default=DealShape.BICYCLE, converter=_to_shape, validator=_check_shape
    )
    """How the cards are dealt: the piles' starting sizes and the stock's deals."""
    suits: int = attrs.field(default=4, validator=_check_suits)
    """How many suits are in play: 1, 2 or 4 (the deck keeps 104 cards)."""
    suit_set: tuple[Suit, ...] = attrs.field(
        default=attrs.Factory(_default_suit_set, takes_self=True),
        converter=_to_suit_set,
        validator=_check_suit_set,
    )
    """Which suits are in play; by default the choice of the programs that use `shape`:
    spades (and hearts) for Bicycle, Microsoft and KPat, clubs (and hearts) for PySolFC."""
    deal_onto_empty: bool = attrs.field(default=False, validator=_check_bool)
    """A deal is legal while a pile is empty ("relaxed" rules); by default every pile must
    hold a card first."""
    auto_remove_runs: bool = attrs.field(default=True, validator=_check_bool)
    """A completed King-to-Ace run leaves the table as part of the move or deal that
    completed it; when False, removing it is a move of its own (`Move.remove`)."""
    face_down: bool = attrs.field(default=True, validator=_check_bool)
    """The piles' cards start face down but for the top one; False deals every card face
    up (Open Spider)."""
    scoring: ScoringPolicy = attrs.field(
        factory=NoScoring, converter=_to_policy, validator=_check_policy
    )
    """The scoring policy; a shipped policy can be given by name."""

    @property
    def preset_name(self) -> str | None:
        """The name of the preset equal to these rules (with any suit count), or None."""
        for (name, _suits), rules in _PRESETS.items():
            if rules == self:
                return name
        return None

    @classmethod
    def preset(cls, name: str, suits: int = 4) -> RuleSet:
        """The named preset with 1, 2 or 4 suits; see `preset_names` for the list.

        Args:
            name: one of `preset_names`, such as ``"bicycle"`` or ``"microsoft"``.
            suits: how many suits are in play: 1, 2 or 4.

        Examples:
            >>> RuleSet.preset("microsoft", suits=2).scoring.name
            'microsoft'

        Raises:
            InvalidRulesError: no preset has that name, or `suits` is not 1, 2 or 4.
        """
        try:
            if type(suits) is not int:
                raise KeyError(suits)
            return _PRESETS[name, suits]
        except (KeyError, TypeError):
            if not any(name == known for known, _suits in _PRESETS):
                raise InvalidRulesError(
                    f"unknown Spider preset {describe(name)}; known presets: {', '.join(_NAMES)}"
                ) from None
            raise InvalidRulesError(f"suits must be 1, 2 or 4, not {describe(suits)}") from None

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """The names of every preset, `bicycle` first.

        Examples:
            >>> RuleSet.preset_names()
            ('bicycle', 'microsoft', 'pysolfc', 'relaxed', 'kpat', 'open')
        """
        return _NAMES

    def to_dict(self) -> dict[str, Any]:
        """A plain, JSON-ready dict of every setting; `from_dict` reads it back.

        Examples:
            >>> RuleSet.preset("kpat", suits=2).to_dict()  # doctest: +NORMALIZE_WHITESPACE
            {'shape': 'first-four', 'suits': 2, 'suit_set': ['S', 'H'], 'deal_onto_empty': True,
             'auto_remove_runs': True, 'face_down': True, 'scoring': 'none'}
        """
        return {
            "shape": self.shape.value,
            "suits": self.suits,
            "suit_set": [suit.value for suit in self.suit_set],
            "deal_onto_empty": self.deal_onto_empty,
            "auto_remove_runs": self.auto_remove_runs,
            "face_down": self.face_down,
            "scoring": self.scoring.name,
        }

    _GAME = "Spider "
    _WHAT = "a Spider RuleSet"
    _PRESET_HINT = "use RuleSet.preset for other suit counts"

    @classmethod
    def _settings_from_dict(cls, settings: dict[str, Any]) -> dict[str, Any]:
        if "shape" in settings and not isinstance(settings["shape"], str):
            raise InvalidRulesError(
                f"shape must be a shape name, not {describe(settings['shape'])}"
            )
        if "suit_set" in settings and not isinstance(settings["suit_set"], (list, tuple)):
            raise InvalidRulesError(
                f"suit_set must be a list of suit letters, not {describe(settings['suit_set'])}"
            )
        return settings


def _make_presets() -> dict[tuple[str, int], RuleSet]:
    bicycle = {"shape": DealShape.BICYCLE}
    first_four = {"shape": DealShape.FIRST_FOUR}
    pysolfc = {"shape": DealShape.PYSOLFC, "auto_remove_runs": False}
    table: dict[str, dict[str, Any]] = {
        "bicycle": bicycle,
        "microsoft": {**first_four, "scoring": "microsoft"},
        "pysolfc": pysolfc,
        "relaxed": {**pysolfc, "deal_onto_empty": True},
        "kpat": {**first_four, "deal_onto_empty": True},
        "open": {**pysolfc, "face_down": False},
    }
    return {
        (name, suits): RuleSet(suits=suits, **settings)
        for name, settings in table.items()
        for suits in (4, 2, 1)
    }


_PRESETS = _make_presets()
_NAMES = tuple(dict.fromkeys(name for name, _suits in _PRESETS))


def as_rules(rules: RuleSet | str | None) -> RuleSet:
    """`rules` as a spider RuleSet: one itself, a preset's name (4 suits), or None for
    `RuleSet()`. Every function of the package that takes rules accepts these forms.

    Raises:
        InvalidRulesError: an unknown preset name, or neither a RuleSet nor text.
    """
    return RuleSet._coerce(rules)
