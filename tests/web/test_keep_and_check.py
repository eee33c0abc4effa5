"""The page keeps every play (reload, tabs, Back and Forward), Check tells the truth, live errors come
and go, and bad links or settings leave every control consistent. Chromium through Playwright."""

from __future__ import annotations

import re

from page_helpers import TIMEOUT, api, edge_centre, open_puzzle, pattern_cell
from playwright.sync_api import Page, expect


def ready(page: Page, seed: str) -> None:
    expect(page.locator("#status")).to_contain_text(f"“{seed}”", timeout=TIMEOUT)


def test_a_reload_mid_play_restores_board_history_moves_checks_and_time(page, server_url, artifacts):
    open_puzzle(page, server_url, "pattern", 5, "keep-reload")
    cells = api(page, f"{server_url}/api/pattern/solution?size=5&seed=keep-reload")["cells"]
    filled = [i for i, v in enumerate(cells) if v][:3]
    for i in filled:
        pattern_cell(page, i).click()
    empty = cells.index(0)
    pattern_cell(page, empty).click(button="right")
    page.click("#check")
    expect(page.locator("#status")).to_contain_text("No mistakes so far")
    page.click("#undo")  # the mark goes; redo can bring it back
    page.wait_for_function("() => document.getElementById('timer').textContent !== '0:00'", timeout=TIMEOUT)
    time_before = page.locator("#timer").inner_text()
    page.reload()
    ready(page, "keep-reload")
    expect(page.locator("#status")).to_contain_text("your play is back")
    for i in filled:
        expect(pattern_cell(page, i)).to_have_class(re.compile(r"\bfilled\b"))
    expect(page.locator("#moves")).to_have_text("3")
    assert page.locator("#timer").inner_text() >= time_before
    page.screenshot(path=artifacts / "pattern-restored-after-reload.png")
    page.click("#redo")
    expect(pattern_cell(page, empty)).to_have_class(re.compile(r"\bmarked\b"))
    for _ in range(4):
        page.click("#undo")
    expect(page.locator(".pattern-grid .cell.filled")).to_have_count(0)
    kept = page.evaluate("JSON.parse(localStorage.getItem('gridlogic.play.' + "
                         "document.getElementById('print-id').textContent))")
    assert kept["cleanChecks"] == 1 and kept["checks"] == 0


def test_a_solved_puzzle_stays_solved_when_reopened(page, server_url):
    open_puzzle(page, server_url, "signal", 4, "keep-solved")
    page.click("#reveal")
    page.click("#ask-yes")  # Reveal asks first, in the page's language
    expect(page.locator("#result")).to_be_visible(timeout=TIMEOUT)
    page.click("#result-close")
    page.reload()
    ready_text = page.locator("#status")
    expect(ready_text).to_contain_text("solution of this puzzle was revealed", timeout=TIMEOUT)
    expect(page.locator(".signal-grid")).to_have_class(re.compile(r"\blocked\b"))
    expect(page.locator("#check")).to_be_disabled()
    page.click("#show-result")
    expect(page.locator("#result-title")).to_have_text("Solution revealed")


def test_back_and_forward_move_between_puzzles_and_each_tab_keeps_its_own(page, server_url):
    open_puzzle(page, server_url, "signal", 4, "first")
    page.locator('.tile[data-index="0"]').click()
    page.fill("#seed", "second")
    page.click("#new")
    ready(page, "second")
    expect(page.locator("#moves")).to_have_text("0")
    page.go_back()
    ready(page, "first")
    expect(page.locator("#moves")).to_have_text("1")
    assert "seed=first" in page.url
    page.go_forward()
    ready(page, "second")
    page.click('.tab[data-game="pattern"]')
    expect(page.locator('#board[data-game="pattern"]')).to_be_visible(timeout=TIMEOUT)
    pattern_cell(page, 0).click()
    pattern_seed = page.locator("#seed").input_value()
    page.click('.tab[data-game="signal"]')
    ready(page, "second")  # the Signal tab kept its puzzle
    page.click('.tab[data-game="pattern"]')
    ready(page, pattern_seed)  # and so did Pattern's, with its play
    expect(pattern_cell(page, 0)).to_have_class(re.compile(r"\bfilled\b"))
    page.goto(server_url + "/")  # no link: the tab last played, as it was
    ready(page, pattern_seed)


def test_check_on_a_partial_correct_board_says_no_mistakes_and_marks_exactly_a_wrong_cell(page, server_url, artifacts):
    open_puzzle(page, server_url, "pattern", 8, "check-truth")
    cells = api(page, f"{server_url}/api/pattern/solution?size=8&seed=check-truth")["cells"]
    right = cells.index(1)
    pattern_cell(page, right).click()
    page.click("#check")
    expect(page.locator("#status")).to_have_text("No mistakes so far.")
    expect(page.locator(".cell.mistake")).to_have_count(0)
    wrong = cells.index(0)
    pattern_cell(page, wrong).click()
    page.click("#check")
    expect(page.locator("#status")).to_contain_text("Mistakes: 1")
    expect(page.locator(".cell.mistake")).to_have_count(1)
    expect(pattern_cell(page, wrong)).to_have_class(re.compile(r"\bmistake\b"))
    assert "a mistake" in pattern_cell(page, wrong).get_attribute("aria-label")
    page.screenshot(path=artifacts / "pattern-check-one-mistake.png")
    pattern_cell(page, wrong).click()  # the board changes: the marks go
    expect(page.locator(".cell.mistake")).to_have_count(0)


def test_check_marks_a_wrong_loop_line_and_a_wrong_cross(page, server_url):
    open_puzzle(page, server_url, "loop", 5, "check-loop")
    solution = api(page, f"{server_url}/api/loop/solution?size=5&seed=check-loop")
    page.click("#check")
    expect(page.locator("#status")).to_have_text("No mistakes so far.")  # an empty board
    off = f"h{solution['horizontal'].index(0)}"
    on = f"h{solution['horizontal'].index(1)}"
    page.mouse.click(*edge_centre(page, off))
    page.mouse.click(*edge_centre(page, on), button="right")
    page.click("#check")
    expect(page.locator("#status")).to_contain_text("Mistakes: 2")
    marked = page.locator(".loop-board .mistake").evaluate_all("m => m.map(e => e.dataset.edge).sort()")
    assert marked == sorted([off, on])


def test_signal_check_marks_the_tiles_of_a_link_the_answer_does_not_have(page, server_url):
    open_puzzle(page, server_url, "signal", 5, "check-signal")
    puzzle = api(page, f"{server_url}/api/signal/puzzle?size=5&seed=check-signal")
    solution = api(page, f"{server_url}/api/signal/solution?size=5&seed=check-signal")
    answer = page.evaluate(
        """([puzzle, tiles, answer]) => import('/static/views/signal/view.js').then(m =>
            m.mistakes(puzzle, tiles, answer))""", [puzzle, puzzle["givens"]["tiles"], solution["tiles"]])
    page.click("#check")
    # The marks are read once the check has answered (the status line says it has).
    if answer:
        expect(page.locator("#status")).to_contain_text(f"Mistakes: {len(answer)}")
    else:
        expect(page.locator("#status")).to_have_text("No mistakes so far.")
    marked = page.locator(".tile.mistake").evaluate_all("t => t.map(e => Number(e.dataset.index))")
    assert sorted(marked) == answer


def test_live_errors_appear_and_go(page, server_url, artifacts):
    # Loop: three lines at a dot.
    open_puzzle(page, server_url, "loop", 5, "live-loop")
    problems = page.locator("#problems")
    for key in ("h1", "v1", "h0"):  # the dot at row 0, column 1 gets three lines
        page.mouse.click(*edge_centre(page, key))
    expect(page.locator(".dot-error.branch")).to_have_count(1)
    expect(problems).to_contain_text("Dots with three or more lines: 1.")
    page.screenshot(path=artifacts / "loop-live-error.png")
    page.mouse.click(*edge_centre(page, "h0"))
    expect(page.locator(".dot-error.branch")).to_have_count(0)
    expect(problems).not_to_contain_text("three or more")
    # Pattern: a filled cell in a row whose clue is 0, or a row that cannot hold its clue.
    open_puzzle(page, server_url, "pattern", 5, "live-pattern")
    puzzle = api(page, f"{server_url}/api/pattern/puzzle?size=5&seed=live-pattern")
    row = next(r for r, clue in enumerate(puzzle["givens"]["rowClues"]) if sum(clue) + len(clue) - 1 < 5)
    for c in range(5):
        pattern_cell(page, row * 5 + c).click()  # a full row is more than its clue
    head = page.locator(".clue.row").nth(row)
    expect(head).to_have_class(re.compile(r"\berror\b"))
    expect(problems).to_contain_text(f"Rows that can no longer hold their clue: {row + 1}")
    page.screenshot(path=artifacts / "pattern-live-error.png")
    page.click("#reset")
    expect(head).not_to_have_class(re.compile(r"\berror\b"))


def test_a_bad_link_names_the_bad_parameter_and_shows_a_fresh_puzzle(page, server_url, artifacts):
    cases = [
        ("?game=chess&size=5&seed=x", "unknown game 'chess'"),
        ("?game=signal&size=9&seed=x", "not 9"),
        (f"?game=signal&size=5&seed={'s' * 81}", "seed"),
        ("?game=signal&size=5&seed=x&colour=red", "unknown query parameter 'colour'"),
    ]
    for query, named in cases:
        page.goto(server_url + "/" + query)
        status = page.locator("#status")
        expect(status).to_contain_text("The link cannot be opened", timeout=TIMEOUT)
        expect(status).to_contain_text(named)
        expect(page.locator("#board .tile, #board .cell, #board .loop-board").first).to_be_visible()
        shown = page.locator("#print-id").inner_text()
        game, _version, size, difficulty, seed = shown.split(".", 4)
        assert page.locator(".tab[aria-selected=true]").get_attribute("data-game") == game
        assert page.locator("#seed").input_value() == seed
        assert f"seed={seed}" in page.locator("#share").get_attribute("href")
        assert f"seed={seed}" in page.url
        assert page.locator("#size").input_value() == size.split("x")[0]
        assert page.locator("#difficulty").input_value() == difficulty
        expect(page.locator("#check")).to_be_enabled()
    page.screenshot(path=artifacts / "bad-link.png")
