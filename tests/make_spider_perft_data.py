"""Regenerate ``tests/data/spider-perft-<preset>.txt``: perft counts by the reference model.

Run from the repository root: ``python tests/make_spider_perft_data.py`` (several minutes: the
model is slow on purpose). The engine takes no part: layouts are PySolFC deals dealt by the
model itself (S6), re-dealt into the preset's shape and suits for the other presets; the
positions are reached by the model's own walks; the counts are the model's.

Each line holds five tab-separated fields: the number of suits, the moves played from the
start (comma-separated move text, ``-`` for none), the depth, the count, and the layout
code. The depths are fixed in the file: for each position the deepest one whose count
stays under `LIMIT`.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from spider_reference import (
    FOUR_SUITS,
    SHAPES,
    RefLayout,
    RefRules,
    RefState,
    Slot,
    choose_move,
    pysolfc_layout,
    ref_perft,
)

from pyramid13 import Suit

OUT = Path(__file__).parent / "data"
LIMIT = 60_000  # the largest count written (keeps the engine's check short)
MAX_DEPTH = 8
WALK = 300
WALKS = 4

# (preset, suits, PySolFC game number whose cards are used)
STARTS = [
    ("bicycle", 1, 3),
    ("bicycle", 4, 5),
    ("microsoft", 2, 8),
    ("microsoft", 1, 9),
    ("pysolfc", 1, 12),
    ("pysolfc", 4, 14934),
    ("relaxed", 2, 20),
    ("kpat", 1, 31),
    ("open", 4, 40),
    ("open", 1, 41),
]


def layout_for(rules: RefRules, number: int, suits: int) -> RefLayout:
    """PySolFC game `number`; for another shape its cards in the same dealing order, dealt
    into that shape, with their suits renamed into the rules' suits."""
    if rules.shape == "pysolfc":  # every such preset plays PySolFC's suits
        return pysolfc_layout(number, suits)
    four = pysolfc_layout(number, 4)
    order = [card for pile in four.piles for card in pile] + [c for d in four.deals for c in d]
    layout = RefLayout.from_dealing_order(order, rules.shape)
    if suits == 4:
        return layout
    first, last = rules.suit_set[0], rules.suit_set[-1]
    pairs = {Suit.CLUBS: first, Suit.SPADES: first, Suit.HEARTS: last, Suit.DIAMONDS: last}
    return layout.renamed(pairs if suits == 2 else dict.fromkeys(FOUR_SUITS, first))


def features(state: RefState) -> set[str]:
    """The rule edges a position puts within reach of a short perft."""
    found = set()
    if not all(state.piles) and state.stock:
        found.add("empty pile, stock left")  # the deal refused, or allowed when relaxed
    if not state.rules.auto_remove_runs and any(state.has_complete_run(i) for i in range(10)):
        found.add("complete run on top")
    if state.deal_sizes == [4]:
        found.add("final deal of four next")
    if state.rules.shape == "bicycle" and not state.stock:
        found.add("after the final deal of four")
    if any(_run_length(pile) >= 12 for pile in state.piles if pile):
        found.add("run of 12")
    if len(state.deal_sizes) == len(SHAPES[state.rules.shape][1]) - 2:
        found.add("two deals dealt")
    if not state.stock:
        found.add("stock empty")
    if len(state.runs_removed) == 1:
        found.add("a run removed")
    if len(state.runs_removed) >= 4:
        found.add("half the runs removed")
    return found


def _run_length(pile: list[Slot]) -> int:
    size = 1
    while size < len(pile):
        upper, lower = pile[-size], pile[-size - 1]
        if not (upper.up and lower.up) or upper.card.suit != lower.card.suit:
            break
        if lower.card.value != upper.card.value + 1:
            break
        size += 1
    return size


def positions(rules: RefRules, layout: RefLayout, seed: int) -> list[list[str]]:
    """The start, then the first position of each feature met along a few greedy walks."""
    chosen: list[list[str]] = [[]]
    seen: set[str] = set()
    for walk in range(WALKS):
        rng = random.Random(seed * 100 + walk)
        state = RefState.new(layout, rules)
        for _ in range(WALK):
            legal = sorted(state.legal_moves())
            if not legal:
                break
            # Deal now and then, to reach the last deals.
            if "deal" in legal and rng.random() < 0.05:
                state = state.after("deal")
            else:
                state = state.after(choose_move(rng, state, legal, 0.9))
            new = features(state) - seen
            if new:
                seen |= new
                chosen.append(list(state.history))
    return chosen


class _TooManyError(Exception):
    pass


def capped_perft(state: RefState, depth: int, limit: int) -> int | None:
    """`ref_perft`, or None as soon as the count passes `limit`."""
    total = 0

    def count(node: RefState, left: int) -> None:
        nonlocal total
        moves = node.legal_moves()
        if left == 1:
            total += len(moves)
            if total > limit:
                raise _TooManyError
            return
        for move in sorted(moves):
            count(node.after(move), left - 1)

    try:
        count(state, depth)
    except _TooManyError:
        return None
    return total


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    by_preset: dict[str, list[str]] = {}
    for preset, suits, number in STARTS:
        rules = RefRules.preset(preset, suits)
        layout = layout_for(rules, number, suits)
        for moves in positions(rules, layout, number):
            state = RefState.new(layout, rules)
            for move in moves:
                state = state.after(move)
            began = time.perf_counter()
            depth, count = 1, ref_perft(state, 1)
            while depth < MAX_DEPTH and count:
                deeper = capped_perft(state, depth + 1, LIMIT)
                if deeper is None:
                    break
                depth, count = depth + 1, deeper
            seconds = time.perf_counter() - began
            print(preset, suits, len(moves), depth, count, f"{seconds:.1f}s", flush=True)
            line = "\t".join([str(suits), ",".join(moves) or "-", str(depth), str(count)])
            by_preset.setdefault(preset, []).append(f"{line}\t{layout.code}")
    for preset, lines in by_preset.items():
        header = [
            f"# Spider perft under the {preset} preset, counted by tests/spider_reference.py",
            "# (written by tests/make_spider_perft_data.py).",
            "# suits<TAB>moves from the start, comma-separated<TAB>depth<TAB>count<TAB>layout",
        ]
        path = OUT / f"spider-perft-{preset}.txt"
        path.write_text("\n".join(header + lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
