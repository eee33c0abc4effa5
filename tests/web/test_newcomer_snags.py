"""The newcomer's snags of issue 41 (items 1 to 3 and 5 to 8), each at 1280×800 and 360×740 in Debian's
chromium (play_screens.SCREENS), with a screenshot of each in test-artifacts/:

* 1: the studio's typed Width applies as it is typed, and a click on Fixes right after it is not lost;
* 2: on a phone, Play in "Open a puzzle…" folds the settings away and the board gets the screen's width;
* 3: /stats fits a phone: every figure of a row on screen, no size broken over two lines;
* 6: opening the Hint panel moves none of the Undo…Reveal row, so Hint can be clicked again;
* 7: Loop's status line shows its whole text on a phone;
* 8: the studio's board and its Undo/Redo/Clear are above the fold at 1280×800.
(Item 5, the walk-through of an ID the server refuses, is in test_explain_page.py.)
"""

from __future__ import annotations

import json

import pytest
from page_helpers import TIMEOUT, axe_violations
from play_screens import SCREENS, screen_page
from playwright.sync_api import Page, expect

SCREEN_NAMES = list(SCREENS)


def box(page: Page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def page_width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


MADE_UP_STATS = {
    "plays": 14, "name": None, "streak": {"current": 2, "best": 5},
    "groups": [
        {"game": game, "width": w, "height": h, "difficulty": difficulty, "solved": solved, "revealed": revealed,
         "best": best, "median": median}
        for game, w, h, difficulty, solved, revealed, best, median in [
            ("pattern", 5, 5, "medium", 3, 1, 62, 95), ("pattern", 15, 15, "expert", 12, 0, 1734, 3602),
            ("signal", 5, 5, "easy", 4, 0, 41, None), ("loop", 10, 10, "expert", 1, 2, 3599, 3599),
        ]],
}


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_the_stats_page_fits_the_screen(browser, server_url, artifacts, screen):
    width = SCREENS[screen][0]
    with screen_page(browser, screen) as page:
        page.route("**/api/records/stats", lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(MADE_UP_STATS)))
        page.goto(f"{server_url}/stats")
        rows = page.locator("#groups tbody tr")
        expect(rows).to_have_count(4, timeout=TIMEOUT)
        assert page_width(page) <= width
        for k in range(4):
            for cell in rows.nth(k).locator("td").all():
                found = cell.bounding_box()
                assert found is not None and 0 <= found["x"] and found["x"] + found["width"] <= width, \
                    (k, cell.inner_text(), found)
        size = rows.nth(1).locator("td").nth(1)
        expect(size).to_have_text("15 × 15")
        assert size.evaluate("c => { const r = document.createRange(); r.selectNodeContents(c); "
                             "return r.getClientRects().length; }") == 1, "the size is broken over two lines"
        # Each figure is named by its column, on screen or to a screen reader.
        expect(rows.nth(0).locator("td").nth(5)).to_have_attribute("data-label", "Best")
        page.screenshot(path=artifacts / f"stats-page-{screen}.png", full_page=True)
        assert axe_violations(page) == []


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_every_games_status_line_shows_its_whole_text(browser, server_url, artifacts, screen):
    """Item 7: Loop's rule sentence ran past the status line's three lines at 360 px ("uses." hidden)."""
    for locale in ("en-US", "ja-JP"):
        with screen_page(browser, screen, locale=locale) as page:
            for game in ("signal", "pattern", "loop"):
                page.goto(f"{server_url}/?game={game}&size=5&seed=status-line")
                expect(page.locator("#status")).to_contain_text("status-line", timeout=TIMEOUT)
                status = page.locator("#status")
                hidden = status.evaluate("s => s.scrollHeight - s.clientHeight")
                assert hidden <= 0, (game, locale, status.inner_text(), hidden)
                if game == "loop":
                    page.screenshot(path=artifacts / f"status-line-loop-{screen}-{locale[:2]}.png")


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_the_hint_panel_moves_no_button(browser, server_url, artifacts, screen):
    """Item 6: on a desktop the panel pushed the Undo…Reveal row ~100 px down, so a second click on
    Hint landed in the hint's text. The buttons stay where they are, and Hint is where it was."""
    with screen_page(browser, screen) as page:
        page.goto(f"{server_url}/?game=pattern&version=2&size=10&difficulty=hard&seed=hint-still")
        expect(page.locator("#print-id")).to_have_text("pattern.2.10x10.hard.hint-still", timeout=TIMEOUT)
        expect(page.locator("#hint")).to_be_enabled()
        before = {name: box(page, f"#{name}") for name in ("undo", "reveal", "hint", "check")}
        hint = before["hint"]
        page.mouse.click(hint["x"] + hint["width"] / 2, hint["y"] + hint["height"] / 2)
        expect(page.locator("#hint-panel")).to_be_visible(timeout=TIMEOUT)
        first = page.locator("#hint-text").inner_text()
        after = {name: box(page, f"#{name}") for name in before}
        assert after == before, (before, after)
        for control in ("#hint-text", "#hint-apply", "#hint-close"):
            expect(page.locator(control)).to_be_in_viewport()
        page.screenshot(path=artifacts / f"hint-panel-buttons-still-{screen}.png")
        # The second click at the same place is Hint's: the same hint again, asked for once more.
        with page.expect_response("**/api/pattern/hint") as again:
            page.mouse.click(hint["x"] + hint["width"] / 2, hint["y"] + hint["height"] / 2)
        assert again.value.ok
        expect(page.locator("#hint-text")).to_have_text(first)
        assert axe_violations(page) == []


def test_on_a_phone_a_puzzle_opened_is_played_on_the_whole_width(browser, server_url, artifacts):
    """Item 2: after Open a puzzle… → Play the settings stayed open and the 5×5 board was ~80 px wide;
    an 8×8 board with the settings open was ~40 px. Play folds them; unfolded, the board keeps about
    the screen's width (the page scrolls)."""
    from gridlogic import GAMES

    game = GAMES["pattern"]
    text = game.imports.write(game.problem(game.generate(5, "phone-import")))
    with screen_page(browser, "phone") as page:
        page.goto(f"{server_url}/?game=pattern&size=8&seed=phone-board")
        expect(page.locator("#status")).to_contain_text("phone-board", timeout=TIMEOUT)
        page.click("#settings-toggle")
        expect(page.locator("#settings")).to_be_visible()
        assert box(page, "#board > *")["width"] >= 300
        page.screenshot(path=artifacts / "phone-settings-open-8x8.png", full_page=True)
        page.click("#import-open")
        page.locator("#import-text").fill(text)
        page.locator("#import-play").click()
        expect(page.locator("#import")).to_be_hidden(timeout=TIMEOUT)
        expect(page.locator("#status")).to_contain_text("brought from outside")
        expect(page.locator("#settings-toggle")).to_have_attribute("aria-expanded", "false")
        expect(page.locator("#settings")).to_be_hidden()
        board = box(page, "#board > *")
        assert board["width"] >= 300 and board["y"] + board["height"] <= SCREENS["phone"][1], board
        expect(page.locator("#check")).to_be_in_viewport()
        page.screenshot(path=artifacts / "phone-after-import.png")


def several_pattern(page: Page) -> None:
    """A 5×5 picture of two cells on a diagonal in the studio: several solutions, so Fixes is offered."""
    page.get_by_label("Width").fill("5")
    page.get_by_label("Height").fill("5")
    page.locator('.pattern-board [data-cell="0"]').click()
    page.locator('.pattern-board [data-cell="6"]').click()
    expect(page.locator('#verdict[data-verdict="several"]')).to_have_count(1, timeout=TIMEOUT)


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_a_typed_studio_width_applies_as_typed(browser, server_url, artifacts, screen):
    """Item 1: a typed Width applied only on blur, so the next board click painted the old size, and a
    blur by a click on Fixes disabled Fixes between its mousedown and its click (the click was lost)."""
    with screen_page(browser, screen) as page:
        page.goto(f"{server_url}/studio#pattern")
        expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
        several_pattern(page)
        width = page.get_by_label("Width")
        # Typed 1 then 2 (1 is below the least width, 5): the board is 12 wide before the field is left.
        width.fill("")
        width.press_sequentially("12")
        expect(page.locator(".pattern-board [data-cell]")).to_have_count(60)
        assert page.evaluate("document.activeElement.getAttribute('type')") == "number"
        page.locator('.pattern-board [data-cell="11"]').click()  # the new last column, row 1
        expect(page.locator('.pattern-board [data-cell="11"].filled')).to_have_count(1)
        expect(page.locator('#verdict[data-verdict="several"]')).to_have_count(1, timeout=TIMEOUT)
        # Typed over again without leaving the field: one edit from the 5-wide design (8 then 80 would
        # have cropped it to 8 first), and undo takes the whole of it back.
        page.get_by_label("Height").fill("6")
        expect(page.locator(".pattern-board [data-cell]")).to_have_count(72)
        width.fill("")
        width.press_sequentially("9")
        expect(page.locator(".pattern-board [data-cell]")).to_have_count(54)
        expect(page.locator(".pattern-board .picture-cell.filled")).to_have_count(2)
        width.fill("")
        width.press_sequentially("11")
        expect(page.locator(".pattern-board [data-cell]")).to_have_count(66)
        expect(page.locator('#verdict[data-verdict="several"]')).to_have_count(1, timeout=TIMEOUT)
        # Fixes clicked straight from the field: the click is Fixes', not lost to the field's blur.
        assert page.evaluate("document.activeElement.getAttribute('type')") == "number"
        with page.expect_request("**/api/pattern/fixes"):
            page.click("#fixes")
        expect(page.locator("#fix-list .fix").first).to_be_visible(timeout=TIMEOUT)
        expect(width).to_have_value("11")
        page.screenshot(path=artifacts / f"studio-width-typed-{screen}.png")
        page.click("#studio-undo")
        expect(page.locator(".pattern-board [data-cell]")).to_have_count(72)  # 12 × 6: the 9 and 11 were one edit
        expect(width).to_have_value("12")


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_the_studio_board_and_its_buttons_fit_the_screen(browser, server_url, artifacts, screen):
    """Item 8: at 1280×800 the studio's Pattern 10×10 ended at 812 px, hiding Undo, Redo and Clear.
    Every editor's board and those buttons are on the desktop's first screen; on a phone the board keeps
    at least half the screen's height or its whole width, the page scrolling to the buttons."""
    width, height = SCREENS[screen]
    with screen_page(browser, screen) as page:
        page.goto(f"{server_url}/studio#pattern")
        expect(page.locator("body[data-ready=yes]")).to_have_count(1, timeout=TIMEOUT)
        for game in ("pattern", "loop", "signal"):
            page.click(f"#tab-{game}")
            expect(page.locator(f"#tab-{game}")).to_have_attribute("aria-selected", "true")
            board, undo = box(page, ".studio-svg"), box(page, "#studio-clear")
            assert board["y"] + board["height"] <= undo["y"], (game, board, undo)
            if screen == "desktop":
                assert undo["y"] + undo["height"] <= height, (game, undo)
                assert board["height"] >= 300, (game, board)
            else:
                assert board["height"] >= height / 2 or board["width"] >= width - 40, (game, board)
            page.screenshot(path=artifacts / f"studio-fold-{game}-{screen}.png")
