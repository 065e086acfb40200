"""Spider's parsers and constructors fuzzed: any input gives a whole value or a
`pyramid13.Pyramid13Error` (never an IndexError, KeyError, TypeError...), and whatever
parses has a canonical text form that reads back to the same value.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from test_parsers import junk as pyramid_junk
from test_parsers import outcome

import pyramid13 as p13
from pyramid13 import spider

# The junk and the error check of Pyramid's parser tests, with Spider's own values added.
junk = st.one_of(
    pyramid_junk,
    st.lists(st.text(max_size=2), max_size=5),
    st.sampled_from(list(spider.DealShape) + list(spider.MoveKind)),
)


# -- Move ---------------------------------------------------------------------------------------

MOVE_PIECES = [
    *[str(n) for n in range(15)],
    "00",
    "010",
    "999",
    "1000",
    "-1",
    ":",
    ">",
    "-",
    "<",
    " ",
    "\t",
    "\n",
    "deal",
    "DEAL",
    "Deal",
    "remove",
    "REMOVE",
    "rem",
    "+",
    "x",
    "½",
    "٣",  # an Arabic-Indic three: a digit to str.isdigit, not to the notation
    "³",
]
move_like = st.lists(st.sampled_from(MOVE_PIECES), max_size=6).map("".join)


@given(st.one_of(st.text(), move_like, junk))
def test_move_parse_gives_a_move_or_an_error(text: Any) -> None:
    move = outcome(spider.Move.parse, text)
    if isinstance(move, p13.Pyramid13Error):
        assert isinstance(move, p13.InvalidMoveError)
        return
    assert isinstance(move, spider.Move)
    canonical = str(move)
    assert spider.Move.parse(canonical) == move
    assert str(spider.Move.parse(canonical)) == canonical
    assert eval(repr(move), {"Move": spider.Move}) == move
    # The canonical form is the only one of its meaning: case, spaces and leading zeros go.
    assert canonical in ("deal", *(f"remove {pile}" for pile in range(1, 11))) or (
        canonical.count(":") == 1 and canonical.count(">") == 1 and " " not in canonical
    )


@given(st.integers(1, 10), st.integers(1, 13), st.integers(1, 10), st.sampled_from(["", " "]))
def test_a_dash_stands_for_the_arrow(source: int, count: int, target: int, space: str) -> None:
    """``3:2-7`` (no quoting in a shell) is the move ``3:2>7``, or the same error."""
    arrow = outcome(spider.Move.parse, f"{source}:{count}>{target}")
    dash = outcome(spider.Move.parse, f"{source}{space}:{count}{space}-{space}{target}")
    if isinstance(arrow, spider.Move):
        assert dash is arrow
    else:
        assert type(dash) is type(arrow)


@given(junk, junk, junk)
def test_unit_moves_from_any_values(source: Any, count: Any, target: Any) -> None:
    move = outcome(spider.Move.unit, source, count, target)
    if not isinstance(move, p13.Pyramid13Error):
        assert spider.Move.parse(str(move)) == move
        assert (move.source, move.count, move.target) == (source, count, target)


@given(st.integers(-3, 13), st.integers(-3, 16), st.integers(-3, 13))
def test_unit_moves_from_small_ints(source: int, count: int, target: int) -> None:
    move = outcome(spider.Move.unit, source, count, target)
    valid = 0 <= source < 10 and 0 <= target < 10 and 1 <= count <= 13
    assert isinstance(move, spider.Move) == valid
    if isinstance(move, spider.Move):
        assert str(move) == f"{source + 1}:{count}>{target + 1}"


@given(st.one_of(junk, st.integers(-2, 12)))
def test_removals_from_any_value(pile: Any) -> None:
    move = outcome(spider.Move.remove, pile)
    if not isinstance(move, p13.Pyramid13Error):
        assert str(move) == f"remove {pile + 1}"
        assert spider.Move.parse(str(move)) == move


# -- Layout -------------------------------------------------------------------------------------


@st.composite
def layout_like(draw: st.DrawFn) -> str:
    """A valid layout code, then a few edits: tokens dropped, doubled, swapped, replaced,
    separators moved, case changed."""
    rules = spider.RuleSet.preset(
        draw(st.sampled_from(spider.RuleSet.preset_names())), suits=draw(st.sampled_from([1, 2, 4]))
    )
    code = spider.Layout.shuffled(draw(st.integers(0, 2**64 - 1)), rules).code
    tokens = code.split(" ")
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 3))):
        where = rng.randrange(len(tokens))
        edit = rng.randrange(6)
        if edit == 0:
            del tokens[where]
        elif edit == 1:
            tokens.insert(where, tokens[where])
        elif edit == 2:
            other = rng.randrange(len(tokens))
            tokens[where], tokens[other] = tokens[other], tokens[where]
        elif edit == 3:
            tokens[where] = draw(st.sampled_from(["/", "|", "XX", "10S", "1", "", "KS", "ks"]))
        elif edit == 4:
            tokens[where] = tokens[where].lower()
        else:
            tokens.insert(where, draw(st.text(max_size=3)))
    return " ".join(tokens)


@given(st.one_of(st.text(), layout_like(), junk))
def test_layout_parse_gives_a_layout_or_an_error(code: Any) -> None:
    layout = outcome(spider.Layout.parse, code)
    if isinstance(layout, p13.Pyramid13Error):
        assert isinstance(layout, p13.InvalidLayoutError)
        return
    assert spider.Layout.parse(layout.code) == layout
    assert spider.Layout.parse(layout.code).code == layout.code
    assert sum(map(len, layout.piles)) + sum(map(len, layout.deals)) == 104
    assert layout.shape in spider.DealShape
    # A parsed layout can always start a game under rules of its shape and suits.
    rules = spider.RuleSet(shape=layout.shape, suits=layout.suits, suit_set=layout.suit_set)
    assert spider.GameState.new(layout, rules).layout == layout


@given(junk, junk)
def test_layout_constructor_from_any_values(piles: Any, deals: Any) -> None:
    outcome(spider.Layout, piles, deals)


@given(st.one_of(junk, st.integers(-5, 2**70)), st.one_of(junk, st.none()))
def test_shuffled_from_any_values(seed: Any, rules: Any) -> None:
    layout = outcome(spider.Layout.shuffled, seed, rules)
    if not isinstance(layout, p13.Pyramid13Error):
        assert spider.Layout.parse(layout.code) == layout


@given(st.one_of(junk, st.integers(-5, 2**70)), st.one_of(junk, st.sampled_from([1, 2, 4])))
def test_pysolfc_numbers_from_any_values(number: Any, suits: Any) -> None:
    layout = outcome(spider.Layout.from_pysolfc, number, suits=suits)
    if not isinstance(layout, p13.Pyramid13Error):
        assert layout.suits == suits
        assert spider.Layout.parse(layout.code) == layout


# -- RuleSet ------------------------------------------------------------------------------------

KEYS = [*spider.RuleSet().to_dict(), "Shape", "suit", "goal", ""]
VALUES = st.one_of(
    junk,
    st.sampled_from(
        [
            "bicycle",
            "first-four",
            "pysolfc",
            "PYSOLFC",
            "microsoft",
            "none",
            "kpat",
            1,
            2,
            3,
            4,
            True,
            False,
            ["S"],
            ["C", "H"],
            ["H", "S"],
            ["S", "S"],
            ["C", "D", "H", "S"],
            ["c", "d", "h", "s"],
            ["X"],
            [1],
            [None],
        ]
    ),
)


@given(st.one_of(st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=7), junk))
def test_rules_from_any_dict(data: Any) -> None:
    rules = outcome(spider.RuleSet.from_dict, data)
    if isinstance(rules, p13.Pyramid13Error):
        assert isinstance(rules, p13.InvalidRulesError)
        return
    saved = json.loads(json.dumps(rules.to_dict()))
    assert spider.RuleSet.from_dict(saved) == rules
    assert spider.RuleSet.from_dict(saved).to_dict() == saved
    # Valid rules deal valid games.
    layout = spider.Layout.shuffled(1, rules)
    assert spider.GameState.new(layout, rules).rules == rules


@given(st.dictionaries(st.sampled_from(KEYS[:7]), VALUES, max_size=7))
def test_rules_from_keyword_arguments(settings: dict[str, Any]) -> None:
    rules = outcome(lambda: spider.RuleSet(**settings))
    if not isinstance(rules, p13.Pyramid13Error):
        assert spider.RuleSet.from_dict(rules.to_dict()) == rules


@given(st.one_of(junk, st.sampled_from(spider.RuleSet.preset_names())), junk)
def test_presets_from_any_values(name: Any, suits: Any) -> None:
    rules = outcome(spider.RuleSet.preset, name, suits=suits)
    if not isinstance(rules, p13.Pyramid13Error):
        assert rules.preset_name == name


# -- the game -----------------------------------------------------------------------------------


@given(st.one_of(junk, st.text(), move_like))
def test_applying_anything_gives_a_state_or_an_error(move: Any) -> None:
    state = spider.GameState.new(spider.Layout.shuffled(3))
    after = outcome(state.apply, move)
    if not isinstance(after, p13.Pyramid13Error):
        assert after.last_move in state.legal_moves()


@given(junk, junk)
def test_determinize_rejects_what_is_not_an_observation(observation: Any, rng: Any) -> None:
    outcome(spider.determinize, observation, rng)


@given(junk, st.one_of(junk, st.sampled_from(spider.RuleSet.preset_names())))
def test_new_games_from_any_values(layout: Any, rules: Any) -> None:
    outcome(spider.GameState.new, layout, rules)


# -- position codes and records: real ones, mutated ---------------------------------------------


def _real_states() -> list[spider.GameState]:
    """A few positions of real games under every preset (and one with Microsoft scoring
    and 1 suit), a handful of moves in, so that codes and records carry every field."""
    states = []
    for number, name in enumerate(spider.RuleSet.preset_names()):
        rules = spider.RuleSet.preset(name, suits=(1, 2, 4)[number % 3])
        rng = random.Random(number)
        state = spider.GameState.new(spider.Layout.shuffled(number, rules), rules)
        for _ in range(number * 7):
            legal = state.legal_moves()
            if not legal:
                break
            state = state.apply(rng.choice(legal))
        states.append(state)
    return states


REAL_STATES = _real_states()
CODE_PIECES = [
    "/",
    "|",
    "-",
    " ",
    "  ",
    "\t",
    "KS",
    "ks",
    "AC",
    "1S",
    "10",
    "%",
    "%20",
    "%FF",
    "=",
    ",",
    "suits=1",
    "suits=2.0",
    "scoring=microsoft",
    "face_down=false",
    "0",
    "-0",
    "999",
    "1249",
    "501",
    "SSSSSSSS",
    "\x00",
    "é",
    "\U0001f600",
    "\ud800",
]


@st.composite
def code_like(draw: st.DrawFn) -> str:
    """A real position code with a few edits: characters cut, doubled or replaced, fields
    swapped or dropped, pieces of the notation inserted."""
    code = draw(st.sampled_from(REAL_STATES)).to_string()
    for _ in range(draw(st.integers(0, 4))):
        edit = draw(st.integers(0, 5))
        where = draw(st.integers(0, len(code)))
        if edit == 0:
            code = code[:where] + code[where + draw(st.integers(1, 6)) :]
        elif edit == 1:
            code = code[:where] + draw(st.sampled_from(CODE_PIECES)) + code[where:]
        elif edit == 2:
            fields = code.split(" ")
            i, j = draw(st.integers(0, len(fields) - 1)), draw(st.integers(0, len(fields) - 1))
            fields[i], fields[j] = fields[j], fields[i]
            code = " ".join(fields)
        elif edit == 3:
            fields = code.split(" ")
            fields[draw(st.integers(0, len(fields) - 1))] = draw(
                st.one_of(st.sampled_from(CODE_PIECES), st.text(max_size=6))
            )
            code = " ".join(fields)
        elif edit == 4:
            code = code[:where] + code[where : where + 20] * 2 + code[where + 20 :]
        else:
            code = code.swapcase() if draw(st.booleans()) else code[: where or 1]
    return code


@given(st.one_of(code_like(), st.text(), junk))
def test_position_codes_give_a_state_or_a_position_error(code: Any) -> None:
    state = outcome(spider.GameState.from_string, code)
    if isinstance(state, p13.Pyramid13Error):
        assert isinstance(state, p13.InvalidPositionError)
        return
    again = spider.GameState.from_string(state.to_string())
    assert again == state
    assert again.to_string() == state.to_string()


def _records() -> list[str]:
    texts = []
    for state in REAL_STATES:
        texts.append(p13.GameRecord.from_state(state).to_json())
        texts.append(
            p13.GameRecord.from_state(
                spider.determinize(state.observe(), random.Random(1))
            ).to_json()
        )
    return texts


RECORDS = _records()
JSON_VALUES = st.one_of(
    junk.filter(lambda value: isinstance(value, (type(None), bool, int, float, str, list, dict))),
    st.sampled_from(["deal", "1:1>2", "remove 3", "spider", "pyramid", "microsoft", 2, 1, 3]),
)


@st.composite
def record_like(draw: st.DrawFn) -> str | bytes:
    """A real Spider record with a few edits: to its parsed document (a field dropped,
    changed to another value, a move or a code edited) or to its text."""
    text = draw(st.sampled_from(RECORDS))
    data = json.loads(text)
    for _ in range(draw(st.integers(0, 3))):
        edit = draw(st.integers(0, 5))
        if edit == 0 and data:
            data.pop(draw(st.sampled_from(sorted(data))))
        elif edit == 1:
            data[draw(st.sampled_from([*sorted(data), "extra"]))] = draw(JSON_VALUES)
        elif edit == 2 and isinstance(data.get("rules"), dict) and data["rules"]:
            rules = data["rules"]
            rules[draw(st.sampled_from([*sorted(rules), "goal"]))] = draw(JSON_VALUES)
        elif edit == 3 and isinstance(data.get("moves"), list):
            moves = data["moves"]
            moves.insert(draw(st.integers(0, len(moves))), draw(st.sampled_from(MOVE_PIECES)))
        elif edit == 4:
            for key in ("layout", "position"):
                if isinstance(data.get(key), str):
                    value = data[key]
                    where = draw(st.integers(0, len(value)))
                    data[key] = (
                        value[:where] + draw(st.sampled_from(CODE_PIECES)) + value[where + 2 :]
                    )
        else:
            data["version"] = draw(st.sampled_from([1, 2, 3, "2", None]))
    text = json.dumps(data)
    if draw(st.booleans()):
        where = draw(st.integers(0, len(text)))
        text = (
            text[:where]
            + draw(st.sampled_from(['"', "{", "}", ",", "NaN", "\\u0000", ""]))
            + text[where:]
        )
    return text.encode() if draw(st.booleans()) else text


@given(st.one_of(record_like(), st.text(), st.binary(), junk))
def test_records_give_a_record_or_a_record_error(text: Any) -> None:
    record = outcome(p13.GameRecord.from_json, text)
    if isinstance(record, p13.Pyramid13Error):
        assert isinstance(record, p13.InvalidRecordError)
        return
    again = p13.GameRecord.from_json(record.to_json())
    assert again == record
    assert again.replay() == record.replay()
