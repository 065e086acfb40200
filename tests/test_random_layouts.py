"""Deals from the operating system's randomness: `Layout.random` and `spider.Layout.random`
call the system's source for every card, give valid deals of every rule set, spread the
cards evenly, and carry the entropy their docs state."""

from __future__ import annotations

import collections
import itertools
import math
import secrets
from pathlib import Path
from typing import Any

import pytest

import pyramid13 as p13
from pyramid13 import spider
from pyramid13._base.shuffle import system_shuffle

SPIDER_RULES = [
    spider.RuleSet.preset(name, suits=suits)
    for name in spider.RuleSet.preset_names()
    for suits in (1, 2, 4)
]


def _recording(monkeypatch: pytest.MonkeyPatch, answer: int = 0) -> list[int]:
    """Replace the system's source by one that answers `answer` (within bounds) and
    records the bounds asked."""
    bounds: list[int] = []

    def randbelow(bound: int) -> int:
        bounds.append(bound)
        return min(answer, bound - 1)

    monkeypatch.setattr(secrets, "randbelow", randbelow)
    return bounds


def _fisher_yates(cards: list[Any], answer: int) -> list[Any]:
    """The documented shuffle with every draw `answer` (capped by its bound)."""
    cards = list(cards)
    for n in range(len(cards) - 1, 0, -1):
        j = min(answer, n)
        cards[n], cards[j] = cards[j], cards[n]
    return cards


@pytest.mark.parametrize("answer", [0, 5])
def test_a_pyramid_deal_draws_every_card_from_the_system(
    monkeypatch: pytest.MonkeyPatch, answer: int
) -> None:
    bounds = _recording(monkeypatch, answer)
    layout = p13.Layout.random()
    assert bounds == list(range(52, 1, -1))  # one draw per card but the last
    assert list(layout.cards) == _fisher_yates(list(p13.DECK), answer)


@pytest.mark.parametrize("rules", SPIDER_RULES[:3])
def test_a_spider_deal_draws_every_card_from_the_system(
    monkeypatch: pytest.MonkeyPatch, rules: spider.RuleSet
) -> None:
    bounds = _recording(monkeypatch)
    layout = spider.Layout.random(rules)
    assert bounds == list(range(104, 1, -1))
    deck = [
        p13.Card(rank, suit)
        for _ in range(8 // rules.suits)
        for suit in rules.suit_set
        for rank in p13.Rank
    ]
    assert layout == spider.Layout.from_cards(_fisher_yates(deck, 0), rules.shape)


def test_no_seed_stands_behind_a_random_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    # Layout.random uses no seeded generator: with the system's source fixed, the seeded
    # shuffles are never asked.
    _recording(monkeypatch)

    def refuse(*args: object) -> None:
        raise AssertionError("a seeded generator was used")

    monkeypatch.setattr(p13.Layout, "shuffled", refuse)
    monkeypatch.setattr(spider.Layout, "shuffled", refuse)
    p13.Layout.random()
    spider.Layout.random()


@pytest.mark.parametrize("preset", p13.RuleSet.preset_names())
def test_a_random_pyramid_deal_starts_a_game_under_every_preset(preset: str) -> None:
    layout = p13.Layout.random()
    assert type(layout) is p13.Layout
    assert set(layout.cards) == set(p13.DECK)
    state = p13.GameState.new(layout, p13.RuleSet.preset(preset))
    assert state.layout == layout
    assert p13.Layout.parse(layout.code) == layout


@pytest.mark.parametrize("rules", SPIDER_RULES, ids=lambda rules: f"{rules.preset_name}")
def test_a_random_spider_deal_fits_its_rules(rules: spider.RuleSet) -> None:
    layout = spider.Layout.random(rules)
    assert type(layout) is spider.Layout
    assert layout.shape is rules.shape
    assert set(layout.suit_set) == set(rules.suit_set)
    state = spider.GameState.new(layout, rules)
    assert state.layout == layout
    assert spider.Layout.parse(layout.code) == layout
    default = spider.Layout.random()  # None: RuleSet(), bicycle with 4 suits
    assert (default.shape, default.suits) == (spider.RuleSet().shape, 4)
    assert spider.Layout.random(rules.preset_name).shape is rules.shape


def test_bad_spider_rules_are_refused() -> None:
    with pytest.raises(p13.InvalidLayoutError, match="windows"):
        spider.Layout.random("windows")
    with pytest.raises(p13.InvalidLayoutError):
        spider.Layout.random(p13.RuleSet())  # type: ignore[arg-type]


# -- distribution: every order equally likely --------------------------------------------

#: Chi-square critical values with a false alarm of about one in a billion (23 and 51
#: degrees of freedom): a correct shuffle fails these tests about that rarely.
CRITICAL_23 = 90.0
CRITICAL_51 = 140.0


def _chi_square(counts: collections.Counter[Any], cells: int, total: int) -> float:
    expected = total / cells
    return sum((counts[cell] - expected) ** 2 / expected for cell in range(cells))


def test_the_system_shuffle_gives_every_order_of_four_equally_often() -> None:
    # 24 orders, 12,000 shuffles: an off-by-one (Sattolo's shuffle, say) would reach only
    # 6 of them and fail at once.
    counts: collections.Counter[Any] = collections.Counter()
    orders = {order: index for index, order in enumerate(itertools.permutations(range(4)))}
    for _ in range(12_000):
        items = [0, 1, 2, 3]
        system_shuffle(items)
        counts[orders[tuple(items)]] += 1
    assert len(counts) == 24
    assert _chi_square(counts, 24, 12_000) < CRITICAL_23


def test_the_apex_of_random_deals_is_any_card_equally_often() -> None:
    deals = [p13.Layout.random() for _ in range(2_600)]
    assert len({layout.cards for layout in deals}) == len(deals)  # no deal twice
    counts = collections.Counter(layout.cards[0].index for layout in deals)
    assert _chi_square(counts, 52, len(deals)) < CRITICAL_51
    last = collections.Counter(layout.cards[-1].index for layout in deals)
    assert _chi_square(last, 52, len(deals)) < CRITICAL_51


def test_the_critical_values_are_those_of_a_one_in_a_billion_false_alarm() -> None:
    # The upper tail of the chi-square law by its series, to check the constants above.
    def tail(x: float, k: int) -> float:
        # P(X > x) for k degrees of freedom: the regularised upper incomplete gamma
        # Q(k/2, x/2), by the lower series.
        a, z = k / 2, x / 2
        term = total = 1 / a
        n = 0
        while term > 1e-18 * total:
            n += 1
            term *= z / (a + n)
            total += term
        lower = math.exp(a * math.log(z) - z - math.lgamma(a)) * total
        return 1 - lower

    assert 1e-10 < tail(CRITICAL_23, 23) < 1e-8
    assert 1e-10 < tail(CRITICAL_51, 51) < 1e-8


def test_the_entropy_the_docs_state() -> None:
    # Layout.random: log2(52!), about 225.6 bits; spider: 104! orders over the copies'.
    assert round(math.log2(math.factorial(52)), 1) == 225.6
    copies = {4: 2, 2: 4, 1: 8}
    bits = {
        suits: math.log2(math.factorial(104) // math.factorial(n) ** (104 // n))
        for suits, n in copies.items()
    }
    assert (round(bits[4]), round(bits[2]), round(bits[1])) == (499, 432, 353)
    # a 31-bit seed is singled out by the pyramid: 52!/24! orders of its 28 cards
    assert round(math.log2(math.perm(52, 28)), 1) == 146.5
    assert math.perm(52, 28) > 2**146 > 2**64 > 2**31
    # Spider's ten face-up cards at the start, even with one suit: 13**10 > 2**37
    assert 2**37 < 13**10 < 2**38
    doc = (p13.Layout.random.__doc__ or "") + (spider.Layout.random.__doc__ or "")
    for figure in ("225.6 bits", "499 bits", "432 with 2", "353 with 1", "2**37"):
        assert figure in " ".join(doc.split())
    # the page that explains it, figure by figure
    page = (Path(__file__).parents[1] / "docs" / "explanation" / "deals.md").read_text()
    page = " ".join(page.split())
    assert f"about 2<sup>{math.log2(math.perm(52, 28)):.1f}</sup>" in page
    assert f"log<sub>2</sub> 52! ≈ {math.log2(math.factorial(52)):.1f}" in page
    assert f"log<sub>2</sub> 24! ≈ {math.log2(math.factorial(24)):.1f}" in page
    odds = 31 - math.log2(math.perm(52, 28))
    minus = "\N{MINUS SIGN}"
    assert f"2<sup>31</sup> / 2<sup>146.5</sup> = 2<sup>{minus}{-odds:.1f}</sup>" in page
    assert f"about {2**31 / 1e9:.1f} billion, or {2**32 / 1e9:.1f} billion" in page
    assert f"≈ {bits[4]:.0f} bits" in page
