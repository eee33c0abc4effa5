"""The pages show what a game offers and nothing more, as /api/games says ("offers"), in chromium.

A stand-in for a game that offers less: the page is served its list of games with one game's offers
taken away (Playwright answers for the server: the games written into the page, and /api/games),
so the same views and puzzles are played while the page believes that game has, say, no hints. The
game page then shows no Hint button and no walk-through link on the result card for it, and both
again for a game that offers them; the walk-through page says the game has none; the import dialog
lists only games that read puzzles, and the studio only games with an editor.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlparse

from page_helpers import TIMEOUT, open_puzzle
from playwright.sync_api import Page, Route, expect
from web_helpers import game_or_skip

GAMES_DATA = re.compile(r'(<script type="application/json" id="games-data">)(.*?)(</script>)', re.DOTALL)


def with_offers(games: dict[str, Any], game: str, **changes: Any) -> dict[str, Any]:
    """The answer of /api/games with game's offers changed."""
    return {**games, "games": [{**entry, "offers": {**entry["offers"], **changes}} if entry["name"] == game else entry
                               for entry in games["games"]]}


def offering_less(page: Page, server_url: str, game: str, **changes: Any) -> None:
    """Serves page the games with game's offers changed: in the game page's own data and at /api/games."""
    def change(text: str) -> str:
        return json.dumps(with_offers(json.loads(text), game, **changes))

    def games_answer(route: Route) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, body=change(answer.text()))

    def game_page(route: Route) -> None:
        answer = route.fetch()
        page_text = GAMES_DATA.sub(lambda m: m.group(1) + change(m.group(2)).replace("<", "\\u003c") + m.group(3),
                                   answer.text())
        assert page_text != answer.text(), "the page carries no games to change"
        route.fulfill(response=answer, body=page_text)

    def is_game_page(url: str) -> bool:
        return url.startswith(server_url) and urlparse(url).path == "/"

    page.route(is_game_page, game_page)
    page.route(f"{server_url}/api/games", games_answer)


def reveal_for_the_card(page: Page) -> None:
    page.click("#reveal")
    page.click("#ask-yes")  # Reveal asks first, in the page's language
    expect(page.locator("#result")).to_be_visible(timeout=TIMEOUT)


def test_a_game_without_hints_shows_no_hint_button_and_no_walk_through_link(page: Page, server_url: str):
    for name in ("signal", "pattern"):
        game_or_skip(name)
    offering_less(page, server_url, "signal", hints=False, walkthrough=False)
    open_puzzle(page, server_url, "signal", 5, "no-hints")
    expect(page.locator("#hint")).to_be_hidden()
    expect(page.locator("#hint-panel")).to_be_hidden()
    reveal_for_the_card(page)
    expect(page.locator("#result-walk")).to_be_hidden()
    page.click("#result-close")
    # The same page on a game that offers them: the button and the link are back.
    page.click('.tab[data-game="pattern"]')
    expect(page.locator('#board[data-game="pattern"]')).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#hint")).to_be_visible()
    reveal_for_the_card(page)
    expect(page.locator("#result-walk")).to_be_visible()
    page.click("#result-close")
    # And back: gone again.
    page.click('.tab[data-game="signal"]')
    expect(page.locator('#board[data-game="signal"]')).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#hint")).to_be_hidden()


def test_the_game_as_its_record_says_shows_its_hint_button_and_walk_through_link(page: Page, server_url: str):
    game_or_skip("signal")
    open_puzzle(page, server_url, "signal", 5, "with-hints")
    expect(page.locator("#hint")).to_be_visible()
    reveal_for_the_card(page)
    expect(page.locator("#result-walk")).to_be_visible()
    expect(page.locator("#result-walk")).to_have_attribute("href", re.compile(r"^/explain\?id=signal\."))


def test_the_walk_through_page_of_a_game_without_one_says_so(page: Page, server_url: str):
    game_or_skip("signal")
    offering_less(page, server_url, "signal", hints=False, walkthrough=False)
    page.goto(f"{server_url}/explain?id=signal.3.5x5.any.no-walk")
    expect(page.locator("#status")).to_have_text("Signal has no step-by-step walk-through.", timeout=TIMEOUT)
    expect(page.locator("#status")).to_have_attribute("data-kind", "error")
    expect(page.locator("#steps li")).to_have_count(0)


def test_the_import_dialog_lists_only_games_that_read_puzzles(page: Page, server_url: str):
    for name in ("signal", "pattern"):
        game_or_skip(name)
    offering_less(page, server_url, "signal", imports=None)
    open_puzzle(page, server_url, "pattern", 5, "imports")
    page.click("#import-open")
    options = page.locator("#import-game option").evaluate_all("os => os.map(o => o.value)")
    assert "signal" not in options and "pattern" in options, options
    help_text = page.locator("#import-help").inner_text()
    assert "Tatham Pattern game ID" in help_text and "tile masks" not in help_text, help_text
    assert "{" not in help_text, help_text  # every placeholder filled


def test_the_studio_shows_tabs_only_for_games_with_an_editor(page: Page, server_url: str):
    for name in ("signal", "pattern"):
        game_or_skip(name)
    offering_less(page, server_url, "signal", studio=False)
    page.goto(f"{server_url}/studio")
    expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator("#tab-signal")).to_have_count(0)
    expect(page.locator("#tab-pattern")).to_be_visible()
    first = page.locator("#studio-tabs .tab").first
    expect(first).to_have_attribute("aria-selected", "true")  # the studio opens on its first game
