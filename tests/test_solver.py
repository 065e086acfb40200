"""`solve`: solutions replay to a win, verdicts agree with brute force and with msc-1500."""

from __future__ import annotations

import random
import time

import pytest
from _brute import brute_force
from conftest import SHARED

import pyramid13 as p13

MSC = SHARED / "data" / "msc-1500"


def replay(state: p13.GameState, moves: tuple[p13.Move, ...]) -> p13.GameState:
    for move in moves:
        state = state.apply(move)  # checked: raises on an illegal move
    return state


# -- solutions replay to WON ---------------------------------------------------------------


@pytest.mark.no_cover  # whole deals, over code the other tests trace: see tests/conftest.py
@pytest.mark.parametrize("preset", p13.RuleSet.preset_names())
def test_solutions_replay_to_a_win_for_every_preset(preset: str) -> None:
    rules = p13.RuleSet.preset(preset)
    decided = 0
    for deal in range(12):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        began = time.perf_counter()
        result = p13.solve(state, node_limit=200_000)
        elapsed = time.perf_counter() - began
        assert result.optimal is False
        assert 1 <= result.nodes <= 200_000
        assert 0 < result.seconds <= elapsed
        if result.winnable:
            assert replay(state, result.moves).status is p13.Status.WON
            assert result.length == len(result.moves) > 0
        else:
            assert result.moves == ()
        decided += result.solved
    assert decided >= 5


CUSTOM_RULES = [
    p13.RuleSet(passes=2, draw_count=3, waste_pairing=True, goal=p13.Goal.ALL_CARDS),
    p13.RuleSet(passes=None, waste_piles=2, stock_top_pairable=True, overlap_pairing=True),
    p13.RuleSet(passes=1, waste_piles=3, waste_pairing=True, first_card_to_waste=True),
    p13.RuleSet(passes=3, draw_count=2, stock_top_pairable=True, overlap_pairing=True),
    p13.RuleSet(passes=None, stock_top_pairable=True, waste_pairing=True, goal=p13.Goal.ALL_CARDS),
]


@pytest.mark.no_cover  # whole deals, over code the other tests trace: see tests/conftest.py
@pytest.mark.parametrize("rules", CUSTOM_RULES, ids=range(len(CUSTOM_RULES)))
def test_solutions_replay_to_a_win_under_mixed_settings(rules: p13.RuleSet) -> None:
    wins = 0
    for deal in range(10):
        state = p13.GameState.new(p13.Layout.shuffled(100 + deal), rules)
        result = p13.solve(state, node_limit=200_000)
        if result.winnable:
            wins += 1
            assert replay(state, result.moves).status is p13.Status.WON
    assert wins >= 1


def test_a_solution_from_the_middle_of_a_game_replays_from_there() -> None:
    rules = p13.RuleSet.preset("microsoft")
    state = p13.GameState.new(p13.Layout.shuffled(2), rules)
    line = p13.solve(state).moves
    middle = replay(state, line[:10])
    result = p13.solve(middle)
    assert result.winnable
    assert replay(middle, result.moves).status is p13.Status.WON


# -- verdicts against an exhaustive search over GameState ----------------------------------


def positions(count: int, seed: int) -> list[p13.GameState]:
    """Positions deep into random games under random presets and custom rules."""
    rng = random.Random(seed)
    rule_choices = [p13.RuleSet.preset(name) for name in p13.RuleSet.preset_names()]
    rule_choices += CUSTOM_RULES
    found: list[p13.GameState] = []
    while len(found) < count:
        rules = rng.choice(rule_choices)
        state = p13.GameState.new(p13.Layout.shuffled(rng.randrange(10_000)), rules)
        for _ in range(rng.randrange(25, 60)):
            moves = state.legal_moves()
            if not moves:
                break
            removals = [move for move in moves if move.is_removal]
            state = state.apply(rng.choice(removals if removals and rng.random() < 0.7 else moves))
        if state.status is p13.Status.PLAYING:
            found.append(state)
    return found


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
def test_verdicts_and_optimal_lengths_agree_with_brute_force() -> None:
    won = lost = 0
    for state in positions(40, seed=1):
        shortest = brute_force(state, limit=4_000)
        if shortest is None:
            continue
        result = p13.solve(state)
        best = p13.solve(state, optimal=True)
        assert result.winnable is best.winnable is (shortest >= 0), str(state)
        if shortest >= 0:
            won += 1
            assert best.length == shortest, str(state)
            assert result.length >= shortest
            assert replay(state, best.moves).status is p13.Status.WON
        else:
            lost += 1
    assert won >= 3
    assert lost >= 3


def test_a_pyramid_card_without_any_partner_is_lost_at_once() -> None:
    # A Queen at the apex and all four Aces elsewhere in the pyramid: every pyramid card
    # lies (directly or not) on the apex, so no Ace can ever meet that Queen.
    deck = [card for card in p13.DECK if card.rank not in (p13.Rank.QUEEN, p13.Rank.ACE)]
    queens = [card for card in p13.DECK if card.rank is p13.Rank.QUEEN]
    aces = [card for card in p13.DECK if card.rank is p13.Rank.ACE]
    # Aces in rows 2 and 3, so that even overlap pairing cannot reach the apex.
    cards = [queens[0], deck[0], deck[1], *aces, *deck[2:23], *queens[1:], *deck[23:]]
    layout = p13.Layout.from_cards(cards)
    for preset in p13.RuleSet.preset_names():
        result = p13.solve(p13.GameState.new(layout, p13.RuleSet.preset(preset)))
        assert result.winnable is False, preset
        assert result.nodes == 1


def test_finished_games() -> None:
    rules = p13.RuleSet.preset("microsoft")
    state = p13.GameState.new(p13.Layout.shuffled(2), rules)
    won = replay(state, p13.solve(state).moves)
    result = p13.solve(won)
    assert (result.winnable, result.moves) == (True, ())
    lost = p13.GameState.new(p13.Layout.shuffled(0), rules)
    rng = random.Random(0)
    while lost.legal_moves():
        lost = lost.apply(rng.choice(lost.legal_moves()))
    if lost.status is p13.Status.LOST:
        assert p13.solve(lost).winnable is False


# -- optimal mode ----------------------------------------------------------------------------


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
@pytest.mark.parametrize(
    ("preset", "first"),
    [("classic", 30), ("microsoft", 0), ("king-tut", 0), ("cardgames", 0), ("apophis", 0)],
)
def test_optimal_solutions_are_no_longer_than_any_other(preset: str, first: int) -> None:
    rules = p13.RuleSet.preset(preset)
    checked = 0
    for deal in range(first, first + 30):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        any_win = p13.solve(state, node_limit=100_000)
        if not any_win.winnable:
            continue
        best = p13.solve(state, optimal=True, node_limit=400_000)
        if best.winnable is None:
            continue
        assert best.winnable
        assert best.optimal
        assert best.length <= any_win.length
        assert replay(state, best.moves).status is p13.Status.WON
        checked += 1
        if checked == 2:
            break
    assert checked >= 1


# -- limits and bad input --------------------------------------------------------------------


def test_limits_leave_the_verdict_open() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(6), p13.RuleSet.preset("microsoft"))
    assert p13.solve(state, node_limit=5).winnable is None
    assert p13.solve(state, optimal=True, node_limit=5).winnable is None


@pytest.mark.parametrize(
    ("preset", "deal", "optimal"),
    # Deals that take long: king-tut 25 needs over half a million positions to be proved
    # lost, cardgames 2 over a million for its shortest win (several seconds each).
    [("king-tut", 25, False), ("cardgames", 2, True)],
)
def test_a_time_limit_stops_a_long_search(preset: str, deal: int, optimal: bool) -> None:
    state = p13.GameState.new(p13.Layout.shuffled(deal), p13.RuleSet.preset(preset))
    began, began_cpu = time.perf_counter(), time.process_time()
    result = p13.solve(state, optimal=optimal, node_limit=2_000_000, time_limit=0.2)
    elapsed, cpu = time.perf_counter() - began, time.process_time() - began_cpu
    assert result.winnable is None
    assert result.moves == ()
    assert result.nodes < 2_000_000  # the clock stopped it, not the node limit
    assert 0.2 <= result.seconds <= elapsed
    # The clock is read every few thousand positions: past the limit, the search does at
    # most that much more work. Counted in CPU time, which a busy machine does not stretch.
    assert cpu < 0.2 + 1.0


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "10"])
def test_bad_node_limits_are_rejected(bad: object) -> None:
    state = p13.GameState.new(p13.Layout.shuffled(1))
    with pytest.raises(p13.InvalidArgumentError, match="node_limit"):
        p13.solve(state, node_limit=bad)  # type: ignore[arg-type]


def test_bad_time_limits_and_states_are_rejected() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(1))
    with pytest.raises(p13.InvalidArgumentError, match="time_limit"):
        p13.solve(state, time_limit=0)
    with pytest.raises(p13.InvalidArgumentError, match="GameState"):
        p13.solve("AS 2S")  # type: ignore[arg-type]


# -- msc-1500 (Microsoft Solitaire Collection rules) -----------------------------------------


def msc_sample(step: int) -> list[tuple[int, str, int]]:
    if not MSC.is_dir():
        pytest.skip("../shared/data/msc-1500 is not available")
    decks = (MSC / "decks.txt").read_text().splitlines()
    lengths = (MSC / "optimal-lengths.txt").read_text().split()
    assert len(decks) == len(lengths) == 1500
    return [(i, decks[i], int(lengths[i])) for i in range(0, 1500, step)]


MSC_CHUNK = 150


# Conformance, not coverage: every deck replays code the unit tests already cover, and line
# tracing would triple its time. In chunks, so parallel workers share the 1500 decks.
@pytest.mark.no_cover
@pytest.mark.parametrize("first", range(0, 1500, MSC_CHUNK))
def test_msc_winnable_flags_match(first: int) -> None:
    # All 1500 decks (about 20 s of CPU on the development machine): a sample of 30 let an
    # unsound pruning through.
    rules = p13.RuleSet.preset("microsoft")
    sample = msc_sample(1)[first : first + MSC_CHUNK]
    assert len(sample) == MSC_CHUNK
    for number, code, length in sample:
        state = p13.GameState.new(p13.Layout.parse(code), rules)
        result = p13.solve(state)
        assert result.winnable is (length > 0), f"deck {number}"
        if result.winnable:
            assert replay(state, result.moves).status is p13.Status.WON


@pytest.mark.no_cover
def test_msc_optimal_lengths_match() -> None:
    rules = p13.RuleSet.preset("microsoft")
    # Every 100th deck that is quick to solve optimally (about a second or less each).
    quick = {0, 100, 200, 500, 600, 700, 900, 1000, 1100}
    for number, code, length in msc_sample(100):
        if number not in quick:
            continue
        result = p13.solve(p13.GameState.new(p13.Layout.parse(code), rules), optimal=True)
        assert result.winnable is (length > 0), f"deck {number}"
        assert result.length == length, f"deck {number}"


@pytest.mark.parametrize("optimal", [False, True])
@pytest.mark.parametrize("limit", [1, 2, 50])
def test_a_node_limit_caps_the_positions_stored(optimal: bool, limit: int) -> None:
    state = p13.GameState.new(p13.Layout.shuffled(6), p13.RuleSet.preset("microsoft"))
    result = p13.solve(state, optimal=optimal, node_limit=limit)
    assert result.winnable is None
    assert result.nodes <= limit + 40  # A* may overshoot by one node's children


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
@pytest.mark.parametrize(
    "rules",
    [
        p13.RuleSet.preset("three-stacks"),
        p13.RuleSet.preset("apophis"),
        p13.RuleSet(waste_piles=2, passes=2, stock_top_pairable=True),
        p13.RuleSet(waste_piles=4, goal=p13.Goal.ALL_CARDS),
    ],
)
def test_verdicts_in_the_last_pass_with_several_piles_agree_with_brute_force(
    rules: p13.RuleSet,
) -> None:
    # Late positions, where a pile card with no partner left buries the cards below it:
    # a few moves before the end of a random game.
    rng = random.Random(rules.waste_piles * 7 + (rules.passes or 0))
    decided = 0
    for _ in range(25):
        state = p13.GameState.new(p13.Layout.shuffled(rng.randrange(10_000)), rules)
        line = [state]
        while not state.is_over:
            moves = state.legal_moves()
            removals = [move for move in moves if move.is_removal]
            state = state.apply(rng.choice(removals if removals and rng.random() < 0.6 else moves))
            line.append(state)
        state = line[max(0, len(line) - rng.randrange(4, 16))]
        if state.status is not p13.Status.PLAYING:
            continue
        shortest = brute_force(state, limit=3_000)
        if shortest is None:
            continue
        decided += 1
        assert p13.solve(state).winnable is (shortest >= 0), str(state)
        assert p13.solve(state, optimal=True).winnable is (shortest >= 0), str(state)
    assert decided >= 5
