"""Spider layouts: codes, seeded deals pinned forever, PySolFC game numbers (SPEC-spider S6)."""

from __future__ import annotations

import random
import re

import pytest
from conftest import SHARED

from pyramid13 import Card, InvalidLayoutError, Pyramid13Error, Suit
from pyramid13.spider import DealShape, Layout, RuleSet

DEALS_FILE = SHARED / "data" / "spider" / "pysolfc-deals.txt"
MASK = (1 << 64) - 1


def text(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


# -- seeded deals ---------------------------------------------------------------------------


def splitmix_shuffle(seed: int, deck: list[str]) -> list[str]:
    """SplitMix64 (Steele, Lea & Flood 2014) driving Fisher-Yates from the end, unbiased."""
    state = seed

    def draw() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    deck = list(deck)
    for n in range(len(deck) - 1, 0, -1):
        bound = n + 1
        while True:
            value = draw()
            if value < (1 << 64) - (1 << 64) % bound:
                break
        j = value % bound
        deck[n], deck[j] = deck[j], deck[n]
    return deck


def deal_rounds(cards: list[str], pile_sizes: list[int], deal_sizes: list[int]) -> str:
    """Deal like a person: face-down rounds (full piles skip), a face-up round, the stock."""
    piles: list[list[str]] = [[] for _ in pile_sizes]
    stream = iter(cards)
    for round_ in range(max(pile_sizes) - 1):
        for pile, size in zip(piles, pile_sizes, strict=True):
            if round_ < size - 1:
                pile.append(next(stream))
    for pile in piles:
        pile.append(next(stream))
    deals = [[next(stream) for _ in range(size)] for size in deal_sizes]
    return " / ".join(map(" ".join, piles)) + " | " + " / ".join(map(" ".join, deals))


SIZES = {
    "bicycle": ([5] * 10, [10] * 5 + [4]),
    "microsoft": ([6] * 4 + [5] * 6, [10] * 5),
    "pysolfc": ([6, 5, 5, 6, 5, 5, 6, 5, 5, 6], [10] * 5),
}
SUIT_LETTERS = {  # S1 and S5: each program's suits
    ("bicycle", 1): "S",
    ("bicycle", 2): "SH",
    ("microsoft", 1): "S",
    ("microsoft", 2): "SH",
    ("pysolfc", 1): "C",
    ("pysolfc", 2): "CH",
}


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 2**63, MASK])
@pytest.mark.parametrize("preset", ["bicycle", "microsoft", "pysolfc"])
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_shuffled_follows_the_documented_recipe(seed: int, preset: str, suits: int) -> None:
    letters = SUIT_LETTERS.get((preset, suits), "CDHS")
    deck = [r + s for _ in range(8 // suits) for s in letters for r in "A23456789TJQK"]
    expected = deal_rounds(splitmix_shuffle(seed, deck), *SIZES[preset])
    assert Layout.shuffled(seed, RuleSet.preset(preset, suits=suits)).code == expected


# Written down once (seed, preset, suits, pile 1, last deal); they must never change.
GOLDEN = [
    (0, "bicycle", 1, "3S TS 3S AS 2S", "KS 5S QS TS"),
    (0, "bicycle", 4, "3D TD 3H AC 2C", "KC 5S QD TH"),
    (0, "microsoft", 2, "3H TH 3S AS 2S AS", "7H TS AH 8S TH 9H KS 5H QH TS"),
    (0, "pysolfc", 2, "3H TH 3C AC 2C AC", "7H TC AH 8C TH 9H KC 5H QH TC"),
    (1, "bicycle", 2, "6S 5S JS 8H 6S", "JH AS 4S 7H"),
    (1, "microsoft", 4, "6H 5C JC 8D 6H JS", "3D 8D TD KD JD TC JD AC 4H 7S"),
    (1, "pysolfc", 1, "6C 5C JC 8C 6C JC", "3C 8C TC KC JC TC JC AC 4C 7C"),
    (MASK, "bicycle", 4, "9H 5S QD 8D JC", "KS TC 6C 5C"),
    (MASK, "microsoft", 1, "9S 5S QS 8S JS 2S", "4S JS 7S 7S 4S 7S KS TS 6S 5S"),
    (MASK, "pysolfc", 4, "9H 5S QD 8D JC 2C", "4S JH 7S 7S 4C 7C KS TC 6C 5C"),
]
SEED_0 = (
    "3D TD 3H AC 2C / 8S 6C QH 9C 6S / JC AH 5H KS 3C / 6C KS JS KH KC / 4D JH QC 4S AC / "
    "2H KD TD 7H QS / TC 5D 8C 5C JD / 7D 9D 3H 9H 8H / AH 5S JH 6D 4C / 8D 9C 2C 2D 9H | "
    "5H 3D 6H QH 5C 6D 8C AD 7C 7D / 8D 6H TS 4S 8S QC 2D 7H 2S 2H / "
    "9D QS 5D KD 3S 4H 7C 4D JS 3S / 7S 3C TC JD AS 2S JC KH QD 9S / "
    "4H 6S 4C AD 7S TH AS 8H TS 9S / KC 5S QD TH"
)


@pytest.mark.parametrize(("seed", "preset", "suits", "pile_1", "last_deal"), GOLDEN)
def test_shuffled_golden_vectors(
    seed: int, preset: str, suits: int, pile_1: str, last_deal: str
) -> None:
    layout = Layout.shuffled(seed, RuleSet.preset(preset, suits=suits))
    assert (text(layout.piles[0]), text(layout.deals[-1])) == (pile_1, last_deal)


def test_shuffled_golden_layout_code() -> None:
    assert Layout.shuffled(0).code == SEED_0
    assert Layout.shuffled(0, RuleSet()) == Layout.parse(SEED_0)


def test_shuffled_depends_on_the_shape_and_suits_only() -> None:
    # Scoring, deal rules and face-down cards do not change the deal.
    assert Layout.shuffled(3, RuleSet.preset("relaxed")) == Layout.shuffled(
        3, RuleSet.preset("pysolfc")
    )
    assert Layout.shuffled(3, RuleSet.preset("kpat", suits=2)) == Layout.shuffled(
        3, RuleSet.preset("microsoft", suits=2)
    )


@pytest.mark.parametrize("seed", [-1, 2**64, 1.0, "1", True, None])
def test_shuffled_rejects_bad_seeds(seed: object) -> None:
    with pytest.raises(InvalidLayoutError, match="seed"):
        Layout.shuffled(seed)  # type: ignore[arg-type]


# -- PySolFC game numbers -------------------------------------------------------------------


def pysolfc_recipe(number: int, suits: int) -> str:
    """SPEC-spider S6, as plainly as possible."""
    deck = [r + s for _ in range(2) for s in "CSHD" for r in "A23456789TJQK"]
    if number < 32000:
        seed = number
        for n in range(103, 0, -1):
            seed = (seed * 214013 + 2531011) % 2**33
            j = ((seed >> 16) & 0x7FFF) % (n + 1)
            deck[n], deck[j] = deck[j], deck[n]
    else:
        generator = random.Random(number)
        for n in range(103, 0, -1):
            j = int(generator.random() * (n + 1))
            deck[n], deck[j] = deck[j], deck[n]
    rename = {1: {"S": "C", "H": "C", "D": "C"}, 2: {"S": "C", "D": "H"}, 4: {}}[suits]
    dealt = [card[0] + rename.get(card[1], card[1]) for card in reversed(deck)]
    return deal_rounds(dealt, *SIZES["pysolfc"])


@pytest.mark.parametrize("number", [1, 2, 3, 617, 14934, 31999, 32000, 32001, 10**16])
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_from_pysolfc_follows_the_recipe(number: int, suits: int) -> None:
    assert Layout.from_pysolfc(number, suits=suits).code == pysolfc_recipe(number, suits)


# Pile 1 and deal 1 of a few games, written down once.
PYSOLFC_GOLDEN = [
    (2, "7D QC TH TS KS JH", "AH 2C 5H 2D 3D 8C TC AC TS 3H"),
    (3, "TD KD AH 2C QH QS", "TH 3D KS 9S TH 7S AC 9S 5H AC"),
    (32000, "KH 3C 7C 7H 5H 3S", "AD AD AH 9H 6C 8S 6H KS TC KH"),
    (10**16, "QD 2S 5H JC QC 5H", "9S 7C 6H QD 3C TC 6C 7S TH 5D"),
]


@pytest.mark.parametrize(("number", "pile_1", "deal_1"), PYSOLFC_GOLDEN)
def test_from_pysolfc_golden_vectors(number: int, pile_1: str, deal_1: str) -> None:
    layout = Layout.from_pysolfc(number)
    assert (text(layout.piles[0]), text(layout.deals[0])) == (pile_1, deal_1)
    assert layout.shape is DealShape.PYSOLFC


def published_deals() -> list[tuple[int, int, dict[str, str]]]:
    games = []
    for block in DEALS_FILE.read_text(encoding="utf-8").split("\n\n"):
        header = re.search(r"^game (\d+) suits (\d)$", block, re.MULTILINE)
        if header is None:
            continue
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        games.append((int(header[1]), int(header[2]), fields))
    return games


@pytest.mark.skipif(not DEALS_FILE.is_file(), reason="shared conformance data absent")
def test_from_pysolfc_matches_every_published_deal() -> None:
    games = published_deals()
    assert len(games) >= 5
    for number, suits, fields in games:
        layout = Layout.from_pysolfc(number, suits=suits)
        for pile in range(10):
            assert text(layout.piles[pile]) == fields[f"pile{pile + 1}"], (number, suits, pile)
        for deal in range(5):
            assert text(layout.deals[deal]) == fields[f"deal{deal + 1}"], (number, suits, deal)


def test_from_pysolfc_suit_choices() -> None:
    assert Layout.from_pysolfc(5, suits=1).suit_set == (Suit.CLUBS,)
    assert Layout.from_pysolfc(5, suits=2).suit_set == (Suit.CLUBS, Suit.HEARTS)
    assert Layout.from_pysolfc(5).suits == 4


@pytest.mark.parametrize(("number", "suits"), [(0, 4), (-3, 4), (1.5, 4), (True, 4), (1, 3)])
def test_from_pysolfc_rejects_bad_arguments(number: object, suits: object) -> None:
    with pytest.raises(InvalidLayoutError):
        Layout.from_pysolfc(number, suits=suits)  # type: ignore[arg-type]


# -- codes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", RuleSet.preset_names())
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_codes_round_trip(preset: str, suits: int) -> None:
    layout = Layout.shuffled(8, RuleSet.preset(preset, suits=suits))
    assert Layout.parse(layout.code) == layout
    assert Layout.parse(layout.code.lower().replace(" / ", "/").replace(" ", "  ")) == layout
    assert eval(repr(layout), {"Layout": Layout}) == layout
    assert str(layout) == layout.code


def mutate(code: str, old: str, new: str) -> str:
    assert old in code
    return code.replace(old, new, 1)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("", "'|'"),
        (SEED_0.replace("|", "/"), "'|'"),
        (SEED_0 + " | 2C", "'|'"),
        (mutate(SEED_0, "3D TD", "3D XD"), "pile 1, card 2"),
        (mutate(SEED_0, "KC 5S QD TH", "KC 5S QD 1H"), "deal 6, card 4"),
        (mutate(SEED_0, " / 8S 6C", " 8S 6C"), "10 piles"),
        (mutate(SEED_0, "3D TD 3H AC 2C /", "3D TD 3H AC /"), "match no deal shape"),
        (mutate(SEED_0, "KC 5S QD TH", "KC 5S QD"), "match no deal shape"),
        (mutate(SEED_0, "3D TD", "3D 3D"), "appears"),
        (" / ".join(["KS QS JS TS 9S"] * 10) + " | " + " / ".join(["AS"] * 5), "shape"),
    ],
)
def test_parse_rejects_bad_codes(code: str, message: str) -> None:
    with pytest.raises(InvalidLayoutError, match=message):
        Layout.parse(code)


def test_decks_of_three_suits_or_wrong_counts_are_refused() -> None:
    layout = Layout.shuffled(0, RuleSet.preset("bicycle", suits=2))
    three_suits = layout.code.replace("H", "D", 4)  # some hearts become diamonds
    with pytest.raises(InvalidLayoutError, match="1, 2 or 4 suits"):
        Layout.parse(three_suits)
    with pytest.raises(InvalidLayoutError, match="must be text"):
        Layout.parse(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidLayoutError, match="104 cards"):
        Layout.from_cards(layout.piles[0])
    with pytest.raises(InvalidLayoutError, match="shape"):
        Layout.from_cards([], "pyramid")
    assert issubclass(InvalidLayoutError, Pyramid13Error)


def test_layouts_say_their_shape_and_suits() -> None:
    layout = Layout.shuffled(4, RuleSet.preset("kpat", suits=2))
    assert layout.shape is DealShape.FIRST_FOUR
    assert layout.suit_set == (Suit.HEARTS, Suit.SPADES)
    assert [len(pile) for pile in layout.piles] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
