"""The shared conformance decks (SPEC §10): every deck reads, and plays as the model says.

Skipped when the shared data is absent (a fresh clone has to pass on its own).
"""

from __future__ import annotations

import random

import pytest
from conftest import SHARED
from reference_model import RefState

import pyramid13 as p13

DECKS = SHARED / "data" / "msc-1500" / "decks.txt"
LENGTHS = SHARED / "data" / "msc-1500" / "optimal-lengths.txt"

pytestmark = pytest.mark.skipif(not DECKS.is_file(), reason="shared conformance data absent")


def decks() -> list[str]:
    return [line for line in DECKS.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_deck_reads_and_round_trips() -> None:
    codes = decks()
    assert len(codes) == 1500
    lengths = LENGTHS.read_text(encoding="utf-8").split()
    assert len(lengths) == 1500
    assert sum(int(length) > 0 for length in lengths) == 998
    for code in codes:
        layout = p13.Layout.parse(code)
        assert layout.code == code.upper().strip()
        assert p13.Layout.parse(layout.code) == layout


@pytest.mark.parametrize("preset", ["microsoft", "classic", "apophis"])
def test_random_play_on_the_decks_agrees_with_the_model(preset: str) -> None:
    rules = p13.RuleSet.preset(preset)
    rng = random.Random(preset)
    for code in decks()[:: 1500 // 20]:
        layout = p13.Layout.parse(code)
        state, ref = p13.GameState.new(layout, rules), RefState.new(layout, rules)
        while True:
            assert set(state.legal_moves()) == ref.legal_moves(), code
            assert state.status.value == ref.status()
            assert (state.stock, state.waste_piles) == (ref.stock_tuple(), ref.waste_tuple())
            if not state.legal_moves():
                break
            move = rng.choice(state.legal_moves())
            state, ref = state.apply(move), ref.after(move)
