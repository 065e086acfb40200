"""The web example (examples/web/) in a real browser, against the library.

The server runs in a thread on a free port (tests/test_web_server.py tests it over HTTP);
these tests drive headless Chromium through Selenium with the system's browser and driver
(Debian: ``apt-get install chromium chromium-driver``) and skip, saying so, without them.
After each move made on the page by clicking, dragging or from the keyboard, the server's
state must equal the library's state after that move, and the page must show that state's
cards where the library says they lie, lit where the library says they can be played.
The page must fit windows 360, 768 and 1280 pixels wide with no sideways scrolling, a
Spider pile of 25 cards included; a screenshot of each game at each width is kept in the
run's temporary folder (its path is printed) for people to look at.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from web_example import Server, web

import pyramid13 as p13
from pyramid13 import spider

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# The page's requests all come from 127.0.0.1: a rate the tests never reach.
ROOMY = web.Limits(requests_per_second=1000.0, burst=1000)
WIDTHS = (360, 768, 1280)


def _server(saves: Path, port: int = 0) -> Server:
    return Server(saves, port=port, limits=ROOMY)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = _server(tmp_path / "saves")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots of the run go (under pytest's temporary folder, which
    ``--basetemp`` names)."""
    return tmp_path_factory.mktemp("web-ui-screenshots", numbered=False)


# -- in a browser -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    # .ci/run installs the browser, so in CI a missing one is a failure, not a skip.
    missing = pytest.fail if os.environ.get("CI") else pytest.skip
    try:
        from selenium import webdriver
    except ImportError:
        missing("selenium is not installed (it is in the dev extra: pip install -e '.[dev]')")
    binary = next(filter(None, map(shutil.which, BROWSERS)), None)
    driver_path = shutil.which("chromedriver")
    if binary is None or driver_path is None:
        missing(
            "no headless browser: install Chromium and its driver "
            "(apt-get install chromium chromium-driver)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--hide-scrollbars")  # the same widths with or without them
    options.add_argument("--window-size=1000,1000")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # for _quiet_console
    from selenium.webdriver.chrome.service import Service

    service = Service(executable_path=driver_path)  # the system's driver, nothing downloaded
    driver: WebDriver = webdriver.Chrome(service=service, options=options)
    yield driver
    driver.quit()


def _wait(driver: WebDriver, condition: Callable[[], bool], what: str) -> None:
    from selenium.webdriver.support.wait import WebDriverWait

    WebDriverWait(driver, 15, poll_frequency=0.05).until(
        lambda _: condition(), message=f"waiting for {what}"
    )


def _table(driver: WebDriver) -> WebElement:
    return driver.find_element("id", "table")


def _id(driver: WebDriver) -> str:
    """The token of the game the page shows ("" before the first)."""
    return _table(driver).get_attribute("data-id") or ""


def _settled(driver: WebDriver) -> None:
    script = "return document.getAnimations().length === 0"
    _wait(driver, lambda: bool(driver.execute_script(script)), "the cards to settle")


def _played(driver: WebDriver, count: int) -> None:
    """Wait until the page shows `count` moves played and its cards have stopped sliding."""
    table = _table(driver)
    _wait(driver, lambda: table.get_attribute("data-played") == str(count), f"{count} moves")
    _settled(driver)


def _at(
    driver: WebDriver, place: str, index: int | None = None, depth: int | None = None
) -> WebElement:
    selector = f'#table [data-place="{place}"]'
    selector += "" if index is None else f'[data-index="{index}"]'
    selector += "" if depth is None else f'[data-depth="{depth}"]'
    return driver.find_element("css selector", selector)


Key = tuple[str, "int | None", "int | None"]


def _places(driver: WebDriver, selector: str) -> list[tuple[Key, str | None]]:
    found = driver.execute_script(
        f"return [...document.querySelectorAll('{selector}')].map(d => "
        "[d.dataset.place, d.dataset.index ?? null, d.dataset.depth ?? null, "
        "d.dataset.card ?? null])"
    )
    return [((place, _number(index), _number(depth)), card) for place, index, depth, card in found]


def _number(text: str | None) -> int | None:
    return None if text is None else int(text)


def _cards(driver: WebDriver) -> dict[Key, str | None]:
    """Every card on the table, by place, with the card it shows (None: face down)."""
    return dict(_places(driver, "#table .card[data-key]"))


def _expected(state: Any) -> dict[Key, str | None]:
    """The cards the page should show for `state`, by place, from the library alone."""
    if isinstance(state, p13.GameState):
        shown: dict[Key, str | None] = {
            ("pyramid", slot, None): str(card)
            for slot, card in enumerate(state.pyramid)
            if card is not None
        }
        for number, pile in enumerate(state.waste_piles):
            for card in pile:
                location = state.locate(card)
                assert location == p13.CardLocation(p13.Place.WASTE, number, location.depth)
                shown["waste", number, location.depth] = str(card)
        if state.stock and state.rules.stock_top_pairable:
            shown["stock", None, 0] = str(state.stock[-1])
        return shown
    shown = {}
    for index, pile in enumerate(state.piles):
        for depth, card in enumerate(reversed(pile.cards)):
            face_up = depth < len(pile.face_up)
            shown["pile", index, depth] = str(card) if face_up else None
    return shown


def _status_line(state: Any) -> str:
    """The status line, in words, from the library alone."""
    seen = state.observe()
    parts = [] if seen.rules.scoring.name == "none" else [f"Score {seen.score}"]
    if isinstance(seen, p13.Observation):
        passes = seen.rules.passes
        parts.append(
            f"pass {seen.pass_number} (no limit)"
            if passes is None
            else f"pass {seen.pass_number} of {passes}"
        )
        parts.append(f"{seen.stock_size} card{'' if seen.stock_size == 1 else 's'} in the stock")
    else:
        deals, runs = seen.deals_left, len(seen.runs_removed)
        parts.append(f"{deals} deal{'' if deals == 1 else 's'} left")
        parts.append(f"{runs} run{'' if runs == 1 else 's'} completed")
    played = len(seen.history)
    parts.append(f"{played} move{'' if played == 1 else 's'}")
    if seen.status.value == "won":
        parts.append("won")
    elif seen.status.value == "lost":
        parts.append("no way to win is left")
    return " - ".join(parts)


def _card_name(card: p13.Card) -> str:
    """A card as the page's labels read it: "Queen of spades", "10 of hearts"."""
    rank = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}
    text = str(card)
    return f"{rank.get(text[0], text[0])} of {card.suit.name.lower()}"


def _key(location: p13.CardLocation) -> Key:
    return location.place.value, location.index, location.depth


def _marked(driver: WebDriver, mark: str = "lastmove") -> set[Key]:
    """The places of the cards the page marks with the class `mark` (``lastmove``: changed
    by the last move or undo; ``playable``: a legal move picks it up)."""
    return {key for key, _ in _places(driver, f"#table .card.{mark}[data-key]")}


def _check_page(driver: WebDriver, server: Server, state: Any, undone: Any = None) -> None:
    """The server holds `state` and the page shows it, with the places the last move
    changed marked (or, after an undo, those the move taken back, `undone`, changed)."""
    game_id = _id(driver)
    assert server.games.get(game_id) == state
    shown = _expected(state)
    assert _cards(driver) == shown
    assert driver.find_element("id", "status-line").text == _status_line(state)
    if undone is None:
        changed = {_key(change.target) for change in state.changes()}
    else:
        changed = {_key(change.source) for change in undone.changes()}
    assert _marked(driver) == changed & shown.keys()
    assert _marked(driver, "playable") == {_key(location) for location in state.playable()}
    buttons = {name: driver.find_element("id", name).is_enabled() for name in ("undo", "redo")}
    assert buttons["undo"] == bool(state.history)


def _click_move(driver: WebDriver, state: Any, move: Any, keyboard: bool = False) -> None:
    """Play `move` on the page by clicks (or Enter keys), checking the lit targets."""
    press = _enter if keyboard else _click
    if isinstance(move, p13.Move):
        if not move.is_removal:  # from the keyboard: Enter on the stock
            driver.find_element("id", "stock").send_keys("\n")
            return
        first = state.locate(move.cards[0])
        press(driver, _at(driver, first.place.value, first.index, first.depth))
        if len(move.cards) == 1:
            return
        partners = {
            str(card)
            for other in state.legal_moves()
            if move.cards[0] in other.cards and len(other.cards) == 2
            for card in other.cards
            if card != move.cards[0]
        }
        lit = driver.find_elements("css selector", "#table .target")
        assert {element.get_attribute("data-card") for element in lit} == partners
        if keyboard:  # the focus went to a lit card
            focused = driver.execute_script("return document.activeElement.dataset.card")
            assert focused in partners
        second = state.locate(move.cards[1])
        press(driver, _at(driver, second.place.value, second.index, second.depth))
        return
    if move.kind is spider.MoveKind.DEAL:
        driver.find_element("id", "stock").click()
        return
    assert move.kind is spider.MoveKind.UNIT
    press(driver, _at(driver, "pile", move.source, move.count - 1))
    lit = driver.find_elements("css selector", "#table .target")
    assert {int(element.get_attribute("data-index") or -1) for element in lit} == {
        other.target
        for other in state.legal_moves()
        if (other.kind, other.source, other.count) == (move.kind, move.source, move.count)
    }
    press(driver, _pile_top(driver, state, move.target))


def _pile_top(driver: WebDriver, state: spider.GameState, pile: int) -> WebElement:
    """The top card of a pile on the page, or its empty place."""
    return _at(driver, "pile", pile, 0 if len(state.piles[pile]) else None)


def _corner(driver: WebDriver, element: WebElement) -> Any:
    """Actions with the pointer near the top left corner of `element`, where the card
    shows even under the cards fanned over it."""
    from selenium.webdriver import ActionChains

    size = element.size
    return ActionChains(driver).move_to_element_with_offset(
        element, 6 - size["width"] // 2, 5 - size["height"] // 2
    )


def _click(driver: WebDriver, element: WebElement) -> None:
    _corner(driver, element).click().perform()


def _enter(driver: WebDriver, element: WebElement) -> None:
    assert element.get_attribute("tabindex") == "0"  # reachable with Tab
    element.send_keys("\n")


def _drag_move(driver: WebDriver, source: WebElement, target: WebElement) -> None:
    _corner(driver, source).click_and_hold().move_by_offset(8, 8).perform()
    _corner(driver, target).release().perform()


def _refused(driver: WebDriver, server: Server, state: Any, first: Any, then: Any) -> None:
    """Select the card at `first`, click the one at `then` (no legal move): the page shows
    the library's reason and nothing changes."""
    _click(driver, _at(driver, first.place.value, first.index, first.depth))
    _click(driver, _at(driver, then.place.value, then.index, then.depth))
    if isinstance(state, p13.GameState):
        cards = dict(state.table())
        move = f"{cards[first]}+{cards[then]}"
    else:
        move = f"{first.index + 1}:{first.depth + 1}>{then.index + 1}"
    reason = state.why_illegal(move)
    assert reason is not None
    message = driver.find_element("id", "message")
    _wait(driver, lambda: message.text == reason, f"the reason: {reason}")
    assert server.games.get(_id(driver)) == state
    assert not driver.find_elements("css selector", "#table .selected")


def _hint_arrow(driver: WebDriver, state: Any, honest: bool = True) -> None:
    """Ask for a hint: an arrow for a legal move appears (with `honest`, the default, the
    library's honest hint of the view: `pyramid13.honest_hint` or `spider.honest_hint`)."""
    driver.execute_script("document.querySelectorAll('#arrows .arrow').forEach(a => a.remove())")
    box = driver.find_element("id", "honest")
    if box.is_selected() != honest:
        box.click()
    driver.find_element("id", "hint").click()
    _wait(driver, lambda: bool(driver.find_elements("css selector", "#arrows .arrow")), "hint")
    arrow = driver.find_element("css selector", "#arrows .arrow")
    assert arrow.get_attribute("data-move") in [str(move) for move in state.legal_moves()]
    if honest:
        hint = p13.honest_hint if isinstance(state, p13.GameState) else spider.honest_hint
        assert arrow.get_attribute("data-move") == str(hint(state.observe()))


def _undo_redo(driver: WebDriver, server: Server, state: Any) -> Any:
    """Undo the last move, then redo it, from the buttons; the page follows each time."""
    driver.find_element("id", "undo").click()
    before, after = state.undo(), state
    _played(driver, len(before.history))
    _check_page(driver, server, before, after)
    assert driver.find_element("id", "redo").is_enabled()
    driver.find_element("id", "redo").click()
    _played(driver, len(after.history))
    _check_page(driver, server, after)
    assert not driver.find_element("id", "redo").is_enabled()
    return after


def _arrows_and_escape(driver: WebDriver) -> None:
    """The arrow keys go from one place the keyboard can use to the next (and back);
    Enter picks a card up, Escape puts it down."""
    from selenium.webdriver.common.keys import Keys

    reachable = driver.find_elements("css selector", '#table [data-key][tabindex="0"]')
    keys = [element.get_attribute("data-key") for element in reachable]
    assert len(keys) >= 2
    active = "return document.activeElement.dataset.key"
    reachable[0].send_keys(Keys.ARROW_RIGHT)
    assert driver.execute_script(active) == keys[1]
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert driver.execute_script(active) == keys[0]
    card = next(element for element in reachable if element.get_attribute("data-card"))
    card.send_keys("\n")
    assert driver.find_elements("css selector", "#table .selected")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not driver.find_elements("css selector", "#table .selected")


def _quiet_console(driver: WebDriver) -> None:
    """Nothing the page does is blocked by its Content-Security-Policy (the browser logs
    what it blocks; the 400 answers to refused moves and the missing favicon are no
    errors of the page)."""
    log: list[dict[str, Any]] = driver.get_log("browser")  # type: ignore[attr-defined]
    assert log, "the browser logged nothing: is its log on?"
    blocked = [entry["message"] for entry in log if "Content Security Policy" in entry["message"]]
    assert blocked == []
    errors = [entry["message"] for entry in log if "Uncaught" in entry["message"]]
    assert errors == []


def _open(driver: WebDriver, server: Server, query: str) -> None:
    driver.get(f"{server.url}/?{query}")
    _wait(driver, lambda: bool(_id(driver)), "the deal")
    _settled(driver)


def _saved(driver: WebDriver) -> list[str]:
    """The ids of the games listed under "Saved games" (the list opened if need be)."""
    box = driver.find_element("id", "saved")
    if not driver.execute_script("return arguments[0].open", box):
        box.find_element("css selector", "summary").click()
    items = "#saved-list li"
    _wait(driver, lambda: bool(driver.find_elements("css selector", items)), "the saved games")
    found = driver.find_elements("css selector", items)
    return [item.get_attribute("data-id") or "" for item in found]


def _listed(driver: WebDriver, ids: list[str]) -> None:
    """Wait until the list of saved games holds `ids`, in that order."""
    _wait(driver, lambda: _saved(driver) == ids, f"the saved games {ids}")


def _resume(driver: WebDriver, game_id: str) -> None:
    """Resume the game `game_id` from the list of saved games."""
    _wait(driver, lambda: game_id in _saved(driver), f"{game_id} in the list")
    driver.find_element("css selector", f'#saved-list li[data-id="{game_id}"] .resume').click()
    _wait(driver, lambda: _id(driver) == game_id, "the game resumed")
    _settled(driver)


def _remember(driver: WebDriver, server: Server, game_id: str, game: str) -> None:
    """Put `game_id` in this browser's list of games, as if it had been played here."""
    driver.get(f"{server.url}/?game=pyramid&preset=classic&seed=1")
    _wait(driver, lambda: bool(_id(driver)), "the deal")
    entry = {"id": game_id, "game": game, "played": 1, "status": "playing"}
    driver.execute_script(
        "const games = JSON.parse(localStorage.getItem('pyramid13.games'));"
        f"games.push({json.dumps(entry)});"
        "localStorage.setItem('pyramid13.games', JSON.stringify(games));"
    )


@pytest.mark.no_cover  # the example, not the package, is under test here
def test_pyramid_in_the_browser(browser: WebDriver, server: Server) -> None:
    browser.set_window_size(1000, 1000)
    _open(browser, server, "game=pyramid&preset=microsoft&seed=1")
    state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    _check_page(browser, server, state)
    assert browser.find_element("id", "status-line").text == (
        "Score 0 - pass 1 of 3 - 24 cards in the stock - 0 moves"
    )
    assert browser.find_element("id", "stock").get_attribute("aria-label") == (
        "Stock, 24 cards: draw"
    )
    browser.find_element("css selector", "#code-box summary").click()  # "View code"
    code = browser.find_element("id", "code")
    _wait(browser, lambda: code.text == state.observe().to_string(), "the view's code")
    for number in range(6):
        moves = state.legal_moves()
        move = next((m for m in moves if len(m.cards) == 2), next(iter(moves)))
        _click_move(browser, state, move, keyboard=number % 2 == 1)
        state = state.apply(move)
        _played(browser, len(state.history))
        _check_page(browser, server, state)
    pair = next(m for m in state.legal_moves() if len(m.cards) == 2)
    source, target = (state.locate(card) for card in pair.cards)
    _refused(browser, server, state, source, p13.CardLocation(p13.Place.PYRAMID, 0))
    _drag_move(
        browser,
        _at(browser, source.place.value, source.index, source.depth),
        _at(browser, target.place.value, target.index, target.depth),
    )
    state = state.apply(pair)
    _played(browser, len(state.history))
    _check_page(browser, server, state)
    state = _undo_redo(browser, server, state)
    _hint_arrow(browser, state, honest=False)
    _hint_arrow(browser, state)
    browser.refresh()  # the page resumes the game the server saved
    _played(browser, len(state.history))
    _check_page(browser, server, state)
    # A new deal keeps the game in progress in the list, and it resumes from there.
    game_id = _id(browser)
    browser.find_element("id", "new").click()
    _wait(browser, lambda: _id(browser) != game_id, "a new deal")
    assert "kept" in browser.find_element("id", "message").text
    fresh_id = _id(browser)
    fresh = server.games.get(fresh_id)
    assert fresh.history == ()
    assert fresh.rules == state.rules
    _check_page(browser, server, fresh)
    _listed(browser, [fresh_id, game_id])
    _resume(browser, game_id)
    _check_page(browser, server, state)
    _listed(browser, [game_id])  # the deal left untouched is dropped: nothing is lost
    # A change of rules deals again, and the game in progress stays in the list.
    from selenium.webdriver.support.select import Select

    Select(browser.find_element("id", "preset")).select_by_value("classic")
    _wait(browser, lambda: _id(browser) != game_id, "a new deal")
    classic_id = _id(browser)
    assert server.games.get(classic_id).rules == p13.RuleSet.preset("classic")
    _listed(browser, [classic_id, game_id])
    _quiet_console(browser)


@pytest.mark.no_cover
def test_a_won_pyramid_shows_the_table_cleared(browser: WebDriver, server: Server) -> None:
    """The last pair removed: no outlines where the pyramid was, the removed cards' place
    shows the last one, and the table says the game is won."""
    browser.set_window_size(1000, 1000)
    game_id = server.games.new("pyramid", "microsoft", seed=1)
    start = server.games.get(game_id)
    solution = p13.solve(start).moves
    assert solution is not None
    for move in solution[:-1]:
        server.games.play(game_id, str(move))
    _remember(browser, server, game_id, "pyramid")
    _resume(browser, game_id)
    state = server.games.get(game_id)
    _check_page(browser, server, state)
    last = solution[-1]
    _click_move(browser, state, last)
    state = state.apply(last)
    _played(browser, len(state.history))
    _check_page(browser, server, state)
    assert state.status is p13.Status.WON
    assert not browser.find_elements("css selector", '#table [data-place="pyramid"]')
    banner = browser.find_element("id", "banner")
    assert banner.text.startswith(f"You won with {state.score} points in {len(state.history)}")
    shown = browser.find_elements("css selector", "#table .removed-card")
    assert [card.get_attribute("data-card") for card in shown] == [str(c) for c in last.cards]
    label = browser.find_element("css selector", '#table [data-key="removed"]')
    removed = 52 - len(state.stock) - sum(map(len, state.waste_piles))
    names = " and ".join(map(_card_name, last.cards))
    assert label.get_attribute("aria-label") == f"Removed cards: {removed}, last {names}"
    assert not browser.find_element("id", "hint").is_enabled()


@pytest.mark.no_cover
def test_spider_in_the_browser(browser: WebDriver, tmp_path: Path) -> None:
    browser.set_window_size(1000, 1000)
    server = _server(tmp_path / "saves")
    _open(browser, server, "game=spider&preset=microsoft&suits=2&seed=3")
    rules = spider.RuleSet.preset("microsoft", suits=2)
    state = spider.GameState.new(spider.Layout.shuffled(3, rules), rules)
    _check_page(browser, server, state)
    assert browser.find_element("id", "status-line").text == (
        "Score 500 - 5 deals left - 0 runs completed - 0 moves"
    )
    assert browser.find_element("id", "stock").get_attribute("aria-label") == (
        "Stock, 50 cards, 5 deals left: deal a row"
    )
    for number in range(4):
        move = state.legal_moves()[0]
        _click_move(browser, state, move, keyboard=number == 3)
        state = state.apply(move)
        _played(browser, len(state.history))
        _check_page(browser, server, state)
    units = [m for m in state.legal_moves() if m.kind is spider.MoveKind.UNIT]
    move = max(units, key=lambda unit: unit.count or 0)  # lift the most cards
    assert move.source is not None
    assert move.count is not None
    assert move.target is not None
    lifted = p13.CardLocation(p13.Place.PILE, move.source, move.count - 1)
    elsewhere = next(
        pile
        for pile in range(10)
        if pile != move.source
        and len(state.piles[pile])
        and not state.is_legal(spider.Move.unit(move.source, move.count, pile))
    )
    _refused(browser, server, state, lifted, p13.CardLocation(p13.Place.PILE, elsewhere, 0))
    source = _at(browser, "pile", move.source, move.count - 1)
    _drag_move(browser, source, _pile_top(browser, state, move.target))
    state = state.apply(move)
    _played(browser, len(state.history))
    _check_page(browser, server, state)
    _click_move(browser, state, spider.Move.DEAL)
    state = state.apply(spider.Move.DEAL)
    _played(browser, len(state.history))
    _check_page(browser, server, state)
    state = _undo_redo(browser, server, state)
    _arrows_and_escape(browser)
    _hint_arrow(browser, state, honest=False)
    _hint_arrow(browser, state)
    # The server stops and starts again on the same port: the page resumes from the record.
    server.stop()
    server = _server(tmp_path / "saves", port=server.port)
    try:
        browser.refresh()
        _played(browser, len(state.history))
        _check_page(browser, server, state)
        _quiet_console(browser)
    finally:
        server.stop()


@pytest.mark.no_cover
def test_a_spider_run_left_on_the_table_is_taken_off_by_a_click(
    browser: WebDriver, server: Server
) -> None:
    """Under rules that leave complete runs on the table, the King of one is lit; a click
    takes the run off (its one move goes to no card), and the runs' place shows its King."""
    browser.set_window_size(1000, 1000)
    rules = spider.RuleSet.preset("pysolfc", suits=1)
    start = spider.GameState.new(spider.Layout.shuffled(1, rules), rules)
    suit = rules.suit_set[0].value
    run = [rank + suit for rank in reversed("A23456789TJQK")]
    rest = sorted(str(card) for pile in start.piles for card in pile.cards)
    rest += sorted(str(card) for card in start.stock)
    for card in run:
        rest.remove(card)
    stock = rest[: len(start.stock)]
    del rest[: len(start.stock)]
    first = len(start.piles[0].face_down)
    piles = ["".join(rest[:first]) + "|" + "".join(run)]
    del rest[:first]
    for pile in range(1, 10):  # the other cards of the table, one face up on each pile
        size = len(rest) // (10 - pile)
        piles.append("".join(rest[: size - 1]) + "|" + rest[size - 1])
        del rest[:size]
    named = start.to_string().split()[-1]
    code = "/".join(piles) + " " + "".join(stock) + " - 0 " + named
    state = spider.GameState.from_string(code)
    game_id = server.games.start(state)
    _remember(browser, server, game_id, "spider")
    _resume(browser, game_id)
    _check_page(browser, server, state)
    king = _at(browser, "pile", 0, 12)
    assert "playable" in (king.get_attribute("class") or "")
    _click(browser, king)
    (removal,) = [move for move in state.legal_moves() if move.kind is spider.MoveKind.REMOVE]
    state = state.apply(removal)
    _played(browser, 1)
    _check_page(browser, server, state)
    shown = browser.find_elements("css selector", "#table .removed-card")
    assert [card.get_attribute("data-card") for card in shown] == [run[0]]
    status = browser.find_element("id", "status-line").text
    assert status == "5 deals left - 1 run completed - 1 move"


def _long_pile(rules: spider.RuleSet) -> spider.GameState:
    """A 2-suit position one deal into the game whose first pile holds 25 cards: 5 face
    down, then a run from the King of spades to the 2 and one from the 10 of hearts to 3."""
    ranks = "A23456789TJQK"
    deck = Counter({rank + suit: 4 for rank in ranks for suit in "SH"})
    up = [rank + "S" for rank in reversed(ranks[1:])] + [rank + "H" for rank in "T9876543"]
    deck.subtract(up)
    rest = sorted(deck.elements())
    piles = ["".join(rest[:5]) + "|" + "".join(up)]
    del rest[:5]
    for pile in range(1, 10):
        down = 4 if pile < 4 else 3
        piles.append("".join(rest[: down + 1][:-1]) + "|" + rest[down])
        del rest[: down + 1]
    named = spider.GameState.new(spider.Layout.shuffled(1, rules), rules).to_string().split()[-1]
    code = "/".join(piles) + " " + "".join(rest) + " - 480 " + named
    state = spider.GameState.from_string(code, rules)
    assert len(state.piles[0]) == 25
    return state


def _size(driver: WebDriver, width: int, height: int) -> None:
    """Make the window `width` pixels wide inside, and wait for the page to draw again."""
    driver.set_window_size(width, height)
    script = "return innerWidth"
    _wait(driver, lambda: driver.execute_script(script) == width, f"a window {width} px wide")
    # The page draws again 80 ms after the last resize.
    driver.execute_script("return new Promise(done => setTimeout(done, 250))")
    _settled(driver)


def _fits(driver: WebDriver) -> None:
    """No sideways scrolling; every card inside the window's width; the longest pile's
    last card inside its height."""
    width, scroll = driver.execute_script(
        "return [window.innerWidth, document.documentElement.scrollWidth]"
    )
    assert scroll <= width
    edges = driver.execute_script(
        "return [...document.querySelectorAll('#table .card, #table .place')].map(d => {"
        "const r = d.getBoundingClientRect(); return [r.left, r.right, r.bottom]})"
    )
    assert all(left >= 0 and right <= width for left, right, _ in edges)


@pytest.mark.no_cover
def test_the_page_fits_every_width(
    browser: WebDriver, server: Server, screenshots: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both games and a 25-card Spider pile at 360, 768 and 1280 pixels: nothing off the
    screen sideways, the long pile's last card on the screen; a screenshot of each."""
    rules = spider.RuleSet.preset("microsoft", suits=2)
    long_id = server.games.start(_long_pile(rules))
    _remember(browser, server, long_id, "spider")
    games = {
        "pyramid": "game=pyramid&preset=microsoft&seed=1",
        "spider": "game=spider&preset=microsoft&suits=2&seed=3",
        "spider-25-cards": None,
    }
    saved: list[Path] = []
    for name, query in games.items():
        if query is None:
            _resume(browser, long_id)
        else:
            _open(browser, server, query)
        for width in WIDTHS:
            _size(browser, width, 900 if width > 400 else 740)
            _fits(browser)
            if query is None:
                last = _at(browser, "pile", 0, 0)
                bottom = last.rect["y"] + last.rect["height"]
                assert bottom <= browser.execute_script("return innerHeight")
                pile = browser.find_elements("css selector", '[data-place="pile"][data-index="0"]')
                assert len(pile) == 25
            path = screenshots / f"{name}-{width}px.png"
            browser.save_screenshot(str(path))
            saved.append(path)
    with capsys.disabled():
        print(f"\nscreenshots of the page: {screenshots}")
    assert all(path.stat().st_size > 1000 for path in saved)
