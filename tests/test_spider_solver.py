"""The Spider solver, hints and bots: model against engine, verdicts against exhaustive
search, replayed lines, metamorphic relations, honesty."""

from __future__ import annotations

import random

import pytest

import pyramid13 as p13
from pyramid13 import Status, spider
from pyramid13.spider._position import format_rules
from pyramid13.spider.solver._model import REMOVE, from_state, to_move
from pyramid13.spider.solver._search import Budget, prove


def _state(number: int, preset: str = "pysolfc", suits: int = 1) -> spider.GameState:
    rules = spider.RuleSet.preset(preset, suits=suits)
    if preset in ("pysolfc", "relaxed", "open"):
        layout = spider.Layout.from_pysolfc(number, suits=suits)
    else:
        layout = spider.Layout.shuffled(number, rules)
    return spider.GameState.new(layout, rules)


def _replays_to_won(state: spider.GameState, moves: tuple[spider.Move, ...]) -> bool:
    for move in moves:
        state = state.apply(move)
    return state.status is Status.WON


# -- the model against the engine ----------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "suits", "seed"),
    [
        ("pysolfc", 1, 1),
        ("pysolfc", 4, 2),
        ("relaxed", 2, 3),
        ("bicycle", 1, 4),
        ("microsoft", 4, 5),
    ],
)
def test_model_moves_are_the_engines(preset: str, suits: int, seed: int) -> None:
    """Every legal move appears in the complete model with the engine's result, except the
    pile permutations it documents leaving out once the stock is empty."""
    rng = random.Random(seed)
    state = _state(seed, preset, suits)
    for _ in range(300):
        legal = state.legal_moves()
        if not legal:
            break
        game = from_state(state)
        kids = {to_move(code): piles for code, piles, _, _ in game.children(game.root, 0, True)}
        for move in legal:
            after = state.apply(move)
            if move in kids:
                assert kids[move] == from_state(after).root, move
            else:  # left out: a pile permutation once the stock is empty
                assert state.deals_left == 0
                assert move.kind is spider.MoveKind.UNIT
                assert not state.piles[move.target].face_up, move  # type: ignore[index]
        assert set(kids) <= set(legal)
        state = state.apply(rng.choice(legal))


def _check_model_moves(state: spider.GameState) -> None:
    """The complete model's children of `state` are its legal moves, each landing where
    the engine does; with stock left nothing is left out (the deal included)."""
    legal = state.legal_moves()
    game = from_state(state)
    kids = {to_move(code): piles for code, piles, _, _ in game.children(game.root, 0, True)}
    for move in legal:
        if move in kids:
            assert kids[move] == from_state(state.apply(move)).root, move
        else:  # left out: a pile permutation once the stock is empty
            assert state.deals_left == 0, (move, str(state))
            assert move.kind is spider.MoveKind.UNIT
            assert not state.piles[move.target].face_up, move  # type: ignore[index]
    assert set(kids) <= set(legal)


def _switches() -> list[spider.RuleSet]:
    """Every combination of the rule switches, on the bicycle shape with 1 suit."""
    return [
        spider.RuleSet(
            suits=1, deal_onto_empty=onto_empty, auto_remove_runs=auto, face_down=face_down
        )
        for onto_empty in (False, True)
        for auto in (False, True)
        for face_down in (False, True)
    ]


@pytest.mark.no_cover  # solver lines, over code the other tests trace
@pytest.mark.parametrize("rules", _switches(), ids=format_rules)
def test_model_moves_are_the_engines_with_empty_piles_and_stock_left(
    rules: spider.RuleSet,
) -> None:
    """Random walks seldom leave a pile empty with a deal still to come; a solver's line
    does, under every rule switch. There the model must offer what the engine allows,
    the deal onto an empty pile under relaxed rules and not under the others."""
    state = spider.GameState.new(spider.Layout.shuffled(0, rules), rules)
    result = spider.solve(state, node_limit=20_000)
    assert result.winnable
    checked = 0
    for move in result.moves:
        if state.deals_left and any(not len(pile) for pile in state.piles):
            _check_model_moves(state)
            assert (spider.Move.DEAL in state.legal_moves()) is rules.deal_onto_empty
            checked += 1
        state = state.apply(move)
    assert checked >= 5


#: 13 cards left, one deal of 10 to come: the only win moves JC onto QC, deals onto the
#: eight empty piles (a relaxed deal) and builds the last run on TC.
ONTO_EMPTY_ENDGAMES = [
    "|KCQC/|JC/-/-/-/-/-/-/-/- AC2C3C4C5C6C7C8C9CTC CCCCCCC 0 relaxed,suits=1",
    "|KSQS/|JS/-/-/-/-/-/-/-/- AS2S3S4S5S6S7S8S9STS SSSSSSS 0 kpat,suits=1",
]


@pytest.mark.parametrize("code", ONTO_EMPTY_ENDGAMES)
def test_an_endgame_won_only_by_a_deal_onto_empty_piles(code: str) -> None:
    """A solver that never offered a deal while a pile is empty would call it lost."""
    state = spider.GameState.from_string(code)
    assert state.rules.deal_onto_empty
    _check_model_moves(state)
    result = spider.solve(state)
    assert result.winnable is True
    assert _replays_to_won(state, result.moves)
    here = state
    dealt_onto_empty = False
    for move in result.moves:
        if move is spider.Move.DEAL and any(not len(pile) for pile in here.piles):
            dealt_onto_empty = True
        _check_model_moves(here)
        here = here.apply(move)
    assert dealt_onto_empty
    assert _exhaustive(state, 100_000) is True
    # The same cards under the standard rule (no deal while a pile is empty): lost.
    rules = spider.RuleSet.from_dict({**state.rules.to_dict(), "deal_onto_empty": False})
    standard = spider.GameState.from_string(" ".join(code.split()[:4]), rules)
    assert not standard.rules.deal_onto_empty
    assert _exhaustive(standard, 100_000) is False
    assert spider.solve(standard).winnable is False


def _check_options(state: spider.GameState) -> int:
    """Check the finding search's moves in `state` against the engine; how many."""
    legal = state.legal_moves()
    game = from_state(state)
    options = game.options(game.root, 0)
    removals = [move for move in legal if move.kind is spider.MoveKind.REMOVE]
    if removals:
        assert [to_move(code) for code, _, _, _ in options] == removals[:1]
    for code, piles, dealt, lifted in options:
        move = to_move(code)
        assert move in legal, move
        after = state.apply(move)
        assert from_state(after).root == piles, move
        assert dealt == (1 if move.kind is spider.MoveKind.DEAL else 0)
        assert lifted == len(after.runs_removed) - len(state.runs_removed)
    return len(options)


@pytest.mark.no_cover  # the search against the engine: untraced, see tests/conftest.py
@pytest.mark.parametrize(
    ("preset", "suits", "seed"),
    [("pysolfc", 1, 7), ("bicycle", 1, 9), ("kpat", 2, 10), ("relaxed", 1, 8)],
)
def test_the_finders_moves_are_legal_and_land_where_the_engine_does(
    preset: str, suits: int, seed: int
) -> None:
    """The finding search's selection, along a won game (runs removed by a move or at
    once) and on random walks: every move it offers is legal, its position is the
    engine's, and a complete run waiting to be removed is removed before anything else."""
    start = _state(seed, preset, suits)
    result = spider.solve(start)
    assert result.winnable
    state = start
    offered = 0
    for move in result.moves:
        offered += _check_options(state)
        state = state.apply(move)
    rng = random.Random(seed)
    state = _state(seed, preset, 4)
    for _ in range(200):
        if state.is_over:
            break
        offered += _check_options(state)
        state = state.apply(rng.choice(state.legal_moves()))
    assert offered > 200


# -- verdicts against an exhaustive search on small endgames -------------------------------


def _rank(state: spider.GameState, move: spider.Move) -> int:
    if move.kind is spider.MoveKind.REMOVE:
        return 0
    if move.kind is spider.MoveKind.DEAL:
        return 3
    return 1 if state.piles[move.target].face_up else 2  # type: ignore[index]


def _exhaustive(state: spider.GameState, cap: int) -> bool | None:
    """Depth-first over the engine's own moves with a set of positions seen and no other
    pruning (the order only decides what is tried first): True at the first win, False
    once everything reachable is seen, None past `cap` positions."""
    seen = {state}
    stack = [state]
    while stack:
        here = stack.pop()
        # Pushed so that removals pop first, then moves onto cards, then onto empty piles.
        for move in sorted(here.legal_moves(), key=lambda move: -_rank(here, move)):
            after = here.apply_unchecked(move)
            if after.status is Status.WON:
                return True
            if after not in seen:
                seen.add(after)
                if len(seen) > cap:
                    return None
                stack.append(after)
    return False


def _endgames(count: int) -> list[spider.GameState]:
    """Positions of won 1-suit games with seven runs removed, scrambled by random
    moves (small enough for `_exhaustive`)."""
    rng = random.Random(14)
    positions = []
    for number in (5, 1, 3, 4):
        state = _state(number)
        result = spider.solve(state)
        assert result.winnable
        late = []
        for move in result.moves:
            state = state.apply(move)
            if len(state.runs_removed) >= 7 and not state.is_over:
                late.append(state)
        for here in rng.sample(late, min(len(late), 8)):
            for _ in range(rng.randrange(0, 12)):
                legal = here.legal_moves()
                if not legal:
                    break
                here = here.apply(rng.choice(legal))
            positions.append(here)
            if len(positions) == count:
                return positions
    return positions


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
def test_verdicts_agree_with_exhaustive_search_on_endgames() -> None:
    checked = {True: 0, False: 0}
    for state in _endgames(30):
        truth = _exhaustive(state, 30_000)
        if truth is None:
            continue
        result = spider.solve(state, node_limit=50_000)
        assert result.winnable is truth, str(state)
        if truth:
            assert _replays_to_won(state, result.moves)
        checked[truth] += 1
    assert checked[True] >= 10


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
def test_the_symmetry_cut_changes_no_verdict() -> None:
    """The complete search with and without its one cut (piles interchangeable once the
    stock is empty) agrees on every endgame both finish."""
    for state in _endgames(24):
        game = from_state(state)
        verdicts: list[bool | None] = []
        for symmetry in (True, False):
            try:
                verdicts.append(prove(game, Budget(20_000, None), symmetry) is not None)
            except Exception:  # out of budget
                verdicts.append(None)
        if None not in verdicts:
            assert verdicts[0] == verdicts[1]


def _stranded(rng: random.Random, cards: int) -> spider.GameState:
    """A position with the whole stock left, four runs removed and only `cards` cards on
    the table: a deal needs every pile filled, so it can never come, and the runs left
    cannot be completed (built with the engine's mid-game constructor)."""
    from pyramid13.spider._state import make_position

    start = _state(rng.randrange(1, 1000), suits=4)
    table = [card for pile in start.piles for card in pile.cards][:cards]
    piles: list[list[p13.Card]] = [[] for _ in range(10)]
    for card in table:
        piles[rng.randrange(10)].append(card)
    removed = (p13.Suit.CLUBS,) * 4
    return make_position(start._game, piles, [0] * 10, removed, 0)


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
def test_stranded_positions_are_proved_lost() -> None:
    rng = random.Random(8)
    for cards in (1, 2, 3, 4):  # five cards: ten times the work, nothing new
        state = _stranded(rng, cards)
        assert state.deals_left == 5
        assert state.status is Status.PLAYING
        assert _exhaustive(state, 200_000) is False
        result = spider.solve(state)
        assert result.winnable is False
        assert result.moves == ()


# -- wins, metamorphic relations ----------------------------------------------------------


@pytest.mark.no_cover  # whole deals, over code the other tests trace: see tests/conftest.py
@pytest.mark.parametrize("number", [1, 5])
def test_one_suit_wins_replay_and_hold_under_relaxed_and_open(number: int) -> None:
    for preset in ("pysolfc", "relaxed", "open"):
        state = _state(number, preset, 1)
        result = spider.solve(state)
        assert result.winnable is True, preset
        assert _replays_to_won(state, result.moves)
        assert result.nodes > 0
        assert result.seconds >= 0


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
@pytest.mark.parametrize("number", [21208, 16772])
def test_four_suit_wins_hold_with_fewer_suits_relaxed_and_open(number: int) -> None:
    """A 4-suit PySolFC deal won under the standard rules is won with its suits merged
    (2 and 1 suits: the same deal renamed, more moves), when a deal may fall on an empty
    pile (`relaxed`: more moves) and with every card face up (`open`: the same cards,
    more units); each line replays to a won state."""
    for preset, suits in (
        ("pysolfc", 4),
        ("pysolfc", 2),
        ("pysolfc", 1),
        ("relaxed", 4),
        ("open", 4),
    ):
        state = _state(number, preset, suits)
        result = spider.solve(state)
        assert result.winnable is True, (preset, suits)
        assert _replays_to_won(state, result.moves)


def test_auto_removal_presets_win_too() -> None:
    for preset in ("bicycle", "microsoft", "kpat"):
        state = _state(3, preset, 1)
        result = spider.solve(state)
        assert result.winnable is True, preset
        assert _replays_to_won(state, result.moves)


def test_a_limit_gives_none_never_false() -> None:
    result = spider.solve(_state(2, suits=4), node_limit=500)
    assert result.winnable is None
    assert result.moves == ()


@pytest.mark.parametrize("limit", [1, 10, 100, 257, 1_999, 2_000, 2_001, 3_000])
def test_a_node_limit_stops_the_search_at_that_many_positions(limit: int) -> None:
    # `--node-limit 10` and `100` both expanded 257 positions: the limit was read only
    # every 256 positions.
    result = spider.solve(_state(2, suits=4), node_limit=limit)
    assert result.winnable is None
    assert result.nodes == limit


def test_solve_checks_its_arguments() -> None:
    with pytest.raises(p13.InvalidArgumentError, match="must be a Spider GameState, not str"):
        spider.solve("not a state")  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError):
        spider.solve(_state(1), node_limit=0)
    with pytest.raises(p13.InvalidArgumentError):
        spider.solve(_state(1), time_limit=-1.0)
    with pytest.raises(p13.InvalidArgumentError):
        spider.solve(_state(1), time_limit=float("nan"))


def test_a_finished_game_needs_no_search() -> None:
    state = _state(5)
    for move in spider.solve(state).moves:
        state = state.apply(move)
    result = spider.solve(state)
    assert result.winnable is True
    assert result.moves == ()


def test_move_codes_round_trip() -> None:
    assert to_move(REMOVE | 3) == spider.Move.remove(3)
    assert to_move(2 << 8 | 5 << 4 | 7) == spider.Move.unit(2, 5, 7)


# -- hints --------------------------------------------------------------------------------


def test_following_hints_wins_and_reuses_the_line() -> None:
    state = _state(16772)
    from pyramid13.spider.solver import _hint

    moves = 0
    while not state.is_over:
        move = spider.hint(state, time_limit=None)  # a node budget alone: repeatable
        assert move is not None
        assert move in state.legal_moves()
        state = state.apply(move)
        moves += 1
        if moves > 1:
            assert state in _hint._PLANS or state.is_over  # the line's next position is kept
    assert state.status is Status.WON
    assert spider.hint(state) is None


# -- bots ---------------------------------------------------------------------------------


BOTS = [spider.RandomBot(3), spider.GreedyBot(), spider.SamplingBot(2, depth=4)]


@pytest.mark.parametrize("bot", BOTS, ids=repr)
def test_bots_are_honest(bot: p13.Bot) -> None:
    """Two states that look alike get the same move: the hidden cards play no part."""
    assert getattr(bot, "honest", False)
    state = _state(11, suits=4)
    rng = random.Random(5)
    for _ in range(30):
        if state.is_over:
            break
        observation = state.observe()
        other = spider.determinize(observation, random.Random(rng.random()))
        assert other.observe() == observation
        move = bot.choose(p13.bot_view(bot, state))
        assert move in state.legal_moves()
        assert bot.choose(other) == move
        state = state.apply(move)


def test_bots_refuse_a_finished_game() -> None:
    state = _state(5)
    for move in spider.solve(state).moves:
        state = state.apply(move)
    for bot in BOTS:
        with pytest.raises(p13.GameOverError):
            bot.choose(state.observe())  # type: ignore[attr-defined]


def test_greedy_prefers_turning_a_card_over() -> None:
    state = _state(1, suits=4)
    move = spider.GreedyBot().choose(state)
    source = state.piles[move.source]  # type: ignore[index]
    assert move.kind is spider.MoveKind.UNIT
    assert move.count == len(source.face_up)
    assert source.face_down


# -- statistics ---------------------------------------------------------------------------


def test_win_rate_labels_thoughtful_and_honest_results() -> None:
    rules = spider.RuleSet.preset("pysolfc", suits=1)
    solver = p13.win_rate(rules, range(2), workers=1)
    assert solver.play == p13.THOUGHTFUL
    assert solver.wins == 2
    greedy = p13.win_rate(rules, range(2), "greedy", workers=1)
    assert greedy.play == p13.HONEST_NO_UNDO
    assert "honest, no undo" in str(greedy)
    pyramid = p13.win_rate("microsoft", range(2), workers=1)
    assert pyramid.play == p13.THOUGHTFUL


def test_win_rate_lists_undecided_spider_deals() -> None:
    rules = spider.RuleSet.preset("pysolfc", suits=4)
    result = p13.win_rate(rules, [4, 9], workers=1, node_limit=100)
    assert result.undecided_seeds == (4, 9)


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
def test_a_four_suit_win_is_a_win_with_two_and_one_suits() -> None:
    """PySolFC's 1- and 2-suit deal #N is the 4-suit deal #N with suits renamed, and
    merging suits only adds moves: a 4-suit win means the others are won too."""
    verdicts = []
    for suits in (4, 2, 1):
        state = _state(8242, suits=suits)
        result = spider.solve(state, node_limit=300_000)
        assert _replays_to_won(state, result.moves) or not result.winnable
        verdicts.append(result.winnable)
    assert verdicts == [True, True, True]


@pytest.mark.no_cover  # whole 4-suit deals, over code the other tests trace: see tests/conftest.py
@pytest.mark.parametrize(("preset", "seed"), [("pysolfc", 56), ("relaxed", 56)])
def test_four_suit_deals_the_first_weighting_misses_are_won(preset: str, seed: int) -> None:
    """Two of the seven shuffled deals that beams ranked by plain chaos alone left
    undecided at the default limits: the other chaos weightings win them (the cheapest
    two; `benchmarks/spider_hard_deals.py` times all seven, 4 to 35 s each)."""
    rules = spider.RuleSet.preset(preset, suits=4)
    state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
    result = spider.solve(state)
    assert result.winnable is True
    assert _replays_to_won(state, result.moves)
