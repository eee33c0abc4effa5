"""The dark theme (issue 41, "What to build" 4): the system's choice (prefers-color-scheme) unless the
player picks Light, Dark or System in the settings (the game page's settings, the other pages' header),
remembered in localStorage so every page opens in it; the print stays black on white in any theme.
(axe-core in both themes on every page: test_accessibility.py.)"""

from __future__ import annotations

import pytest
from page_helpers import TIMEOUT
from play_screens import screen_page
from playwright.sync_api import Page, expect

DARK_PAPER = "rgb(22, 24, 27)"
LIGHT_PAPER = "rgb(251, 250, 247)"


def paper(page: Page) -> str:
    return page.evaluate("getComputedStyle(document.documentElement).backgroundColor")


def colour(page: Page, selector: str, prop: str) -> str:
    return page.locator(selector).first.evaluate("(e, p) => getComputedStyle(e)[p]", prop)


@pytest.mark.parametrize("system", ["light", "dark"])
def test_the_choice_overrides_the_system_on_every_page(browser, server_url, system):
    other = "dark" if system == "light" else "light"
    expected = {"light": LIGHT_PAPER, "dark": DARK_PAPER}
    with screen_page(browser, "phone", color_scheme=system) as page:
        page.goto(f"{server_url}/?game=pattern&size=5&seed=theme")
        expect(page.locator("#status")).to_contain_text("“theme”", timeout=TIMEOUT)
        assert paper(page) == expected[system]
        expect(page.locator("#theme")).to_have_value("system")
        page.click("#settings-toggle")
        page.select_option("#theme", other)
        assert paper(page) == expected[other]
        assert page.evaluate("document.documentElement.dataset.theme") == other
        cell = colour(page, ".pattern-grid .cell", "backgroundColor")
        # Every other page opens in the choice, and shows it in its own picker.
        for path in ("/daily", "/stats", "/studio", "/explain?id=pattern.2.5x5.any.theme"):
            page.goto(server_url + path)
            expect(page.locator("#theme")).to_have_value(other)
            assert paper(page) == expected[other], path
        page.select_option("#theme", "system")
        assert paper(page) == expected[system]
        page.goto(f"{server_url}/?game=pattern&size=5&seed=theme")
        expect(page.locator("#status")).to_contain_text("“theme”", timeout=TIMEOUT)
        expect(page.locator("#theme")).to_have_value("system")
        assert colour(page, ".pattern-grid .cell", "backgroundColor") != cell  # the board's colours too


def test_the_picker_speaks_the_pages_language(browser, server_url):
    with screen_page(browser, "desktop", locale="ja-JP") as page:
        page.goto(f"{server_url}/stats")
        expect(page.locator('#theme option[value="dark"]')).to_have_text("ダーク")
        expect(page.locator("#theme")).to_have_attribute("aria-label", "配色")


PRINTED = {  # what a printed board is drawn with, a game's marks and its ground
    "signal": [(".tile .pipe", "stroke"), (".tile", "backgroundColor"), (".signal-grid", "backgroundColor")],
    "pattern": [(".clue", "color"), (".cell", "backgroundColor"), (".cell", "borderTopColor")],
    "loop": [(".loop-board .dot", "fill"), (".loop-board .clue text", "fill"), (".loop-board .backdrop", "fill")],
}


@pytest.mark.parametrize("game", sorted(PRINTED))
def test_the_print_is_black_on_white_in_the_dark_theme(browser, server_url, game):
    """Printed, a board in the dark theme is the light theme's print: white paper, black marks."""
    with screen_page(browser, "desktop", color_scheme="dark") as page:
        page.goto(f"{server_url}/?game={game}&size=5&seed=dark-print")
        expect(page.locator("#status")).to_contain_text("“dark-print”", timeout=TIMEOUT)
        printed = {}
        for theme in ("light", "dark"):
            page.emulate_media(media="screen")
            page.select_option("#theme", theme)
            assert paper(page) == (DARK_PAPER if theme == "dark" else LIGHT_PAPER)
            page.emulate_media(media="print")
            assert paper(page) == "rgb(255, 255, 255)" and colour(page, "body", "color") == "rgb(0, 0, 0)"
            printed[theme] = [colour(page, selector, prop) for selector, prop in PRINTED[game]]
        assert printed["dark"] == printed["light"], printed
