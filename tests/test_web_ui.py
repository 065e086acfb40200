"""The web example (examples/web/) in a real browser, against the library.

The server runs in a thread on a free port (tests/test_web_server.py tests it over HTTP);
these tests drive headless Chromium through Selenium with the system's browser and driver
(Debian: ``apt-get install chromium chromium-driver``) and skip, saying so, without them.
After each move made on the page by clicking or dragging, the server's state must equal the
library's state after that move, and the page must show that state's cards where the
library says they lie.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from web_example import Server

import pyramid13 as p13
from pyramid13 import spider

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "saves")
    yield running
    running.stop()


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


def _played(driver: WebDriver, count: int) -> None:
    """Wait until the page shows `count` moves played and its cards have stopped sliding."""
    table = _table(driver)
    _wait(driver, lambda: table.get_attribute("data-played") == str(count), f"{count} moves")
    script = "return document.getAnimations().length === 0"
    _wait(driver, lambda: bool(driver.execute_script(script)), "the cards to settle")


def _at(
    driver: WebDriver, place: str, index: int | None = None, depth: int | None = None
) -> WebElement:
    selector = f'#table [data-place="{place}"]'
    selector += "" if index is None else f'[data-index="{index}"]'
    selector += "" if depth is None else f'[data-depth="{depth}"]'
    return driver.find_element("css selector", selector)


def _cards(driver: WebDriver) -> dict[tuple[str, int | None, int | None], str | None]:
    """Every card and empty place on the page, by place, with the card it shows."""
    found = driver.execute_script(
        "return [...document.querySelectorAll('#table [data-place]')].map(d => "
        "[d.dataset.place, d.dataset.index ?? null, d.dataset.depth ?? null, "
        "d.dataset.card ?? null, d.dataset.empty ?? null])"
    )
    return {
        (place, None if index is None else int(index), None if depth is None else int(depth)): card
        for place, index, depth, card, empty in found
        if empty is None
    }


def _expected(state: Any) -> dict[tuple[str, int | None, int | None], str | None]:
    """The cards the page should show for `state`, by place, from the library alone."""
    if isinstance(state, p13.GameState):
        shown: dict[tuple[str, int | None, int | None], str | None] = {
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


Key = tuple[str, "int | None", "int | None"]


def _key(location: p13.CardLocation) -> Key:
    return location.place.value, location.index, location.depth


def _marked(driver: WebDriver, mark: str = "lastmove") -> set[Key]:
    """The places of the cards the page marks with the class `mark` (``lastmove``: changed
    by the last move or undo; ``playable``: a legal move starts there)."""
    found = driver.execute_script(
        f"return [...document.querySelectorAll('#table .card.{mark}:not(.slot)')].map(d => "
        "[d.dataset.place, d.dataset.index ?? null, d.dataset.depth ?? null])"
    )
    return {
        (place, None if index is None else int(index), None if depth is None else int(depth))
        for place, index, depth in found
    }


def _check_page(driver: WebDriver, server: Server, state: Any, undone: Any = None) -> None:
    """The server holds `state` and the page shows it, with the places the last move
    changed marked (or, after an undo, those the move taken back, `undone`, changed)."""
    game_id = _table(driver).get_attribute("data-id")
    assert server.games.get(game_id) == state
    shown = _expected(state)
    assert _cards(driver) == shown
    score = driver.find_element("id", "score").text
    assert score == f"score {state.score}"
    if undone is None:
        changed = {_key(change.target) for change in state.changes()}
    else:
        changed = {_key(change.source) for change in undone.changes()}
    assert _marked(driver) == changed & shown.keys()
    assert _marked(driver, "playable") == {_key(location) for location in state.playable()}


def _click_move(driver: WebDriver, state: Any, move: Any) -> None:
    """Play `move` on the page by clicks, checking the lit targets on the way."""
    if isinstance(move, p13.Move):
        if not move.is_removal:  # from the keyboard: Enter on the stock
            driver.find_element("id", "stock").send_keys("\n")
            return
        first = state.locate(move.cards[0])
        _click(driver, _at(driver, first.place.value, first.index, first.depth))
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
        second = state.locate(move.cards[1])
        _click(driver, _at(driver, second.place.value, second.index, second.depth))
        return
    if move.kind is spider.MoveKind.DEAL:
        driver.find_element("id", "stock").click()
        return
    assert move.kind is spider.MoveKind.UNIT
    _click(driver, _at(driver, "pile", move.source, move.count - 1))
    lit = driver.find_elements("css selector", "#table .target")
    assert {int(element.get_attribute("data-index") or -1) for element in lit} == {
        other.target
        for other in state.legal_moves()
        if (other.kind, other.source, other.count) == (move.kind, move.source, move.count)
    }
    _click(driver, _pile_top(driver, state, move.target))


def _pile_top(driver: WebDriver, state: spider.GameState, pile: int) -> WebElement:
    """The top card of a pile on the page, or its empty place."""
    return _at(driver, "pile", pile, 0 if len(state.piles[pile]) else None)


def _corner(driver: WebDriver, element: WebElement) -> Any:
    """Actions with the pointer on the top left corner of `element`, where the card shows
    even under the cards fanned over it."""
    from selenium.webdriver import ActionChains

    size = element.size
    return ActionChains(driver).move_to_element_with_offset(
        element, 10 - size["width"] // 2, 8 - size["height"] // 2
    )


def _click(driver: WebDriver, element: WebElement) -> None:
    _corner(driver, element).click().perform()


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
    assert server.games.get(_table(driver).get_attribute("data-id")) == state
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


def _quiet_console(driver: WebDriver) -> None:
    """Nothing the page does is blocked by its Content-Security-Policy (the browser logs
    what it blocks; the 400 answers to refused moves and the missing favicon are no
    errors of the page)."""
    log: list[dict[str, Any]] = driver.get_log("browser")  # type: ignore[attr-defined]
    assert log, "the browser logged nothing: is its log on?"
    blocked = [entry["message"] for entry in log if "Content Security Policy" in entry["message"]]
    assert blocked == []


def _open(driver: WebDriver, server: Server, query: str) -> None:
    driver.get(f"{server.url}/?{query}")
    _wait(driver, lambda: bool(_table(driver).get_attribute("data-id")), "the deal")


@pytest.mark.no_cover  # the example, not the package, is under test here
def test_pyramid_in_the_browser(browser: WebDriver, server: Server) -> None:
    _open(browser, server, "game=pyramid&preset=microsoft&seed=1")
    state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    _check_page(browser, server, state)
    browser.find_element("css selector", "details summary").click()  # "View code"
    code = browser.find_element("id", "code")
    _wait(browser, lambda: code.text == state.observe().to_string(), "the view's code")
    for _ in range(6):
        moves = state.legal_moves()
        move = next((m for m in moves if len(m.cards) == 2), next(iter(moves)))
        _click_move(browser, state, move)
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
    browser.find_element("id", "undo").click()
    state, undone = state.undo(), state
    _played(browser, len(state.history))
    _check_page(browser, server, state, undone)
    _hint_arrow(browser, state, honest=False)
    _hint_arrow(browser, state)
    browser.refresh()  # the page resumes the game the server saved
    _played(browser, len(state.history))
    _check_page(browser, server, state)
    game_id = _table(browser).get_attribute("data-id")
    browser.find_element("id", "new").click()
    _wait(browser, lambda: _table(browser).get_attribute("data-id") != game_id, "a new deal")
    fresh = server.games.get(_table(browser).get_attribute("data-id"))
    assert fresh.history == ()
    assert fresh.rules == state.rules
    _check_page(browser, server, fresh)
    assert server.games.get(game_id) == state  # the old game is kept
    _quiet_console(browser)


@pytest.mark.no_cover
def test_spider_in_the_browser(browser: WebDriver, tmp_path: Path) -> None:
    server = Server(tmp_path / "saves")
    _open(browser, server, "game=spider&preset=microsoft&suits=2&seed=3")
    rules = spider.RuleSet.preset("microsoft", suits=2)
    state = spider.GameState.new(spider.Layout.shuffled(3, rules), rules)
    _check_page(browser, server, state)
    for _ in range(4):
        move = state.legal_moves()[0]
        _click_move(browser, state, move)
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
    browser.find_element("id", "undo").click()
    state, undone = state.undo(), state
    _played(browser, len(state.history))
    _check_page(browser, server, state, undone)
    _hint_arrow(browser, state, honest=False)
    _hint_arrow(browser, state)
    # The server stops and starts again on the same port: the page resumes from the record.
    server.stop()
    server = Server(tmp_path / "saves", port=server.port)
    try:
        browser.refresh()
        _played(browser, len(state.history))
        _check_page(browser, server, state)
        _quiet_console(browser)
    finally:
        server.stop()
