"""The Hint button in Debian's chromium (Playwright), against a real uvicorn server: a hint's sentence,
its marks on the board, Apply changing the board, Close, the hints counted in the score, Japanese."""

from __future__ import annotations

import re

from page_helpers import TIMEOUT, api, open_puzzle, pattern_cell
from playwright.sync_api import Page, expect
from web_helpers import game_or_skip

from gridlogic import pattern


def take_hint(page: Page) -> None:
    page.locator("#hint").click()
    expect(page.locator("#hint-panel")).to_be_visible(timeout=TIMEOUT)


def test_pattern_solved_by_hints_alone_and_the_score_counts_them(page, server_url, artifacts):
    game_or_skip("pattern")
    open_puzzle(page, server_url, "pattern", 5, "notes-example")
    take_hint(page)
    expect(page.locator("#hint-text")).to_have_text(
        "Hint: Row 3 (clue 1 3): every way the clue fits its 5 cells fills cells 1 and 3–5 and leaves cell 2 empty.")
    expect(page.locator("#status")).to_have_text("Hint taken (−5 points).")
    assert page.locator(".cell.hint-decides").evaluate_all("cs => cs.map(c => Number(c.dataset.index))") == [
        10, 11, 12, 13, 14]
    assert page.locator(".cell.hint-evidence").evaluate_all("cs => cs.map(c => Number(c.dataset.index))") == [
        10, 11, 12, 13, 14]  # the evidence is row 3 itself, shown by its cells
    page.screenshot(path=artifacts / "hint-pattern.png")
    page.locator("#hint-apply").click()
    expect(page.locator("#hint-panel")).to_be_hidden()
    expect(pattern_cell(page, 10)).to_have_class(re.compile(r"\bfilled\b"))
    expect(pattern_cell(page, 11)).to_have_class(re.compile(r"\bmarked\b"))
    assert page.locator(".hint-decides, .hint-evidence").count() == 0
    expect(page.locator("#moves")).to_have_text("4")  # four cells filled; the × is a note
    puzzle = pattern.generate(5, "notes-example", version=1)  # what a link without a version opens
    steps = pattern.GAME.hints.explain(pattern.GAME.problem(puzzle), 1).steps
    assert len(steps) == 13
    for _ in steps[1:]:  # the walk-through's other steps, one hint each
        expect(page.locator("#result")).to_be_hidden()
        take_hint(page)
        page.locator("#hint-apply").click()
    expect(page.locator("#result")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#hint")).to_be_disabled()  # a finished play takes no hints
    expect(page.locator("#result-breakdown")).to_contain_text("Hints-50")  # 13 x 5, at most 50
    expect(page.locator("#result-score")).to_have_text("50")


def test_signal_hint_turns_the_tile_it_decides(page, server_url):
    game_or_skip("signal")
    open_puzzle(page, server_url, "signal", 4, "notes-example")
    take_hint(page)
    expect(page.locator("#hint-text")).to_contain_text("Row 1, column 4 (an elbow) cannot point up or right")
    tile = page.locator('.tile[data-index="3"]')
    expect(tile).to_have_class(re.compile(r"\bhint-decides\b"))
    before = tile.get_attribute("aria-label")
    page.locator("#hint-apply").click()
    expect(tile).not_to_have_attribute("aria-label", before)
    solution = api(page, f"{server_url}/api/signal/solution?size=4&seed=notes-example")["tiles"]
    labels_now = page.locator(".tile").evaluate_all("ts => ts.map(t => t.getAttribute('aria-label'))")
    assert labels_now[3] != before and solution[3] == 12


def test_loop_hint_marks_edges_close_leaves_the_board_and_japanese(page, server_url):
    game_or_skip("loop")
    open_puzzle(page, server_url, "loop", 5, "notes-example")
    take_hint(page)
    expect(page.locator("#hint-text")).to_have_text("Hint: The 0 at row 2, column 1: none of its sides has a line.")
    # the 0's cell has no element of its own: its four sides show it, and they are what the hint decides
    assert page.locator(".edge.hint-decides").count() == 4
    page.locator("#hint-close").click()
    expect(page.locator("#hint-panel")).to_be_hidden()
    assert page.locator(".hint-decides").count() == 0
    expect(page.locator("#moves")).to_have_text("0")
    page.select_option("#lang", "ja")
    expect(page.locator("#hint")).to_have_text("ヒント")
    take_hint(page)
    expect(page.locator("#hint-text")).to_have_text(re.compile(r"^ヒント: 2行1列"))
    page.locator("#hint-apply").click()
    crossed = page.locator(".edge.crossed").count()
    assert crossed == 4  # the four sides marked ×: notes, so still no moves
    expect(page.locator("#moves")).to_have_text("0")


def test_a_mistake_is_pointed_at_and_apply_clears_it(page, server_url):
    game_or_skip("pattern")
    open_puzzle(page, server_url, "pattern", 5, "notes-example")
    cells = api(page, f"{server_url}/api/pattern/solution?size=5&seed=notes-example")["cells"]
    wrong = cells.index(0)
    pattern_cell(page, wrong).click()
    expect(pattern_cell(page, wrong)).to_have_class(re.compile(r"\bfilled\b"))
    take_hint(page)
    expect(page.locator("#hint-text")).to_contain_text("Mistake:")
    expect(pattern_cell(page, wrong)).to_have_class(re.compile(r"\bhint-evidence\b"))
    page.locator("#hint-apply").click()
    expect(pattern_cell(page, wrong)).not_to_have_class(re.compile(r"\bfilled\b"))
