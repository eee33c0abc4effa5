"""The play tools of issue 30 (point 5'), in Debian's chromium, at 1280×800 and 360×740, with screenshots:

* Signal's locks (Tatham's Net): Ctrl+click, a middle click or L on a desktop, the tool switch's lock
  on a phone; a locked tile does not turn, is drawn with a frame and a padlock, and its lock is kept
  with the play (undo, redo, a reload);
* Loop's shading (puzz.link's background colours): cells inside or outside, notes never judged and
  free of moves, kept with the play;
* Tatham's u and r keys for undo and redo;
* the clock stops while the tab is hidden, except in a timed record (a daily on its day);
* the import dialog's file picker and a file dropped on it, and pasted formats choosing their game.

Time is Playwright's fake clock where the clock matters: the tests move it, they never wait on it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from page_helpers import TIMEOUT, api, axe_violations, open_puzzle, pattern_cell
from play_screens import SCREENS, screen_page
from playwright.sync_api import Page, expect

from gridlogic import GAMES
from gridlogic.pattern.formats import PatternPuzzleFile, write_non

SCREEN_NAMES = list(SCREENS)


def tile(page: Page, i: int):
    return page.locator(f'.tile[data-index="{i}"]')


def kept_play(page: Page) -> dict:
    return page.evaluate("JSON.parse(localStorage.getItem('gridlogic.play.' + "
                         "document.getElementById('print-id').textContent))")


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_signal_locks_keep_a_tile_from_turning_and_are_kept_with_the_play(browser, server_url, artifacts, screen):
    with screen_page(browser, screen) as page:
        open_puzzle(page, server_url, "signal", 5, "locks")
        target = tile(page, 6)
        label = target.get_attribute("aria-label")
        if screen == "desktop":
            target.click(modifiers=["Control"])
        else:
            page.click('#tool [data-tool="lock"]')
            target.tap()
            page.click('#tool [data-tool="cw"]')
        expect(target).to_have_class(re.compile(r"\blocked-tile\b"))
        expect(target.locator(".padlock")).to_have_count(1)
        expect(target).to_have_attribute("aria-label", re.compile(r", locked\. Press L to unlock it\.$"))
        expect(page.locator("#moves")).to_have_text("0")  # a lock is a note: free
        # A locked tile does not turn: not by a click or tap, not by Enter, not by Shift+click.
        if screen == "desktop":
            target.click()
            target.click(modifiers=["Shift"])
        else:
            target.tap()
        target.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#moves")).to_have_text("0")
        assert target.get_attribute("aria-label").startswith(label.split(".")[0])
        page.screenshot(path=artifacts / f"signal-lock-{screen}.png")
        assert axe_violations(page) == []
        assert kept_play(page)["notes"][6] == 1
        page.reload()
        expect(page.locator("#status")).to_contain_text("“locks”", timeout=TIMEOUT)
        expect(tile(page, 6)).to_have_class(re.compile(r"\blocked-tile\b"))
        # L unlocks the focused tile, u undoes that, r redoes it.
        tile(page, 6).focus()
        page.keyboard.press("l")
        expect(tile(page, 6)).not_to_have_class(re.compile(r"\blocked-tile\b"))
        page.keyboard.press("u")
        expect(tile(page, 6)).to_have_class(re.compile(r"\blocked-tile\b"))
        page.keyboard.press("r")
        expect(tile(page, 6)).not_to_have_class(re.compile(r"\blocked-tile\b"))
        tile(page, 6).focus()
        page.keyboard.press("Enter")
        expect(page.locator("#moves")).to_have_text("1")  # unlocked, it turns again


def test_a_middle_click_locks_and_a_hint_still_turns_a_locked_tile(page, server_url):
    open_puzzle(page, server_url, "signal", 4, "notes-example")
    tile(page, 3).click(button="middle")
    expect(tile(page, 3)).to_have_class(re.compile(r"\blocked-tile\b"))
    page.click("#hint")  # the first hint turns tile 3 (tests/web/test_hint_browser.py)
    expect(tile(page, 3)).to_have_class(re.compile(r"\bhint-decides\b"), timeout=TIMEOUT)
    before = tile(page, 3).get_attribute("aria-label")
    page.click("#hint-apply")
    expect(tile(page, 3)).not_to_have_attribute("aria-label", before)
    expect(tile(page, 3)).to_have_class(re.compile(r"\blocked-tile\b"))


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_loop_cells_are_shaded_inside_and_outside_as_free_notes(browser, server_url, artifacts, screen):
    with screen_page(browser, screen) as page:
        open_puzzle(page, server_url, "loop", 5, "shading")
        page.click('#tool [data-tool="shade"]')
        board = page.locator(".loop-board").bounding_box()
        cell = board["width"] / 6  # five cells and a margin of half a cell each side

        def press(r: int, c: int) -> None:
            x, y = board["x"] + cell * (c + 1), board["y"] + cell * (r + 1)
            if screen == "phone":
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)

        press(0, 0)
        expect(page.locator('.shade.inside[data-cell="0"]')).to_have_count(1)
        press(1, 2)
        press(1, 2)
        expect(page.locator('.shade.outside[data-cell="7"]')).to_have_count(1)
        press(2, 2)
        press(2, 2)
        press(2, 2)  # inside, outside, and back to none
        expect(page.locator('.shade[data-cell="12"]')).not_to_have_class(re.compile(r"\b(inside|outside)\b"))
        expect(page.locator("#moves")).to_have_text("0")
        # Never judged: Check says nothing about shading.
        page.click("#check")
        expect(page.locator("#status")).to_have_text("No mistakes so far.", timeout=TIMEOUT)
        # The keyboard: I and O shade the cell below right of the cursor.
        page.locator(".loop-board").focus()
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("o")  # the cursor at dot (2, 1): cell (2, 1), index 11
        expect(page.locator('.shade.outside[data-cell="11"]')).to_have_count(1)
        expect(page.locator(".loop-wrap .sr-only[aria-live]")).to_have_text("Row 3, column 2: shaded outside.")
        page.screenshot(path=artifacts / f"loop-shading-{screen}.png")
        assert axe_violations(page) == []
        page.reload()
        expect(page.locator("#status")).to_contain_text("“shading”", timeout=TIMEOUT)
        expect(page.locator(".shade.inside")).to_have_count(1)
        expect(page.locator(".shade.outside")).to_have_count(2)
        page.click("#undo")
        expect(page.locator(".shade.outside")).to_have_count(1)


def test_u_and_r_undo_and_redo_but_not_while_typing(page, server_url):
    open_puzzle(page, server_url, "pattern", 5, "keys-ur")
    pattern_cell(page, 0).click()
    pattern_cell(page, 1).click()
    page.keyboard.press("u")
    expect(pattern_cell(page, 1)).not_to_have_class(re.compile(r"\bfilled\b"))
    expect(pattern_cell(page, 0)).to_have_class(re.compile(r"\bfilled\b"))
    page.keyboard.press("r")
    expect(pattern_cell(page, 1)).to_have_class(re.compile(r"\bfilled\b"))
    page.locator("#seed").fill("")
    page.locator("#seed").press_sequentially("ur")  # a seed's letters, not undo and redo
    expect(page.locator("#seed")).to_have_value("ur")
    expect(pattern_cell(page, 1)).to_have_class(re.compile(r"\bfilled\b"))


def hide(page: Page, hidden: bool) -> None:
    """The tab hidden or shown again, as the browser tells the page."""
    page.evaluate("""(hidden) => {
        Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
        Object.defineProperty(document, "visibilityState",
                              { value: hidden ? "hidden" : "visible", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
    }""", hidden)


def seconds_shown(page: Page) -> int:
    minutes, seconds = page.locator("#timer").inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_clock_stops_while_hidden_except_in_a_timed_record(page, server_url, artifacts):
    page.clock.install(time=datetime.now(UTC))
    open_puzzle(page, server_url, "pattern", 5, "hidden-clock")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('gridlogic.records.receipts') || '[]').length > 0")
    page.clock.run_for(10_000)
    before = seconds_shown(page)
    hide(page, True)
    page.clock.run_for(120_000)  # two minutes in another tab
    hide(page, False)
    page.clock.run_for(1_000)
    assert seconds_shown(page) - before <= 2  # the clock stood still while hidden
    # Today's daily is a timed record: its clock runs on while hidden, as the server's does.
    today = datetime.now(UTC).date().isoformat()
    page.goto(f"{server_url}/?id=signal.3.5x5.medium.daily-{today}")
    expect(page.locator("#print-id")).to_have_text(f"signal.3.5x5.medium.daily-{today}", timeout=TIMEOUT)
    page.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('gridlogic.records.receipts') || '[]').some(r => r.id === id)",
        arg=f"signal.3.5x5.medium.daily-{today}")
    page.clock.run_for(1_000)
    before = seconds_shown(page)
    hide(page, True)
    page.clock.run_for(120_000)
    hide(page, False)
    page.clock.run_for(1_000)
    assert seconds_shown(page) - before >= 120
    page.screenshot(path=artifacts / "timed-record-clock.png")


def non_text(seed: str) -> str:
    puzzle = GAMES["pattern"].generate(5, seed)
    return write_non(PatternPuzzleFile(5, 5, puzzle.row_clues, puzzle.col_clues), title="file picker")


def loopy_id(seed: str) -> str:
    game = GAMES["loop"]
    return game.exports["loopy"](game.problem(game.generate(5, seed)))


def puzzlink_url(seed: str) -> str:
    game = GAMES["loop"]
    return game.exports["puzzlink"](game.problem(game.generate(5, seed)))


def tatham_pattern(seed: str) -> str:
    game = GAMES["pattern"]
    return game.imports.write(game.problem(game.generate(5, seed)))


@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_the_import_dialog_reads_a_chosen_file_and_a_dropped_one(browser, server_url, artifacts, screen):
    with screen_page(browser, screen) as page:
        open_puzzle(page, server_url, "signal", 5, "before-file")
        if screen == "phone":
            page.click("#settings-toggle")  # Open a puzzle… lives with the settings on a phone
        page.click("#import-open")
        expect(page.locator("#import")).to_be_visible()
        page.locator("#import-file").set_input_files(
            files=[{"name": "picker.non", "mimeType": "text/plain", "buffer": non_text("picker").encode()}])
        expect(page.locator("#import-message")).to_have_text("Read picker.non: a Pattern puzzle. Press Play.")
        expect(page.locator("#import-game")).to_have_value("pattern")
        expect(page.locator("#import-text")).to_have_value(re.compile(r"width 5"))
        page.screenshot(path=artifacts / f"import-file-chosen-{screen}.png")
        assert axe_violations(page) == []
        page.click("#import-play")
        expect(page.locator('#board[data-game="pattern"]')).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("#print-id")).to_contain_text("pattern.import.5x5")
        # A file dropped on the dialog: a Loopy game ID in a text file goes to Loop.
        if screen == "phone" and page.locator("#import-open").is_hidden():
            page.click("#settings-toggle")
        page.click("#import-open")
        text = loopy_id("dropped")
        page.locator("#import").evaluate("""(dialog, text) => {
            const data = new DataTransfer();
            data.items.add(new File([text], "loopy.txt", { type: "text/plain" }));
            for (const type of ["dragover", "drop"]) {
                dialog.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
            }
        }""", text)
        expect(page.locator("#import-text")).to_have_value(text)
        expect(page.locator("#import-game")).to_have_value("loop")
        page.click("#import-play")
        expect(page.locator('#board[data-game="loop"]')).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("#print-id")).to_contain_text("loop.import.5x5")


@pytest.mark.parametrize("text_of, game, chosen", [
    (puzzlink_url, "loop", "pattern"),
    (loopy_id, "loop", "signal"),
    (tatham_pattern, "pattern", "loop"),
])
def test_a_pasted_url_or_id_of_another_game_switches_to_that_game(page, server_url, text_of, game, chosen):
    open_puzzle(page, server_url, chosen, 5, "before-paste")
    page.click("#import-open")
    page.locator("#import-game").select_option(chosen)
    page.locator("#import-text").fill(text_of("pasted"))
    expect(page.locator("#import-game")).to_have_value(game)  # the dialog shows where it goes
    page.click("#import-play")
    expect(page.locator(f'#board[data-game="{game}"]')).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(f'.tab[data-game="{game}"]')).to_have_attribute("aria-selected", "true")
    expect(page.locator("#status")).to_contain_text("a puzzle brought from outside")
    assert api(page, f"{server_url}/api/{game}/puzzle?id={page.locator('#print-id').inner_text()}")["game"] == game
