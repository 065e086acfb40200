"""What a move did, in words, from ``state.changes()``: the line ``play`` prints after
each move ("moved 8H 7H from pile 3 onto pile 7; turned up QS on pile 3").

Layer: generic (`pyramid13.cli`): it reads the changes of any game through the floor's
`Place` and `CardLocation`, never a game's own types.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._base.cards import Card, Rank
from .._base.location import CardLocation, Change, Place
from ._common import plural

__all__ = ["describe_changes", "place_name"]


def place_name(location: CardLocation, wastes: int = 1) -> str:
    """A location's part of the table as a sentence names it: ``"pile 3"`` (Spider's
    piles numbered 1-10, as on the table), ``"the pyramid"``, ``"the stock"``, ``"the
    waste"`` (``"waste 2"`` when there are `wastes` > 1 piles)."""
    place = location.place
    if place is Place.PILE:
        return f"pile {(location.index or 0) + 1}"
    if place is Place.WASTE and wastes > 1:
        return f"waste {(location.index or 0) + 1}"
    return f"the {place.value}"


def _cards(cards: Sequence[Card | None]) -> str:
    names = [str(card) if card is not None else "a face-down card" for card in cards]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe_changes(
    changes: Sequence[Change], name: Callable[[CardLocation], str] = place_name
) -> str:
    """One line saying what the changes of a move did, in the order they came (empty for
    no change). `name` names a location's part of the table."""
    phrases: dict[tuple[object, ...], list[Change]] = {}
    for change in changes:
        source, target = change.source.place, change.target.place
        key: tuple[object, ...]
        if change.turned_up:
            key = ("turned", name(change.target))
        elif target is Place.REMOVED:
            key = ("removed",)
        elif source is Place.STOCK and target is Place.PILE:
            key = ("dealt",)
        elif source is Place.STOCK:
            key = ("drew",)
        elif target is Place.STOCK:
            key = ("recycled",)
        else:
            key = ("moved", name(change.source), name(change.target))
        phrases.setdefault(key, []).append(change)
    return "; ".join(_phrase(key, group, name) for key, group in phrases.items())


def _phrase(
    key: tuple[object, ...], group: list[Change], name: Callable[[CardLocation], str]
) -> str:
    kind = key[0]
    cards = [change.card for change in group]
    if kind == "turned":
        return f"turned up {_cards(cards)} on {key[1]}"
    if kind == "dealt":
        return f"dealt {plural(len(group), 'card')} from the stock, one onto each pile"
    if kind == "drew":
        return f"drew {_cards(cards)} from the stock"
    if kind == "recycled":
        return f"turned the waste over: {plural(len(group), 'card')} back into the stock"
    if kind == "moved":
        return f"moved {_cards(cards)} from {key[1]} onto {key[2]}"
    return _removed(group, name)


def _removed(group: list[Change], name: Callable[[CardLocation], str]) -> str:
    """Spider's complete runs (13 cards from the piles, each run known by its King), or
    the cards Pyramid removed, with where each came from."""
    kings = [
        change for change in group if change.card is not None and change.card.rank is Rank.KING
    ]
    if len(group) == 13 * len(kings) and all(c.source.place is Place.PILE for c in group):
        runs = [f"a run of {_suit(king.card)} from {name(king.source)}" for king in kings]
        return "removed " + " and ".join(runs)
    by_place: dict[str, list[Card | None]] = {}
    for change in group:
        by_place.setdefault(name(change.source), []).append(change.card)
    return "removed " + " and ".join(
        f"{_cards(cards)} from {where}" for where, cards in by_place.items()
    )


def _suit(card: Card | None) -> str:
    assert card is not None
    return card.suit.name.lower()
