"""Is `spider.Layout.shuffled` fair? SPEC-spider S9: the number of Kings among the ten
first face-up cards follows the hypergeometric law.

Ten cards drawn without replacement from 104 holding 8 Kings: P(k Kings) =
C(8, k) C(96, 10 - k) / C(104, 10). The seeds are a fixed range and the shuffle is
deterministic forever, so the test is deterministic; its threshold (p < 0.001 for a
chi-square test) is one a fair shuffle passes 999 times in 1000, and
`test_the_check_catches_a_biased_dealer` shows that it has the power to catch a dealer
that only slightly favours Kings.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from pyramid13 import Rank, spider

CARDS, KINGS, FACE_UP = 104, 8, 10
SEEDS = 1500  # deals per check
#: Bins of the chi-square test: 0, 1, 2, and 3 or more Kings (3+ holds about 3.5 %).
BINS = 4
ALPHA = 0.001


def hypergeometric(k: int) -> float:
    """P(exactly k Kings among the ten face-up cards) for a fair shuffle."""
    return math.comb(KINGS, k) * math.comb(CARDS - KINGS, FACE_UP - k) / math.comb(CARDS, FACE_UP)


def expected_shares() -> list[float]:
    shares = [hypergeometric(k) for k in range(BINS - 1)]
    return [*shares, 1 - sum(shares)]


def chi_square_p_value(observed: list[int]) -> float:
    """The p-value of Pearson's chi-square test of `observed` against the law.

    With 3 degrees of freedom the chi-square survival function has a closed form:
    Q(x) = erfc(sqrt(x / 2)) + sqrt(2x / pi) exp(-x / 2).
    """
    total = sum(observed)
    statistic = sum(
        (seen - total * share) ** 2 / (total * share)
        for seen, share in zip(observed, expected_shares(), strict=True)
    )
    assert BINS - 1 == 3
    return math.erfc(math.sqrt(statistic / 2)) + math.sqrt(2 * statistic / math.pi) * math.exp(
        -statistic / 2
    )


def face_up_kings(layout: spider.Layout) -> int:
    return sum(pile[-1].rank is Rank.KING for pile in layout.piles)


def histogram(deal: Callable[[int], spider.Layout], first: int = 1) -> list[int]:
    counts = [0] * BINS
    for seed in range(first, first + SEEDS):
        counts[min(face_up_kings(deal(seed)), BINS - 1)] += 1
    return counts


def test_the_law_is_the_published_one() -> None:
    """S9's figures, from the law computed here: mean 0.769, P(none) = 0.432."""
    mean = sum(k * hypergeometric(k) for k in range(KINGS + 1))
    assert mean == pytest.approx(FACE_UP * KINGS / CARDS)
    assert round(mean, 3) == 0.769
    assert round(hypergeometric(0), 3) == 0.432
    assert sum(hypergeometric(k) for k in range(KINGS + 1)) == pytest.approx(1)


def test_the_p_value_formula() -> None:
    """The closed form against two textbook quantiles of chi-square with 3 degrees of
    freedom: 7.815 (p = 0.05) and 16.266 (p = 0.001)."""
    for quantile, p_value in ((7.815, 0.05), (16.266, 0.001)):
        x = quantile
        q = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
        assert q == pytest.approx(p_value, rel=1e-3)


# Each check its own seeds: the shuffle does not depend on the suits, and the first-four
# and pysolfc shapes both turn up the 45th to 54th cards dealt, so the same seeds would
# give the same counts.
@pytest.mark.parametrize(
    ("preset", "suits", "first"),
    [("bicycle", 4, 1), ("microsoft", 2, 20001), ("pysolfc", 1, 40001)],
)
def test_kings_face_up_follow_the_hypergeometric_law(preset: str, suits: int, first: int) -> None:
    rules = spider.RuleSet.preset(preset, suits=suits)
    counts = histogram(lambda seed: spider.Layout.shuffled(seed, rules), first)
    assert chi_square_p_value(counts) > ALPHA, counts


def test_the_check_catches_a_biased_dealer() -> None:
    """A dealer that, one deal in eight, swaps a face-down King onto pile 1 (about 0.11
    more face-up Kings per deal on average) fails the same check on the same seeds."""
    rules = spider.RuleSet.preset("bicycle")

    def biased(seed: int) -> spider.Layout:
        layout = spider.Layout.shuffled(seed, rules)
        if random.Random(seed).random() >= 1 / 8 or layout.piles[0][-1].rank is Rank.KING:
            return layout
        piles = [list(pile) for pile in layout.piles]
        for pile in piles:
            for depth, card in enumerate(pile[:-1]):
                if card.rank is Rank.KING:
                    pile[depth], piles[0][-1] = piles[0][-1], card
                    return spider.Layout(tuple(map(tuple, piles)), layout.deals)
        return layout

    assert chi_square_p_value(histogram(biased)) < ALPHA
