"""Signal's Check judges only the player's moves (issue 30, point 2), in Debian's chromium.

A fresh Signal board is the shuffle's: Check finds no mistake on it, Hint gives an ordinary step,
and the board opens without a warning (no loop hatching, no bar, no ⚠ line). Once the player turns
tiles, Check marks a turned tile that makes a link the one solution has not, exactly when the
server's Hint points at a mistake; both run on the same boards here.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from page_helpers import TIMEOUT, api
from play_screens import SCREENS, screen_page
from playwright.sync_api import Page, expect

# The boards of the issue: its 6x6, the 5x5 daily, 10x10 hard and 15x15 (version 4's largest preset).
BOARDS = ["signal.4.6x6.any.fresh1", "signal.3.5x5.medium.daily-{today}", "signal.4.10x10.hard.check-a",
          "signal.4.15x15.hard.check-b"]


def board_ids() -> list[str]:
    today = datetime.now(UTC).date().isoformat()
    return [name.format(today=today) for name in BOARDS]


def open_id(page: Page, server_url: str, puzzle_id: str) -> None:
    page.goto(f"{server_url}/?id={puzzle_id}")
    expect(page.locator("#print-id")).to_have_text(puzzle_id, timeout=TIMEOUT)
    expect(page.locator("#status")).to_contain_text("“", timeout=TIMEOUT)


def page_mistakes(page: Page, puzzle: dict, board: list[int], solution: list[int]) -> list[int]:
    return page.evaluate("""([puzzle, board, solution]) => import('/static/views/signal/view.js')
        .then((m) => m.mistakes(puzzle, board, solution))""", [puzzle, board, solution])


def hint_of(page: Page, server_url: str, puzzle_id: str, board: list[int]) -> dict:
    answer = page.request.post(f"{server_url}/api/signal/hint", data={"id": puzzle_id, "board": board})
    assert answer.ok, answer.text()
    return answer.json()["hint"]


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_fresh_board_has_no_warning_no_mistake_and_check_agrees_with_hint(browser, server_url, artifacts, screen):
    with screen_page(browser, screen) as page:
        for puzzle_id in board_ids():
            open_id(page, server_url, puzzle_id)
            expect(page.locator(".tile.error-loop, .tile.error-off")).to_have_count(0)
            expect(page.locator("#problems")).to_have_text("")
            assert page.locator("#problems").get_attribute("data-kind") != "error"
            page.click("#check")
            expect(page.locator("#status")).to_have_text("No mistakes so far.", timeout=TIMEOUT)
            expect(page.locator(".tile.mistake")).to_have_count(0)
            size = puzzle_id.split(".")[2]
            page.screenshot(path=artifacts / f"signal-fresh-check-{size}-{screen}.png")
            page.click("#hint")
            expect(page.locator("#hint-text")).to_contain_text("Hint:", timeout=TIMEOUT)
            expect(page.locator("#status")).to_have_text("Hint taken (−5 points).")
            # The free check is recorded free: no mistake was found.
            kept = page.evaluate("JSON.parse(localStorage.getItem('gridlogic.play.' + "
                                 "document.getElementById('print-id').textContent))")
            assert kept["checks"] == 0 and kept["cleanChecks"] == 1


def test_check_and_hint_agree_on_the_same_boards(page, server_url):
    """Random boards from each fresh board: some tiles turned at random. Check (the page's rule)
    finds a mistake exactly when the server's hint points at one, and the hint's tiles hold a
    marked one; an untouched tile is never marked."""
    rng = random.Random(30)
    page.goto(f"{server_url}/static/index.html")  # any page of the server, to import its modules
    for puzzle_id in board_ids():
        puzzle = api(page, f"{server_url}/api/signal/puzzle?id={puzzle_id}")
        solution = api(page, f"{server_url}/api/signal/solution?id={puzzle_id}")["tiles"]
        tiles = puzzle["givens"]["tiles"]
        boards = [list(tiles), list(solution)]
        for _ in range(14):
            board = list(tiles)
            for i in rng.sample(range(len(board)), rng.choice([1, 2, 4, len(board) // 3])):
                for _ in range(rng.randrange(1, 4)):
                    board[i] = ((board[i] << 1) & 15) | (board[i] >> 3)
            boards.append(board)
        # a board with the answer's turns on half the tiles, and one tile turned off it
        half = [solution[i] if i % 2 else tiles[i] for i in range(len(tiles))]
        boards.append(half)
        found_mistake = False
        for board in boards:
            marked = page_mistakes(page, puzzle, board, solution)
            hint = hint_of(page, server_url, puzzle_id, board)
            assert (hint["status"] == "mistake") == bool(marked), (puzzle_id, board, marked, hint)
            assert all(board[i] != tiles[i] for i in marked)
            if marked:
                found_mistake = True
                assert {m["index"] for m in hint["evidence"]} & set(marked)
        assert found_mistake, puzzle_id  # the random boards did make some mistakes


def turns_clockwise(given: int, wanted: int) -> int:
    mask = given
    for turns in range(4):
        if mask == wanted:
            return turns
        mask = ((mask << 1) & 15) | (mask >> 3)
    raise AssertionError((given, wanted))


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_wrong_turn_is_marked_and_hint_points_at_the_same_tile(browser, server_url, artifacts, screen):
    puzzle_id = "signal.4.6x6.any.fresh1"
    with screen_page(browser, screen) as page:
        open_id(page, server_url, puzzle_id)
        puzzle = api(page, f"{server_url}/api/signal/puzzle?id={puzzle_id}")
        solution = api(page, f"{server_url}/api/signal/solution?id={puzzle_id}")["tiles"]
        tiles = puzzle["givens"]["tiles"]
        # A turn of one tile that makes a link the answer lacks.
        choice = None
        for i in range(len(tiles)):
            mask = tiles[i]
            for turns in (1, 2, 3):
                mask = ((mask << 1) & 15) | (mask >> 3)
                board = list(tiles)
                board[i] = mask
                if page_mistakes(page, puzzle, board, solution) == [i]:
                    choice = (i, turns)
                    break
            if choice:
                break
        assert choice is not None
        i, turns = choice
        for _ in range(turns):
            page.locator(f'.tile[data-index="{i}"]').click()
        expect(page.locator("#moves")).to_have_text(str(turns))  # one quarter turn a click
        page.click("#check")
        expect(page.locator("#status")).to_contain_text("Mistakes: 1", timeout=TIMEOUT)
        assert page.locator(".tile.mistake").evaluate_all("ts => ts.map(t => Number(t.dataset.index))") == [i]
        page.screenshot(path=artifacts / f"signal-check-one-mistake-{screen}.png")
        page.click("#hint")
        expect(page.locator("#hint-text")).to_contain_text("Mistake:", timeout=TIMEOUT)
        evidence = page.locator(".tile.hint-evidence").evaluate_all("ts => ts.map(t => Number(t.dataset.index))")
        assert i in evidence
        # Turned to the answer's turn, the tile is no longer wrong: Check finds nothing.
        page.locator("#hint-close").click()
        current = tiles[i]
        for _ in range(turns):
            current = ((current << 1) & 15) | (current >> 3)
        for _ in range(turns_clockwise(current, solution[i])):
            page.locator(f'.tile[data-index="{i}"]').click()
        page.click("#check")
        expect(page.locator("#status")).to_have_text("No mistakes so far.", timeout=TIMEOUT)
        expect(page.locator(".tile.mistake")).to_have_count(0)
