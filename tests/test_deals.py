"""Deals are deterministic forever: golden vectors, and PySolFC numbers re-derived from SPEC §2."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import Layout

GOLDEN = Path(__file__).parent / "data" / "golden-deals.txt"


def golden_lines() -> list[tuple[str, int, str]]:
    lines = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            kind, number, code = line.split(maxsplit=2)
            lines.append((kind, int(number), code))
    return lines


def test_the_golden_file_covers_the_promised_numbers() -> None:
    numbers = {(kind, number) for kind, number, _ in golden_lines()}
    for seed in (0, 1, 2, 42, 2**64 - 1):
        assert ("shuffled", seed) in numbers
    for number in (1, 2, 617, 31999, 32000, 100000, 123456789):
        assert ("pysolfc", number) in numbers


@pytest.mark.parametrize(("kind", "number", "code"), golden_lines())
def test_golden_deals(kind: str, number: int, code: str) -> None:
    build = Layout.shuffled if kind == "shuffled" else Layout.from_pysolfc
    layout = build(number)
    assert layout.code == code
    assert Layout.parse(code) == layout


def test_pysolfc_game_one() -> None:
    assert Layout.from_pysolfc(1).code.startswith("JD 2D 9H JC 5D 7H 7C 5H KD KC")


# Below 32000 PySolFC uses Microsoft's deals, so its Pyramid deals list the cards in the
# order Microsoft FreeCell deals them, row by row: these two are FreeCell games 1 and 617.
FREECELL = {
    1: """
        JD 2D 9H JC 5D 7H 7C 5H  KD KC 9S 5S AD QC KH 3H  2S KS 9D QD JS AS AH 3C
        4C 5C TS QH 4H AC 4D 7S  3S TD 4S TH 8H 2C JH 7D  6D 8S 8D QS 6C 3D 8C TC
        6S 9C 2H 6H
    """,
    617: """
        7D AD 5C 3S 5S 8C 2D AH  TD 7S QD AC 6D 8H AS KH  TH QC 3H 9D 6S 8D 3D TC
        KD 5H 9S 3C 8S 7H 4D JS  4C QS 9C 9H 7C 6H 2C 2S  4S TS 2H 5D JC 6C JH QH
        JD KS KC 4H
    """,
}


@pytest.mark.parametrize("number", list(FREECELL))
def test_pysolfc_lcg_deals_are_the_freecell_deals(number: int) -> None:
    assert Layout.from_pysolfc(number).code == " ".join(FREECELL[number].split())


def pysolfc_by_the_spec(number: int) -> str:
    """SPEC §2 word for word, on card texts, independent of the library's code."""
    deck = [rank + suit for suit in "CSHD" for rank in "A23456789TJQK"]
    if number < 32000:
        deck = [deck[i + (0, 39, 26, 13)[k]] for i in range(13) for k in range(4)]
        seed = number
        for n in range(51, 0, -1):
            seed = (seed * 214013 + 2531011) % 2**33
            j = ((seed >> 16) & 0x7FFF) % (n + 1)
            deck[n], deck[j] = deck[j], deck[n]
    else:
        r = random.Random(number)
        for n in range(51, 0, -1):
            j = int(r.random() * (n + 1))
            deck[n], deck[j] = deck[j], deck[n]
    return " ".join(reversed(deck))


@pytest.mark.parametrize("number", [1, 2, 617, 31999, 32000, 32001, 100000, 123456789, 2**40])
def test_pysolfc_deals_follow_the_spec(number: int) -> None:
    assert Layout.from_pysolfc(number).code == pysolfc_by_the_spec(number)


@given(st.one_of(st.integers(1, 31999), st.integers(32000, 2**64)))
def test_any_pysolfc_number_follows_the_spec(number: int) -> None:
    assert Layout.from_pysolfc(number).code == pysolfc_by_the_spec(number)


def test_shuffled_uses_splitmix64_from_its_published_reference() -> None:
    # SplitMix64 seeded with 0: the first outputs of the reference implementation.
    from pyramid13._base.shuffle import SplitMix64

    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffled_deals_are_permutations_and_repeatable(seed: int) -> None:
    layout = Layout.shuffled(seed)
    assert sorted(layout.cards, key=lambda card: card.index) == list(p13.DECK)
    assert Layout.shuffled(seed) == layout


def test_distinct_seeds_give_distinct_deals() -> None:
    assert len({Layout.shuffled(seed).code for seed in range(200)}) == 200
    assert len({Layout.from_pysolfc(number).code for number in range(1, 200)}) == 199


@pytest.mark.parametrize("bad", [-1, 2**64, True, 1.0, "1", None])
def test_bad_seeds_are_rejected(bad: object) -> None:
    with pytest.raises(p13.InvalidLayoutError, match="seed must be an int"):
        Layout.shuffled(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, -5, True, 2.0, "7", None])
def test_bad_pysolfc_numbers_are_rejected(bad: object) -> None:
    with pytest.raises(p13.InvalidLayoutError, match="PySolFC game number must be an int >= 1"):
        Layout.from_pysolfc(bad)  # type: ignore[arg-type]
