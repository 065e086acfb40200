"""Position codes: GameState.to_string / GameState.from_string."""

from __future__ import annotations

import pytest
from game_walks import games, rule_sets
from hypothesis import given
from hypothesis import strategies as st

from pyramid13 import (
    GameState,
    InvalidPositionError,
    InvalidRulesError,
    Layout,
    Pyramid13Error,
    RuleSet,
    Status,
)
from pyramid13._position import format_rules, parse_rules

SEED_1_MICROSOFT = (
    "7D/9C4D/8H8D5S/JD6D9SJC/5DKD3C2DJH/5H7H4H2CAD6S/KCKHTHTSJSTD8S "
    "7S9H2S3HTC8C2H4CAC3S3D9DQDQHQS6HKSAH5CAS7C6C4SQC - 1 0 microsoft"
)


def _start(preset: str = "microsoft", seed: int = 1) -> GameState:
    return GameState.new(Layout.shuffled(seed), RuleSet.preset(preset))


def test_code_of_a_fresh_deal_is_pinned() -> None:
    # Golden vector: the layout of seed 1 is pinned by the core's own tests.
    assert _start().to_string() == SEED_1_MICROSOFT
    assert GameState.from_string(SEED_1_MICROSOFT) == _start()


@given(games())
def test_round_trip(state: GameState) -> None:
    code = state.to_string()
    again = GameState.from_string(code)
    assert again == state
    assert hash(again) == hash(state)
    assert again.to_string() == code
    assert again.legal_moves() == state.legal_moves()
    assert again.status is state.status
    assert (again.pyramid, again.stock, again.waste_piles) == (
        state.pyramid,
        state.stock,
        state.waste_piles,
    )
    assert again.previous is None
    assert again.history == ()


@given(games(max_moves=40), st.randoms(use_true_random=False))
def test_play_continues_the_same_from_a_code(state: GameState, rng: object) -> None:
    again = GameState.from_string(state.to_string())
    for _ in range(30):
        moves = state.legal_moves()
        assert again.legal_moves() == moves
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]  # type: ignore[attr-defined]
        state, again = state.apply(move), again.apply(move)
        assert again == state
        assert again.score == state.score


@pytest.mark.parametrize("preset", RuleSet.preset_names())
def test_code_of_a_fresh_deal_gives_back_its_layout(preset: str) -> None:
    state = _start(preset, seed=11)
    assert GameState.from_string(state.to_string()).layout == state.layout


def test_rules_may_be_left_out_or_given() -> None:
    code = SEED_1_MICROSOFT.rsplit(" ", 1)[0]
    assert GameState.from_string(code).rules == RuleSet()
    microsoft = RuleSet.preset("microsoft")
    assert GameState.from_string(code, microsoft) == _start()
    assert GameState.from_string(SEED_1_MICROSOFT, microsoft) == _start()
    with pytest.raises(InvalidPositionError, match="differ from the rules given"):
        GameState.from_string(SEED_1_MICROSOFT, RuleSet())


def test_cards_are_read_case_insensitively() -> None:
    assert GameState.from_string(SEED_1_MICROSOFT.lower().replace("microsoft", "Microsoft"))


def test_custom_rules_are_written_as_changes_to_a_preset() -> None:
    rules = RuleSet(passes=2, waste_pairing=True)
    state = GameState.new(Layout.shuffled(1), rules)
    assert state.to_string().endswith(" classic,passes=2,waste_pairing=true")
    assert GameState.from_string(state.to_string()).rules == rules
    assert format_rules(RuleSet(passes=None, waste_piles=3, goal=RuleSet().goal)) == (
        "three-stacks,passes=unlimited"
    )


@given(rule_sets())
def test_rules_text_round_trips(rules: RuleSet) -> None:
    assert parse_rules(format_rules(rules)) == rules


def _replace_field(code: str, index: int, value: str) -> str:
    fields = code.split()
    fields[index] = value
    return " ".join(fields)


# A position with the pyramid's bottom row cleared (its seven cards are gone).
_ROWS = SEED_1_MICROSOFT.split()[0].split("/")
CLEARED_BOTTOM = _replace_field(SEED_1_MICROSOFT, 0, "/".join([*_ROWS[:6], ".." * 7]))


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("", "has 0"),
        ("a b c", "6 fields"),
        (SEED_1_MICROSOFT + " extra", "has 7"),
        (_replace_field(SEED_1_MICROSOFT, 0, "7D/9C4D"), "7 rows"),
        (_replace_field(SEED_1_MICROSOFT, 0, SEED_1_MICROSOFT.split()[0] + "X"), "row 7"),
        (_replace_field(SEED_1_MICROSOFT, 0, "ZZ" + SEED_1_MICROSOFT[2:62]), "row 1, slot 1"),
        # The apex card also in the stock.
        (_replace_field(SEED_1_MICROSOFT, 1, "7D"), "7D appears twice"),
        # A card of row 6 removed while row 7 still covers it.
        (
            _replace_field(
                SEED_1_MICROSOFT, 0, "/".join([*_ROWS[:5], ".." + _ROWS[5][2:], _ROWS[6]])
            ),
            "row 6, slot 1 is empty while KC",
        ),
        (_replace_field(SEED_1_MICROSOFT, 1, "7S9H2"), "two-character cards"),
        (_replace_field(SEED_1_MICROSOFT, 1, "7S..9H"), "'..' marks a removed pyramid card"),
        (_replace_field(SEED_1_MICROSOFT, 2, "-/-"), "1 waste pile"),
        (_replace_field(SEED_1_MICROSOFT, 3, "4"), "pass 4 is beyond the rules' 3"),
        (_replace_field(SEED_1_MICROSOFT, 3, "0"), "pass number"),
        (_replace_field(SEED_1_MICROSOFT, 3, "x"), "pass number"),
        (_replace_field(SEED_1_MICROSOFT, 4, "-5"), "never goes below 0"),
        (_replace_field(SEED_1_MICROSOFT, 4, "1e3"), "score"),
        (_replace_field(SEED_1_MICROSOFT, 5, "classic").replace(" 0 ", " 5 "), "must be 0"),
        (_replace_field(SEED_1_MICROSOFT, 5, "nonsense"), "unknown preset"),
        (_replace_field(SEED_1_MICROSOFT, 5, "microsoft,passes"), "expected a setting"),
        (_replace_field(SEED_1_MICROSOFT, 5, "microsoft,colour=red"), "unknown rule setting"),
        (_replace_field(SEED_1_MICROSOFT, 5, "classic,passes=1,passes=2"), "given twice"),
        (_replace_field(SEED_1_MICROSOFT, 5, "classic,goal=everything"), "goal"),
        (_replace_field(SEED_1_MICROSOFT, 5, "classic,waste_pairing=maybe"), "true or false"),
        (_replace_field(SEED_1_MICROSOFT, 5, "classic,scoring=mine"), "scoring policy"),
        (_replace_field(SEED_1_MICROSOFT, 5, "classic,draw_count=3,waste_piles=3"), "contradicts"),
        # 25 cards outside the pyramid: the bottom row's seven cards joined the stock.
        (
            _replace_field(CLEARED_BOTTOM, 1, SEED_1_MICROSOFT.split()[1] + _ROWS[6]),
            "hold 31 cards",
        ),
        ("x" * 5000, "at most 2000"),
    ],
)
def test_impossible_or_malformed_codes_are_rejected(code: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        GameState.from_string(code)


def test_a_cleared_bottom_row_is_possible() -> None:
    state = GameState.from_string(CLEARED_BOTTOM)
    assert state.pyramid[21:] == (None,) * 7
    assert state.status is Status.PLAYING


def test_waste_piles_must_match_the_rules() -> None:
    three = GameState.new(Layout.shuffled(4), RuleSet.preset("three-stacks")).apply("draw")
    code = three.to_string()
    assert code.split()[2].count("/") == 2
    assert GameState.from_string(code) == three
    with pytest.raises(InvalidPositionError, match="3 waste pile"):
        GameState.from_string(_replace_field(code, 2, "-/-/-/-"))


def test_wrong_types_are_rejected() -> None:
    with pytest.raises(InvalidPositionError, match="must be text"):
        GameState.from_string(b"7D/9C4D" * 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="RuleSet or a preset name"):
        GameState.from_string(SEED_1_MICROSOFT, 3)  # type: ignore[arg-type]
    # A preset's name is accepted here as everywhere else.
    assert GameState.from_string(SEED_1_MICROSOFT, "microsoft") == GameState.from_string(
        SEED_1_MICROSOFT, RuleSet.preset("microsoft")
    )


def _parses_or_raises(text: str) -> None:
    try:
        state = GameState.from_string(text)
    except Pyramid13Error as error:
        message = str(error)
    else:
        assert GameState.from_string(state.to_string()) == state
        message = "ok"
    assert message


@given(st.text(max_size=300))
def test_fuzz_any_text(text: str) -> None:
    _parses_or_raises(text)


@given(st.data())
def test_fuzz_damaged_codes(data: st.DataObject) -> None:
    code = data.draw(games(max_moves=30)).to_string()
    for _ in range(data.draw(st.integers(1, 3))):
        start = data.draw(st.integers(0, len(code)))
        end = data.draw(st.integers(start, min(len(code), start + 4)))
        code = (
            code[:start] + data.draw(st.text("ACDHSKQJT0123456789./- ,=x", max_size=4)) + code[end:]
        )
    _parses_or_raises(code)
