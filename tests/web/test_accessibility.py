"""Accessibility: axe-core (from the npm registry through package.json) finds no violation on every game
page, the result card and the error states; the skip link reaches the board; met clues keep their
contrast and show a mark; Loop can be played with a screen reader's keys alone."""

from __future__ import annotations

import re

import pytest
from page_helpers import TIMEOUT, api, axe_violations, edge_centre, open_puzzle, pattern_cell
from playwright.sync_api import Page, expect
from web_helpers import failing_signal_case


def no_violations(page: Page, state: str) -> None:
    violations = axe_violations(page)
    assert violations == [], f"{state}: {violations}"


@pytest.mark.parametrize("game, size", [("signal", 5), ("pattern", 10), ("loop", 7)])
def test_every_game_page_has_no_axe_violation(page, phone, server_url, game, size):
    for tab in (page, phone):
        open_puzzle(tab, server_url, game, size, f"axe-{game}")
        no_violations(tab, f"{game} page")
    page.select_option("#lang", "ja")
    expect(page.locator("#new")).to_have_text("新しい問題")
    no_violations(page, f"{game} page in Japanese")


def test_the_result_card_and_the_error_states_have_no_axe_violation(page, server_url, artifacts):
    open_puzzle(page, server_url, "pattern", 5, "axe-states")
    cells = api(page, f"{server_url}/api/pattern/solution?size=5&seed=axe-states")["cells"]
    wrong = cells.index(0)
    pattern_cell(page, wrong).click()
    page.click("#check")
    expect(page.locator("#status")).to_contain_text("Mistakes: 1")
    no_violations(page, "a check with a mistake")
    row = next(r for r in range(5) if sum(cells[r * 5:(r + 1) * 5]) < 4)
    for c in range(5):
        if row * 5 + c != wrong:
            pattern_cell(page, row * 5 + c).click()
    expect(page.locator(".clue.error").first).to_be_visible()
    no_violations(page, "a live error")
    page.click("#reset")
    for i, value in enumerate(cells):
        if value:
            pattern_cell(page, i).click()
    expect(page.locator("#result")).to_be_visible(timeout=TIMEOUT)
    no_violations(page, "the result card")
    page.click("#result-close")
    page.goto(f"{server_url}/?game=signal&size=9&seed=x")
    expect(page.locator("#status")).to_contain_text("The link cannot be opened", timeout=TIMEOUT)
    no_violations(page, "a bad link")
    size, seed, difficulty = failing_signal_case()
    page.goto(f"{server_url}/?game=signal&size={size}&seed=axe-ok")
    expect(page.locator("#status")).to_contain_text("“axe-ok”", timeout=TIMEOUT)
    page.fill("#seed", seed)
    page.select_option("#difficulty", difficulty)
    expect(page.locator("#status")).to_contain_text("Could not make this puzzle", timeout=TIMEOUT)
    no_violations(page, "a failed generation")
    page.screenshot(path=artifacts / "axe-failed-generation.png")


def test_the_skip_link_is_the_first_tab_stop_and_lands_on_the_board(page, server_url):
    open_puzzle(page, server_url, "loop", 5, "skip")
    page.locator("body").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    expect(page.locator(".skip")).to_be_in_viewport()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('loop-board')")


def contrast(page: Page, selector: str, colour_property: str) -> float:
    """The contrast ratio of an element's colour (or SVG fill) against the white panel or paper behind it."""
    return page.evaluate(
        """([selector, property]) => {
            const parse = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
            const luminance = (rgb) => {
                const [r, g, b] = rgb.map((v) => {
                    v /= 255;
                    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
                });
                return 0.2126 * r + 0.7152 * g + 0.0722 * b;
            };
            const element = document.querySelector(selector);
            const ink = luminance(parse(getComputedStyle(element)[property]));
            const paper = luminance(parse(getComputedStyle(document.documentElement).backgroundColor));
            return (Math.max(ink, paper) + 0.05) / (Math.min(ink, paper) + 0.05);
        }""", [selector, colour_property])


def test_met_clues_keep_their_contrast_and_show_a_tick(page, server_url):
    open_puzzle(page, server_url, "loop", 5, "contrast-loop")
    clues = api(page, f"{server_url}/api/loop/puzzle?size=5&seed=contrast-loop")["givens"]["clues"]
    i = next(i for i, k in enumerate(clues) if k == 1)
    r, c = divmod(i, 5)
    page.mouse.click(*edge_centre(page, f"h{r * 5 + c}"))
    met = page.locator(".loop-board .clue.met").first
    expect(met).to_be_visible()
    assert contrast(page, ".loop-board .clue.met text", "fill") >= 4.5
    expect(met.locator(".tick")).to_be_visible()
    open_puzzle(page, server_url, "pattern", 5, "contrast-pattern")
    cells = api(page, f"{server_url}/api/pattern/solution?size=5&seed=contrast-pattern")["cells"]
    for i in range(5):  # the first row, as the answer has it
        if cells[i]:
            pattern_cell(page, i).click()
    row = 0
    head = page.locator(".clue.row").nth(row)
    expect(head).to_have_class(re.compile(r"\bdone\b"))
    assert contrast(page, ".clue.row.done", "color") >= 4.5
    mark = page.evaluate("getComputedStyle(document.querySelector('.clue.row.done'), '::after').content")
    assert mark.startswith('"✓"')
    assert "satisfied" in head.inner_text()  # said to a screen reader, in the clue's own text


def test_loop_is_playable_with_a_screen_readers_keys(page, server_url):
    """Every cell's number and every edge's state is reachable from the cursor and said in words."""
    open_puzzle(page, server_url, "loop", 5, "screen-reader")
    clues = api(page, f"{server_url}/api/loop/puzzle?size=5&seed=screen-reader")["givens"]["clues"]
    solution = api(page, f"{server_url}/api/loop/solution?size=5&seed=screen-reader")
    board = page.locator(".loop-board")
    assert board.get_attribute("role") == "application"
    board.focus()
    spoken = page.locator(".loop-wrap .sr-only[aria-live]")
    heard: set[str] = set()
    # Walk the dots row by row, drawing the answer's lines with Shift+arrows as a player would.
    for r in range(6):
        for c in range(6):
            if c < 5:
                line = solution["horizontal"][r * 5 + c] == 1
                page.keyboard.press("Shift+ArrowRight" if line else "ArrowRight")
                heard.add(spoken.inner_text())
        if r < 5:
            for _ in range(5):
                page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowDown")
    # The numbers were all said, each with the cell it belongs to.
    text = " ".join(heard)
    for k in {k for k in clues if k is not None}:
        assert re.search(rf"\b{k} with \d lines", text), k
    assert "no number" in text and "undecided" in text and ": line." in text
    for i, value in enumerate(solution["vertical"]):
        if value:
            r, c = divmod(i, 6)
            for _ in range(5):
                page.keyboard.press("ArrowUp")
            for _ in range(5):
                page.keyboard.press("ArrowLeft")
            for _ in range(c):
                page.keyboard.press("ArrowRight")
            for _ in range(r):
                page.keyboard.press("ArrowDown")
            page.keyboard.press("Shift+ArrowDown")
    expect(page.locator("#result")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#result-title")).to_have_text("Solved!")


THEMED_PAGES = [
    ("signal", "/?game=signal&size=5&seed=axe-theme"),
    ("pattern", "/?game=pattern&size=10&seed=axe-theme"),
    ("loop", "/?game=loop&size=7&seed=axe-theme"),
    ("daily", "/daily"),
    ("stats", "/stats"),
    ("studio", "/studio#loop"),
    ("explain", "/explain?id=pattern.2.10x10.medium.axe-theme"),
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_every_page_in_both_themes_has_no_axe_violation(browser, server_url, artifacts, scheme, screen):
    """The dark theme (the system's, prefers-color-scheme) and the light one on every page, boards
    included: axe-core finds no violation (contrast above all) at 360×740 and 1280×800."""
    from play_screens import screen_page

    with screen_page(browser, screen, color_scheme=scheme) as tab:
        for name, path in THEMED_PAGES:
            tab.goto(server_url + path)
            if name in ("signal", "pattern", "loop"):
                expect(tab.locator("#status")).to_contain_text("“axe-theme”", timeout=TIMEOUT)
                tab.locator("#board [data-index], #board .edge").first.click()  # a move: the marks it makes
            elif name in ("studio", "explain"):
                expect(tab.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
            else:
                expect(tab.locator("#status[data-kind=busy]")).to_have_count(0, timeout=TIMEOUT)
            background = tab.evaluate("getComputedStyle(document.documentElement).backgroundColor")
            assert (background == "rgb(22, 24, 27)") == (scheme == "dark"), (name, background)
            no_violations(tab, f"{name} page, {scheme}, {screen}")
            tab.screenshot(path=artifacts / f"theme-{scheme}-{name}-{screen}.png", full_page=True)
